"""Rendering a user's ``--template`` through jinja2.

fsctl writes its own output directly (:mod:`fsctl.generate.text`); ``templates/*.j2`` render the
same bytes and are the starting point for a template of one's own. A user's template is rendered in
a sandboxed environment with ``StrictUndefined``, so it can neither reach Python internals nor
silently print nothing for a misspelt variable. jinja2 is imported here only, when one is given.
"""

from __future__ import annotations

from typing import Any


class TemplateProblem(Exception):
    """The template cannot be read or rendered; the message says why (and where, when known)."""


def comment_safe(text: str) -> str:
    """Text that can sit inside an XML comment (no ``--``, no trailing ``-``)."""
    while "--" in text:
        text = text.replace("--", "- -")
    return text.rstrip("-")


def render(context: dict[str, Any], user_template: str) -> str:
    """Render ``context`` with the user's template file."""
    import jinja2
    import jinja2.sandbox

    from fsctl.io.fileio import read_input

    try:
        source = read_input(user_template, 1024 * 1024).decode("utf-8")  # no FIFO, device or 100 MB
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateProblem(f"{user_template}: cannot read the template: {exc}") from None
    env = jinja2.sandbox.SandboxedEnvironment(
        autoescape=True, undefined=jinja2.StrictUndefined, keep_trailing_newline=True
    )
    name = user_template
    try:
        template = env.from_string(source)
        text = template.render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"{name}:{exc.lineno}: template syntax error: {exc.message}") from None
    except jinja2.exceptions.SecurityError as exc:
        raise TemplateProblem(f"{name}: not allowed in a template: {exc}") from None
    except jinja2.TemplateError as exc:
        raise TemplateProblem(f"{name}: cannot render the template: {exc}") from None
    except (TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise TemplateProblem(f"{name}: cannot render the template: {type(exc).__name__}: {exc}") from None
    return text if text.endswith("\n") else text + "\n"
