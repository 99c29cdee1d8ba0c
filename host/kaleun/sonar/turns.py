"""Who may act now (digest §5, §6): turn order, the surfacing bonus, the Stop! freeze, sonar answers.

- **Turn-based**: the Captains alternate; a turn is a course (or silence) confirmed by First Mate
  and Engineer, or a surfacing. Systems are activated in the own turn (our choice: rules.toml quotes
  the rulebook's "zu einem beliebigen Zeitpunkt"; `activate_in_own_turn`). After a surfacing the
  opponent plays `bonus` turns in a row; if it surfaces during them the rest are lost and play
  goes on normally. [gap] The turn passes once the move's handshake is complete. [gap] A silent
  run moves the boat, so it is the turn's move (no course follows it in that turn); a course
  refused after it says so (`silent_run_ends_turn`; the referee applies these rules.toml values).
- **Real-time**: both teams act at will; only the course handshake gates the next course.
- **Stop!**: in real time, a team that calls Stop! (or activates a system) freezes both teams
  until the activation resolves; a sonar activation keeps everything frozen until the other
  Captain's answer, in both modes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TEAMS = ("yellow", "blue")
OTHER = {"yellow": "blue", "blue": "yellow"}


@dataclass
class TurnOrder:
    mode: str
    bonus: int = 3
    #: whose turn it is (turn-based), None before the start
    current: str | None = None
    #: the team playing extra turns after the other surfaced, and how many are left (this one included)
    bonus_for: str | None = None
    bonus_left: int = 0
    #: the team holding a Stop! (real time)
    frozen_by: str | None = None
    #: (asking team, answering team) while a sonar answer is awaited
    sonar: tuple[str, str] | None = None

    @property
    def turn_based(self) -> bool:
        return self.mode == "turn"

    def begin(self, first: str) -> None:
        self.current = first

    def extra(self) -> int:
        """Which extra turn the current one is (1..bonus), 0 for a normal turn."""
        if self.bonus_for is not None and self.bonus_for == self.current:
            return self.bonus - self.bonus_left + 1
        return 0

    def end_turn(self, team: str, surfaced: bool = False) -> str:
        """The turn of `team` is over; returns whose turn it is now."""
        other = OTHER[team]
        if surfaced:
            if self.bonus_for == team:  # surfaced during its own extra turns: the rest are lost
                self.bonus_for, self.bonus_left = None, 0
            else:
                self.bonus_for, self.bonus_left = other, self.bonus
            self.current = other
            return other
        if self.bonus_for == team:
            self.bonus_left -= 1
            if self.bonus_left > 0:
                return team
            self.bonus_for = None
        self.current = other
        return other

    def to_state(self) -> dict[str, Any]:
        return {"current": self.current, "bonus_for": self.bonus_for, "bonus_left": self.bonus_left,
                "frozen_by": self.frozen_by, "sonar": list(self.sonar) if self.sonar else None}

    def load_state(self, state: dict[str, Any]) -> None:
        self.current = state["current"]
        self.bonus_for = state["bonus_for"]
        self.bonus_left = int(state["bonus_left"])
        self.frozen_by = state["frozen_by"]
        sonar = state["sonar"]
        self.sonar = (sonar[0], sonar[1]) if sonar else None
