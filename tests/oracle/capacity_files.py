"""Hypothesis strategies for whole capacity-scheduler.xml files: percentage, weight, absolute and
mixed capacities (absolute ones asking for more than the cluster or their parent has), maximum
capacities (absolute ones above a maximum inherited from further up; root's too: below 100 it
scales every absolute maximum), nesting, stopped queues, v1 leaf-queue templates with and without
auto-creation, and values Hadoop refuses. One file in three is in 3.4's flexible queue mode
(``legacy-queue-mode.enabled=false``, a key the older lines do not have): siblings mix the modes
there, capacities and maxima are vectors of percentages, weights and amounts
(``[memory=25%,vcores=1w]``), and percentages may sum past 100."""

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


#: flexible mode's entries of a vector, per resource: a percentage, a weight or an amount (memory
#: in MB), some of them more than the 102400 MB / 100 vcores cluster or its parent has
FLEXIBLE_ENTRIES = {
    "memory": ("0%", "25%", "33.3%", "50%", "100%", "1w", "2w", "1024", "10240", "50000", "120000"),
    "vcores": ("10%", "29%", "50%", "1w", "3w", "1", "7", "60", "120"),
}
FLEXIBLE_MAXIMA = (
    "50",
    "100",
    "29.5",
    "[memory=50%,vcores=100%]",
    "[memory=20480,vcores=50%]",
    "[memory=51200,vcores=7]",
)
DOMINANT = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"


def _vector(draw: st.DrawFn) -> str:
    memory, vcores = (draw(st.sampled_from(FLEXIBLE_ENTRIES[r])) for r in ("memory", "vcores"))
    # the spaces are Hadoop's own examples' (QueueCapacityConfigParser drops them)
    separator = draw(st.sampled_from((",", ", ")))
    return f"[memory={memory}{separator}vcores={vcores}]"


def _flexible_capacity(draw: st.DrawFn) -> str:
    """One sibling's capacity in flexible mode, where siblings may each use another mode."""
    kind = draw(st.sampled_from(("percentage", "weight", "absolute", "vector", "vector")))
    if kind == "percentage":
        return str(draw(st.sampled_from((0, 10, 25, 29, 30, 33, 33.3, 50, 60, 100))))
    if kind == "weight":
        return f"{draw(st.sampled_from(('1', '2', '0.5', '3')))}w"
    if kind == "absolute":
        memory = draw(st.sampled_from((1024, 4096, 10240, 50000, 120000)))
        return f"[memory={memory},vcores={draw(st.sampled_from((1, 4, 10, 60, 120)))}]"
    return _vector(draw)


@st.composite
def _children(
    draw: st.DrawFn,
    path: str,
    depth: int,
    props: dict[str, str],
    malformed: bool,
    parent_mode: str = "",
    flexible: bool = False,
) -> None:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    props[f"{PREFIX}{path}.queues"] = ",".join(names)
    modes = ("percentage", "percentage", "weight", "absolute") + (("mixed",) if malformed else ())
    # below an absolute parent mostly absolute children (legacy mode refuses a mix): Hadoop 3.1
    # computes their absolute capacity its own way (CS360)
    if flexible and draw(st.booleans()):
        mode = "flexible"
    elif parent_mode == "absolute" and draw(st.booleans()):
        mode = "absolute"
    else:
        mode = draw(st.sampled_from(modes))
    if mode == "percentage":
        values = _percentages(draw, len(names), exact=not malformed or draw(st.booleans()))
    elif mode == "weight":
        values = [f"{draw(st.sampled_from(('1', '2', '0.5', '3')))}w" for _ in names]
    elif mode == "absolute":
        # sometimes more than a 102400 MB / 100 vcores cluster: Hadoop scales the children down
        memory = st.sampled_from((1024, 4096, 10240, 50000, 101697, 120000))
        vcores = st.sampled_from((1, 4, 10, 60, 120))
        values = [f"[memory={draw(memory)},vcores={draw(vcores)}]" for _ in names]
    elif mode == "flexible":
        values = [_flexible_capacity(draw) for _ in names]
    else:
        values = [draw(st.sampled_from(("50", "1w", "[memory=1024,vcores=1]"))) for _ in names]
    for name, value in zip(names, values, strict=True):
        child = f"{path}.{name}"
        props[f"{PREFIX}{child}.capacity"] = value
        if draw(st.integers(0, 3)) == 0 and mode in ("percentage", "weight"):
            props[f"{PREFIX}{child}.maximum-capacity"] = str(draw(st.sampled_from((50, 80, 100, -1))))
        elif draw(st.integers(0, 2)) == 0 and mode == "absolute":
            memory, vcores = draw(st.sampled_from(((20480, 20), (51200, 50), (102400, 100))))
            props[f"{PREFIX}{child}.maximum-capacity"] = f"[memory={memory},vcores={vcores}]"
        elif draw(st.integers(0, 2)) == 0 and mode == "flexible":
            # a weight has no maximum (WeightQueueCapacityCalculator.calculateMaximumResource throws)
            weight = ("[memory=2w,vcores=50%]",) if malformed else ()
            props[f"{PREFIX}{child}.maximum-capacity"] = draw(st.sampled_from(FLEXIBLE_MAXIMA + weight))
        if draw(st.integers(0, 7)) == 0:
            # read by a ManagedParentQueue only (auto-create-child-queue.enabled)
            template = draw(st.sampled_from(("1w", "50", "abc")))
            props[f"{PREFIX}{child}.leaf-queue-template.capacity"] = template
            if malformed and draw(st.booleans()):
                props[f"{PREFIX}{child}.auto-create-child-queue.enabled"] = "true"
        if malformed and draw(st.integers(0, 9)) == 0:
            props[f"{PREFIX}{child}.state"] = "STOPPED"
        if depth < 3 and draw(st.integers(0, 3)) == 0:
            draw(_children(child, depth + 1, props, malformed, mode, flexible))


def _plain(name: str, value: str) -> str:
    return f"<property><name>{name}</name><value>{value}</value></property>"


def _spelling(draw: st.DrawFn, name: str, value: str) -> str:
    """One <property>, half the time plain, else in a spelling Configuration.Parser reads as the plain
    one: a value split by an unknown element or by a comment and CDATA (a field's text runs to its
    end), an empty <value/> after the value (an empty field keeps the one before), the fields wrapped
    in an unknown element (they are read at any depth), the compact form."""
    head, tail = value[:1], value[1:]
    spellings = (
        f"<property><name>{name}</name><value>{head}<x>{tail}</x></value></property>",
        f"<property><name>{name}</name><value>{head}<!-- c --><![CDATA[{tail}]]></value></property>",
        f"<property><name>{name}</name><value>{value}</value><value/></property>",
        f"<property><wrap><name>{name}</name><value>{value}</value></wrap></property>",
        f'<property name="{name}" value="{value}"/>',
    )
    choice = draw(st.integers(0, 2 * len(spellings) - 1))
    return spellings[choice] if choice < len(spellings) else _plain(name, value)


@st.composite
def capacity_files(draw: st.DrawFn, malformed: bool = False) -> str:
    """The text of one capacity-scheduler.xml (a malformed one also spells properties oddly)."""
    props: dict[str, str] = {}
    root_maximum = draw(st.sampled_from((None, None, None, "100.0", "100", "50", "-1")))
    if root_maximum is not None:  # fs2cs writes 100.0
        props[f"{PREFIX}root.maximum-capacity"] = root_maximum
    flexible = draw(st.integers(0, 2)) == 0
    if flexible:
        props[f"{PREFIX}legacy-queue-mode.enabled"] = "false"
        if draw(st.integers(0, 3)) == 0:  # capacities from resources are dominant shares there
            props[f"{PREFIX}resource-calculator"] = DOMINANT
    draw(_children("root", 1, props, malformed, flexible=flexible))
    spell = (lambda name, value: _spelling(draw, name, value)) if malformed else _plain
    body = "".join(f"  {spell(name, value)}\n" for name, value in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'
