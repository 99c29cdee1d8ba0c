"""Rulebook §5.2 and §4.3, the new game set-up "from the console and the window": after a mission's end the window's
debrief offers the next part of a linked patrol (or the campaign's next mission) and a new game; the typed console
offered nothing, so a crew at a terminal had to quit and type `kaleun play --linked`. The console's debrief lines now
end with what comes next in the table's words, and `next` (German `weiter`, Russian `дальше`) starts the next part or
mission, `new` (`neu`, `новая`) asks the set-up's questions on the same terminal. The finished game is kept as a quit
keeps it (its save, its session's saved debrief, its booking in the career record); the new game keeps that save aside
as `kaleun play` does."""

from __future__ import annotations

import argparse
import io
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.career import load_career
from kaleun.fronts import Opening
from kaleun.fronts.uboot import UbootFront
from kaleun.paths import autosave_path
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.ui import display
from kaleun.ui.session import open_session

H = 3600.0
HERE = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def short_part(mode: str = "linked", hours: float = 1.0, difficulty: dict[str, str] | None = None):
    """sc_convoy_1940 (the first part of the linked patrol Autumn 1940) shortened, its one objective met at once."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode=mode, difficulty=difficulty or {})
    return new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": hours, "encounter": [], "radio": [],
                                          "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [HERE]})


def console_at_the_end(monkeypatch: pytest.MonkeyPatch, language: str, mode: str = "linked", headless: bool = False):
    """A console (no display) on a shortened part, its clock run past the end; what it printed."""
    monkeypatch.setattr(display, "has_display", lambda: False)
    console = open_session(short_part(mode), default_board(), console=True, language=language, keep_previous=True,
                           headless=headless)
    out = io.StringIO()
    console.stdout = out
    runtime = console.runtime
    wall = [0.0]
    runtime.clock = lambda: wall[0]
    runtime.rest()
    runtime.submit({"do": "ui", "action": "time_compression", "mode": "real_time"})
    wall[0] = 2 * H
    runtime.step()
    assert runtime.game.module("mission").over
    return console, out


@pytest.mark.parametrize(("language", "said"), [
    ("en", "What comes next: next: the linked patrol's next part, Weather boat; new: a new game, set up here; quit: "
           "leave, the game saved (kaleun play --linked goes on later)."),
    ("de", "Wie es weitergeht: weiter: der nächste Teil der verknüpften Feindfahrt, „Wetterboot“; neu: ein neues "
           "Spiel, hier eingerichtet; beenden: Schluss für heute, das Spiel gespeichert (kaleun play --linked macht "
           "später weiter)."),
    ("ru", "Что дальше: дальше: следующая часть связанного похода, «Метеоразведчик»; новая: новая игра, настройка "
           "здесь; выйти: на сегодня всё, игра сохранена (kaleun play --linked продолжит позже)."),
])
def test_5_2_the_consoles_debrief_ends_with_what_comes_next_in_the_tables_words(home, monkeypatch, language, said):
    console, out = console_at_the_end(monkeypatch, language)
    lines = out.getvalue().splitlines()
    debriefed = [i for i, line in enumerate(lines)
                 if line.startswith(("Saved debrief: ", "Gespeicherter Bericht: ", "Разбор сохранён: "))]
    assert said in lines, lines
    assert debriefed and lines.index(said) == debriefed[0] + 1  # right after the debrief's lines
    console.runtime.close()


def test_5_2_a_headless_table_nobody_types_at_is_offered_no_words_to_type(home, monkeypatch):
    console, out = console_at_the_end(monkeypatch, "en", headless=True)
    assert "Saved debrief: " in out.getvalue() and "What comes next" not in out.getvalue()
    console.runtime.close()


def test_4_3_next_before_the_end_and_after_a_single_mission_is_refused_saying_what_works(home, monkeypatch):
    monkeypatch.setattr(display, "has_display", lambda: False)
    running = open_session(short_part(), default_board(), console=True, keep_previous=True)
    running.stdout = out = io.StringIO()
    running.handle("next")
    assert "! the mission is not over yet: after its end next or new goes on to the next game; until then quit " \
           "saves and leaves" in out.getvalue()
    assert running.then is None and not running.stopping
    running.runtime.close()
    single, out = console_at_the_end(monkeypatch, "en", mode="single")
    assert "What comes next: new: a new game, set up here; quit: leave, the game saved." in out.getvalue()
    single.handle("next")
    assert "! nothing goes on after this mission (a single mission, or its linked patrol or campaign is over): new " \
           "sets up a new game" in out.getvalue()
    assert single.then is None and not single.stopping
    single.runtime.close()


class Typist:
    """A terminal's input: the lines in turn, each callable in them waited for (the crew reads before typing on)."""

    def __init__(self, *lines: str | Callable[[], bool]) -> None:
        self.lines = list(lines)
        self.lock = threading.Lock()

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        with self.lock:
            while self.lines and callable(self.lines[0]):
                until = self.lines.pop(0)
                deadline = time.monotonic() + 60
                while not until() and time.monotonic() < deadline:  # type: ignore[operator]
                    time.sleep(0.01)
            return str(self.lines.pop(0)) if self.lines else ""

    def __iter__(self):
        while line := self.readline():
            yield line


def played_on(monkeypatch: pytest.MonkeyPatch, language: str, *after: str | Callable[[], bool],
              mode: str = "linked") -> tuple[int, str, str]:
    """`kaleun play --console` on a part that ends a moment after its start; once it is over the crew types `after`
    (each line ending in a newline). The exit status, the terminal's output and its error output."""
    monkeypatch.setattr(display, "has_display", lambda: False)
    game = short_part(mode, hours=0.0005)  # 1.8 s of the ship's clock, in real time
    monkeypatch.setattr(sys, "stdin", Typist("time real_time\n", lambda: bool(game.module("mission").over), *after))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    args = argparse.Namespace(command="play", console=True, headless=False, mission=None, linked=False,
                              campaign=False, difficulty=None, easy_watch=None, setup=False, seed=3, language=language)
    code = UbootFront().play(game, default_board(), args, Opening(language=language, keep_previous=True,
                                                                  fullscreen=False, resume=False))
    return code, out.getvalue(), err.getvalue()


def debriefs(home: Path) -> list[Path]:
    return sorted((home / "sessions").glob("*.debrief.png"))


def test_5_2_weiter_at_a_german_console_starts_the_linked_patrols_next_part_keeping_the_finished_one(home, monkeypatch):
    code, out, err = played_on(monkeypatch, "de", "weiter\n", "\n", "\n", "\n", "\n", "beenden\n")
    assert code == 0, err
    assert "Spiel gespeichert, wie es ein Beenden hinterlässt. Jetzt das nächste Spiel." in out
    patrol = load_career()["patrol"]
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]  # booked once, as a quit books it
    assert patrol["next"] == "weather_1940"
    assert len(debriefs(home)) == 1  # the finished part's saved debrief, in its session
    saved = open_save(autosave_path()).engine  # the next part, quit at once: saved where `kaleun resume` finds it
    assert saved.config["mission"] == "weather_1940" and not saved.module("mission").over
    kept = sorted(autosave_path().parent.glob("autosave-*.json"))  # the earlier game, kept under its name
    assert [open_save(p).engine.config.get("mission") for p in kept] == ["sc_convoy_1940"]
    assert out.count("Kaleun-Konsole. Mit hilfe erscheinen die Kommandos.") == 2  # the next part's console, at once


def test_5_3_novaya_at_a_russian_console_asks_the_set_up_on_the_same_terminal_and_plays_the_game_chosen(home,
                                                                                                        monkeypatch):
    code, out, err = played_on(monkeypatch, "ru", "новая\n", "prize_rules_1939\n", "\n", "\n", "\n", "\n", "\n",
                               "выйти\n", mode="single")
    assert code == 0, err
    assert "Игра сохранена так же, как при выходе. Теперь следующая игра." in out
    assert "Что дальше: новая: новая игра, настройка здесь; выйти: на сегодня всё, игра сохранена." in out
    assert out.index("Теперь следующая игра.") < out.index("[06:00:00]")  # the set-up's questions, then the new game
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]
    assert len(debriefs(home)) == 1
    saved = open_save(autosave_path()).engine
    assert saved.config["mission"] == "prize_rules_1939" and not saved.module("mission").over


def test_5_3_the_set_up_left_after_new_leaves_the_finished_game_as_a_quit_leaves_it(home, monkeypatch):
    code, _out, err = played_on(monkeypatch, "en", "new\n", "quit\n")
    assert code != 0 and "kaleun: the set-up was left (quit): no game was started" in err
    saved = open_save(autosave_path()).engine  # the finished part, where it was; `kaleun play --linked` goes on
    assert saved.config["mission"] == "sc_convoy_1940" and saved.module("mission").over
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]
    assert load_career()["patrol"]["next"] == "weather_1940" and len(debriefs(home)) == 1


def test_5_3_next_at_the_console_asks_each_roles_difficulty_as_the_windows_crew_page_offers_it(home, monkeypatch):
    """§5.3 difficulty per role: the window's debrief opens the crew's page with the patrol going on, its difficulty
    buttons set to what the patrol carries; the console's `next` asks the same questions on the terminal (Enter keeps
    the level shown) before the next part starts, so a level can be changed between the parts."""
    code, out, err = played_on(monkeypatch, "en", "next\n", "hard\n", "\n", "easy\n", "\n", "yes\n", "quit\n")
    assert code == 0, err
    after = out[out.index("Now the next game."):]
    assert "Next game: each role's difficulty (Enter keeps what the last one was played with)." in after
    assert "Linked patrol Autumn 1940 goes on with Weather boat" in after  # the career's line for the patrol
    assert "Mission (number or id)" not in after and "Mode:" not in after  # the record's next part: not asked
    assert after.index("Difficulty of the Captain") < after.index("Kaleun console.")  # asked before the part starts
    saved = open_save(autosave_path()).engine
    assert saved.config["mission"] == "weather_1940"
    assert saved.config["changes"]["difficulty"] == {"captain": "hard", "navigator": "easy"}
    assert saved.config["changes"]["easy_watch_change"] == {"navigator": True}


def test_5_3_enter_at_next_keeps_the_difficulty_the_patrol_carries(home, monkeypatch):
    """The levels the first part was set up with are the defaults the `next` questions show (as the window's crew
    page sets its buttons to them): Enter at each plays the next part as the last one."""
    monkeypatch.setattr(display, "has_display", lambda: False)
    game = short_part("linked", hours=0.0005, difficulty={"engineer": "hard"})
    monkeypatch.setattr(sys, "stdin", Typist("time real_time\n", lambda: bool(game.module("mission").over),
                                             "next\n", "\n", "\n", "\n", "\n", "quit\n"))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    args = argparse.Namespace(command="play", console=True, headless=False, mission=None, linked=False,
                              campaign=False, difficulty=None, easy_watch=None, setup=False, seed=3, language="en")
    code = UbootFront().play(game, default_board(), args, Opening(language="en", keep_previous=True,
                                                                  fullscreen=False, resume=False))
    assert code == 0, err.getvalue()
    assert "Difficulty of the Chief Engineer (easy, normal, hard) [hard]: " in out.getvalue()
    saved = open_save(autosave_path()).engine
    assert saved.config["mission"] == "weather_1940"
    assert saved.config["changes"]["difficulty"] == {"engineer": "hard"}


def test_4_3_next_in_a_campaign_asks_the_difficulties_only_and_goes_on_without_asking_to_give_it_up(home):
    """§4.3: `next` after a campaign mission goes on with the campaign's next mission: the terminal asks each role's
    difficulty (not the mission, the mode, nor whether to give the running campaign up, which `new` asks)."""
    from kaleun.career import start_configured
    from kaleun.mission_commands import interactive_setup

    start_configured(GameSetup(mission="", mode="campaign"))
    record = load_career()
    record["campaign"]["next"] = "minefield_1939"  # running further on than its first mission
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\n\nhard\n\n"), out, record=record, going_on="campaign")
    assert (setup.mission, setup.mode, setup.difficulty) == ("", "campaign", {"navigator": "hard"})
    said = out.getvalue()
    assert "running; next: The Hartlepool field" in said
    assert "Give up this campaign" not in said and "Mission (number or id)" not in said


def test_5_2_next_whose_part_cannot_start_asks_a_new_games_questions_and_does_not_repeat_itself(home):
    """§5.2: the record's linked patrol goes on with a mission that is no part of a patrol (its file changed since, or
    the record was edited): `next` said why, then said it again and again without reading a line. It says why once
    and asks the new game's questions, as `new` does."""
    from kaleun.career import save_career
    from kaleun.mission_commands import interactive_setup

    save_career({**load_career(), "patrol": {"id": "autumn_1940", "mode": "linked", "next": "exercise_convoy",
                                             "carry": None}})
    class Terminal(io.StringIO):  # a set-up that says the same for ever fails here instead of filling the memory
        def write(self, text: str) -> int:
            assert self.tell() < 100_000, self.getvalue()[-500:]
            return super().write(text)

    out = Terminal()
    setup = interactive_setup(io.StringIO("exercise_convoy\nsingle\n\n\n\n\n"), out, record=load_career(),
                              going_on="linked")
    assert (setup.mission, setup.mode) == ("exercise_convoy", "single")
    said = out.getvalue()
    assert said.count("exercise_convoy is a single mission, not a part of a linked patrol") == 1, said[:2000]
    assert "New game. Missions:" in said and "Mission (number or id)" in said


def test_5_2_next_with_a_damaged_career_record_says_so_and_goes_on_once_it_is_moved_away(home, monkeypatch):
    """§5.2: a linked patrol goes on from the career record. When the record cannot be read, `next` says so, names the
    file and what to do (not "nothing goes on", which would send the crew away from its patrol); once the file is
    moved away, `next` again books the finished part and starts the patrol's next part."""
    from kaleun.career import career_path

    record = career_path()
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{damaged", encoding="utf-8")

    def moved_away() -> bool:
        record.rename(record.with_name("career.damaged.json"))
        return True

    code, out, err = played_on(monkeypatch, "en", "next\n", moved_away, "next\n", "\n", "\n", "\n", "\n", "quit\n")
    assert code == 0, err
    assert "nothing goes on" not in out
    assert (f"! the career record cannot be read, so the linked patrol or campaign cannot go on from it: {record}: the "
            "career record is damaged (") in out
    assert ("Repair the file or move it away, then type next again: this mission's result is booked then, and the game "
            "goes on (quit and kaleun play --linked later do the same); new sets up a new game now") in out
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]  # booked once the file was away
    assert open_save(autosave_path()).engine.config["mission"] == "weather_1940"  # and the next part was played


def test_5_2_quit_with_a_damaged_career_record_says_how_the_patrol_goes_on_once_it_is_mended(home, monkeypatch):
    """§5.2: leaving after a linked part whose result the damaged record could not book does not send the crew to a
    new game: the last line says the record cannot be read and how the patrol goes on once it is mended."""
    from kaleun.career import career_path

    career_path().parent.mkdir(parents=True, exist_ok=True)
    career_path().write_text("{damaged", encoding="utf-8")
    code, out, err = played_on(monkeypatch, "en", "quit\n")
    assert code == 0, err
    assert ("Game saved. The mission is over (won) and cannot be played on; the career record cannot be read (kaleun "
            "career says why): once it is repaired or moved away, kaleun play --linked books this mission's result "
            "and goes on.") in out
    career_path().unlink()  # moved away: kaleun play --linked books the part and starts the next one
    from kaleun.cli import main

    monkeypatch.setattr(sys, "stdin", Typist("quit\n"))
    assert main(["play", "--linked", "--console", "--seed", "3"]) == 0
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]
    assert open_save(autosave_path()).engine.config["mission"] == "weather_1940"


@pytest.mark.parametrize(("language_", "word", "said"), [
    ("en", "next", "Make room and type next again, or type next again now to go on without this save."),
    ("de", "weiter", "Schafft Platz und gebt erneut weiter ein, oder gebt jetzt erneut weiter ein, um ohne diesen "
                     "Spielstand weiterzuspielen."),
])
def test_5_2_next_on_a_full_disk_says_to_type_next_again_not_quit(home, monkeypatch, language_, word, said):
    """Nothing lost: `next` whose save of the finished game fails (a full disk) keeps the console open once, to make
    room, as `quit` does. It said "type quit again", which would leave the patrol; it names the word the crew typed."""
    import errno

    from kaleun import saves
    from kaleun.runtime import outputs

    real_atomic = saves.write_atomic
    full = {"on": False}

    def atomic(path: Path, text: str | bytes) -> None:
        if full["on"] and str(path).startswith(str(home)):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_atomic(path, text)

    def disk_full() -> bool:
        full["on"] = True
        return True

    def room_made() -> bool:
        full["on"] = False
        return True

    monkeypatch.setattr(saves, "write_atomic", atomic)
    monkeypatch.setattr(outputs, "write_atomic", atomic)
    code, out, err = played_on(monkeypatch, language_, disk_full, f"{word}\n", room_made, f"{word}\n", "\n", "\n",
                               "\n", "\n", "quit\n" if language_ == "en" else "beenden\n")
    assert code == 0, err
    assert said in out, out[-3000:]
    assert "type quit again" not in out and "gebt erneut beenden ein" not in out
    assert open_save(autosave_path()).engine.config["mission"] == "weather_1940"  # and the next part was played


def test_4_3_next_after_a_campaign_mission_with_a_damaged_career_record_says_to_repair_it(home, monkeypatch):
    """§4.3: a campaign is kept in the career record alone: moved away, the record takes the campaign with it, so
    `next` does not promise that moving it away goes on (it said "the game goes on", then "nothing goes on"): it says
    to repair the file and that a file moved away keeps the campaign."""
    from kaleun.career import career_path

    record = career_path()
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{damaged", encoding="utf-8")
    console, out = console_at_the_end(monkeypatch, "en", mode="campaign")
    console.handle("next")
    said = out.getvalue()
    assert (f"! the career record cannot be read, so the campaign cannot go on from it: {record}: the career record is "
            "damaged (") in said, said
    assert ("Repair the file, then type next again: this mission's result is booked then, and the campaign goes on "
            "(quit and kaleun play --campaign later do the same); a file moved away keeps the campaign; new sets up a "
            "new game now") in said, said
    assert console.then is None and not console.stopping
    console.runtime.close()
