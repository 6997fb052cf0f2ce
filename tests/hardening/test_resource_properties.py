"""The Fair Scheduler resource grammar under hypothesis (FairSchedulerConfiguration#parseResourceConfigValue).

Whatever the text, the parser returns a value or raises ResourceParseError (Hadoop's
AllocationConfigurationException) and nothing else; canonical() spells a value so that it parses back
to the same value; every spelling Hadoop accepts for the same amounts gives equal values.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fsctl.fair.resources import ResourceParseError, parse_resource_config_value
from fsctl.model.resources import MANDATORY_TYPES, UNBOUNDED

TYPES = (*MANDATORY_TYPES, "gpu")
GRAMMAR_CHARS = "0123456789=,%.- \t\nmbvcoresMBVCORESpumemory-gpu"
FRAGMENTS = ["memory-mb", "vcores", "gpu", "mb", "vcores", "memory", "cpu", "%", "=", ",", " ", "-", "."]
RESOURCE_TEXT = st.one_of(
    st.text(alphabet=GRAMMAR_CHARS, max_size=40),
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.integers(-5, 10**20).map(str)), max_size=12).map(
        "".join
    ),
    st.text(max_size=30),
)
WS = st.sampled_from(["", " ", "  ", "\t"])
AMOUNT = st.integers(0, 2**31 - 1)
PERCENT = st.one_of(
    st.integers(0, 1000).map(str),
    st.decimals(0, 1000, places=3, allow_nan=False, allow_infinity=False).map(lambda d: format(d, "f")),
    # what the grammar allows: digits, an optional fraction; tiny, long and huge (1e400 -> infinity)
    st.from_regex(r"\A[0-9]{1,20}(\.[0-9]{0,20})?\Z"),
    st.sampled_from(["0.0000001", "12.345678912345", "1" + "0" * 400, "0.", "00"]),
)
SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(RESOURCE_TEXT, st.sampled_from([0, UNBOUNDED]))
def test_only_resource_parse_error_escapes(text: str, missing: int) -> None:
    try:
        spec = parse_resource_config_value(text, missing, TYPES)
    except ResourceParseError as exc:
        assert str(exc)  # Hadoop always says why
        return
    assert spec.is_percentage or spec.absolute is not None
    spec.canonical()


@SETTINGS
@given(RESOURCE_TEXT)
def test_canonical_reparses_to_an_equal_value(text: str) -> None:
    try:
        spec = parse_resource_config_value(text, UNBOUNDED, TYPES)
    except ResourceParseError:
        return
    again = parse_resource_config_value(spec.canonical(), UNBOUNDED, TYPES)
    assert again == spec, (text, spec.canonical())


@SETTINGS
@given(st.lists(st.sampled_from(TYPES), unique=True, min_size=1), st.data())
def test_canonical_of_percentages_reparses_equal(names: list[str], data: st.DataObject) -> None:
    text = ", ".join(f"{name}={data.draw(PERCENT)}%" for name in names)
    spec = parse_resource_config_value(text, UNBOUNDED, TYPES)
    assert parse_resource_config_value(spec.canonical(), UNBOUNDED, TYPES) == spec, spec.canonical()


@SETTINGS
@given(AMOUNT, AMOUNT, WS, WS, st.booleans(), st.booleans())
def test_old_and_new_spellings_of_the_same_amounts_are_equal(
    memory: int, vcores: int, ws1: str, ws2: str, swap: bool, upper: bool
) -> None:
    # old style gives 0 to types it does not name, as new style with missing=0 (minResources)
    pieces = [f"{memory}{ws1}mb", f"{vcores}{ws2}vcores"]
    if swap:
        pieces.reverse()
    old = ",".join(f"{ws1}{piece}{ws2}" for piece in pieces)
    if upper:
        old = old.upper()
    new_pieces = [f"memory-mb{ws1}={ws2}{memory}", f"vcores={vcores}{ws1}"]
    if swap:
        new_pieces.reverse()
    new = ",".join(new_pieces)
    a = parse_resource_config_value(old, 0, MANDATORY_TYPES)
    b = parse_resource_config_value(new, 0, MANDATORY_TYPES)
    no_commas = parse_resource_config_value(" ".join(pieces), 0, MANDATORY_TYPES)
    assert a == b == no_commas
    assert a.amounts() == {"memory-mb": memory, "vcores": vcores}


@SETTINGS
@given(PERCENT, PERCENT, WS, st.booleans())
def test_old_and_new_spellings_of_the_same_percentages_are_equal(
    memory: str, cpu: str, ws: str, swap: bool
) -> None:
    pieces = [f"{memory}{ws}% memory", f"{cpu}%{ws}cpu"]
    if swap:
        pieces.reverse()
    old = parse_resource_config_value(", ".join(pieces), UNBOUNDED, MANDATORY_TYPES)
    new = parse_resource_config_value(f"vcores={cpu}%, memory-mb={memory}{ws}%", UNBOUNDED, MANDATORY_TYPES)
    assert old == new
    same = parse_resource_config_value(f"{memory}%", UNBOUNDED, MANDATORY_TYPES)
    assert same == parse_resource_config_value(f"memory-mb={memory}%, vcores={memory}%", 0, MANDATORY_TYPES)


@SETTINGS
@given(AMOUNT, AMOUNT, WS)
def test_new_style_order_and_whitespace_do_not_matter(memory: int, gpu: int, ws: str) -> None:
    a = parse_resource_config_value(f"memory-mb={memory},{ws}gpu={gpu}", UNBOUNDED, TYPES)
    b = parse_resource_config_value(f"{ws}gpu{ws}={ws}{gpu}{ws},memory-mb={memory}", UNBOUNDED, TYPES)
    assert a == b
    # vcores left out: (int) Long.MAX_VALUE
    assert a.amounts() == {"memory-mb": memory, "vcores": -1, "gpu": gpu}
