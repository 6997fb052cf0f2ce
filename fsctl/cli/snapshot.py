"""``fsctl snapshot (--rm URL... | --from FILE...) [-o FILE]``: the click shell, and the progress
bar on stderr (rich, which the core never imports: the command gets a callback)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from fsctl.cli.options import file_option

if TYPE_CHECKING:
    from fsctl.commands.snapshot import Progress


def _header(text: str) -> tuple[str, str]:
    name, colon, value = text.partition(":")
    name = name.strip()
    if not colon or not name or any(c.isspace() or not c.isprintable() for c in name):
        raise click.BadParameter(
            f"{text.split(':', 1)[0]!r}...: expected 'NAME: VALUE'", param_hint="--header"
        )
    if not value.strip().isprintable():
        raise click.BadParameter(f"{name}: a control character in the value", param_hint="--header")
    return name, value.strip()


@contextmanager
def _progress_bar(total: int) -> Iterator[Progress | None]:
    """A bar on stderr when it is a terminal (a snapshot of a large cluster takes a while): a step
    per request or saved response, and the applications read while the snapshot is built."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("snapshot", total=total)

        def advance(message: str, *, advance: bool = True) -> None:
            progress.update(task, description=message, advance=1 if advance else 0)

        yield advance


@click.command("snapshot")
@click.argument("files", nargs=-1, type=click.Path())
@click.option(
    "--rm",
    "urls",
    multiple=True,
    metavar="URL",
    help="A ResourceManager's web address (http://rm1:8088); repeat for each RM of an HA pair.",
)
@click.option(
    "--from",
    "offline",
    is_flag=True,
    help="Build the snapshot from saved REST responses, the FILES: scheduler.json apps.json "
    "[metrics.json info.json conf.xml], recognised by content.",
)
@click.option(
    "-o", "--output", metavar="FILE", default=None, help="Write the snapshot here (default: stdout)."
)
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@click.option(
    "--header",
    "headers",
    multiple=True,
    metavar="'NAME: VALUE'",
    help="Send this HTTP header (a gateway's token); repeatable; never written to the snapshot.",
)
@file_option("--ca-bundle", help="PEM file of the certificate authorities to trust for HTTPS.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds to wait for each answer.",
)
@click.option(
    "--negotiate", is_flag=True, help="Authenticate with SPNEGO/Kerberos (pip install 'fsctl[kerberos]')."
)
def command(
    files: tuple[str, ...],
    urls: tuple[str, ...],
    offline: bool,
    output: str | None,
    force: bool,
    headers: tuple[str, ...],
    ca_bundle: str | None,
    timeout: float,
    negotiate: bool,
) -> None:
    """Today's load from a live ResourceManager (--rm URL) or from its saved REST responses
    (--from FILES): the queues, every running and accepted application (user, queue, usage,
    demand, container size, priority, start), the shares and capacities the RM reported, and the
    configuration it runs, secrets redacted.

    The snapshot is what simulate, diff (--demand) and route (--apps) read; simulate compares the
    shares it computes with the ones the RM reported. Exit 0 written, 2 when no snapshot can be
    taken (nothing is written).
    """
    from fsctl.commands import snapshot
    from fsctl.io.rm_client import check_url

    if bool(urls) == offline:
        raise click.UsageError("give --rm URL (a live ResourceManager) or --from FILES (saved responses)")
    if offline and not files:
        raise click.UsageError("--from needs the saved responses: scheduler.json apps.json [...]")
    if urls and files:
        raise click.UsageError(f"unexpected argument {files[0]!r} with --rm (use --from for saved responses)")
    for url in urls:
        problem = check_url(url)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="--rm")
    options = snapshot.SnapshotOptions(
        urls=list(urls),
        sources=list(files),
        output=output,
        force=force,
        headers=[_header(h) for h in headers],
        ca_bundle=ca_bundle,
        timeout=timeout,
        negotiate=negotiate,
    )
    with _progress_bar(snapshot.steps(options)) as advance:
        options.progress = advance
        code = snapshot.run(options, sys.stdout, sys.stderr)
    sys.exit(code)
