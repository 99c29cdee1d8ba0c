"""The new-game set-up, chosen by touch before the game's clock starts (rulebook §4.3, §5.3).

Page one: the table's language, the mission (the practice pieces first, the training at their head, then the
missions with objectives by date) and how strict the crew rules are. Page two ("Next"):
how the mission is played (a single mission, a linked patrol, the campaign), the difficulty of each
role, the easy watch change for the roles on easy (with what the career record says of the mode: the
totals, the campaign, the linked patrol in progress), then "Start". "Linked patrol" is offered only where it can
be taken (§5.2): for a mission with no later part and no linked patrol in progress it is greyed, and its touch
says why, as the terminal's set-up refuses it at once. With a linked patrol in progress,
"linked patrol" offers two choices: go on with its next part (chosen at first, §5.2), or begin a new patrol
with the mission chosen on page one (a part of another linked patrol); with a campaign running further on,
"campaign" offers going on with its next mission or beginning anew with its first (§4.3). A choice that gives
up the patrol or the campaign in progress says so in the warning's colour before "Start" (the words of the
terminal's set-up: `kaleun.career.patrol_given_up`, `campaign_given_up`). Going on offers the difficulty
and easy watch change the patrol or campaign carries as the buttons' choice. The chosen set-up is a
`kaleun.uboot.missions.setup.GameSetup`; the session's `restart` builds its game with the career
record (`kaleun.career.start_configured`: the carry-over of a linked patrol, the campaign's next
mission) or says why it cannot start, which the page shows. When the game saved before this one (kept aside as
the window opened) holds the part of a linked patrol or the campaign mission "Start" would play, not over yet,
the crew's page says it is played again from its beginning, and "Start" first shows a page naming the file that
game is kept as, as `kaleun play --linked` does, with **Go on with it**, which continues that game in the window
instead, as `kaleun resume --save` does (the session's `resume_kept`). Any other
mission with objectives not over yet in that game (a single mission too) is named the same way: the new game sets
it aside, and the page says where it is kept.

Opened from a game's end (the debrief's New game, or its next part of a linked patrol or next campaign mission, which
opens the crew's page with that mode going on), "Start" always starts the game chosen, and **Debrief** in Quit's place
goes back to the finished game's debrief."""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import pygame
from pygame import Rect

from kaleun.career import (
    CareerError,
    campaign_given_up,
    career_messages,
    carried_settings,
    held_part,
    load_career,
    patrol_given_up,
    unfinished_mission,
)
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg, of_error
from kaleun.own_missions import program_own
from kaleun.service import service_kind
from kaleun.uboot.missions.catalogue import catalogue, patrol_titled, titled
from kaleun.uboot.missions.own import all_missions
from kaleun.uboot.missions.setup import (
    MODES,
    GameSetup,
    MissionLine,
    campaign_order,
    level_effects,
    mission_lines,
    setup_problem,
)
from kaleun.ui import icons, theme
from kaleun.ui.forms import ROLE_WORDS
from kaleun.ui.screens.base import Overlay
from kaleun.ui.screens.settings import (
    LEVEL_WORDS,
    SETUP_SHUT_DOWN_WORDS,
    SHUT_DOWN_WORDS,
    language_buttons,
    remember_language,
)
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas, wrap

log = logging.getLogger(__name__)

#: (the chosen set-up) -> a runtime for its new game (the session builds it; ValueError or the
#: career's error: why it cannot start)
Restart = Callable[[GameSetup], Any]
#: (the file the game saved before was kept as) -> a runtime going on with that game and what its load found (a
#: journal cut short: said in the feed, as `kaleun resume` says it) (the session builds it; SaveError or ValueError: why
#: it cannot go on)
Resume = Callable[[Path], tuple[Any, list[Msg | str]]]

#: the button on the page "Start" shows first that goes on with the game saved before, not over, instead
GO_ON_WITH_IT = Msg("Go on with it")

MODE_WORDS: dict[str, Msg] = {"single": Msg("single mission"), "linked": Msg("linked patrol"),
                              "campaign": Msg("campaign")}


def first_evening(lines: list[MissionLine]) -> list[MissionLine]:
    """The set-up's list: the practice pieces first, the training at their head (the mission chosen on a new table,
    so the list opens on its first page with it lit among nine others, not alone on the last), then the missions
    with objectives by date (`mission_lines` lists those first, as `kaleun missions` and the terminal's set-up do)."""
    practice = sorted((m for m in lines if not m.scored), key=lambda m: m.id != "training")
    return practice + [m for m in lines if m.scored]


class Setup(Overlay):
    id = "setup"
    title = Msg("New game")
    full = True

    def __init__(self, win: Any, restart: Restart | None = None,
                 leave: Callable[[], Msg | None] | None = None, begin: Callable[[], None] | None = None,
                 going_on: str | None = None, resume: Resume | None = None) -> None:
        super().__init__(win)
        self.restart = restart
        #: the session's hands for going on with the game saved before instead (`Go on with it`, `go_on_with_kept`)
        self.resume = resume
        #: the session's hands for leaving before Start (the game opened on is not kept: `session.leave_setup`)
        self.leave = leave
        #: told at Start, before the clock runs: the game shown is played from now (`session.setup_started`)
        self.begin = begin
        #: the group's own missions listed beside the shipped ones (read at the program's start)
        self.own = program_own()
        self.mission = str(self.game.module("mission").mission) if self.game.has_module("mission") else "training"
        self.rules: str | None = None
        #: the page of the mission list shown (None: the page holding the mission chosen, found when drawn)
        self.page: int | None = None
        #: 0: language, mission, rules; 1: mode, difficulty, easy watch change; 2: the game not over played again;
        #: 3: the career record (its totals, the campaign, the patrol in progress, every mission played)
        self.step = 0
        #: the career record's page shown (step 3)
        self.career_page = 0
        self.mode = "single"
        self.difficulty: dict[str, str] = {}
        self.easy: set[str] = set()
        self.problem: Msg | str | None = None
        #: the patrol or campaign in progress is given up for a new one (False: it goes on)
        self.anew = False
        #: the shut-down touched once (a table its service runs): the title asks first
        self.shutting = False
        #: the mission chosen on page one (a linked patrol going on plays its own next part instead)
        self.chosen = self.mission
        self.record: dict[str, Any] | None = None  # the career record (None: unreadable, `career_warning` says so)
        self.unreadable = False
        #: why the career record cannot be read (shown on its page: a touch-only crew has no `kaleun career`)
        self.career_error: Msg | str | None = None
        try:
            self.record = load_career()
        except CareerError as exc:
            log.warning("the set-up cannot read the career record: %s", exc)
            self.unreadable = True
            self.career_error = of_error(exc)
        #: the record's lines (`career_messages`), made once: the record is read once, and `career_line` is drawn
        self.career_lines = [] if self.record is None else career_messages(self.record, settings=False)
        autosave = getattr(win.runtime, "autosave", None)
        #: the file the game saved before this one was kept as when the window opened (None: there was none)
        self.kept: Path | None = getattr(autosave, "kept", None)
        #: per mode, the part of a linked patrol or the campaign not over yet that the kept game holds
        self._held: dict[str, tuple[str, str] | None] = {}
        #: opened after a game's end: that game is played no more ("Start" always starts the game chosen), and the
        #: file kept aside when it began is no game the new one sets aside (its own save is kept at Start instead)
        self.after_end = win.game.has_module("mission") and bool(win.game.module("mission").over)
        if self.after_end:
            self.kept = None
        if going_on in MODES:  # the next part of the linked patrol, or the campaign's next mission: the crew's page
            self.set_mode(going_on)
            self.step = 1

    def read(self) -> Hashable:
        return (self.mission, self.rules, self.win.lang.code, self.page, self.step, self.career_page, self.mode,
                tuple(sorted(self.difficulty.items())), tuple(sorted(self.easy)), self.problem, self.anew,
                self.shutting)

    def ask_shut_down(self, asking: bool) -> None:
        """The shut-down touched on a table its service runs (Quit would only bring the set-up back 5 s later):
        the title asks first."""
        self.shutting = asking
        self.win.touch()

    # -- choices ---------------------------------------------------------------------------------
    def choose(self, mission: str) -> None:
        self.mission = self.chosen = mission
        if self.mode == "linked" and self.not_linked() is not None:
            self.mode = "single"  # that mission cannot be played as a linked patrol: what it can be played as
        self.set_anew(self.anew)  # a linked patrol going on still plays its own next part

    def not_linked(self) -> Msg | None:
        """Why "linked patrol" is not offered (§5.2): the mission chosen on page one has no later part, or is a
        patrol's later part (a patrol begins with its first), and no linked patrol is in progress to go on with, as
        the terminal's set-up refuses it (None: it is offered)."""
        patrol = (self.record or {}).get("patrol")
        if patrol is not None and patrol.get("mode") == "linked":
            return None  # the patrol in progress goes on with its next part
        line = next((m for m in mission_lines(self.own) if m.id == self.chosen), None)
        if line is not None and line.patrol is not None and (line.part or 1) > 1:
            from kaleun.career import first_part_problem

            return first_part_problem(self.record or {}, self.chosen)  # a patrol begins with its first part
        if line is None or line.patrol is not None:
            return None
        return Msg("{mission} is a single mission, not a part of a linked patrol", mission=Msg.term(line.name))

    def set_rules(self, rules: str | None) -> None:
        self.rules = None if rules == self.rules else rules
        self.win.touch()

    def language(self, code: str) -> None:
        self.win.set_language(code)
        self.problem = remember_language(code)
        if self.problem is not None:
            self.page = None  # the list has fewer rows under the problem: it opens on the chosen mission again

    def go(self, step: int) -> None:
        self.step = step
        self.problem = None
        self.career_page = 0
        self.win.touch()

    def career_record(self) -> list[Msg | str]:
        """The career record's page, as `kaleun career` prints it: the totals, the campaign and the linked patrol
        with the difficulty and easy watch change they carry, then every mission played with its grade."""
        if self.career_error is not None:
            return [Msg("The career record cannot be read: {problem}", problem=self.career_error)]
        if self.record is None or not (self.record["missions"] or self.record.get("campaign")
                                       or self.record.get("patrol")):
            return [Msg("No mission with objectives has been played yet.")]
        return list(career_messages(self.record))

    def _turn_career(self, pages: int) -> None:
        self.career_page = (self.career_page + 1) % pages
        self.win.touch()

    def set_mode(self, mode: str) -> None:
        if mode == "linked" and self.not_linked() is not None:
            return
        self.mode = mode
        self.set_anew(False)  # the patrol or the campaign in progress goes on, unless the group chooses otherwise

    def going_on(self) -> dict[str, Any] | None:
        """The linked patrol (mode "linked") or the campaign running further on than its first mission ("campaign")
        that the mode chosen can go on with or give up (None: there is none, a new one begins)."""
        record = self.record or {}
        if self.mode == "linked":
            patrol = record.get("patrol")
            return patrol if patrol is not None and patrol.get("mode") == "linked" else None
        if self.mode == "campaign":
            campaign = record.get("campaign")
            if campaign is not None and campaign.get("state") == "running" and campaign.get("next") != \
                    campaign_order()[0]:
                return dict(campaign)
        return None

    def can_begin_anew(self) -> bool:
        """A new linked patrol begins with the mission chosen on page one when that is the first part of a linked
        patrol and not the next part of the one in progress; a campaign can always begin anew."""
        if self.mode == "campaign":
            return True
        patrol = self.going_on()
        line = next((m for m in mission_lines(self.own) if m.id == self.chosen), None)
        # a patrol begins with its first part (§5.2): another patrol's later part begins none (`first_part_problem`)
        return patrol is not None and line is not None and line.patrol is not None and self.chosen != patrol["next"] \
            and (line.part or 1) == 1

    def set_anew(self, anew: bool) -> None:
        """Go on with the linked patrol or campaign in progress (§5.2, §4.3), or give it up for a new one."""
        self.problem = None
        going_on = self.going_on()
        self.anew = anew and going_on is not None and self.can_begin_anew()
        if self.mode == "linked":
            self.mission = str(going_on["next"]) if going_on is not None and not self.anew else self.chosen
        elif self.mode == "single":
            self.mission = self.chosen
        if self.record is not None and not self.anew and self.mode != "single":
            difficulty, easy = carried_settings(self.record, self.mode, "" if self.mode == "campaign" else
                                                self.mission)
            if difficulty or easy:  # what the group played the last part with, as the buttons' choice
                self.difficulty = dict(difficulty)
                self.easy = {role for role, on in easy.items() if on and difficulty.get(role) == "easy"}
        self.win.touch()

    def given_up(self) -> Msg | None:
        """What the choice gives up, said before "Start" as the terminal's set-up says it (None: nothing)."""
        if self.record is None or not self.anew:
            return None
        if self.mode == "campaign":
            return campaign_given_up(self.record, self.setup())
        return patrol_given_up(self.record, self.setup())

    def playing(self) -> str:
        """The mission "Start" plays: the campaign's next (its first when begun anew or none runs)."""
        if self.mode != "campaign":
            return self.mission
        campaign = (self.record or {}).get("campaign")
        if self.anew or campaign is None or campaign.get("state") != "running":
            return campaign_order()[0]
        return str(campaign.get("next"))

    def held(self, whole: bool = False) -> Msg | None:
        """The game saved before this one holds the mission "Start" would play, of a linked patrol or the campaign
        and not over yet: said before "Start" as `kaleun play --linked` says it; or it holds another mission with
        objectives not over yet (a single mission too), which the new game sets aside (None: nothing to say).
        `whole`: with the file that game is kept as and how to go on with it instead (the page "Start" shows
        first)."""
        if self.kept is None:
            return None
        if self.mode not in self._held:
            self._held[self.mode] = held_part(self.kept, self.mode, self.record)
        part = self._held[self.mode]
        if part is not None and part[0] == self.playing() and self.mode == "linked":
            said = Msg("The game saved before this one holds {mission} of the linked patrol {patrol}, not over yet: "
                       "Start plays the part again from its beginning.", mission=self.titled(part[0]),
                       patrol=patrol_titled(part[1]))
        elif part is not None and part[0] == self.playing():
            said = Msg("The game saved before this one holds {mission} of the campaign, not over yet: Start plays "
                       "the mission again from its beginning.", mission=self.titled(part[0]))
        else:  # any other mission with objectives not over (a single mission, too) is set aside by the new game
            if "unfinished" not in self._held:
                found = unfinished_mission(self.kept)
                self._held["unfinished"] = None if found is None else (found, "")
            unfinished = self._held["unfinished"]
            if unfinished is None:
                return None
            if unfinished[0] == self.playing():
                said = Msg("The game saved before this one holds {mission}, not over yet: Start plays the mission "
                           "again from its beginning.", mission=self.titled(unfinished[0]))
            else:
                said = Msg("The game saved before this one holds {mission}, not over yet: Start begins another game "
                           "and keeps that one to go on with later.", mission=self.titled(unfinished[0]))
        if not whole:
            return said
        if self.resume is None:  # a table whose window cannot go on with it: the terminal's command
            return Msg("{said} If this game starts, that one is kept as {path} (kaleun resume --save {path} goes on "
                       "with it); to go on with it now instead, touch Quit here: kaleun resume then continues it.",
                       said=said, path=str(self.kept))
        return Msg("{said} If this game starts, that one is kept as {path} to go on with later; to go on with it now "
                   "instead, touch {button}.", said=said, path=str(self.kept), button=GO_ON_WITH_IT)

    def titled(self, mission: str) -> Msg | str:
        """A mission named in a sentence of the page: by its title, a group's own by the title its file gives it."""
        spec = self.own.missions.get(mission) if mission not in catalogue().missions else None
        return Msg.term(str(spec["name"])) if spec is not None and spec.get("name") else titled(mission)

    def career_line(self) -> Msg | None:
        """What the career record says about the mode chosen: the patrol or the campaign going on (without the
        difficulty and easy watch change they carry: the buttons above show them), or the totals."""
        if self.record is None:
            return None
        lines, record = self.career_lines, self.record
        if self.mode == "linked":
            return lines[1 + (record.get("campaign") is not None)] if record.get("patrol") else None
        if self.mode == "campaign":
            return lines[1] if record.get("campaign") is not None else None
        return lines[0] if record["missions"] else None

    def hear(self, text: Msg | str) -> bool:
        """A greyed button's touch says why here: the set-up covers the feed that says it elsewhere."""
        self.problem = text
        self.win.touch()
        return True

    def career_warning(self) -> Msg | None:
        """What a career record that cannot be read (damaged, a newer Kaleun's) means for the set-up chosen, said
        before "Start" as `kaleun play` says it at the start: a mission with objectives is played and booked once
        the record is repaired; a linked patrol or the campaign cannot go on from it (None: nothing to say)."""
        if not self.unreadable:
            return None
        if self.mode != "single":
            return Msg("The career record cannot be read (Career record on the first page says why): a linked patrol "
                       "or the campaign starts once it is repaired or moved away.")
        if not all_missions(self.own).get(self.mission, {}).get("objective"):
            return None  # a practice mission: nothing to book
        return Msg("The career record cannot be read (Career record on the first page says why): the mission is "
                   "played, and booked once the record is repaired or moved away.")

    def set_level(self, role: str, level: str) -> None:
        if level == "normal":
            self.difficulty.pop(role, None)
        else:
            self.difficulty[role] = level
        if level != "easy":
            self.easy.discard(role)  # the easy watch change is for roles on easy (§5.3)
        self.problem = None
        self.win.touch()

    def toggle_easy(self, role: str) -> None:
        self.easy ^= {role}
        self.problem = None
        self.win.touch()

    def setup(self) -> GameSetup:
        """The set-up chosen so far (the campaign picks its own mission; begun anew, its first). Every role's
        difficulty is on the page: what it shows is played (`every_role`)."""
        mission = self.mission
        if self.mode == "campaign":
            mission = campaign_order()[0] if self.anew else ""
        return GameSetup(mission=mission, seed=self.game.seed, mode=self.mode, difficulty=dict(self.difficulty),
                         easy_watch_change={role: True for role in sorted(self.easy)}, every_role=True,
                         own=self.own)

    def start(self) -> None:
        """The clock starts: a new game of the chosen set-up if it is not the game already open. A game not over
        that it plays again is named first, on a page of its own (step 2), whose "Start" starts it."""
        win = self.win
        if self.step != 2 and self.held() is not None:
            self.go(2)
            return
        current = win.game.module("mission").mission if win.game.has_module("mission") else None
        setup = self.setup()
        plain = setup.mode == "single" and not setup.difficulty and not setup.easy_watch_change
        # the game open is played as it is, unless it gave way already to a chosen game that could not start
        # (closed then: its table deaf and nothing of it saved, it would be an evening lost)
        if not (plain and self.mission == current) or win.runtime.closed or self.after_end:
            if self.restart is None:
                self.problem = Msg("this table cannot start another game here")
                win.touch()
                return
            problem = setup_problem(setup) if setup.mode != "campaign" else None
            try:
                if problem is not None:
                    raise ValueError(problem)
                runtime = self.restart(setup)
            except (ValueError, CareerError) as exc:  # the set-up's and the career's refusals: shown
                self.problem = of_error(exc)
                win.touch()
                return
            self._hand_over(runtime)
        self._play()
        if self.rules is not None:
            win.submit({"do": "crew_options", "rules": self.rules})

    def go_on_with_kept(self) -> None:
        """The game saved before, not over (a part of a linked patrol, a campaign mission, a single mission with
        objectives), continued in the window instead of a new game, as `kaleun resume --save` goes on with it: the same
        mission at the same time with the same crew, saved again where `kaleun resume` finds it. A save that cannot be
        continued is refused with why, and nothing is changed."""
        win = self.win
        if self.resume is None or self.kept is None:
            return
        try:
            runtime, notes = self.resume(self.kept)
        except (ValueError, SaveError, CareerError) as exc:  # the save's refusal, or the table's: shown
            self.problem = of_error(exc)
            win.touch()
            return
        self._hand_over(runtime, under_way=True)
        self._play(notes)

    def _hand_over(self, runtime: Any, under_way: bool = False) -> None:
        """The window plays `runtime` from now on, in its language; the game it played is closed."""
        win = self.win
        win.runtime.close()
        runtime.language = win.lang.code
        win.rebind(runtime, under_way=under_way)

    def _play(self, notes: Sequence[Msg | str] = ()) -> None:
        """The set-up gives way to the game: its notes in the feed (what a load found, as `kaleun resume` says it
        before the game), its time running."""
        win = self.win
        if self.begin is not None:
            self.begin()
        win.close_overlay()
        for note in notes:
            win.say(note)
        win.runtime.rest()
        win.runtime.step()

    def leaving(self) -> Msg | None:
        """The window closes on the set-up (Quit, Escape): no game was started; what the terminal is told."""
        leave, self.leave = self.leave, None
        return leave() if leave is not None else None

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        surface = c.surface
        surface.fill(theme.PANEL_DARK, area)
        title = Rect(area.x, area.y, area.w, s(52))
        surface.fill(theme.PANEL, title)
        icons.boat(surface, Rect(title.x + s(10), title.y + s(8), s(40), s(36)), theme.ACCENT)
        kind = service_kind()
        if kind is not None and self.shutting:  # the question in the title's place, its answers
            question, confirm = SETUP_SHUT_DOWN_WORDS[kind], SHUT_DOWN_WORDS[kind][2]
            answers = Rect(title.right - s(300), title.y + s(3), s(146), s(47))
            c.text(question, (title.x + s(60), title.centery), theme.TEXT_SIZE, theme.WARNING, "midleft", bold=True,
                   width=answers.x - title.x - s(66))
            c.button("setup.cancel", answers, Msg("Cancel"), call(self.ask_shut_down, False), size=theme.MIN_TEXT)
            c.button("setup.shut_down.confirm", answers.move(s(150), 0), confirm, simple(self.win.shut_down),
                     tone=(200, 90, 70), icon=icons.power, size=theme.MIN_TEXT)
            self._draw_body(c, area, title)
            return
        c.text(Msg("Kaleun: a new game"), (title.x + s(60), title.centery), 28, theme.TEXT, "midleft", bold=True)
        if kind is not None:  # on a table its service runs, Quit brings the set-up back: the shut-down beside it
            c.button("setup.shut_down", Rect(title.right - s(304), title.y + s(3), s(150), s(47)),
                     SHUT_DOWN_WORDS[kind][2], call(self.ask_shut_down, True), icon=icons.power, size=theme.MIN_TEXT)
        # the window is left from here without a game started (a touch screen has no Escape key)
        # opened from a game's end: back to its debrief (Save and quit is there), unless that game gave way already to
        # one that could not start (closed: only Quit, or Start again, is left)
        if self.after_end and not self.win.runtime.closed:
            c.button("setup.debrief", Rect(title.right - s(150), title.y + s(3), s(144), s(47)), Msg("Debrief"),
                     simple(self.win.open_debrief))
        else:
            c.button("setup.quit", Rect(title.right - s(150), title.y + s(3), s(144), s(47)), Msg("Quit"),
                     simple(self.win.quit))
        self._draw_body(c, area, title)

    def _draw_body(self, c: Canvas, area: Rect, title: Rect) -> None:
        s = c.size
        body = Rect(area.x + s(10), title.bottom + s(8), area.w - s(20), area.bottom - title.bottom - s(16))
        if self.step == 3:
            self._draw_career(c, body)
        elif self.step == 2:
            self._draw_held(c, body)
        elif self.step == 1:
            self._draw_crew(c, body)
        else:
            self._draw_mission(c, body)

    def _draw_mission(self, c: Canvas, body: Rect) -> None:
        s = c.size
        y = body.y
        c.text(Msg("Language"), (body.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        # the career record beside the languages: the missions played and their grades, by touch
        record = Rect(body.x + s(490), y + s(20), body.w - s(490), s(47))
        c.button("setup.career", record, Msg("Career record"), call(self.go, 3), size=theme.MIN_TEXT)
        y = language_buttons(c, body.x, y + s(20), s(480), self.win.lang.code, self.language)
        if self.problem:  # the language is not kept for the next start (a damaged settings file)
            y = c.paragraph(self.problem, Rect(body.x, y, body.w, s(88)), theme.MIN_TEXT, theme.WARNING) + s(4)
        c.text(Msg("Mission"), (body.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(20)
        every = all_missions(self.own)
        missions = [(line.id, every[line.id]) for line in first_evening(mission_lines(self.own))]
        cols = 2
        bw = (body.w - s(4)) // cols
        rows = max(1, (body.bottom - y - s(56)) // s(51))
        per_page = rows * cols
        pages = max(1, -(-len(missions) // per_page))
        if self.page is None:  # the list opens where the mission chosen is, so its button shows lit
            ids = [mid for mid, _ in missions]
            self.page = ids.index(self.mission) // per_page if self.mission in ids else 0
        page = min(self.page, pages - 1)
        for i, (mid, spec) in enumerate(missions[page * per_page:(page + 1) * per_page]):
            box = Rect(body.x + (i % cols) * (bw + s(4)), y + (i // cols) * s(51), bw - (s(52) if pages > 1 and
                                                                                      i % cols == 1 else 0), s(47))
            c.button(f"mission.{mid}", box, Msg.term(str(spec.get("name", mid))), call(self.choose, mid),
                     active=self.mission == mid, size=theme.MIN_TEXT)
        if pages > 1:  # the next page (after the last, the first), and which page this is of how many
            more = Rect(body.right - s(48), y, s(48), s(47))
            c.button("mission.more", more, None, simple(lambda: self._page(pages)), icon=icons.arrow_down)
            c.text(f"{page + 1}/{pages}", (more.centerx, more.bottom + s(4)), theme.MIN_TEXT, theme.TEXT_DIM, "midtop")
        bottom = Rect(body.x, body.bottom - s(47), body.w, s(47))
        label = Msg("Crew rules")
        rx = bottom.x + min(max(s(110), c.text_width(label, theme.MIN_TEXT) + s(8)), s(160))
        c.text(label, (bottom.x, bottom.centery), theme.MIN_TEXT, theme.TEXT_DIM, "midleft", width=rx - bottom.x - s(6))
        for i, (rule, word) in enumerate(((None, Msg("as the mission says")), ("enforce", Msg("enforce")),
                                          ("advise", Msg("advise")))):
            box = Rect(rx + i * s(150), bottom.y, s(146), bottom.h)
            c.button(f"setup.rules.{rule or 'mission'}", box, word, call(self.set_rules, rule),
                     active=self.rules == rule, size=theme.MIN_TEXT)
        nxt = Rect(bottom.right - s(170), bottom.y, s(170), bottom.h)
        pygame.draw.rect(c.surface, theme.PANEL_DARK, nxt.inflate(s(8), s(8)))
        c.button("setup.next", nxt, Msg("Next"), call(self.go, 1), active=True, icon=icons.arrow_right)

    def _draw_crew(self, c: Canvas, body: Rect) -> None:
        s = c.size
        y = body.y
        line = next((m for m in mission_lines(self.own) if m.id == self.mission), None)
        going_on = self.going_on()
        if going_on is not None:
            y = self._draw_going_on(c, body, going_on)
        elif self.mode == "campaign":
            c.text(Msg("The campaign: its missions in date order, the next one from the career record."),
                   (body.x, y), theme.MIN_TEXT, theme.TEXT, width=body.w)
            y += s(40)
        elif line is not None:
            y = c.paragraph(line.line(with_id=False), Rect(body.x, y, body.w, s(66)), theme.MIN_TEXT, theme.TEXT)
        y = max(y, body.y + s(46))
        label_w = s(150)
        bw = (body.w - label_w - s(8)) // 3
        c.text(Msg("Play"), (body.x, y + s(24)), theme.MIN_TEXT, theme.TEXT_DIM, "midleft", width=label_w - s(4))
        not_linked = self.not_linked()
        for i, mode in enumerate(MODES):
            offered = mode != "linked" or not_linked is None  # a single mission is no linked patrol (§5.2)
            c.button(f"setup.mode.{mode}", Rect(body.x + label_w + i * (bw + s(4)), y, bw, s(47)), MODE_WORDS[mode],
                     call(self.set_mode, mode), active=self.mode == mode, enabled=offered,
                     why_not=None if offered else not_linked, size=theme.MIN_TEXT)
        y += s(51)
        level_w = s(110)
        easy_x = body.x + label_w + 3 * (level_w + s(4))
        for role, word in ROLE_WORDS.items():
            # the role on one line, or two ("Старший" over "помощник") when it is too wide for one
            lines = c.rows(word, theme.MIN_TEXT, label_w - s(4))
            step = s(20)
            top = y + s(24) - step * (len(lines) - 1) // 2
            for k, text in enumerate(lines):
                c.text(text, (body.x, top + k * step), theme.MIN_TEXT, theme.TEXT, "midleft", width=label_w - s(4))
            level = self.difficulty.get(role, "normal")
            for i, name in enumerate(LEVEL_WORDS):
                c.button(f"setup.difficulty.{role}.{name}", Rect(body.x + label_w + i * (level_w + s(4)), y,
                                                                 level_w, s(47)),
                         LEVEL_WORDS[name], call(self.set_level, role, name), active=level == name,
                         size=theme.MIN_TEXT)
            c.button(f"setup.easy_watch.{role}", Rect(easy_x, y, body.right - easy_x, s(47)),
                     Msg("easy watch change"), call(self.toggle_easy, role), active=role in self.easy,
                     enabled=level == "easy", why_not=Msg("for a role on easy difficulty"), size=theme.MIN_TEXT)
            y += s(51)
        bottom = Rect(body.x, body.bottom - s(47), body.w, s(47))
        # why "Start" or a greyed button was refused, else a game not over that Start plays again (what the
        # choice gives up is then on the page Start shows), else what the choice gives up: before it happens, in
        # the warning's colour (the whole width: a German or Russian reason needs it)
        given_up = self.problem or self.held() or self.given_up() or self.career_warning()
        career = self.career_line()
        if given_up is not None:
            y = self._paragraph_to_the_buttons(c, given_up, y, bottom, theme.WARNING)
        elif career is not None:
            y = self._paragraph_to_the_buttons(c, career, y, bottom, theme.TEXT_DIM)
        # what the chosen levels do (§5.3), where the page has room for it whole
        effects = level_effects(self.difficulty)
        font = c.font(theme.MIN_TEXT)
        if len(wrap(font, c.tr(effects), body.w)) * font.get_linesize() <= bottom.y - s(4) - y:
            c.paragraph(effects, Rect(body.x, y, body.w, bottom.y - s(4) - y), theme.MIN_TEXT, theme.TEXT_DIM)
        c.button("setup.back", Rect(bottom.x, bottom.y, s(120), bottom.h), Msg("Back"), call(self.go, 0),
                 size=theme.MIN_TEXT)
        start = Rect(bottom.right - s(170), bottom.y, s(170), bottom.h)
        pygame.draw.rect(c.surface, theme.PANEL_DARK, start.inflate(s(8), s(8)))
        c.button("setup.start", start, Msg("Start"), simple(self.start), active=True, icon=icons.play)

    def _paragraph_to_the_buttons(self, c: Canvas, text: Msg | str, y: int, bottom: Rect, colour: Any) -> int:
        """`text` across the page below the roles; what does not fit above "Back" and "Start" (a linked patrol's
        line with its dead, flooded sections, torpedoes and fuel in German or Russian at 800×480) goes on between
        them. Returns the y below the part above them."""
        s = c.size
        font = c.font(theme.MIN_TEXT)
        height = font.get_linesize()
        rows = wrap(font, c.tr(text), bottom.w)
        room = max(0, (bottom.y - s(4) - y) // height)
        if len(rows) <= room:
            return c.paragraph(text, Rect(bottom.x, y, bottom.w, bottom.y - y - s(4)), theme.MIN_TEXT, colour)
        if room:
            y = c.paragraph(" ".join(rows[:room]), Rect(bottom.x, y, bottom.w, room * height), theme.MIN_TEXT, colour)
        gap = Rect(bottom.x + s(128), bottom.y, bottom.w - s(128) - s(182), bottom.h)
        rest = " ".join(rows[room:])
        lines = min(len(wrap(font, rest, gap.w)), max(1, gap.h // height))
        c.paragraph(rest, Rect(gap.x, gap.y + (gap.h - lines * height) // 2, gap.w, lines * height), theme.MIN_TEXT,
                    colour)
        return y

    def _draw_career(self, c: Canvas, body: Rect) -> None:
        """The career record a page at a time (the next page after the last is the first); "Back" returns to the
        first page of the set-up."""
        s = c.size
        bottom = Rect(body.x, body.bottom - s(47), body.w, s(47))
        c.text(Msg("Career record"), (body.x, body.y), theme.TEXT_SIZE, theme.ACCENT, bold=True)
        text = Rect(body.x, body.y + s(30), body.w - s(56), bottom.y - body.y - s(38))
        font = c.font(theme.MIN_TEXT)
        height = font.get_linesize()
        rows: list[str] = []
        for line in self.career_record():
            rows.extend(wrap(font, c.tr(line), text.w))
        per_page = max(1, text.h // height)
        pages = max(1, -(-len(rows) // per_page))
        page = min(self.career_page, pages - 1)
        y = text.y
        for row in rows[page * per_page:(page + 1) * per_page]:
            c.text(row, (text.x, y), theme.MIN_TEXT, theme.TEXT)
            y += height
        if pages > 1:  # the next page (after the last, the first), and which page this is of how many
            more = Rect(body.right - s(48), text.y, s(48), s(47))
            c.button("career.more", more, None, simple(lambda: self._turn_career(pages)), icon=icons.arrow_down)
            c.text(f"{page + 1}/{pages}", (more.centerx, more.bottom + s(4)), theme.MIN_TEXT, theme.TEXT_DIM, "midtop")
        c.button("setup.back", Rect(bottom.x, bottom.y, s(120), bottom.h), Msg("Back"), call(self.go, 0),
                 size=theme.MIN_TEXT)

    def _draw_held(self, c: Canvas, body: Rect) -> None:
        """The game not over that "Start" plays again, the file it is kept as and how to go on with it instead,
        and what the choice gives up (a patrol or campaign in progress); "Back" returns to the crew's page."""
        s = c.size
        bottom = Rect(body.x, body.bottom - s(47), body.w, s(47))
        size, top = theme.TEXT_SIZE, body.y
        if self.problem:  # why the game saved before cannot be gone on with (a path and a reason): above it, whole
            size = theme.MIN_TEXT
            top = c.paragraph(self.problem, Rect(body.x, top, body.w, bottom.y - top - s(8)), size,
                              theme.WARNING) + s(6)
        y = c.paragraph(self.held(whole=True), Rect(body.x, top, body.w, bottom.y - top - s(8)), size, theme.WARNING)
        given_up = self.given_up()
        if given_up is not None:  # and what the choice gives up, as the crew's page says it without a game held
            c.paragraph(given_up, Rect(body.x, y + s(8), body.w, bottom.y - y - s(16)), size, theme.WARNING)
        c.button("setup.back", Rect(bottom.x, bottom.y, s(120), bottom.h), Msg("Back"), call(self.go, 1),
                 size=theme.MIN_TEXT)
        start = Rect(bottom.right - s(170), bottom.y, s(170), bottom.h)
        if self.resume is not None:  # the game saved before, continued instead (a touch-only group has no terminal)
            c.button("setup.resume", Rect(start.x - s(236), bottom.y, s(228), bottom.h), GO_ON_WITH_IT,
                     simple(self.go_on_with_kept), size=theme.MIN_TEXT)
        c.button("setup.start", start, Msg("Start"), simple(self.start), active=True, icon=icons.play)

    def _draw_going_on(self, c: Canvas, body: Rect, going_on: dict[str, Any]) -> int:
        """The two choices of a linked patrol or campaign in progress: go on with its next mission, or begin a
        new one (the mission chosen on page one; the campaign's first). Returns the y below them."""
        s = c.size
        names = {m.id: m.name for m in mission_lines(self.own)}

        def named(mission: str) -> Msg:
            return Msg.term(names.get(mission, mission))

        if self.mode == "campaign":
            new: Msg = Msg("begin anew: {mission}", mission=named(campaign_order()[0]))
            why_not: Msg | None = None
        else:
            new = Msg("new patrol: {mission}", mission=named(self.chosen))
            why_not = Msg("choose the first part of another linked patrol on the first page to begin a new patrol "
                          "with it")
        bw = (body.w - s(4)) // 2
        c.button("setup.going_on", Rect(body.x, body.y, bw, s(47)),
                 Msg("go on: {mission}", mission=named(str(going_on["next"]))), call(self.set_anew, False),
                 active=not self.anew, size=theme.MIN_TEXT)
        c.button("setup.anew", Rect(body.x + bw + s(4), body.y, bw, s(47)), new, call(self.set_anew, True),
                 active=self.anew, enabled=self.can_begin_anew(), why_not=why_not, size=theme.MIN_TEXT)
        return int(body.y + s(51))

    def _page(self, pages: int) -> None:
        self.page = ((self.page or 0) + 1) % pages
        self.win.touch()
