"""The Captain's command bar and morale bar (rulebook §7.2-7.4).

Positions are field indices from the left: the command marker starts on 0 (VIII) and its last
field is the blank one; the morale marker starts on 0 (XI) and its last field (blank) means an
exhausted crew. Moving right = paying orders / losing morale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data

BARS = data.load("bars")
COMMAND_FIELDS: tuple[str, ...] = tuple(BARS["command_fields"])
MORALE_FIELDS: tuple[str, ...] = tuple(BARS["morale_fields"])
COMMAND_LAST = len(COMMAND_FIELDS) - 1
MORALE_LAST = len(MORALE_FIELDS) - 1
CARD_DECKS: Mapping[int, int] = {MORALE_FIELDS.index(f): int(d) for f, d in BARS["card_fields"].items()}
MORALE_CHANGES: Mapping[str, int] = BARS["morale"]


def command_label(index: int) -> str:
    return COMMAND_FIELDS[index] or "blank"


def morale_label(index: int) -> str:
    return MORALE_FIELDS[index] or "blank (exhausted)"


def field_term(label: str) -> Msg | str:
    """A field of the command or morale bar as the feed says it: its numeral, or "blank"."""
    if label == "blank":
        return Msg("blank")
    if label == "blank (exhausted)":
        return Msg("blank (exhausted)")
    if label == "its last field":
        return Msg("its last field")
    return label


def morale_value(index: int) -> int:
    """XI = 11 ... I = 1, the blank last field = 0."""
    return MORALE_LAST - index


@dataclass
class MoraleMove:
    """What a change of morale did: fields moved (negative = lower) and the morale cards to draw."""

    before: int
    after: int
    cards: list[tuple[str, int]] = field(default_factory=list)  # (field label, deck)

    @property
    def change(self) -> int:
        return self.before - self.after


class Bars:
    def __init__(self) -> None:
        self.command = 0
        self.morale = 0

    @property
    def exhausted(self) -> bool:
        """§7.4: the morale marker on its last field."""
        return self.morale == MORALE_LAST

    @property
    def can_pay(self) -> bool:
        return self.command < COMMAND_LAST or self.morale < MORALE_LAST

    def pay(self) -> str | MoraleMove:
        """Pay one order: the command bar while it has fields, else the morale bar (§7.2, §7.3).
        Returns "command" or the morale move. Call only when `can_pay`."""
        if self.command < COMMAND_LAST:
            self.command += 1
            return "command"
        return self.move_morale(-1)

    def move_command(self, fields_left: int) -> int:
        """Move the command marker left (positive) or right (negative). Returns the fields moved."""
        before = self.command
        self.command = min(COMMAND_LAST, max(0, self.command - fields_left))
        return before - self.command

    def move_morale(self, change: int) -> MoraleMove:
        """Raise (positive) or lower (negative) morale, never past XI nor off the bar."""
        before = self.morale
        after = min(MORALE_LAST, max(0, before - change))
        move = MoraleMove(before, after)
        for i in range(before + 1, after + 1):
            deck = CARD_DECKS.get(i)
            if deck is not None:
                move.cards.append((MORALE_FIELDS[i] or "blank", deck))
        self.morale = after
        return move

    def status(self) -> dict[str, Any]:
        return {"command": command_label(self.command), "command_fields_left": COMMAND_LAST - self.command,
                "morale": morale_label(self.morale), "morale_value": morale_value(self.morale),
                "exhausted": self.exhausted}

    def to_state(self) -> dict[str, Any]:
        return {"command": self.command, "morale": self.morale}

    def load_state(self, state: Mapping[str, Any]) -> None:
        command, morale = int(state["command"]), int(state["morale"])
        if not (0 <= command <= COMMAND_LAST and 0 <= morale <= MORALE_LAST):
            raise ValueError(f"bar markers out of range: command {command}, morale {morale}")
        self.command, self.morale = command, morale
