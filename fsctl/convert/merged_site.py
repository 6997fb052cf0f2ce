"""The user's yarn-site.xml with the conversion applied (``fsctl convert --merged-yarn-site FILE``):
the file the ResourceManager boots with after the switch.

Every key the conversion sets takes its value where the input defines it (each definition, so that
neither an earlier ``final`` one nor a later one keeps the old value: ``Configuration`` lets the last
definition win unless an earlier one is final); the keys the input lacks are added at the end, after
a comment that names them and the values they replace. Everything else stays as written: comments,
order, the Fair Scheduler's own keys (fs2cs leaves the input as it is too; the Capacity Scheduler
does not read them). The XML declaration, the comments around the root element and the root
element's text are kept; character data is written back escaped, so a CDATA section or a character
reference in the input comes out as its plain escaped text.
"""

from __future__ import annotations

from collections.abc import Mapping

from lxml import etree

from fsctl.hadoop.javanum import java_trim
from fsctl.io.xmldoc import load_xml, local_name

HEADER = "added by fsctl convert (Fair Scheduler -> Capacity Scheduler)"


def merged_yarn_site(path: str, data: bytes, delta: Mapping[str, str]) -> bytes:
    """``data`` (the yarn-site.xml read from ``path``) with ``delta`` applied. Raises XmlLoadError
    when ``data`` does not parse."""
    doc = load_xml(path, data)
    root = doc.root
    replaced: dict[str, str | None] = {}
    for node in root.iter(etree.Element):
        if local_name(node) != "property" or node is root:
            continue
        name = _name(node)
        if name is None or name not in delta:
            continue
        replaced.setdefault(name, _value(node))
        _set_value(node, delta[name])
    added = [(key, value) for key, value in delta.items() if key not in replaced]
    changed = [(key, old) for key, old in replaced.items() if old != delta[key]]
    if added or changed:
        _append(root, added, changed)
    body = etree.tostring(root, encoding="unicode")
    return (_prolog(root, data) + body + _epilog(root)).encode("utf-8")


def _name(node: etree._Element) -> str | None:
    """The property's name as Hadoop reads it (the last ``<name>``, else the attribute), trimmed."""
    name = node.get("name")
    for child in node:
        if isinstance(child.tag, str) and local_name(child) == "name":
            name = _character_data(child)
    return java_trim(name) if name is not None else None


def _value(node: etree._Element) -> str | None:
    value = node.get("value")
    for child in node:
        if isinstance(child.tag, str) and local_name(child) == "value":
            value = _character_data(child)
    return value or None


def _character_data(node: etree._Element) -> str:
    """An element's text as Configuration reads it: its character data, comments skipped."""
    return (node.text or "") + "".join(child.tail or "" for child in node)


def _set_value(node: etree._Element, value: str) -> None:
    if node.get("value") is not None:
        node.set("value", value)
    values = [c for c in node if isinstance(c.tag, str) and local_name(c) == "value"]
    if values:
        for child in values:  # every <value>: the last one counts, the others say the same
            tail = child.tail
            for grandchild in list(child):
                child.remove(grandchild)
            child.text = value
            child.tail = tail
        return
    if node.get("value") is not None:
        return
    names = [c for c in node if isinstance(c.tag, str) and local_name(c) == "name"]
    element = etree.Element(_qualified(node, "value"))
    element.text = value
    if names:  # right after the name, indented as the name is
        anchor = names[-1]
        before = anchor.getprevious()
        element.tail = anchor.tail
        anchor.tail = before.tail if before is not None else node.text
        anchor.addnext(element)
    else:
        node.append(element)


def _qualified(node: etree._Element, name: str) -> str:
    """``name`` in ``node``'s namespace (a yarn-site.xml normally has none)."""
    tag = node.tag if isinstance(node.tag, str) else ""
    return tag[: tag.index("}") + 1] + name if tag.startswith("{") else name


def _indent(root: etree._Element) -> str:
    """The indentation of the root's children, as the input has it (two spaces when it has none)."""
    children = [c for c in root if isinstance(c.tag, str)]
    before = children[0].getprevious() if children else None
    text = root.text if before is None else before.tail
    if text and "\n" in text:
        return text.rsplit("\n", 1)[1]
    return "  "


def _append(
    root: etree._Element, added: list[tuple[str, str]], changed: list[tuple[str, str | None]]
) -> None:
    indent = _indent(root)
    last = root[-1] if len(root) else None
    closing = (last.tail if last is not None else root.text) or "\n"
    lines = [HEADER + ":"]
    lines += [f"  {key} (was {old if old is not None else 'unset'})" for key, old in changed]
    if added:
        lines.append(f"  and {len(added)} key{'s' if len(added) != 1 else ''} below")
    comment = etree.Comment(" " + f"\n{indent}     ".join(_comment_safe(line) for line in lines) + " ")
    separator = "\n\n" + indent
    if last is not None:
        last.tail = separator
    else:
        root.text = separator
    root.append(comment)
    previous: etree._Element = comment
    for key, value in added:
        previous.tail = "\n" + indent
        prop = etree.SubElement(root, _qualified(root, "property"))
        prop.text = "\n" + indent * 2
        name = etree.SubElement(prop, _qualified(root, "name"))
        name.text = key
        name.tail = "\n" + indent * 2
        value_node = etree.SubElement(prop, _qualified(root, "value"))
        value_node.text = value
        value_node.tail = "\n" + indent
        previous = prop
    previous.tail = closing


def _comment_safe(text: str) -> str:
    """XML forbids ``--`` inside a comment (and a trailing ``-``)."""
    while "--" in text:
        text = text.replace("--", "- -")
    return text.rstrip("-")


def _prolog(root: etree._Element, data: bytes) -> str:
    """The XML declaration (as written, when the output keeps its encoding) and the comments and
    processing instructions before the root, one per line."""
    parts: list[str] = []
    declaration = _declaration(data)
    if declaration is not None:
        parts.append(declaration)
    before = []
    node = root.getprevious()
    while node is not None:
        before.append(etree.tostring(node, encoding="unicode", with_tail=False))
        node = node.getprevious()
    parts.extend(reversed(before))
    return "".join(part + "\n" for part in parts)


def _declaration(data: bytes) -> str | None:
    if not data.startswith(b"<?xml"):
        return None if not data.startswith(b"\xef\xbb\xbf<?xml") else '<?xml version="1.0" encoding="UTF-8"?>'
    end = data.find(b"?>")
    text = data[: end + 2].decode("ascii", errors="replace") if end > 0 else ""
    encoding = text.lower().partition("encoding=")[2][1:6]
    return (
        text
        if not encoding or encoding.startswith("utf-8") or encoding.startswith("utf8")
        else ('<?xml version="1.0" encoding="UTF-8"?>')
    )


def _epilog(root: etree._Element) -> str:
    after = []
    node = root.getnext()
    while node is not None:
        after.append(etree.tostring(node, encoding="unicode", with_tail=False))
        node = node.getnext()
    return "\n" + "".join(part + "\n" for part in after)
