"""Where fs2cs puts the rounding remainder of percentages, and fsctl with it (oracle: fs2cs 3.4.2
with --percentage and 3.3.6 on seven or six equal siblings): from 3.4 the first of the largest in the
HashMap order of the children's full names, before 3.4 the last child the Fair Scheduler created."""

from __future__ import annotations

import pytest

from fsctl.convert.converter import convert
from fsctl.convert.options import ConvertOptions
from fsctl.fair.reader import read_fair
from fsctl.io.xmldoc import load_xml
from fsctl.model.versions import HadoopVersion
from tests.convert.helpers import allocations, codes, cs


def _convert(body: str, version: HadoopVersion) -> dict[str, str]:
    tree = read_fair(load_xml("fair-scheduler.xml", allocations(body).encode()), hadoop_version=version).tree
    assert tree is not None
    result = convert(tree, None, ConvertOptions(percentage=True, hadoop_version=version))
    capacities = {k.removesuffix(".capacity"): v for k, v in cs(result).items() if k.endswith(".capacity")}
    return {**capacities, "CV403": ",".join(codes(result, "CV403"))}


def _weights(zero: str = "") -> str:
    return "".join(f'<queue name="{n}"><weight>{0 if n == zero else 1}</weight></queue>' for n in "abcdefg")


@pytest.mark.parametrize(
    ("zero", "version", "taker", "value"),
    [
        ("g", (3, 3), "root.c", "14.284"),  # fs2cs 3.3.6 (root.queues default,d,e,f,g,a,b,c): c
        ("a", (3, 3), "root.c", "14.284"),
        ("g", (3, 4), "root.d", "16.665"),  # fs2cs 3.4.2 (6 non-zero of 1/6): d
        ("a", (3, 4), "root.d", "16.665"),
    ],
)
def test_the_remainder_goes_where_fs2cs_puts_it(
    zero: str, version: HadoopVersion, taker: str, value: str
) -> None:
    capacities = _convert(_weights(zero), version)
    assert capacities.pop(taker) == value
    assert capacities.pop("CV403") == ""
    assert set(capacities.values()) == {"0.000", "16.667" if version >= (3, 4) else "14.286"}


def test_a_remainder_fs2cs_leaves_below_zero_goes_to_the_largest() -> None:
    # fs2cs 3.3.6 gives c (weight 0, created last) -0.002 and its verification fails
    capacities = _convert(_weights("c"), (3, 3))
    assert capacities["root.c"] == "0.000" and capacities["CV403"] == "root"
    assert capacities["root.default"] == "14.284"  # the largest, the first in document order


def test_1e20_makes_fs2cs_33_write_huge_and_negative_capacities() -> None:
    # (int) (1e20 + 1 + 2) is Integer.MAX_VALUE: fs2cs 3.3.6 writes 4656612968568.404 and a negative
    body = (
        '<queue name="a"><weight>1e20</weight></queue><queue name="b"><weight>1</weight></queue>'
        '<queue name="c"><weight>2</weight></queue>'
    )
    assert _convert(body, (3, 3))["CV403"] == "root"
    assert _convert(body, (3, 4))["CV403"] == ""  # 3.4's largest takes the rest: 100/0/0, as fsctl
