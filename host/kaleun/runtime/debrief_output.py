"""The debrief output: when a mission ends, the session gets its debrief and the career its entry.

On `mission_end` it writes `<session>.debrief.json` (the debrief data of
`kaleun.uboot.missions.debrief`) and `<session>.debrief.png` (the chart and the outcome,
`kaleun.ui.debrief_chart`) into the session folder, and books a mission with objectives into the
career record (`kaleun.career`). A failure to write is logged and never stops the game. The window's
debrief screen reads `paths` (and the `mission_end` event's fields).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from kaleun.core.engine import Engine
from kaleun.core.events import Event
from kaleun.core.messages import Msg

log = logging.getLogger(__name__)


class DebriefOutput:
    def __init__(self, game: Engine, folder: Path, stem: str, career: bool = True,
                 language: str | Callable[[], str] = "en") -> None:
        """`language`: the chart's language, or where to read it when the mission ends (the
        table's language may change during the game)."""
        self.game = game
        self.png = folder / f"{stem}.debrief.png"
        self.json = folder / f"{stem}.debrief.json"
        self.career = career
        self.language = language
        #: the files written so far (empty until the mission ends)
        self.paths: list[Path] = []
        #: the mission ended but could not be booked in the career record (a full disk ...): tried
        #: again when the table closes, and by `kaleun resume` of the save
        self.unbooked = False
        #: who tells the crew, in the table's language, that the result could not be booked (the front end's
        #: problems; without one, the log)
        self.report: Callable[[Msg], None] = lambda text: log.error("%s", text)

    def handle(self, event: Event) -> None:
        if event.name == "mission_end" and self.game.game == "uboot":
            self.write()

    def write(self) -> list[Path]:
        from kaleun.saves import write_atomic
        from kaleun.uboot.missions.debrief import debrief

        data = debrief(self.game)
        try:
            write_atomic(self.json, json.dumps(data, ensure_ascii=False, indent=1))
            self.paths.append(self.json)
        except OSError as exc:
            log.error("the debrief could not be written to %s: %s", self.json, exc)
        try:
            from kaleun.ui.debrief_chart import write_debrief

            language = self.language() if callable(self.language) else self.language
            self.paths.append(write_debrief(data, self.png, language))
        except Exception as exc:  # pygame missing or failing must not stop the table
            log.error("the debrief chart could not be drawn (%s): %s", self.png, exc)
        if self.career:
            self.book()
        return self.paths

    def book(self) -> None:
        """Book the ended mission in the career record (once: a booked game is not booked again)."""
        from kaleun.career import CareerError, leaves_the_patrol, load_career, of_an_earlier_campaign, record_mission
        from kaleun.core.messages import of_error

        left = leaves_the_patrol(self.game)  # asked before the booking moves the record's patrol on
        try:
            entry = record_mission(self.game)
            record = load_career() if entry is not None else None
            # the mission's end said how its campaign or patrol goes on: the record holds a newer one
            if record is not None and of_an_earlier_campaign(record, self.game):
                self.report(Msg("The campaign this mission was played in is over, and a newer one has begun since: its "
                                "result is booked with the career's missions only, not in a campaign (kaleun career "
                                "shows both)."))
            elif record is not None and left:
                self.report(Msg("The career record's linked patrol has changed since this part began: its result is "
                                "booked with the career's missions only, and the linked patrol in the record is left "
                                "as it is (kaleun career shows both)."))
        except (CareerError, OSError) as exc:
            log.info("the mission could not be booked in the career record (tried again on leaving and "
                      "by kaleun resume): %s", exc)
            if not self.unbooked:  # the crew is told once, in its language, what keeps the result and how it is booked
                problem = of_error(exc) if isinstance(exc, CareerError) else str(exc.strerror or exc)
                self.report(Msg("The mission's result could not be booked in the career record: {problem}. Its save "
                                "keeps it: once the record is repaired or moved away, kaleun resume books it.",
                                problem=problem))
            self.unbooked = True
        else:
            self.unbooked = False

    def close(self) -> None:
        if self.unbooked:
            self.book()
