"""Safe parsing: entities never resolved, DOCTYPE refused, every failure located."""

from __future__ import annotations

import re
import time

import pytest

from fsctl.io import xmldoc
from fsctl.io.xmldoc import XmlLoadError, load_xml

XXE = b"""<?xml version="1.0"?>
<!DOCTYPE allocations [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<allocations><queue name="&xxe;"/></allocations>"""

LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'.encode()
        for i in range(1, 10)
    )
    + b']>\n<allocations><queue name="&lol9;"/></allocations>'
)

EXTERNAL_DTD = (
    b'<?xml version="1.0"?>\n<!DOCTYPE allocations SYSTEM "http://example.invalid/x.dtd">\n<allocations/>'
)


@pytest.mark.parametrize("data", [XXE, LAUGHS, EXTERNAL_DTD], ids=["xxe", "billion-laughs", "external-dtd"])
def test_doctype_is_refused_quickly(data: bytes) -> None:
    start = time.monotonic()
    with pytest.raises(XmlLoadError) as info:
        load_xml("hostile.xml", data)
    assert info.value.diagnostic.code == "XML003"
    assert (info.value.diagnostic.line, info.value.diagnostic.column) == (2, 1)  # where <!DOCTYPE is
    assert time.monotonic() - start < 2


def test_doctype_is_located_on_its_own_line_and_column() -> None:
    with pytest.raises(XmlLoadError) as info:
        load_xml("x.xml", b'<?xml version="1.0"?>\n\n  <!DOCTYPE a>\n<allocations/>')
    assert (info.value.diagnostic.line, info.value.diagnostic.column) == (3, 3)


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"", 1),
        (b"   \n", 1),
        (b"<allocations>\n<queue name='a'>\n", 3),
        (b"\x00\x01\x02binary", 1),
        (b"<allocations>\xff\xfe</allocations>", 1),
        (b"<allocations>\n  <queue name='a'></pool>\n</allocations>", 2),
    ],
    ids=["empty", "blank", "truncated", "binary", "bad-utf8", "mismatched"],
)
def test_malformed_is_located(data: bytes, line: int) -> None:
    with pytest.raises(XmlLoadError) as info:
        load_xml("bad.xml", data)
    diagnostic = info.value.diagnostic
    assert diagnostic.code == "XML002"
    assert diagnostic.line == line
    assert diagnostic.column >= 1
    assert "\n" not in diagnostic.message


def test_columns_of_elements_on_one_line_and_across_lines() -> None:
    doc = load_xml(
        "x.xml",
        b'<allocations>\n  <queue name="a"/><queue name="b"/>\n  <queue\n    name="c"/>\n</allocations>',
    )
    a, b, c = list(doc.root)
    assert (doc.location(a).line, doc.location(a).column) == (2, 3)
    assert (doc.location(b).line, doc.location(b).column) == (2, 20)
    assert (doc.location(c).line, doc.location(c).column) == (3, 3)


def test_unreadable_paths(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(XmlLoadError) as info:
        load_xml(str(tmp_path / "missing.xml"))
    assert info.value.diagnostic.code == "XML001"
    with pytest.raises(XmlLoadError) as info:
        load_xml(str(tmp_path))
    assert info.value.diagnostic.code == "XML001"


def _start_tags_in_text_order(text: str) -> list[tuple[int, int]]:
    """(line, column) of every start tag: elements in document order are start tags in text order."""
    found = []
    for match in re.finditer(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|(<)(?![/!?])", text, re.S):
        if match.group(1):
            before = text[: match.start()]
            found.append((before.count("\n") + 1, match.start() - before.rfind("\n")))
    return found


TRICKY = (
    '<?xml version="1.0"?>\n<allocations xmlns:x="u"><queue name="a"><weight>1</weight><queue\n'
    ' name="b" a=">"><weight>2</weight></queue><!-- <queue name="z"/> --><queue name="c"/></queue>\n'
    '<x:queue name="d"/><queue name="e"\n/><queue name="f">\n<weight\n>3</weight>  <weight>4</weight>'
    '</queue><![CDATA[ <queue> ]]><queue name="g"/>\n<queuePlacementPolicy><rule name="nestedUserQueue">'
    '<rule name="primaryGroup"/></rule><rule name="default"/></queuePlacementPolicy>\n</allocations>'
)
ONE_LINE = (
    "<allocations>"
    + "".join(
        f'<queue name="q{i}"><weight>1</weight><queue name="l{i}"><weight>2</weight></queue></queue>'
        for i in range(300)
    )
    + '<queuePlacementPolicy><rule name="a"><rule name="b"/></rule></queuePlacementPolicy></allocations>'
)


@pytest.mark.parametrize("bulk", [0, 10**9], ids=["scan-first", "line-first"])
@pytest.mark.parametrize(
    "text", [TRICKY, ONE_LINE, ONE_LINE.replace("><", ">\r\n<")], ids=["tricky", "one-line", "crlf"]
)
def test_every_element_is_located_at_its_start_tag(
    text: str, bulk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # elements sharing a line with same-name ones (a file on one line) are ranked in one walk, and
    # the line-only fast path must agree with the whole-text scan wherever it answers (the scan
    # answers every lookup after the first BULK_LOOKUPS)
    monkeypatch.setattr(xmldoc, "BULK_LOOKUPS", bulk)
    doc = load_xml("x.xml", text.encode())
    elements = [e for e in doc.root.iter() if isinstance(e.tag, str)]
    expected = _start_tags_in_text_order(text.replace("\r\n", "\n"))
    assert [(doc.location(e).line, doc.location(e).column) for e in elements] == expected
