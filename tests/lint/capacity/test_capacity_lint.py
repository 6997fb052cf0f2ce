"""Capacity Scheduler lint (cs.md §6.4, §11) and reading the mapping configuration (cs.md §8.1, §8.2)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from fsctl.capacity.mapping import (
    APP_NAME_MAPPINGS,
    FORMAT,
    JSON_FILE,
    JSON_INLINE,
    OVERRIDE,
    QUEUE_MAPPINGS,
    lint_rules,
    read_json_file,
    read_mapping_config,
)
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.loader import load
from fsctl.lint import LintContext, run_lint
from fsctl.model.versions import HadoopVersion
from tests.capacity.rule_helpers import conf_of

P = "yarn.scheduler.capacity."
BASE = {P + "root.queues": "a,b", P + "root.a.capacity": "40", P + "root.b.capacity": "60"}


def configuration(props: dict[str, str]) -> str:
    rows = "\n".join(f"  <property><name>{k}</name><value>{v}</value></property>" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{rows}\n</configuration>\n'


@pytest.fixture
def lint(tmp_path: os.PathLike[str]) -> Callable[..., list[str]]:
    def _lint(
        props: dict[str, str], version: HadoopVersion = (3, 4), site: HadoopConf | None = None
    ) -> list[str]:
        path = os.path.join(tmp_path, "capacity-scheduler.xml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(configuration({**BASE, **props}))
        result = load(path, hadoop_version=version).result
        return sorted(d.code for d in run_lint(result, LintContext(hadoop_version=version, yarn_site=site)))

    return _lint


def test_clean_file_has_no_findings(lint: Callable[..., list[str]]) -> None:
    assert lint({}) == []


def test_capacity_above_maximum_is_lint_only_from_3_4(lint: Callable[..., list[str]]) -> None:
    # TestQueueParsing builds B2 capacity 80, maximum-capacity 40 and expects success (YARN-10504)
    props = {P + "root.a.maximum-capacity": "30"}
    assert lint(props) == ["CS306"]
    assert "CS306" not in lint(props, (3, 3))  # 3.3 rejects it at load (CS124)


@pytest.mark.parametrize(
    "value, expected",
    [("100", []), ("-1", []), ("60", []), ("0", ["CS306"]), ("150", ["CS307"]), ("-5", ["CS306", "CS307"])],
)
def test_maximum_capacity_range(lint: Callable[..., list[str]], value: str, expected: list[str]) -> None:
    assert lint({P + "root.b.maximum-capacity": value}) == expected


def test_dotted_key_typo_for_an_existing_queue(lint: Callable[..., list[str]]) -> None:
    # an unknown dotted key under root.a, not a missing queue
    assert lint({P + "root.a.auto-create-child-queue.enable": "true"}) == ["CS304"]


def test_orphans_under_auto_creation_parents_are_expected(lint: Callable[..., list[str]]) -> None:
    props = {P + "root.b.auto-queue-creation-v2.enabled": "true", P + "root.b.b1.capacity": "1w"}
    assert "CS301" not in lint(props)
    assert lint({P + "root.c.capacity": "10"}) == ["CS301"]


def test_global_key_typo_suggests(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "cs.xml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(configuration({**BASE, P + "maximum-aplications": "10"}))
    result = load(path).result
    [diagnostic] = run_lint(result, LintContext())
    assert diagnostic.code == "CS305" and "did you mean 'maximum-applications'?" in diagnostic.message


def test_global_limits(lint: Callable[..., list[str]]) -> None:
    props = {P + "user-limit-factor": "-2", P + "minimum-user-limit-percent": "0"}
    assert lint(props) == ["CS308", "CS309"]


def test_ambiguous_short_names_only_warned_from_3_3(lint: Callable[..., list[str]]) -> None:
    props = {
        P + "root.a.queues": "x",
        P + "root.b.queues": "x",
        P + "root.a.x.capacity": "100",
        P + "root.b.x.capacity": "100",
    }
    assert lint(props) == ["CS312"]
    assert "CS312" not in lint(props, (3, 2))  # 3.2 rejects duplicate leaves itself (CS123)


def test_legacy_mode_sum_is_not_linted(lint: Callable[..., list[str]]) -> None:
    # in legacy mode Hadoop rejects the sum itself (CS122); lint says nothing more
    assert "CS311" not in lint({P + "root.a.capacity": "70"})


def test_absolute_children_above_parent_in_non_legacy_mode(lint: Callable[..., list[str]]) -> None:
    props = {
        P + "legacy-queue-mode.enabled": "false",
        P + "root.b.capacity": "[memory=4096,vcores=4]",
        P + "root.a.capacity": "[memory=1024,vcores=1]",
        P + "root.b.queues": "b1,b2",
        P + "root.b.b1.capacity": "[memory=4096,vcores=2]",
        P + "root.b.b2.capacity": "[memory=1024,vcores=2]",
    }
    assert lint(props) == ["CS311"]


def test_node_labels_need_a_yarn_site(lint: Callable[..., list[str]]) -> None:
    props = {P + "root.a.accessible-node-labels": "gpu"}
    assert lint(props) == []  # without yarn-site nothing is known
    assert lint(props, site=conf_of({"yarn.node-labels.enabled": "true"})) == []
    assert lint(props, site=conf_of({})) == ["CS315"]


def test_json_rules_in_3_3_are_inactive(lint: Callable[..., list[str]]) -> None:
    props = {FORMAT: "json", JSON_INLINE: '{"rules": []}'}
    assert lint(props, (3, 3)) == ["PL606", "PL606"]
    assert lint(props) == []


# --- reading the mapping configuration ---------------------------------------------------------


def test_legacy_rules_come_before_app_name_rules() -> None:
    # CSC.parseLegacyMappingRules: queue-mappings first, whatever the order of the keys
    conf = conf_of({APP_NAME_MAPPINGS: "spark:root.b", QUEUE_MAPPINGS: "u:alice:root.a", OVERRIDE: " True "})
    config, diagnostics = read_mapping_config(conf)
    assert diagnostics == []
    assert [r.matches for r in config.rules] == ["alice", "spark"]
    assert config.override is True and config.format == "legacy"


def test_json_format_ignores_legacy_keys() -> None:
    conf = conf_of({FORMAT: "json", QUEUE_MAPPINGS: "u:alice:root.a", JSON_INLINE: '{"rules": []}'})
    config, _ = read_mapping_config(conf)
    assert config.rules == []
    assert [d.code for d in lint_rules(config, None)] == ["PL606"]


def test_inline_json_wins_over_the_file() -> None:
    conf = conf_of(
        {
            FORMAT: "json",
            JSON_FILE: "/nonexistent.json",
            JSON_INLINE: '{"rules": [{"type": "user", "matches": "*", "policy": "reject"}]}',
        }
    )
    config, diagnostics = read_mapping_config(conf)
    assert diagnostics == [] and [r.policy for r in config.rules] == ["reject"]
    assert [d.code for d in lint_rules(config, None)] == ["PL606"]


def test_format_is_exact_and_reported_with_cs125() -> None:
    # CSC#getMappingRules: 'JSON' is not 'json'
    _, diagnostics = read_mapping_config(conf_of({FORMAT: "JSON"}))
    assert [d.code for d in diagnostics] == ["CS125"]
    assert diagnostics[0].message == "Illegal queue mapping format 'JSON' please use 'legacy' or 'json'"


def test_json_without_rules_warns() -> None:
    # TestCSMappingPlacementRule#testJSONConfiguration with an empty mapping-rule-json (#136): 0 rules
    config, diagnostics = read_mapping_config(conf_of({FORMAT: "json"}))
    assert config.rules == [] and [d.code for d in diagnostics] == ["CS207"]


def test_json_file_missing_is_an_error(tmp_path: os.PathLike[str]) -> None:
    # TestCSMappingPlacementRule#testMissingJSONFileConfiguration: /dev/null/nofile (#137)
    conf = conf_of({FORMAT: "json", JSON_FILE: "/dev/null/nofile"})
    _, diagnostics = read_mapping_config(conf, os.path.join(tmp_path, "cs.xml"))
    assert [d.code for d in diagnostics] == ["PL504"]


def test_json_file_is_read_relative_to_the_configuration(tmp_path: os.PathLike[str]) -> None:
    folder = os.path.join(tmp_path, "conf")
    os.makedirs(folder)
    with open(os.path.join(folder, "rules.json"), "w", encoding="utf-8") as handle:
        handle.write('{"rules": [{"type": "user", "matches": "*", "policy": "reject"}]}')
    config_path = os.path.join(folder, "capacity-scheduler.xml")
    # relative, and absolute on the RM host (found by its name next to the configuration)
    for name in ("rules.json", "/etc/hadoop/conf/rules.json"):
        config, diagnostics = read_mapping_config(
            conf_of({FORMAT: "json", JSON_FILE: f" {name} "}), config_path
        )
        assert diagnostics == [] and len(config.rules) == 1
        assert config.json_file == os.path.join(folder, "rules.json")


def test_json_file_that_is_a_directory_or_not_utf8(tmp_path: os.PathLike[str]) -> None:
    config_path = os.path.join(tmp_path, "cs.xml")
    assert read_json_file(".", config_path)[2] is not None
    with open(os.path.join(tmp_path, "bad.json"), "wb") as handle:
        handle.write(b"\xff\xfe{")
    assert "not UTF-8" in str(read_json_file("bad.json", config_path)[2])


def test_json_file_with_a_byte_order_mark(tmp_path: os.PathLike[str]) -> None:
    with open(os.path.join(tmp_path, "rules.json"), "wb") as handle:
        handle.write(b'\xef\xbb\xbf{"rules": [{"type": "user", "matches": "*", "policy": "reject"}]}')
    conf = conf_of({FORMAT: "json", JSON_FILE: "rules.json"})
    config, diagnostics = read_mapping_config(conf, os.path.join(tmp_path, "cs.xml"))
    assert diagnostics == [] and [r.policy for r in config.rules] == ["reject"]
