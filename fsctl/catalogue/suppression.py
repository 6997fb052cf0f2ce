"""Rules about fsctl's own inline suppression comments (``FX0xx``)."""

from fsctl.catalogue import WARNING, define

FX001 = define(
    "FX001",
    "unknown-code-in-comment",
    WARNING,
    """An ``fsctl: disable`` comment names a code or rule name that does not exist.

    A misspelt code silences nothing, and the finding it was meant for is still reported; a code
    that no longer exists hides nothing either. Use a code from ``fsctl rules`` or its name:

        <!-- fsctl: disable=FS999 -->              (fails: no such rule)
        <!-- fsctl: disable=FS104 -->              (passes)
        <!-- fsctl: disable=queue-name-has-dot --> (passes: names work wherever codes do)
    """,
)

FX002 = define(
    "FX002",
    "unused-suppression",
    WARNING,
    """An ``fsctl: disable`` comment silences nothing: no finding of that code is there.

    A stale comment would silently hide the next, unrelated problem of that code in the same
    place. Remove the code from the comment (or the comment). Codes of checks the command does not
    run (a lint rule under ``fsctl validate``) are not judged.
    """,
)

FX003 = define(
    "FX003",
    "load-error-not-suppressible",
    WARNING,
    """An inline comment tries to hide a load error; the error is still reported.

    The ResourceManager refuses a file with a load error whatever comment it carries, so a comment
    cannot make fsctl say the file is fine. To leave a load error out of a report on purpose, ask
    for it explicitly with ``--ignore CODE`` (or ``ignore`` in ``[tool.fsctl]``).
    """,
)
