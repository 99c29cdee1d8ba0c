"""A typed value as a refusal echoes it: cut to a readable length.

A cell typed as a 400-digit number, or a sector typed as 1e308 (a whole number of 309 digits), is refused
with the value it names; the refusal shows its beginning and its end, never a screenful of digits.
"""

from __future__ import annotations

from typing import Any

from kaleun.core.messages import Msg

#: the longest value a refusal echoes whole (a cell, a sector, a word typed by mistake fit easily)
LONGEST = 24
#: the fields of a refusal that echo what was typed
ECHOED = ("value", "word", "member", "symbol", "cell", "direction", "distance", "number")


def clipped(value: Any) -> Any:
    """`value` as a refusal echoes it: a text longer than LONGEST as its beginning, "..." and its end; anything
    else as it is."""
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if isinstance(text, str) and len(text) > LONGEST:
        return text[:12] + "..." + text[-6:]
    return value


def clip_echoes(msg: Msg) -> Msg:
    """`msg` with every echoed value (`ECHOED`, also inside the messages it holds) `clipped`; `msg` itself when
    nothing was too long."""
    values = {key: clip_echoes(value) if isinstance(value, Msg) else clipped(value) if key in ECHOED else value
              for key, value in msg.values.items()}
    if all(values[key] is msg.values[key] for key in values):
        return msg
    out = Msg(msg.template, **values)
    out.plural_form, out.context = msg.plural_form, msg.context
    return out
