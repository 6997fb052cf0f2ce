"""fsctl: validate, lint, simulate, convert, diff and generate YARN scheduler configurations."""

__version__ = "0.2.0"
