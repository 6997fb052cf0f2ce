"""The reader never raises, whatever the element tree or values, and every diagnostic is located."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.fair.elements import QUEUE_PROPERTIES
from fsctl.fair.model import FairQueueValues
from fsctl.fair.reader import TOP_LEVEL_TAGS, read_fair
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.xmldoc import load_xml

TAGS = sorted({*QUEUE_PROPERTIES, *TOP_LEVEL_TAGS, "rule", "e", "ueue", "bogus"})
XML_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
VALUES = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "1",
            "-1",
            "0.5f",
            "NaN",
            "fifo",
            "drf",
            "fair",
            "1024 mb, 1 vcores",
            "50%",
            "memory-mb=1, vcores=2",
            "x.y.Z",
            "root",
            "a.b",
            "\u00a0",
            "true",
            "99999999999",
        ]
    ),
    XML_TEXT,
)
ATTRIBUTES = st.dictionaries(
    st.sampled_from(["name", "type", "create", "queue"]),
    st.one_of(
        st.sampled_from(
            [
                "root",
                "parent",
                "a",
                "a.b",
                "",
                " ",
                "nestedUserQueue",
                "default",
                "reject",
                "specified",
                "user",
                "primaryGroup",
                "false",
            ]
        ),
        XML_TEXT,
    ),
    max_size=3,
)


def element(depth: int) -> st.SearchStrategy[str]:
    children = st.lists(element(depth - 1), max_size=3) if depth > 0 else st.just([])
    return st.builds(_render, st.sampled_from(TAGS), ATTRIBUTES, VALUES, children)


def _render(tag: str, attributes: dict[str, str], text: str, children: list[str]) -> str:
    attrs = "".join(f" {k}={quoteattr(v)}" for k, v in attributes.items())
    return f"<{tag}{attrs}>{escape(text)}{''.join(children)}</{tag}>"


SITES = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(
            [
                "yarn.resource-types",
                "yarn.scheduler.maximum-allocation-mb",
                "yarn.scheduler.fair.allow-undeclared-pools",
                "yarn.scheduler.increment-allocation-mb",
            ]
        ),
        VALUES,
        max_size=2,
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(element(2), max_size=4), SITES)
def test_reader_never_raises_and_locates_everything(body: list[str], site: dict[str, str] | None) -> None:
    data = ("<allocations>\n" + "\n".join(body) + "\n</allocations>").encode("utf-8")
    doc = load_xml("fuzz.xml", data)
    conf = HadoopConf.from_pairs(site.items(), "yarn-site.xml") if site is not None else None
    result = read_fair(doc, conf)
    assert result.tree is not None
    assert all(d.code != "FS199" for d in result.diagnostics), [d.message for d in result.diagnostics]
    for diagnostic in result.diagnostics:
        assert diagnostic.location is not None
        if diagnostic.file == "fuzz.xml":
            assert diagnostic.line >= 1 and diagnostic.column >= 1
    for queue in result.tree.queues():
        assert isinstance(queue.effective, FairQueueValues)


class _Forgetful(dict):  # type: ignore[type-arg]
    """A memo that never remembers: every value is read as if it were the first."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


_REPEATED = st.sampled_from(
    ["2", " 2 ", "2\n", "0.5", " 0.5", "1024 mb, 1 vcores", " 1024 mb, 1 vcores ", "x", ""]
)
_MEMO_TAGS = st.sampled_from(["weight", "maxAMShare", "minResources", "maxRunningApps", "aclSubmitApps"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_MEMO_TAGS, _REPEATED), min_size=1, max_size=12))
def test_repeated_values_read_as_the_first_one(values: list[tuple[str, str]]) -> None:
    """The memo of values by their text as written gives every queue what reading its own text
    gives: the same values, texts (trimmed or not) and findings."""
    import pytest

    from fsctl.fair import reader

    body = "".join(
        f'<queue name="q{i}"><{tag}>{escape(text)}</{tag}></queue>' for i, (tag, text) in enumerate(values)
    )
    data = f"<allocations>{body}</allocations>".encode()

    def read() -> tuple[list[Any], list[Any]]:
        result = read_fair(load_xml("memo.xml", data))
        assert result.tree is not None
        settings = [
            (q.path, {k: (s.value, s.raw) for k, s in q.declared.items()}) for q in result.tree.queues()
        ]
        return settings, [(d.code, d.message, d.location) for d in result.diagnostics]

    remembered = read()
    with pytest.MonkeyPatch.context() as patch:
        init = reader._FairReader.__init__

        def forgetful_init(self: Any, *args: Any) -> None:
            init(self, *args)
            self.parsed, self.parsed_as_written = _Forgetful(), _Forgetful()

        patch.setattr(reader._FairReader, "__init__", forgetful_init)
        assert read() == remembered
