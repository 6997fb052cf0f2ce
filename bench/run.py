"""Time every fsctl command on synthetic configs against floors measured in the same run.

    python bench/run.py                   # 1,000, 10,000 and 100,000 queues; writes bench/RESULTS.md
    python bench/run.py --quick           # 1,000 and 10,000 queues, one timed run each
    python bench/run.py --sizes 10000 --repeat 5
    python bench/run.py --fs2cs           # convert beside Hadoop's fs2cs (oracle/run), 45 and 10,000 queues
    python bench/run.py --only generate --sizes 10000,100000 --output /tmp/generate.md
    python bench/run.py --only "simulate --demand" --sizes 10000   # the Capacity Scheduler under load
    python bench/run.py --only snapshot   # snapshot --from and simulate --demand, 10,000 and 100,000 apps

Cost is CPU time (user + system) of the child process, the best of ``--repeat`` runs: the machine may
be shared, and CPU time is what another process's load disturbs least. The floor is a bare lxml parse
of the same file (``python -c "import lxml.etree; lxml.etree.parse(F)"``); ``generate`` is compared
with the parse of the fair file of the same size, the tree it writes; ``simulate --demand`` of a
capacity file (at 10,000 queues, a snapshot of 100,000 applications) with the parse of both files.
The snapshot rows run on a cluster's saved REST responses (responses.py: ten applications per
queue, 1,000 and 10,000 queues): ``snapshot --from`` is compared with a bare ``json.load`` of the
responses, ``simulate --demand`` with the parse of the allocation file and a ``json.load`` of the
snapshot. Peak is the child's maximum resident set. The budgets of docs/budgets.md are checked here
and printed as ok or MISS, never by a test.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from configs import write_all, write_load  # noqa: E402
from responses import write as write_responses  # noqa: E402

PY = sys.executable
FSCTL = [PY, "-m", "fsctl"]
CLUSTER = "memory-mb=102400000, vcores=100000"
SMALL = ROOT / "samples" / "fair" / "team-cluster.xml"
YARN_SITE = ROOT / "samples" / "yarn-site.xml"

# the Capacity Scheduler under load: a snapshot of this many applications on the file of this many
# queues, against the parse of both files (lxml, json.load)
LOAD_QUEUES = 10_000
LOAD_APPS = 100_000
LOAD_BUDGET = 10.0

# docs/budgets.md
SMALL_VALIDATE = 1.5
AT_10K = 5.0
AT_100K = 10.0
PEAK_MB_100K = 1024.0
GROWTH = 10.0

# A fresh wrapper per measurement, so RUSAGE_CHILDREN is that one command's CPU time and peak.
WRAPPER = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "w = time.perf_counter() - t\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(u.ru_utime + u.ru_stime, w, u.ru_maxrss, r.returncode)\n"
    "sys.stderr.write(r.stderr.decode(errors='replace')[-300:])\n"
)

# Users' Pythons cache bytecode; this machine may set PYTHONDONTWRITEBYTECODE, which would make every
# run compile fsctl from source. Cache it in a scratch folder instead, warmed by a first run.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "fsctl-bench-pycache")
ENV["NO_COLOR"] = "1"


@dataclass(frozen=True)
class Run:
    cpu: float  # seconds, best of the repeats
    wall: float  # seconds, best of the repeats
    peak_mb: float
    code: int
    errors: str = ""  # the end of the last run's standard error


def measure(argv: list[str], repeat: int) -> Run:
    subprocess.run(argv, capture_output=True, env=ENV)  # warm the bytecode and file caches
    cpu, wall, peak, code, errors = math.inf, math.inf, 0.0, 0, ""
    for _ in range(repeat):
        out = subprocess.run([PY, "-c", WRAPPER, *argv], capture_output=True, text=True, env=ENV)
        c, w, rss, rc = out.stdout.split()
        cpu, wall = min(cpu, float(c)), min(wall, float(w))
        peak = max(peak, int(rss) / 1024)
        code, errors = int(rc), out.stderr
    return Run(cpu, wall, peak, code, errors)


def usable_python() -> str | None:
    """Why this Python cannot run the bench (it runs fsctl and lxml as children), or None."""
    done = subprocess.run([PY, "-c", "import lxml.etree, fsctl"], capture_output=True, text=True, env=ENV)
    if done.returncode == 0:
        return None
    last = done.stderr.strip().splitlines()[-1:] or ["no message"]
    return f"{PY} cannot import lxml and fsctl ({last[0]}); run the bench with the environment's python"


def failed(run: Run, expected: tuple[int, ...]) -> str | None:
    """``FAILED (exit N)`` for a run that ended with an exit code it should not have: its time
    measures a failure, not the command."""
    if run.code in expected:
        return None
    print(run.errors.rstrip(), file=sys.stderr)
    return f"FAILED (exit {run.code})"


def parse_floor(path: Path, repeat: int) -> Run:
    return measure([PY, "-c", f"import lxml.etree as e; e.parse({str(path)!r})"], repeat)


def json_floor(paths: list[Path], repeat: int, xml: Path | None = None) -> Run:
    """A bare ``json.load`` of each of ``paths`` (after an lxml parse of ``xml``)."""
    code = "import json\n"
    if xml is not None:
        code += f"import lxml.etree as e; e.parse({str(xml)!r})\n"
    code += "".join(f"json.load(open({str(p)!r}))\n" for p in paths)
    return measure([PY, "-c", code], repeat)


#: applications per queue in the snapshot rows, and the queue counts that have them
APPS_PER_QUEUE = 10
SNAPSHOT_QUEUES = (1_000, 10_000)


def commands(fair: Path, capacity: Path, ratios: Path, scratch: Path) -> list[tuple[str, str, list[str]]]:
    """(format, command, argv); the format names the file whose parse is the floor."""
    out: list[tuple[str, str, list[str]]] = []
    for kind, path in (("fair", str(fair)), ("capacity", str(capacity))):
        out += [
            (kind, "validate", [*FSCTL, "validate", path, "--exit-zero"]),
            (kind, "lint", [*FSCTL, "lint", path, "--exit-zero"]),
            (kind, "simulate", [*FSCTL, "simulate", path, "--cluster", CLUSTER, "--format", "json"]),
            (kind, "diff", [*FSCTL, "diff", path, str(edited(Path(path), scratch))]),
        ]
        if kind == "fair":
            out.append(
                (
                    kind,
                    "convert",
                    [*FSCTL, "convert", path, "-o", str(scratch / "cs"), "--force", "--exit-zero"],
                )
            )
    for target in ("fair", "capacity"):
        dest = str(scratch / f"generated-{target}.xml")
        argv = [*FSCTL, "generate", str(ratios), "--target", target, "--cluster", CLUSTER, "-o", dest]
        out.append(("fair", f"generate --target {target}", [*argv, "--force"]))
    return out


#: a realistic change for diff: one value near the top of the file and one halfway down
EDITS = {
    "fair": ("<weight>3.0</weight>", "<weight>2.0</weight>"),
    "capacity": ("<value>100</value>", "<value>90</value>"),
}


def edited(path: Path, scratch: Path) -> Path:
    """A copy of ``path`` with two values changed: what ``fsctl diff`` compares it with (the same file
    twice is read once, which would measure nothing but the read)."""
    old, new = EDITS["fair" if path.name.startswith("fair") else "capacity"]
    text = path.read_text(encoding="utf-8")
    middle = text.index(old, len(text) // 2)
    text = text[:middle] + new + text[middle + len(old) :]
    text = text.replace(old, new, 1)
    copy = scratch / f"edited-{path.name}"
    copy.write_text(text, encoding="utf-8")
    return copy


def load_rows(row: Callable[[str, str, str, Run, float, str, str], None], repeat: int) -> int:
    """The Capacity Scheduler under a 100,000-application snapshot on 10,000 queues, against the
    parse of the two files; the budget missed (0 or 1)."""
    capacity, snapshot = write_load(HERE / "out", LOAD_QUEUES, LOAD_APPS)
    files = f"e.parse({str(capacity)!r}); json.load(open({str(snapshot)!r}))"
    parse = f"import json, lxml.etree as e; {files}"
    floor = measure([PY, "-c", parse], repeat)
    size = f"{LOAD_QUEUES:,} / {LOAD_APPS:,} apps"
    row("capacity", size, "*lxml parse + json.load*", floor, 1.0, "", failed(floor, (0,)) or "")
    argv = [
        *FSCTL,
        "simulate",
        str(capacity),
        "--cluster",
        CLUSTER,
        "--demand",
        str(snapshot),
        "--format",
        "json",
    ]
    run = measure(argv, 1)
    ratio = run.cpu / floor.cpu
    misses = [f">{LOAD_BUDGET:g}x"] if ratio > LOAD_BUDGET else []
    misses += [f">={PEAK_MB_100K:.0f} MB"] if run.peak_mb >= PEAK_MB_100K else []
    verdict = failed(run, (0,)) or ("MISS " + ", ".join(misses) if misses else "ok")
    row("capacity", size, "fsctl simulate --demand", run, ratio, "", verdict)
    return verdict != "ok"


def budget(size: int, ratio: float, peak: float, growth: float | None) -> str:
    misses = []
    if size >= 100_000:
        if ratio > AT_100K:
            misses.append(f">{AT_100K:g}x")
        if peak >= PEAK_MB_100K:
            misses.append(f">={PEAK_MB_100K:.0f} MB")
    elif size >= 10_000 and ratio > AT_10K:
        misses.append(f">{AT_10K:g}x")
    if growth is not None and growth > GROWTH:
        misses.append(f"growth >{GROWTH:g}x")
    return "MISS " + ", ".join(misses) if misses else "ok"


def fs2cs(sizes: list[int], repeat: int) -> int:
    """fsctl convert beside Hadoop's fs2cs, one-shot as a user runs ``yarn fs2cs`` (needs oracle/run)."""
    oracle = ROOT / "oracle" / "run"
    if not oracle.exists():
        print(f"--fs2cs: {oracle} does not exist (the Java oracle is not built): nothing measured")
        return 2
    files = [p for p in write_all(HERE / "out", sizes, ["wide"]) if p.name.startswith("fair-")]
    with tempfile.TemporaryDirectory() as scratch:
        for path in files:
            fsctl = measure(
                [
                    *FSCTL,
                    "convert",
                    str(path),
                    "--yarn-site",
                    str(YARN_SITE),
                    "-o",
                    f"{scratch}/fsctl",
                    "--force",
                ],
                repeat,
            )
            # fs2cs refuses an output directory that already holds its files: a fresh one per run
            run = 'rm -rf "$1" && exec "$0" fs2cs "$2" --yarn-site "$3" -o "$1"'
            java = measure(
                ["sh", "-c", run, str(oracle), f"{scratch}/fs2cs", str(path), str(YARN_SITE)],
                repeat,
            )
            # a written conversion exits 0, its warnings included
            verdict = (
                failed(fsctl, (0,))
                or failed(java, (0,))
                or ("ok" if java.cpu >= 10 * fsctl.cpu else "MISS <10x faster")
            )
            print(
                f"{path.name:28} fsctl {fsctl.cpu:7.3f}s  fs2cs {java.cpu:7.3f}s  "
                f"fs2cs/fsctl {java.cpu / fsctl.cpu:6.1f}x (wall {java.wall / fsctl.wall:5.1f}x)  {verdict}"
                f"  exit codes fsctl {fsctl.code}, fs2cs {java.code}",
                flush=True,
            )
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", help="comma-separated queue counts (1000,10000,100000; --fs2cs: 45,10000)")
    ap.add_argument("--quick", action="store_true", help="1,000 and 10,000 queues, one timed run each")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per command (one at 100,000+)")
    ap.add_argument("--output", default=str(HERE / "RESULTS.md"), help="where to write the table")
    ap.add_argument("--fs2cs", action="store_true", help="only compare convert with oracle/run fs2cs")
    ap.add_argument("--only", default="", help="only the commands whose name contains this (e.g. generate)")
    a = ap.parse_args()
    problem = usable_python()
    if problem is not None:
        print(f"bench/run.py: {problem}", file=sys.stderr)
        return 2
    if a.fs2cs:
        return fs2cs([int(s) for s in (a.sizes or "45,10000").split(",")], a.repeat)
    if a.quick:
        a.sizes, a.repeat = a.sizes or "1000,10000", 1
    sizes = [int(s) for s in (a.sizes or "1000,10000,100000").split(",")]

    rows: list[str] = []
    missed = 0

    def row(fmt: str, size: str, name: str, run: Run, ratio: float, growth: str, verdict: str) -> None:
        rows.append(
            f"| {fmt} | {size} | {name} | {run.cpu:.3f} | {ratio:.2f} | {growth} | "
            f"{run.peak_mb:.0f} | {run.code} | {verdict} |"
        )
        print(
            f"{fmt:9} {size:>8} {name:28} {run.cpu:8.3f}s {ratio:6.2f}x {growth:>6} "
            f"{run.peak_mb:7.0f} MB rc={run.code} {verdict}",
            flush=True,
        )

    # the ordinary small file
    small_floor = parse_floor(SMALL, max(a.repeat, 5))
    small = f"{SMALL.name} ({SMALL.read_text(encoding='utf-8').count('<queue ')})"  # root included
    row("fair", small, "*lxml parse*", small_floor, 1.0, "", failed(small_floor, (0,)) or "")
    run = measure([*FSCTL, "validate", str(SMALL)], max(a.repeat, 5))
    ratio = run.cpu / small_floor.cpu
    verdict = failed(run, (0,)) or ("ok" if ratio <= SMALL_VALIDATE else f"MISS >{SMALL_VALIDATE:g}x")
    missed += verdict != "ok"
    row("fair", small, "fsctl validate", run, ratio, "", verdict)

    previous: dict[str, tuple[int, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        paths = write_all(HERE / "out", sizes, ["wide"])
        for size, (fair, capacity, ratios) in zip(sizes, zip(*[iter(paths)] * 3, strict=True), strict=True):
            repeat = a.repeat if size < 100_000 else 1
            floors = {"fair": parse_floor(fair, repeat), "capacity": parse_floor(capacity, repeat)}
            for fmt, floor in floors.items():
                problem = failed(floor, (0,))
                missed += problem is not None
                row(fmt, f"{size:,}", "*lxml parse*", floor, 1.0, "", problem or "")
            for fmt, name, argv in commands(fair, capacity, ratios, scratch):
                if a.only not in name:
                    continue
                run = measure(argv, repeat)
                ratio = run.cpu / floors[fmt].cpu
                key = f"{fmt} {name}"
                growth = None
                if key in previous:
                    smaller, cost = previous[key]
                    growth = (run.cpu / cost) ** (1 / math.log10(size / smaller))
                previous[key] = (size, run.cpu)
                # diff compares a file with an edited copy: differences, exit 1
                verdict = failed(run, (0, 1) if name == "diff" else (0,)) or budget(
                    size, ratio, run.peak_mb, growth
                )
                missed += verdict != "ok"
                row(fmt, f"{size:,}", f"fsctl {name}", run, ratio, f"{growth:.1f}" if growth else "", verdict)
            if size == LOAD_QUEUES and a.only in "simulate --demand":
                missed += load_rows(row, a.repeat)

    with tempfile.TemporaryDirectory() as tmp:
        names = [n for n in ("snapshot --from", "simulate --demand (snapshot)") if a.only in n]
        for queues in (size for size in sizes if size in SNAPSHOT_QUEUES and names):
            apps = queues * APPS_PER_QUEUE
            repeat = a.repeat if apps < 100_000 else 1
            fair, responses = write_responses(HERE / "out", queues, apps)
            label = f"{queues:,} ({apps:,} apps)"
            taken = Path(tmp) / f"snapshot-{apps}.json"
            take = [*FSCTL, "snapshot", "--from", *map(str, responses), "-o", str(taken), "--force"]
            subprocess.run(take, capture_output=True, env=ENV)  # simulate --demand reads it
            for name in names:
                if name.startswith("snapshot"):
                    argv, floor = take, json_floor(responses, repeat)
                    row("snapshot", label, "*json.load*", floor, 1.0, "", failed(floor, (0,)) or "")
                else:
                    argv = [*FSCTL, "simulate", str(fair), "--demand", str(taken), "--format", "json"]
                    floor = json_floor([taken], repeat, fair)
                    row(
                        "snapshot",
                        label,
                        "*lxml parse + json.load*",
                        floor,
                        1.0,
                        "",
                        failed(floor, (0,)) or "",
                    )
                missed += failed(floor, (0,)) is not None
                run = measure(argv, repeat)
                ratio = run.cpu / floor.cpu
                key = f"snapshot {name}"
                growth = None
                if key in previous:
                    smaller, cost = previous[key]
                    growth = (run.cpu / cost) ** (1 / math.log10(apps / smaller))
                previous[key] = (apps, run.cpu)
                # the budget is at 100,000 applications (docs/budgets.md); smaller runs give the growth
                verdict = failed(run, (0,)) or budget(
                    apps if apps >= 100_000 else 0, ratio, run.peak_mb, growth
                )
                missed += verdict != "ok"
                command = f"fsctl {name.removesuffix(' (snapshot)')}"
                row("snapshot", label, command, run, ratio, f"{growth:.1f}" if growth else "", verdict)

    cpu = platform.processor()
    if Path("/proc/cpuinfo").exists():
        models = [ln for ln in Path("/proc/cpuinfo").read_text().splitlines() if ln.startswith("model name")]
        cpu = models[0].split(":", 1)[1].strip() if models else cpu
    argv = " ".join(sys.argv[1:])
    header = [
        "# fsctl benchmark",
        "",
        f"Generated by `python bench/run.py{' ' + argv if argv else ''}` on {platform.machine()}, "
        f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, lxml parse as the floor.",
        "The machine was shared with other work while it ran: CPU time, not wall time, is reported, the",
        f"best of {a.repeat} runs (one at 100,000 queues and more). *ratio* is to the bare lxml parse of the",
        "same file in the same run (generate: of the fair file of the same size); *growth* is the cost",
        "multiplier per 10× queues; peak is the process's maximum resident set. Budgets: docs/budgets.md.",
        "",
        "| format | queues | command | CPU (s) | ratio | growth per 10× | peak (MB) | exit | budget |",
        "|---|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    Path(a.output).write_text("\n".join(header + rows) + "\n", encoding="utf-8")
    print(f"wrote {a.output}; {missed} budget(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
