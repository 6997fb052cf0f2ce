"""``fsctl.routing.apps``: applications given as FIELD=VALUE specs or in CSV, YAML and JSON tables."""

from __future__ import annotations

import os
import tempfile

from hypothesis import given
from hypothesis import strategies as st

from fsctl.routing.apps import App, AppSpecError, parse_spec, read_apps

_NAME = st.text(
    st.characters(blacklist_characters=",=:", blacklist_categories=("Cc", "Cs", "Zs")), min_size=1
).filter(str.isprintable)


@given(_NAME, st.lists(_NAME, max_size=3), st.none() | _NAME)
def test_spec_round_trip(user: str, groups: list[str], queue: str | None) -> None:
    app = App(user.strip(), tuple(g.strip() for g in groups), queue.strip() if queue else None)
    if not app.user or any(not g for g in app.groups) or (queue is not None and not app.queue):
        return
    assert parse_spec(app.label()) == app


@given(st.text(max_size=200), st.sampled_from([".csv", ".yaml", ".json"]))
def test_any_table_reads_or_is_refused_with_a_location(text: str, extension: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "apps" + extension)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        try:
            apps = read_apps(path)
        except AppSpecError as exc:
            assert exc.location is not None and exc.location.file == path
            assert "\n" not in exc.message
        else:
            assert all(app.user and app.user.isprintable() for app in apps)
