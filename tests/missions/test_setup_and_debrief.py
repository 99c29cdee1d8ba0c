"""Setting a game up (rulebook §5.3: mode, difficulty per role, the Captain's hand dealt, the easy watch change
per role) and the debrief at the end (§4.1: the outcome and the grade), saved as a chart in the session folder."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.runtime.debrief_output import DebriefOutput
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.uboot.missions.setup import GameSetup, mission_lines, setup_problem, start_game
from kaleun.ui.debrief_chart import HEIGHT, WIDTH, write_debrief
from kit import read_events, run_kaleun
from missionkit import one

SCRIPTS = Path(__file__).resolve().parent / "scripts"


def won_prize_rules():
    game = new_game(0, "prize_rules_1939")
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPTS / "prize_rules_1939.win.jsonl")
    return game, [json.loads(x) for x in out.getvalue().splitlines()]


def test_5_3_a_game_set_up_with_difficulty_and_easy_watch_change_per_role_deals_the_captains_hand():
    setup = GameSetup(mission="gibraltar_1941", seed=2, difficulty={"captain": "hard", "officer": "easy"},
                      easy_watch_change={"officer": True})
    g = start_game(setup)
    events = [e.to_json() for e in g.take_events()]
    assert [e["event"] for e in events[:2]] == ["mission_start", "crew_options"]
    crew = g.module("crew")
    assert crew.difficulty == {**crew.difficulty, "captain": "hard", "officer": "easy"} and crew.easy["officer"]
    hand = one(events, "captain_hand")
    assert hand["cards"] == 3 and hand["feed"].startswith("Captain: deal yourself 3 Captain cards (hard difficulty).")
    assert one(events, "briefing")["base"] == "Lorient"
    assert g.config["changes"]["difficulty"] == {"captain": "hard", "officer": "easy"}


@pytest.mark.parametrize("setup, problem", [
    (GameSetup(mission="atlantis"), "unknown mission 'atlantis'"),
    (GameSetup(mission="training", mode="solo"), "mode 'solo' is not one of: single, linked, campaign"),
    (GameSetup(mission="training", difficulty={"cook": "easy"}), "difficulty maps roles"),
    (GameSetup(mission="training", easy_watch_change={"navigator": True}),
     "the easy watch change is for roles on easy difficulty; the Navigator does not play easy"),
    (GameSetup(mission="gibraltar_1941", mode="linked"), "gibraltar_1941 is a single mission"),
])
def test_5_3_a_set_up_that_cannot_start_says_why(setup, problem):
    assert problem in (setup_problem(setup) or "")


def test_the_set_up_screen_lists_every_mission_with_its_line():
    lines_ = mission_lines()
    assert len(lines_) == len({m.id for m in lines_}) >= 19
    first = lines_[0]
    assert first.id == "prize_rules_1939" and first.year == 1939 and first.base == "Wilhelmshaven"
    assert first.campaign == 1 and first.scored and first.time_limit_h == 72


def test_4_1_the_debrief_holds_the_track_fixes_attacks_sinkings_objectives_and_grade():
    game, events = won_prize_rules()
    end = one(events, "mission_end")
    d = debrief(game)
    assert (d["result"], d["grade"], d["score"]) == ("won", end["grade"], end["score"])
    assert d["base"] == "Wilhelmshaven" and d["start"] == "1939-09-22T06:00:00"
    assert [s["class_name"] for s in d["sunk"]] == ["Tramp steamer", "Hog Islander"]
    assert all(s["cause"] == "gunfire" for s in d["sunk"])
    assert len(d["attacks"]) >= 2 and d["attacks"][0]["kind"] == "gun_88"
    assert len(d["track"]) > 50 and all(len(p) == 5 for p in d["track"])  # t, true lat/lon, reckoned lat/lon
    assert {o["id"]: o["met"] for o in d["objectives"]} == {"gun_two": True, "weather": False}
    assert any(p["event"] == "arrived" for p in d["passages"])
    text = [str(m) for m in lines(d)]
    assert text[1].startswith(f"Result: won (home after a return to base). Grade {end['grade']}: score ")
    assert "  [x] Primary: Sink two merchants with the deck gun. (1,000 fame)" in text


@pytest.mark.parametrize(("code", "said"), [("en", "Result: returned (the mission not won). Grade "),
                                             ("de", "Ergebnis: heimgekehrt (Mission nicht erfüllt). Note "),
                                             ("ru", "Итог: возвращение (миссия не выполнена). Оценка ")])
def test_4_1_a_return_home_without_the_mission_won_reads_its_result_once(code, said):
    """§4.1 debrief: the boat home after a return to base, the mission not won, is the result "returned"; its
    reason says what the result does not (it read "heimgekehrt (heimgekehrt nach dem Rückmarsch)")."""
    from kaleun.i18n import language

    game, _ = won_prize_rules()
    d = {**debrief(game), "result": "returned", "reason": "returned"}
    text = [language(code).render(m) for m in lines(d)]
    assert text[1].startswith(said), text[1]


def test_4_1_the_debrief_chart_is_a_png_of_the_patrol(tmp_path):
    game, _ = won_prize_rules()
    path = write_debrief(debrief(game), tmp_path / "debrief.png")
    image = pygame.image.load(str(path))
    assert image.get_size() == (WIDTH, HEIGHT)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_4_1_the_debrief_chart_reads_the_result_and_the_reason_in_words(monkeypatch):
    """The saved debrief is read by the table: why the mission ended in words, not the event's code."""
    from kaleun.ui import debrief_chart

    game, _ = won_prize_rules()
    drawn: list[str] = []
    real = debrief_chart.render

    def spy(msg, translate=None, translate_plural=None, localise=None):
        drawn.append(real(msg, translate, translate_plural, localise))
        return drawn[-1]

    monkeypatch.setattr(debrief_chart, "render", spy)
    d = debrief(game)
    assert (d["result"], d["reason"]) == ("won", "returned")
    debrief_chart.render_debrief(d)
    assert "Result: won (home after a return to base)" in drawn, [x for x in drawn if x.startswith("Result")]
    assert not [line for line in drawn if "(returned)" in line or "_" in line.split("(")[-1]]


def test_the_session_writes_the_debrief_and_books_the_career_when_the_mission_ends(home):
    game, _ = won_prize_rules()
    sessions = home / "sessions"
    output = DebriefOutput(game, sessions, "20250101-120000")
    from kaleun.core.events import Event

    output.handle(Event(game.t, game.now_iso, "mission_end", {"result": "won"}))
    assert {p.name for p in output.paths} == {"20250101-120000.debrief.json", "20250101-120000.debrief.png"}
    data = json.loads((sessions / "20250101-120000.debrief.json").read_text())
    assert data["grade"] == debrief(game)["grade"]
    career = json.loads((home / "career.json").read_text())
    assert career["missions"][0]["mission"] == "prize_rules_1939"


def test_kaleun_run_writes_the_debrief(tmp_path, monkeypatch):
    out, png = tmp_path / "events.jsonl", tmp_path / "debrief.png"
    monkeypatch.delenv("PYGAME_HIDE_SUPPORT_PROMPT", raising=False)  # as in a tester's shell
    result = run_kaleun("run", "--mission", "prize_rules_1939", "--script", str(SCRIPTS / "prize_rules_1939.win.jsonl"),
                        "--events", str(out), "--debrief", str(png), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert png.exists() and json.loads(png.with_suffix(".json").read_text())["result"] == "won"
    assert read_events(out)[-1]["event"] in ("mission_end", "time_compression")
    assert result.stdout == ""  # nothing on standard output: pygame's greeting once came with the chart


def test_kaleun_run_refuses_a_debrief_named_for_a_format_it_does_not_write(tmp_path):
    """The saved debrief is a PNG chart: `--debrief out.jpg` (or .html, or no ending) is refused before the run with
    the format it writes, not written as a PNG under a name that says JPEG; .PNG in capitals is a PNG."""
    out = tmp_path / "events.jsonl"
    for name in ("debrief.jpg", "debrief.html", "debrief"):
        result = run_kaleun("run", "--mission", "prize_rules_1939", "--script",
                            str(SCRIPTS / "prize_rules_1939.win.jsonl"), "--events", str(out), "--debrief",
                            str(tmp_path / name), home=tmp_path)
        assert result.returncode == 2, result.stderr
        assert ("kaleun run: --debrief writes the debrief chart as a PNG image (its data beside it as .json): name a "
                f"file ending in .png, got {tmp_path / name}") in result.stderr, result.stderr
        assert not (tmp_path / name).exists() and not out.exists()
    capitals = tmp_path / "DEBRIEF.PNG"
    result = run_kaleun("run", "--mission", "prize_rules_1939", "--script", str(SCRIPTS / "prize_rules_1939.win.jsonl"),
                        "--events", str(out), "--debrief", str(capitals), home=tmp_path)
    assert result.returncode == 0 and capitals.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", result.stderr


def test_kaleun_run_with_a_debrief_writes_nothing_but_the_events_to_standard_output(tmp_path):
    """A tester pipes the events to a reader (`--events /dev/stdout`) and asks for the debrief chart: standard
    output holds the events alone, one JSON object a line. Drawing the chart loaded pygame, whose greeting
    ("pygame 2.6.1 ... Hello from the pygame community") went to standard output between the events (the
    test environment hides that greeting, so it is let through here as a user's shell has it)."""
    import subprocess
    import sys

    from kit import kaleun_env

    png = tmp_path / "debrief.png"
    env = kaleun_env(tmp_path)
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    result = subprocess.run([sys.executable, "-m", "kaleun", "run", "--mission", "prize_rules_1939", "--script",
                             str(SCRIPTS / "prize_rules_1939.win.jsonl"), "--events", "/dev/stdout", "--debrief",
                             str(png)], capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines_ = result.stdout.splitlines()
    assert [line for line in lines_ if not line.startswith("{")] == []
    assert json.loads(lines_[-1])["event"] in ("mission_end", "time_compression") and png.exists()


def test_5_3_the_set_up_asked_on_the_terminal():
    from kaleun.mission_commands import interactive_setup

    answers = io.StringIO("gibraltar_1941\nsingle\nhard\neasy\n\n\ny\n")
    out = io.StringIO()
    setup = interactive_setup(answers, out, seed=7)
    assert (setup.mission, setup.mode, setup.seed) == ("gibraltar_1941", "single", 7)
    assert setup.difficulty == {"captain": "hard", "officer": "easy"}
    assert setup.easy_watch_change == {"officer": True}
    asked = out.getvalue()
    assert "New game. Missions:" in asked and "Easy watch change for the First Officer? (y/n) [no]: " in asked
    assert "Difficulty of the Chief Engineer (easy, normal, hard) [normal]: " in asked
    again = io.StringIO("1\nlinked\ntraining\nsingle\n\n\n\n\n")
    told = io.StringIO()
    setup = interactive_setup(again, told)
    assert setup.mission == "training"  # prize_rules_1939 is no linked patrol: asked again
    assert "! prize_rules_1939 is a single mission, not a part of a linked patrol" in told.getvalue()
    with pytest.raises(ValueError, match="cut short"):
        interactive_setup(io.StringIO("1\n"), io.StringIO())


def test_5_3_enter_at_the_terminal_set_up_takes_the_training_patrol_as_the_window_does(home):
    """The missions, new game set-up: a group new to the table that presses Enter at `kaleun play --setup`'s mission
    question gets the training patrol, the mission `kaleun play` plays without --mission and the window's set-up
    offers first, not the first mission of the list (a 1939 deck-gun patrol with its rules enforced)."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\n\n\n\n\n\n"), out)
    assert (setup.mission, setup.mode) == ("training", "single")
    assert "Mission (number or id) [training]: " in out.getvalue()


def test_5_2_the_terminal_set_up_refuses_at_once_and_goes_on_with_the_linked_patrol_in_progress(home):
    """The missions, new game set-up: `kaleun play --setup` refuses an unknown mission and a single mission played as a
    linked patrol right after they are typed (they came after every difficulty); "linked patrol" goes on with the next
    part of the linked patrol in progress, as the window's set-up does (§5.2: the boat and crew carried over),
    unless the mission chosen is a part of a linked patrol (a new patrol)."""
    from kaleun.career import load_career, record_mission, start_configured
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("99\nconvoy\n10\nlinked\n4\nlinked\n\n\n\n\n"), out)
    asked = out.getvalue()
    assert (setup.mission, setup.mode) == ("sc_convoy_1940", "linked")
    assert "! no mission has the number 99: give a number from 1 to 21 or a mission's id" in asked
    assert "! unknown mission 'convoy'" in asked
    assert "! hatteras_1942 is a single mission, not a part of a linked patrol" in asked
    assert asked.count("Difficulty of the Captain") == 1  # asked once, for the set-up that starts
    # part 1 played and booked: the next evening's set-up picks part 2 with what part 1 left
    g = start_configured(setup)
    g.apply({"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    g.apply({"do": "crew_options", "rules": "advise", "wear": False})
    while not g.module("mission").over:
        g.advance_to(g.t + 6 * 3600)
    record_mission(g)
    record = load_career()
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\nlinked\n\n\n\n\n"), out, record=record)
    assert (setup.mission, setup.mode) == ("weather_1940", "linked")
    assert "Linked patrol Autumn 1940 goes on with Weather boat (linked): 1 sailor dead" in out.getvalue()
    carried = [e.to_json() for e in start_configured(setup).take_events() if e.name == "carried_over"]
    assert carried and carried[0]["dead"] == ["engineer-square/1"]
    # a part of a linked patrol chosen starts a new patrol with it
    setup = interactive_setup(io.StringIO("shadow_1941\nlinked\n\n\n\n\n"), io.StringIO(), record=record)
    assert setup.mission == "shadow_1941"
    # the campaign: what the career record says of it, as the window's set-up shows it
    start_configured(GameSetup(mission="", mode="campaign"))
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("\ncampaign\n\n\n\n\n"), out, record=load_career())
    assert setup.mode == "campaign" and "Campaign (since " in out.getvalue()
    assert "running; next: Prize rules" in out.getvalue()


def test_4_3_the_terminal_set_up_says_which_mission_a_new_campaign_begins_with():
    """Rulebook §4.3: a campaign plays the missions in order. A group that picks a mission and then the campaign
    is told that a new campaign begins with its first mission instead (the command line refuses the same choice:
    `--campaign --mission t5_1943`), not left to find a different briefing on the screen."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("7\ncampaign\n\n\n\n\n"), out)
    assert (setup.mission, setup.mode) == ("", "campaign")
    assert "A new campaign begins with its first mission, Prize rules, not Two passengers." in out.getvalue()
    out = io.StringIO()
    interactive_setup(io.StringIO("1\ncampaign\n\n\n\n\n"), out, language="de")
    assert "Eine neue Kampagne beginnt mit ihrer ersten Mission, „Prisenordnung“." in out.getvalue()


def test_5_3_a_yes_or_no_question_refuses_another_answer_and_asks_again():
    """The easy watch change (§5.3) is asked yes or no: an answer that is neither (a command typed too early, a
    typo) is refused and the question comes again, instead of being taken as no without a word."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("training\nsingle\neasy\n\n\n\nmission\nyes\n"), out)
    assert setup.easy_watch_change == {"captain": True}
    assert "! mission is not one of: yes, no" in out.getvalue()
    assert out.getvalue().count("Easy watch change for the Captain? (y/n) [no]: ") == 2
    setup = interactive_setup(io.StringIO("training\nsingle\n\n\n\nleicht\nx\nnein\n"), out := io.StringIO(),
                              language="de")
    assert setup.easy_watch_change == {} and "! x ist keine der Möglichkeiten: ja, nein" in out.getvalue()


def test_5_3_an_unknown_mode_or_level_is_refused_at_once_by_its_names():
    """An answer that is no mode or level is refused right after it is typed (not after all the
    difficulties), naming the choices in the table's language, and the same question comes again."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("training\nsolo\nsingle\nbrutal\nhard\n\n\n\n"), out, language="de")
    assert (setup.mission, setup.mode, setup.difficulty) == ("training", "single", {"captain": "hard"})
    asked = out.getvalue()
    assert "! solo ist keine der Möglichkeiten: einzelne Mission, verknüpfte Feindfahrt, Kampagne" in asked
    assert "! brutal ist keine der Möglichkeiten: leicht, normal, schwer" in asked
    assert asked.index("! solo") < asked.index("Schwierigkeit")


@pytest.mark.parametrize(("language", "answers", "shown"), [
    ("ru", "gibraltar_1941\nодиночная миссия\nТрудная\nлёгкая\n\nnormal\nд\n",
     "Облегчённая смена вахт для роли «Старший помощник»? (д/н) [нет]: "),
    ("de", "gibraltar_1941\neinzelne Mission\nschwer\nleicht\n\nnormal\nj\n", "[normal]: "),
])
def test_5_3_the_terminal_set_up_names_roles_modes_and_levels_in_the_table_language(language, answers, shown):
    """`kaleun play --setup` at a German or Russian table: the roles by their names, modes and levels
    taken by name in that language (ids still taken; an unknown answer is refused and asked again)."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO(answers), out, seed=3, language=language)
    assert (setup.mission, setup.mode) == ("gibraltar_1941", "single")
    assert setup.difficulty == {"captain": "hard", "officer": "easy"}
    assert setup.easy_watch_change == {"officer": True}
    asked = out.getvalue()
    assert shown in asked and "officer" not in asked


@pytest.mark.parametrize(("language", "listed"), [
    ("de", "  1. prize_rules_1939         22. September 1939  Prisenordnung (ab Wilhelmshaven): "),
    ("ru", "  1. prize_rules_1939         22 сентября 1939\u202fг.  Призовое право (база: Вильгельмсхафен): "),
])
def test_5_3_the_terminal_set_up_lists_the_missions_in_the_table_language(language, listed):
    """The missions, new game set-up: `kaleun play --setup` at a German or Russian table lists the missions (name, base,
    summary) in that language, not in English, with the date as that language writes it."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    interactive_setup(io.StringIO("1\n\n\n\n\n\n"), out, seed=3, language=language)
    asked = out.getvalue()
    assert listed in asked
    assert "Prize rules" not in asked and "(from Wilhelmshaven)" not in asked


def test_kaleun_missions_and_kaleun_career_speak_the_table_language(tmp_path):
    """The missions, campaign and new game set-up: `kaleun missions` and `kaleun career` print in the table's language
    (--language, else `kaleun config`): the missions' names and summaries, the career's modes and results as words; an
    unknown language is refused by name."""
    from kaleun.career import empty, save_career

    listed = run_kaleun("missions", "--language", "de", home=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "Prisenordnung (ab Wilhelmshaven)" in listed.stdout and "Prize rules" not in listed.stdout
    record = empty()
    record["missions"].append({"key": "0:prize_rules_1939:1939-09-22T06:00:00:1", "mission": "prize_rules_1939",
                               "name": "Prize rules", "mode": "campaign", "seed": 0, "result": "won",
                               "reason": "returned", "grade": "B", "score": 1528, "fame": 1000, "grt": 10553,
                               "ships_sunk": 2, "crew_lost": 0, "start": "1939-09-22T06:00:00",
                               "end": "1939-09-24T08:30:00", "played": "2025-03-14T20:00:00"})
    record["totals"].update(missions=1, score=1528, fame=1000, grt=10553, ships=2)
    save_career(record, tmp_path / "career.json")
    config = run_kaleun("config", "set", "language", "de", home=tmp_path)
    assert config.returncode == 0, config.stderr
    shown = run_kaleun("career", home=tmp_path)
    assert shown.returncode == 0, shown.stderr
    # the short German date
    german = "  14.03.2025  Prisenordnung (prize_rules_1939)\n      Kampagne  gewonnen      Note B  Punkte  1.528"
    assert german in shown.stdout, shown.stdout
    english = run_kaleun("career", "--language", "en", home=tmp_path)
    assert "  Prize rules (prize_rules_1939)\n      campaign won       grade B" in english.stdout, english.stdout
    assert "  14 Mar 2025 " in english.stdout
    listed = run_kaleun("missions", home=tmp_path)  # the table's language: German
    assert "22. September 1939  Prisenordnung" in listed.stdout and "1939-09-22" not in listed.stdout
    assert "1939-09-22" in run_kaleun("missions", "--json", home=tmp_path).stdout  # machine-readable: ISO
    bad = run_kaleun("missions", "--language", "xx", home=tmp_path)
    # refused in the table's language (`kaleun config set language de` above), not in English
    assert bad.returncode == 2 and "„xx“ ist keine Sprache, die Kaleun spricht" in bad.stderr, bad.stderr


@pytest.mark.parametrize("level, cards, fields", [("easy", 5, 5), ("normal", 4, 4), ("hard", 3, 3)])
def test_6_8_7_2_the_crew_is_told_before_the_game_how_far_the_command_bar_recovers_at_each_watch_change(
        level, cards, fields):
    """§6.8/§7.2: at each watch change the Captain moves the command marker left by a number of fields that
    depends on the difficulty, "Die App sagt euch, um wie viele Felder" (the Russian edition: the number is shown
    in the app before the game starts). With the Captain's hand (§7.7) at the start the crew is told that number
    (difficulty.toml, our choice), not only the marker's new field at each watch change."""
    g = start_game(GameSetup(mission="prize_rules_1939", difficulty={"captain": level}))
    hand = one([e.to_json() for e in g.take_events()], "captain_hand")
    assert (hand["cards"], hand["command_recovery"]) == (cards, fields)
    assert hand["feed"] == (f"Captain: deal yourself {cards} Captain cards ({level} difficulty). At each watch "
                            f"change the command bar moves {fields} fields back, never past VIII.")


def test_5_3_the_terminal_set_up_lists_what_each_difficulty_changes_before_asking():
    """§5.3: the crew chooses each role's difficulty from a menu that shows "die Unterschiede im Spielablauf
    zwischen diesen in einer Liste": before the questions the terminal lists each level's values (difficulty.toml)."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    interactive_setup(io.StringIO("gibraltar_1941\nsingle\n\n\n\n\n"), out)
    asked = out.getvalue()
    listed = ("easy: Captain: the command bar moves 5 fields back at each watch change, 5 Captain cards; Chief "
              "Engineer: 300 seconds to seal a hull breach, machinery wear factor 0.5; the easy watch "
              "change may be chosen.")
    assert listed in asked
    assert "hard: Captain: the command bar moves 3 fields back at each watch change, 3 Captain cards" in asked
    assert asked.index(listed) < asked.index("Difficulty of the Captain")


def test_4_3_the_terminal_set_up_says_a_running_campaign_goes_on_with_its_own_next_mission(home):
    """Rulebook §4.3: the campaign plays its missions in order. A group whose campaign is running picks another
    mission, then the campaign: the set-up started the campaign's next mission without a word about the one picked
    (the command line refuses the same choice: `--campaign --mission minefield_1939`), in the table's language."""
    from kaleun.career import load_career, start_configured
    from kaleun.mission_commands import interactive_setup

    start_configured(GameSetup(mission="", mode="campaign"))  # a campaign begins: prize_rules_1939 is its next
    for language, said in (("en", "The campaign goes on with its next mission, Prize rules, not The Hartlepool "
                                  "field."),
                           ("de", "Die Kampagne geht mit ihrer nächsten Mission weiter, „Prisenordnung“, nicht "
                                  "„Das Minenfeld vor Hartlepool“."),
                           ("ru", "Кампания продолжается своей следующей миссией, «Призовое право», а не "
                                  "«Заграждение у Хартлпула».")):
        out = io.StringIO()
        mode = {"en": "campaign", "de": "Kampagne", "ru": "кампания"}[language]
        setup = interactive_setup(io.StringIO(f"2\n{mode}\n\n\n\n\n"), out, record=load_career(), language=language)
        assert setup.mode == "campaign", out.getvalue()
        assert said in out.getvalue(), out.getvalue()
    out = io.StringIO()  # the campaign's next mission picked: nothing to say
    interactive_setup(io.StringIO("1\ncampaign\n\n\n\n\n"), out, record=load_career())
    assert "goes on with its next mission" not in out.getvalue()


@pytest.mark.parametrize(("language", "answers", "mode"), [
    ("de", "sc_convoy_1940\nverknüpft\nleicht\n\n\n\nja\n", "linked"),
    ("de", "training\neinzeln\nnorm\n\n\n\n", "single"),
    ("de", "training\nKampagne\n\n\n\n\n", "campaign"),
    ("ru", "sc_convoy_1940\nсвязанн\n\n\n\n\n", "linked"),
])
def test_5_3_the_terminal_set_up_takes_the_first_word_of_a_mode_or_level(language, answers, mode):
    """§5.2, §5.3: a German group answers the mode question with "verknüpft" or "einzeln" (the choices read
    "einzelne Mission, verknüpfte Feindfahrt, Kampagne"), a level with its start: the one choice it begins is
    taken (both were refused: only the whole two words or the English id were)."""
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO(answers), out, seed=3, language=language)
    assert setup.mode == mode and "! " not in out.getvalue(), out.getvalue()
