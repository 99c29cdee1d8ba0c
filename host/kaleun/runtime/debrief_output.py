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
from typing import Any

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
        #: the game's `mission_end` event, once the mission ended
        self.ended: Event | None = None
        #: what the career record says goes on, when it is not what the game's end says (a mission of a campaign
        #: given up since): said after the game's own line (`tick`), and in its place by `end_line`
        self.going_on: Msg | None = None
        self._said_later: list[Msg] = []

    def handle(self, event: Event) -> None:
        if event.name == "mission_end" and self.game.game == "uboot":
            self.ended = event
            self.write()

    def tick(self, now: float) -> None:
        """The end of the runtime's step, once the front ends have shown its events: what must follow the
        mission's end line is said now, so it is the last word the crew reads."""
        while self._said_later:
            self.report(self._said_later.pop(0))

    def end_line(self) -> Msg | str | None:
        """The mission's end as the table shows it (the window's debrief): the game's own line, or, for a mission
        of a campaign given up since, its result followed by how the career's campaign goes on. The game's end
        line tells what follows in a clause after its result ("{told} The campaign goes on with ..."): that
        clause is the game's view of a campaign the career record no longer runs, and is left out."""
        if self.ended is None:
            return None
        feed = self.ended.feed
        if self.going_on is None:
            return feed
        if isinstance(feed, Msg) and feed.template.startswith("{told} ") and "told" in feed.values:
            feed = feed.values["told"]
        return Msg("{told} {campaign}", told=feed, campaign=self.going_on) if feed else self.going_on

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
                self.going_on = newer_campaign(record)
                self._said_later.append(self.going_on)  # after the game's end line, which it corrects
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
        self.tick(0.0)


def newer_campaign(record: dict[str, Any]) -> Msg:
    """What goes on after a mission of a campaign given up since (rulebook §4.3: the campaign keeps the results of
    its own missions): the career record's newer campaign, running or over."""
    from kaleun.career import going_on_command
    from kaleun.uboot.missions.catalogue import titled

    campaign = record.get("campaign") or {}
    if campaign.get("state") == "running":
        return Msg("The campaign this mission was played in was given up for a newer one: its result is booked with "
                   "the career's missions only (kaleun career shows both). The newer campaign goes on with {next}: "
                   "{how}.", next=titled(campaign.get("next")), how=going_on_command("campaign"))
    return Msg("The campaign this mission was played in was given up for a newer one: its result is booked with the "
               "career's missions only. The newer campaign is over too (kaleun career shows it); a new one begins "
               "with {how}.", how=going_on_command("campaign"))
