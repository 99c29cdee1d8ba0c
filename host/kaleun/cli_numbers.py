"""Numbers from the command line, kept with the text the user typed: a refusal says "got 1e999" as typed,
not "got inf" (Python reads 1e999 as infinity)."""

from __future__ import annotations

import re


class TypedFloat(float):
    """A number from the command line that keeps the text typed, to be said back as typed in a refusal
    ("1e999", not "inf": Python reads it as infinity)."""

    typed: str


def number(text: str) -> TypedFloat:
    """An argparse type: a number, kept with its text (a ValueError is argparse's "invalid number value"); with
    the decimal comma German and Russian write too (`--wait 2,5`), as the console and `kaleun config set volume`."""
    read = text.strip()
    out = TypedFloat(read.replace(",", ".") if re.fullmatch(r"[-+]?\d*,\d+", read) else text)
    out.typed = text
    return out


def as_typed(value: float) -> str:
    """A number from the command line as the user typed it (`number`), else as Python writes it."""
    return getattr(value, "typed", str(value))
