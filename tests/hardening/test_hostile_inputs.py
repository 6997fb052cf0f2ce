"""Hostile input beyond XML, through the real CLI (a separate process, as a user runs fsctl).

YAML alias bombs and self references, 100,000-level nesting in YAML, JSON and TOML, huge files,
invalid UTF-8, NUL bytes, FIFOs, devices and directories given as ratio files (``fsctl generate``),
demand snapshots (``fsctl simulate --demand``), ``convert --rules`` files and
``mapping-rule-json-file``; symlinked outputs; a ``diff`` of a revision that does not exist.
Each gets exit 2 (or 1 where the file was read and the problem is a finding), a located one-line
message, no traceback, in bounded time and memory, and nothing is written.
"""

from __future__ import annotations

import os
import resource
import subprocess
import time
from pathlib import Path

import pytest

from fsctl.io.demand import read_demand
from tests.conftest import ROOT, SAMPLES, configuration, run_fsctl
from tests.hardening.cli_batch import Run, run_many

DEEP = 100_000
CLUSTER = "memory-mb=102400, vcores=100"
FAIR = str(SAMPLES / "fair" / "departments.xml")
SECONDS = 10
#: peak resident memory of any fsctl process these tests start (Python + lxml + PyYAML is ~60 MB)
MAX_RSS_MB = 400


def laughs(levels: int = 10, width: int = 9) -> list[str]:
    """``a: &a [lol x9]``, ``b: &b [*a x9]``, ...: a few hundred bytes, 9**10 nodes expanded."""
    lines = ['x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        name, previous = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"x-{name}: &{name} [" + ", ".join([f"*{previous}"] * width) + "]")
    return lines


def sparse(path: Path, size: int = 100 * 1024 * 1024) -> None:
    with open(path, "wb") as handle:  # 100 MB on paper, nothing on disk
        handle.truncate(size)


def yaml_hostile(folder: Path, kind: str) -> dict[str, Path]:
    """name -> path of a hostile ratio file (kind "ratios") or demand snapshot (kind "demand")."""
    queue = "q: {share: 100, x-big: *j}" if kind == "ratios" else "root.a: {demand: *j}"
    files: dict[str, bytes | None] = {
        "bomb.yaml": ("\n".join(laughs()) + f"\nqueues:\n  {queue}\n").encode(),
        "self-reference.yaml": b"queues: &a {q: *a}\n",
        "merge-bomb.yaml": (
            b"x-a: &a {k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, k5: 1, k6: 1, k7: 1, k8: 1}\n"
            + b"".join(
                f"x-{chr(98 + i)}: &{chr(98 + i)} {{<<: [{', '.join([f'*{chr(97 + i)}'] * 9)}]}}\n".encode()
                for i in range(9)
            )
            + b"queues: {q: {share: 100, <<: *j}}\n"
        ),
        "deep-flow.yaml": b"queues: " + b"[" * DEEP + b"]" * DEEP + b"\n",
        "deep-block.yaml": b"queues:\n" + b"".join(b" " * (i + 2) + b"- \n" for i in range(2000)),
        "deep-map.yaml": b"queues: " + b"{a: " * DEEP + b"1" + b"}" * DEEP + b"\n",
        "deep.json": b'{"queues": ' + b"[" * DEEP + b"]" * DEEP + b"}\n",
        "deep-tabs.json": b'{"queues":\t' + b'{"a":\t' * DEEP + b"1" + b"}" * DEEP + b"}\n",
        "bad-tag.yaml": b"queues:\n  q: !!int abc\n",
        "long-int.yaml": b"queues:\n  q: {share: " + b"9" * 100_000 + b"}\n",
        "far-exponent.yaml": b"queues:\n  q: {share: '1e999999999', apps: 1.0e999999999}\n",
        "big-float.yaml": b"queues:\n  q: {share: 1.0e30, apps: 1.0e30}\n",
        "python-tag.yaml": b"queues: !!python/object/apply:os.system ['touch /tmp/fsctl-pwned']\n",
        "invalid-utf8.yaml": b"queues:\n  q\xff\xfe: {share: 100}\n",
        "nul.yaml": b"queues:\n  q: {share: 1\x0000}\n",
        "binary.yaml": bytes(range(256)) * 4,
        "huge.yaml": None,
    }
    if kind == "ratios":
        files["deep.toml"] = b"queues = " + b"{a = " * DEEP + b"1" + b"}" * DEEP + b"\n"
        files["deep-array.toml"] = b"queues = " + b"[" * DEEP + b"]" * DEEP + b"\n"
        files["nul.toml"] = b"[queues.q]\nshare = 1\x00\n"
        files["long-line.csv"] = b"queue,share,max\n" + b"a" * (8 * 1024 * 1024) + b",100\n"
        files["nul.csv"] = b"queue,share,max\na\x00,100,\n"
    out: dict[str, Path] = {}
    for name, data in files.items():
        path = folder / name
        if data is None:
            sparse(path)
        else:
            path.write_bytes(data)
        out[name] = path
    fifo = folder / "fifo.yaml"
    os.mkfifo(fifo)
    out["fifo.yaml"] = fifo
    directory = folder / "folder.yaml"
    directory.mkdir()
    out["folder.yaml"] = directory
    device = folder / "zero.yaml"
    device.symlink_to("/dev/zero")
    out["zero.yaml"] = device
    return out


def run_bounded(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    start = time.monotonic()
    result = run_fsctl(*args, cwd=cwd)
    elapsed = time.monotonic() - start
    assert elapsed < SECONDS, (args, elapsed)
    return result


def assert_one_located_line(
    result: Run | subprocess.CompletedProcess[str], path: str, codes: tuple[int, ...]
) -> None:
    output = result.stdout + result.stderr
    assert result.returncode in codes, (path, result.returncode, output[-2000:])
    assert "Traceback" not in output and "internal error" not in output, (path, output[-2000:])
    lines = [line for line in output.splitlines() if path in line]
    assert lines, (path, output[-2000:])
    first = lines[0]
    assert len(first) < 1000, first[:300]
    # located: "PATH:LINE:COLUMN: ..." or, for what is about the file as a whole, "PATH: ..."
    assert f"{path}:" in first, first


def assert_memory_bounded() -> None:
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert peak_kb < MAX_RSS_MB * 1024, f"an fsctl process peaked at {peak_kb // 1024} MB"


def bounded(runs: list[Run]) -> list[Run]:
    """Each run (a forked process of its own) ended by itself, in time and memory."""
    for run in runs:
        assert run.returncode >= 0, (run.args, "killed or crashed", run.returncode, run.stderr[-500:])
        assert run.seconds < SECONDS, (run.args, run.seconds)
        assert run.peak_kb < MAX_RSS_MB * 1024, (run.args, f"{run.peak_kb // 1024} MB")
    return runs


def test_generate_refuses_hostile_ratio_files(tmp_path: Path) -> None:
    files = yaml_hostile(tmp_path, "ratios")
    before = sorted(p.name for p in tmp_path.iterdir())
    out = tmp_path / "out" / "fair-scheduler.xml"
    jobs = [
        ["generate", str(path), "--cluster", CLUSTER, "--target", "fair", "-o", str(out)]
        for path in files.values()
    ]
    for path, result in zip(files.values(), bounded(run_many(jobs)), strict=True):
        # 2: unreadable (GN100); 1: read, and the content is wrong (GN101 syntax)
        assert_one_located_line(result, str(path), (1, 2))
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert not os.path.exists("/tmp/fsctl-pwned")


def test_simulate_refuses_hostile_demand_snapshots(tmp_path: Path) -> None:
    files = yaml_hostile(tmp_path, "demand")
    jobs = [["simulate", FAIR, "--cluster", CLUSTER, "--demand", str(path)] for path in files.values()]
    for (name, path), result in zip(files.items(), bounded(run_many(jobs)), strict=True):
        if name == "folder.yaml":  # click refuses a directory before fsctl runs
            assert result.returncode == 2 and "is a directory" in result.stderr
            continue
        assert_one_located_line(result, str(path), (2,))
        assert result.stdout == "", name  # no table from an unusable snapshot
    assert not os.path.exists("/tmp/fsctl-pwned")


def test_convert_refuses_hostile_demand_snapshots(tmp_path: Path) -> None:
    files = yaml_hostile(tmp_path, "demand")
    jobs = [
        ["convert", FAIR, "--dry-run", "--cluster", CLUSTER, "--demand", str(path)] for path in files.values()
    ]
    for (name, path), result in zip(files.items(), bounded(run_many(jobs)), strict=True):
        if name == "folder.yaml":  # click refuses a directory before fsctl runs
            assert result.returncode == 2 and "is a directory" in result.stderr
            continue
        assert_one_located_line(result, str(path), (2,))
        assert result.stdout == "", name  # refused before anything is converted or reported
    assert not os.path.exists("/tmp/fsctl-pwned")


def test_yaml_errors_point_at_the_place(tmp_path: Path) -> None:
    """The message says where: the alias that explodes, the bracket too deep, the bad scalar."""
    files = yaml_hostile(tmp_path, "demand")
    expected = {
        "bomb.yaml": ":6:",  # the alias that takes the expansion over the limit (in x-f: 9**6 nodes)
        "self-reference.yaml": ":1:16:",
        "deep-flow.yaml": ":1:",
        "bad-tag.yaml": ":2:6:",
        "nul.yaml": ":2:15:",
    }
    for name, where in expected.items():  # in-process: the CLI path is covered above
        _snapshot, problems = read_demand(str(files[name]))
        assert len(problems) == 1, (name, problems)
        assert f"{problems[0].location}:".startswith(f"{files[name]}{where}"), (name, problems[0])


def test_convert_rules_file_that_never_ends(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.fifo"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.properties"
    sparse(huge)
    binary = tmp_path / "binary.properties"
    binary.write_bytes(b"\xff\xfe\x00" * 100)
    paths = ["/dev/zero", str(fifo), str(huge), str(binary)]
    runs = bounded(run_many([["convert", FAIR, "--rules", rules, "--print"] for rules in paths]))
    for rules, result in zip(paths, runs, strict=True):
        assert result.returncode == 2, (rules, result.stderr)
        assert "Traceback" not in result.stderr
        assert f"--rules {rules}: cannot read" in result.stderr
        assert result.stdout == ""


@pytest.mark.parametrize("target", ["/dev/zero", "fifo", "folder", "huge.json"])
def test_mapping_rule_json_file_that_is_not_a_file(tmp_path: Path, target: str) -> None:
    if target == "fifo":
        os.mkfifo(tmp_path / "fifo")
    elif target == "folder":
        (tmp_path / "folder").mkdir()
    elif target == "huge.json":
        sparse(tmp_path / "huge.json")
    where = target if target.startswith("/") else str(tmp_path / target)
    conf = tmp_path / "capacity-scheduler.xml"
    conf.write_text(
        configuration(
            {
                "yarn.scheduler.capacity.root.queues": "default",
                "yarn.scheduler.capacity.root.default.capacity": "100",
                "yarn.scheduler.capacity.mapping-rule-format": "json",
                "yarn.scheduler.capacity.mapping-rule-json-file": where,
            }
        )
    )
    for result in bounded(run_many([["validate", str(conf)], ["lint", str(conf)]])):
        assert result.returncode in (1, 2), result.stdout + result.stderr
        assert "Traceback" not in result.stdout + result.stderr
        located = [line for line in result.stdout.splitlines() if line.startswith(f"{conf}:")]
        assert any(target.rsplit("/", 1)[-1] in line for line in located), result.stdout


def test_diff_of_a_revision_that_does_not_exist() -> None:
    missing = "no-such-revision-fsctl:samples/fair/departments.xml"
    result = run_bounded("diff", missing, FAIR, cwd=str(ROOT))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"fsctl diff: {missing}: "), lines


def test_diff_revision_outside_a_repository(tmp_path: Path) -> None:
    result = run_bounded("diff", "HEAD:fair.xml", FAIR, cwd=str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_revision_spec_is_never_an_option() -> None:
    result = run_bounded("diff", "--output=/tmp/x:y", FAIR, cwd=str(ROOT))
    assert result.returncode == 2
    assert not os.path.exists("/tmp/x:y")


# -- symlinked outputs -------------------------------------------------------------------------


def ratio_file(folder: Path) -> Path:
    path = folder / "ratios.yaml"
    path.write_text("queues:\n  a: {share: 60}\n  b: {share: 40}\n")
    return path


@pytest.mark.parametrize("force", [False, True])
def test_generate_refuses_a_symlinked_output(tmp_path: Path, force: bool) -> None:
    precious = tmp_path / "elsewhere" / "precious.xml"
    precious.parent.mkdir()
    precious.write_bytes(b"keep me")
    out = tmp_path / "out.xml"
    out.symlink_to(precious)
    dangling = tmp_path / "dangling.xml"
    dangling.symlink_to(tmp_path / "elsewhere" / "new.xml")
    for target in (out, dangling):
        args = [
            "generate",
            str(ratio_file(tmp_path)),
            "--cluster",
            CLUSTER,
            "--target",
            "fair",
            "-o",
            str(target),
        ]
        result = run_bounded(*args, *(["--force"] if force else []))
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert f"{target}:" in result.stderr
        assert target.is_symlink()
    assert precious.read_bytes() == b"keep me"
    assert sorted(p.name for p in precious.parent.iterdir()) == ["precious.xml"]


@pytest.mark.parametrize(
    ("linked", "force"),
    [
        ("capacity-scheduler.xml", False),
        ("capacity-scheduler.xml", True),
        ("yarn-site.xml", True),  # the second file: nothing may be written before the refusal
        ("mapping-rules.json", True),
    ],
)
def test_convert_refuses_symlinked_outputs_and_writes_nothing(
    tmp_path: Path, force: bool, linked: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    precious = elsewhere / "precious"
    precious.write_bytes(b"keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / linked).symlink_to(precious)
    args = ["convert", FAIR, "-o", str(out), "--rules-to-file", "--fail-on", "error"]
    result = run_bounded(*args, *(["--force"] if force else []))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert str(out / linked) in result.stderr
    assert precious.read_bytes() == b"keep me"
    # refused before anything is written: no half-converted output directory
    assert sorted(p.name for p in out.iterdir()) == [linked]
    assert sorted(p.name for p in elsewhere.iterdir()) == ["precious"]


def test_convert_into_a_symlinked_directory_stays_inside_it(tmp_path: Path) -> None:
    """``-o LINK`` where LINK points at a directory: the files land in that directory and nowhere else."""
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    result = run_bounded("convert", FAIR, "-o", str(link), "--fail-on", "error")
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(p.name for p in real.iterdir()) == ["capacity-scheduler.xml", "yarn-site.xml"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_xml_inputs_of_every_command_refuse_non_files(tmp_path: Path, kind: str) -> None:
    """The scheduler file, --yarn-site and both sides of diff: a FIFO would block, /dev/zero never ends."""
    if kind == "fifo":
        bad = tmp_path / "input.xml"
        os.mkfifo(bad)
    elif kind == "device":
        bad = tmp_path / "input.xml"
        bad.symlink_to("/dev/zero")
    else:
        bad = tmp_path / "input.xml"
        bad.mkdir()
    ratios = tmp_path / "ratios.yaml"
    ratios.write_text("queues:\n  a: {share: 100}\n")
    runs = [
        ["convert", str(bad), "--print"],
        ["convert", FAIR, "--yarn-site", str(bad), "--print"],
        ["simulate", str(bad), "--cluster", CLUSTER],
        ["simulate", FAIR, "--cluster", CLUSTER, "--yarn-site", str(bad)],
        ["diff", str(bad), FAIR],
        ["generate", str(ratios), "--target", "fair", "--cluster", CLUSTER, "--yarn-site", str(bad)],
    ]
    for args, result in zip(runs, bounded(run_many(runs)), strict=True):
        output = result.stdout + result.stderr
        assert result.returncode == 2, (args, output)
        assert "Traceback" not in output and "internal error" not in output, (args, output)
        if kind == "directory" and "is a directory" in result.stderr and "Usage:" in result.stderr:
            continue  # click refused it first (an option typed as an existing file)
        assert f"{bad}" in output, (args, output)
