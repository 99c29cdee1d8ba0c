"""Settings: the table's language (kept as the preferred language), the speaker's volume, how
strict the crew engine is and each role's difficulty, save, quit; on a table its service runs
(`kaleun service install`), shutting the table down, confirmed first: Power off (a system service:
the Pi powers off) or Close to desktop (a user service)."""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import Any

from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.i18n import LANGUAGES
from kaleun.service import service_kind
from kaleun.settings import remember_language
from kaleun.ui import icons, theme
from kaleun.ui.actions import RULE_WORDS
from kaleun.ui.forms import ROLE_WORDS
from kaleun.ui.screens.base import Overlay
from kaleun.ui.touch import call, simple
from kaleun.ui.widgets import Canvas

log = logging.getLogger(__name__)

LEVEL_WORDS: dict[str, Msg] = {"easy": Msg("easy"), "normal": Msg("normal"), "hard": Msg("hard")}
#: the shut-down under each kind of service: its button, the question that confirms it, the confirming button
SHUT_DOWN_WORDS: dict[str, tuple[Msg, Msg, Msg]] = {
    "system": (Msg("Power off the table"),
               Msg("Save the game and power the table off? It starts again when it is switched on."),
               Msg("Power off")),
    "user": (Msg("Close to the desktop"),
             Msg("Save the game and close the table? It starts again at the next boot."),
             Msg("Close the table")),
}
#: ... and its question on the set-up, where no game was started (the one saved before stays as it was)
SETUP_SHUT_DOWN_WORDS: dict[str, Msg] = {"system": Msg("Power the table off?"), "user": Msg("Close the table?")}


def quit_words() -> Msg:
    """Save and quit's words: under a service the table comes back 5 s after a quit (Restart=always), so there the
    button says what it does."""
    return Msg("Save and restart") if service_kind() is not None else Msg("Save and quit")


def language_buttons(c: Canvas, x: int, y: int, w: int, current: str, choose: Any) -> int:
    s = c.size
    n = len(LANGUAGES)  # one row, as many buttons as there are languages
    bw = (w - s(4 * (n - 1))) // n
    for i, (code, name) in enumerate(LANGUAGES.items()):
        c.button(f"language.{code}", Rect(x + i * (bw + s(4)), y, bw, s(47)), name.own,
                 call(choose, code), active=code == current, size=theme.MIN_TEXT)
    return y + s(51)


class Settings(Overlay):
    id = "settings"
    title = Msg("Settings")

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.crew: dict[str, Any] = {}
        #: the shut-down touched once: the question waits for its answer
        self.confirming = False

    def ask_shut_down(self, asking: bool) -> None:
        self.confirming = asking
        self.win.touch()

    def read(self) -> Hashable:
        game = self.game
        crew = game.module("crew").status() if game.has_module("crew") else {}
        self.crew = {"rules": crew.get("rules"), "difficulty": dict(crew.get("difficulty", {}))}
        sounder = getattr(self.win.runtime, "sounder", None)
        volume = round(float(getattr(sounder, "volume", 0.0)) * 100) if sounder is not None else None
        return (self.win.lang.code, self.crew["rules"], tuple(sorted(self.crew["difficulty"].items())), volume,
                self.confirming)

    def choose_language(self, code: str) -> None:
        self.win.set_language(code)
        problem = remember_language(code)
        if problem is not None:
            self.win.say(problem)

    def save(self) -> None:
        """Save now. A save that failed (a full disk) is never called saved, and is said here unless the autosave
        has just said it; a finished mission says it cannot be played on (`saved_line`)."""
        from kaleun.ui.screens.debrief import next_label
        from kaleun.ui.session import career_unread, goes_on_with, saved_line

        runtime = self.win.runtime
        autosave = runtime.autosave
        told = autosave.told if autosave is not None else 0
        runtime.save()
        problem = runtime.save_problem
        if autosave is None:
            self.win.say(Msg("This table keeps no save: nothing was written."))
        elif problem is None:  # short enough for the ticker; the console's `save` also says the file
            over = self.win.game.has_module("mission") and self.win.game.module("mission").over
            unread = career_unread(self.win.game) if over and goes_on_with(self.win.game) is None else None
            if over and getattr(self.win, "after", None) is not None and unread is not None:  # the debrief's button
                self.win.note(saved_line(self.win.game, touch=True, next_button=next_label(unread[0])))
            elif over and getattr(self.win, "after", None) is not None:  # the next game is the debrief's, by touch
                self.win.note(Msg("Game saved. The mission is over and cannot be played on: the debrief offers the "
                                  "next game (Map, then Debrief)."))
            else:
                self.win.note(saved_line(self.win.game, touch=True) if over else Msg("The game is saved."))
        elif autosave.told == told:  # not said by the autosave just now (it says a failure once)
            self.win.say(problem)

    def volume(self, by: float) -> None:
        sounder = getattr(self.win.runtime, "sounder", None)
        if sounder is not None:
            sounder.set_volume(max(0.0, min(1.0, round(float(sounder.volume) + by, 2))))
            from kaleun.settings import remember_volume

            if (problem := remember_volume(sounder.volume)) is not None:  # kept for the next start
                self.win.say(problem)
            self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        win = self.win
        self.titled_frame(c, area, Msg("Settings"))
        left = Rect(area.x + s(8), area.y + s(40), s(380), area.h - s(44))
        y = left.y
        c.text(Msg("Language"), (left.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y = language_buttons(c, left.x, y + s(20), left.w, win.lang.code, self.choose_language)
        sounder = getattr(win.runtime, "sounder", None)
        c.text(Msg("Volume"), (left.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(20)
        if sounder is not None:
            c.button("volume.down", Rect(left.x, y, s(70), s(47)), None, simple(lambda: self.volume(-0.1)),
                     icon=icons.minus)
            c.text(f"{round(float(sounder.volume) * 100)} %", (left.x + s(120), y + s(24)), 24, theme.TEXT, "center",
                   bold=True)
            c.button("volume.up", Rect(left.x + s(170), y, s(70), s(47)), None, simple(lambda: self.volume(0.1)),
                     icon=icons.plus)
        else:
            c.text(Msg("This table has no speaker."), (left.x, y + s(14)), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(51)
        bw = (left.w - s(4)) // 2
        kind = service_kind()
        if kind is not None and self.confirming:  # the question, and its two answers in the bottom row
            _, question, confirm = SHUT_DOWN_WORDS[kind]
            c.paragraph(question, Rect(left.x, y, left.w, left.bottom - s(51) - y), theme.MIN_TEXT, theme.WARNING)
            c.button("settings.cancel", Rect(left.x, left.bottom - s(47), bw, s(47)), Msg("Cancel"),
                     call(self.ask_shut_down, False), size=theme.MIN_TEXT)
            c.button("settings.shut_down.confirm", Rect(left.x + bw + s(4), left.bottom - s(47), bw, s(47)), confirm,
                     simple(win.shut_down), tone=(200, 90, 70), icon=icons.power, size=theme.MIN_TEXT)
        else:
            if kind is not None:
                c.button("settings.shut_down", Rect(left.x, left.bottom - s(98), left.w, s(47)),
                         SHUT_DOWN_WORDS[kind][0], call(self.ask_shut_down, True), icon=icons.power,
                         size=theme.MIN_TEXT)
            c.button("settings.save", Rect(left.x, left.bottom - s(47), bw, s(47)), Msg("Save now"),
                     simple(self.save), size=theme.MIN_TEXT)
            c.button("settings.quit", Rect(left.x + bw + s(4), left.bottom - s(47), bw, s(47)), quit_words(),
                     simple(win.quit), tone=(200, 90, 70), size=theme.MIN_TEXT)
        if not self.crew.get("rules"):
            return
        right = Rect(left.right + s(16), left.y, area.right - left.right - s(24), left.h)
        y = right.y
        c.text(Msg("Crew rules"), (right.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(20)
        half = (right.w - s(4)) // 2
        for i, (rule, word) in enumerate((rule, Msg(said)) for rule, said in RULE_WORDS.items()):
            c.button(f"rules.{rule}", Rect(right.x + i * (half + s(4)), y, half, s(47)), word,
                     call(win.submit, {"do": "crew_options", "rules": rule}),
                     active=self.crew["rules"] == rule, size=theme.MIN_TEXT)
        y += s(50)
        c.text(Msg("Difficulty"), (right.x, y), theme.MIN_TEXT, theme.TEXT_DIM)
        y += s(20)
        label_w = s(96)
        bw = (right.w - label_w - s(8)) // 3
        for role, word in ROLE_WORDS.items():
            # the role on one line, or two ("Старший" over "помощник") when it is too wide for one
            lines = c.rows(word, theme.MIN_TEXT, label_w - s(4))
            step = s(20)
            top = y + s(24) - step * (len(lines) - 1) // 2
            for k, line in enumerate(lines):
                c.text(line, (right.x, top + k * step), theme.MIN_TEXT, theme.TEXT, "midleft", width=label_w - s(4))
            for i, level in enumerate(LEVEL_WORDS):
                c.button(f"difficulty.{role}.{level}", Rect(right.x + label_w + i * (bw + s(4)), y, bw, s(47)),
                         LEVEL_WORDS[level],
                         call(win.submit, {"do": "crew_options", "difficulty": {role: level}}),
                         active=self.crew["difficulty"].get(role) == level, size=theme.MIN_TEXT)
            y += s(48)
