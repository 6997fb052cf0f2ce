from fsctl.catalogue import document
from fsctl.catalogue.selection import Selection, fails
from fsctl.model.diagnostics import Severity


def test_select_prefix_and_longest_match_wins() -> None:
    sel = Selection.of(select=["FS"], ignore=["FS3"])
    assert sel.keeps("FS101")
    assert not sel.keeps("FS301")
    assert not sel.keeps("CS101")
    assert Selection.of(select=["FS301"], ignore=["FS3"]).keeps("FS301")


def test_comma_separated_and_case_insensitive() -> None:
    sel = Selection.of(ignore=["fs101, cs2"])
    assert not sel.keeps("FS101")
    assert not sel.keeps("CS201")
    assert sel.keeps("FS102")


def test_unreadable_file_is_never_ignored() -> None:
    assert Selection.of(ignore=["XML"]).keeps("XML002")
    assert Selection.of(select=["FS"]).keeps("XML001")


def test_fail_on_threshold() -> None:
    warning = document.XML004.at(None, "x", severity=Severity.WARNING)
    assert fails([warning], Severity.WARNING)
    assert fails([warning], Severity.INFO)
    assert not fails([warning], Severity.ERROR)
