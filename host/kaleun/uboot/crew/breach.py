"""Hull breaches, the technical puzzle and flooding (rulebook §10.3.6-10.3.8).

A breach lowers morale by 1 (all hands lost if the crew is already exhausted) and starts a
countdown (length from the Chief Engineer's difficulty). Five repair symbols in the section
execute the repair order; only then may the engineer solve the puzzle (the breached section and
its two neighbours: bow = A, sections 1-6 = B-G, stern = H) and enter the result with the
`puzzle` command. Solved in time: sealed. A minute before the end the feed warns ([gap] our
choice, conditions.toml `warning_s`). Otherwise the section floods when the countdown ends:
sailors inside die, chips inside are lost; a second flooded section sinks the boat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import Msg
from kaleun.uboot.crew import sections
from kaleun.uboot.crew.bars import MORALE_CHANGES
from kaleun.uboot.crew.hazards import CONDITIONS_DATA

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

LETTERS: tuple[str, ...] = tuple(CONDITIONS_DATA["hull_breach"]["puzzle_letters"])
BREACH_REPAIR: int = int(CONDITIONS_DATA["hull_breach"]["repair"])
WARNING_S: float = float(CONDITIONS_DATA["hull_breach"]["warning_s"])
SINKING_FLOODS = 2


def puzzle(section: int) -> list[str]:
    """The three puzzle sections to assemble for a breach: e.g. section 1 -> A, B, C."""
    return [LETTERS[section - 1], LETTERS[section], LETTERS[section + 1]]


class Breaches:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.open: dict[int, dict[str, Any]] = {}  # section -> {"deadline", "crewed", "result", "warned"}
        self.flooded: list[int] = []

    def breach(self, section: int, cause: str) -> None:
        crew = self.crew
        if section in self.flooded:
            crew.emit("breach_ignored", feed=Msg("Hull breach in flooded section {section}: no effect.",
                                                 section=section), section=section, cause=cause)
            return
        if section in self.open:
            crew.emit("breach_ignored", feed=Msg("Another hit on the breach in section {section}.", section=section),
                      section=section, cause=cause)
            return
        if crew.bars.exhausted:
            crew.all_hands_lost(Msg("hull breach in section {section} struck an exhausted crew", section=section))
            return
        countdown = float(crew.level("engineer")["breach_countdown_s"])
        deadline = crew.engine.t + countdown
        self.open[section] = {"deadline": deadline, "crewed": False, "result": None,
                              "warned": countdown <= WARNING_S}
        letters = puzzle(section)
        minutes, seconds = divmod(int(countdown), 60)
        crew.emit("hull_breach", feed=Msg.plural("Hull breach in section {section} ({name})! {minutes}:{seconds:02d} "
                                                 "to seal it: {n} sailor with the repair symbol there, then the "
                                                 "puzzle {puzzle}.",
                                                 "Hull breach in section {section} ({name})! {minutes}:{seconds:02d} "
                                                 "to seal it: {n} sailors with the repair symbol there, then the "
                                                 "puzzle {puzzle}.", section=section,
                                                 name=Msg.term(sections.name(section)),
                                                 minutes=minutes, seconds=seconds, n=BREACH_REPAIR,
                                          puzzle="-".join(letters)), section=section, cause=cause, deadline=deadline,
                  countdown_s=countdown, puzzle=letters, repair=BREACH_REPAIR)
        crew.change_morale(MORALE_CHANGES["hull_breach"], Msg("hull breach in section {section}", section=section))

    def crewed(self, section: int) -> None:
        """The repair order was accepted and its crew activated: the puzzle may start."""
        self.open[section]["crewed"] = True
        self.crew.emit("puzzle_start", feed=Msg("Repair crew in section {section}: Chief Engineer, solve the puzzle "
                                                "{puzzle}.", section=section, puzzle="-".join(puzzle(section))),
                       section=section, puzzle=puzzle(section))

    def result_problem(self, section: int) -> Msg | None:
        """Why no puzzle result can be entered for `section` now, or None."""
        breach = self.open.get(section)
        if breach is None:
            return Msg("there is no open hull breach in section {section}", section=section)
        if not breach["crewed"]:
            return Msg("give the repair order for the breach in section {section} and activate its crew before "
                       "solving the puzzle", section=section)
        if breach["result"] == "failed":
            return Msg("the puzzle for section {section} has failed: evacuate the section", section=section)
        return None

    def result(self, section: int, solved: bool) -> None:
        crew = self.crew
        breach = self.open[section]
        if solved:
            del self.open[section]
            crew.emit("hull_breach_sealed", feed=Msg("Hull breach in section {section} sealed.", section=section),
                      section=section)
            return
        breach["result"] = "failed"
        left = int(breach["deadline"] - crew.engine.t)
        crew.emit("puzzle_failed", feed=Msg("The puzzle failed: evacuate section {section} before it floods in "
                                            "{minutes}:{seconds:02d}.", section=section, minutes=left // 60,
                                            seconds=left % 60), section=section, deadline=breach["deadline"])

    def next_wake(self) -> float | None:
        return min((b["deadline"] - (0 if b["warned"] else WARNING_S) for b in self.open.values()), default=None)

    def wake(self, now: float) -> None:
        for section in sorted(s for s, b in self.open.items() if b["deadline"] <= now):
            del self.open[section]
            self._flood(section)
        for section in sorted(s for s, b in self.open.items() if not b["warned"] and b["deadline"] - WARNING_S <= now):
            self._warn(section, now)

    def _warn(self, section: int, now: float) -> None:
        breach = self.open[section]
        breach["warned"] = True
        left = max(0, round(breach["deadline"] - now))
        if breach["result"] == "failed":
            feed = Msg("Section {section} floods in {minutes}:{seconds:02d}: get everybody out!", section=section,
                       minutes=left // 60, seconds=left % 60)
        else:
            feed = Msg("Hull breach in section {section}: {minutes}:{seconds:02d} left to seal it.", section=section,
                       minutes=left // 60, seconds=left % 60)
        self.crew.emit("breach_warning", feed=feed, section=section, left_s=left, deadline=breach["deadline"],
                       crewed=breach["crewed"], failed=breach["result"] == "failed")

    def _flood(self, section: int) -> None:
        crew = self.crew
        self.flooded.append(section)
        lost_items = crew.hazards.flood(section)
        victims = [m.figure for m in crew.members(section)]
        crew.emit("section_flooded", feed=Msg("Section {section} ({name}) is flooded and sealed off for the rest of "
                                              "the patrol.", section=section, name=Msg.term(sections.name(section))),
                  section=section, victims=victims, lost=lost_items)
        for figure in victims:
            crew.kill(figure, None, Msg("drowned in flooded section {section}", section=section))
        if len(self.flooded) >= SINKING_FLOODS:
            crew.mission_lost("flooded", Msg("A second section has flooded: the boat sinks with all hands."))

    def status(self) -> dict[str, Any]:
        return {"breaches": {str(s): dict(b) for s, b in self.open.items()}, "flooded": list(self.flooded)}

    def to_state(self) -> dict[str, Any]:
        return self.status()

    def load_state(self, state: Mapping[str, Any]) -> None:
        # "warned" is kept since the flooding warning: older saves warn when the time comes. The fields keep
        # the order a new breach has, so a loaded game saves to the same bytes as the game it was saved from
        self.open = {int(s): {"deadline": b["deadline"], "crewed": b["crewed"], "result": b["result"],
                              "warned": b.get("warned", False)} for s, b in state["breaches"].items()}
        self.flooded = [int(s) for s in state["flooded"]]
