"""Hypothesis strategies for whole capacity-scheduler.xml files: percentage, weight, absolute and
mixed capacities, maximum capacities (root's too: below 100 it scales every absolute maximum),
nesting, stopped queues, and values Hadoop refuses."""

from __future__ import annotations

from hypothesis import strategies as st

NAMES = ("a", "b", "c", "default", "p0")
PREFIX = "yarn.scheduler.capacity."


def _percentages(draw: st.DrawFn, count: int, exact: bool) -> list[str]:
    if exact:
        cuts = sorted(draw(st.lists(st.integers(0, 100), min_size=count - 1, max_size=count - 1)))
        bounds = [0, *cuts, 100]
        values = [bounds[i + 1] - bounds[i] for i in range(count)]
        if draw(st.booleans()):  # fractions that still sum to 100
            values = [float(v) for v in values]
            if count > 1 and values[0] >= 0.5:
                values[0] -= 0.5
                values[-1] += 0.5
        return [str(v) for v in values]
    return [str(draw(st.sampled_from((10, 25, 40, 50, 60)))) for _ in range(count)]


@st.composite
def _children(draw: st.DrawFn, path: str, depth: int, props: dict[str, str], malformed: bool) -> None:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    props[f"{PREFIX}{path}.queues"] = ",".join(names)
    mode = draw(
        st.sampled_from(
            ("percentage", "percentage", "weight", "absolute") + (("mixed",) if malformed else ())
        )
    )
    if mode == "percentage":
        values = _percentages(draw, len(names), exact=not malformed or draw(st.booleans()))
    elif mode == "weight":
        values = [f"{draw(st.sampled_from(('1', '2', '0.5', '3')))}w" for _ in names]
    elif mode == "absolute":
        memory, vcores = st.sampled_from((1024, 4096, 10240)), st.sampled_from((1, 4, 10))
        values = [f"[memory={draw(memory)},vcores={draw(vcores)}]" for _ in names]
    else:
        values = [draw(st.sampled_from(("50", "1w", "[memory=1024,vcores=1]"))) for _ in names]
    for name, value in zip(names, values, strict=True):
        child = f"{path}.{name}"
        props[f"{PREFIX}{child}.capacity"] = value
        if draw(st.integers(0, 3)) == 0 and mode in ("percentage", "weight"):
            props[f"{PREFIX}{child}.maximum-capacity"] = str(draw(st.sampled_from((50, 80, 100, -1))))
        if malformed and draw(st.integers(0, 9)) == 0:
            props[f"{PREFIX}{child}.state"] = "STOPPED"
        if depth < 3 and draw(st.integers(0, 3)) == 0:
            draw(_children(child, depth + 1, props, malformed))


@st.composite
def capacity_files(draw: st.DrawFn, malformed: bool = False) -> str:
    """The text of one capacity-scheduler.xml."""
    props: dict[str, str] = {}
    root_maximum = draw(st.sampled_from((None, None, None, "100.0", "100", "50", "-1")))
    if root_maximum is not None:  # fs2cs writes 100.0
        props[f"{PREFIX}root.maximum-capacity"] = root_maximum
    draw(_children("root", 1, props, malformed))
    body = "".join(
        f"  <property><name>{name}</name><value>{value}</value></property>\n" for name, value in props.items()
    )
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'
