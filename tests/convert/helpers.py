"""Shared helpers for the converter's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fsctl.convert.converter import ConversionResult, convert
from fsctl.convert.options import ConvertOptions
from fsctl.hadoop.conf import HadoopConf
from tests.convert.fairxml import fair_tree

DATA = Path(__file__).resolve().parents[1] / "data" / "convert"
CONVERSION_XML = (DATA / "hadoop" / "fair-scheduler-conversion.xml").read_text()
P = "yarn.scheduler.capacity."


def allocations(body: str) -> str:
    return f'<?xml version="1.0"?>\n<allocations>\n{body}\n</allocations>\n'


def run(xml: str = CONVERSION_XML, site: dict[str, str] | None = None, **options: Any) -> ConversionResult:
    conf = HadoopConf.from_pairs(list(site.items()), source="yarn-site.xml") if site is not None else None
    return convert(fair_tree(xml), conf, ConvertOptions(**options))


def cs(result: ConversionResult) -> dict[str, str]:
    """capacity-scheduler.xml properties without the ``yarn.scheduler.capacity.`` prefix."""
    return {k.removeprefix(P): v for k, v in result.capacity.items()}


def codes(result: ConversionResult, code: str) -> list[str]:
    """The queues (or messages) of the findings with this code."""
    return [d.queue or d.message for d in result.findings if d.code == code]


def children_weights(weights: list[str]) -> str:
    queues = zip("abcdefg", weights, strict=False)
    return allocations("".join(f'<queue name="{q}"><weight>{w}</weight></queue>' for q, w in queues))
