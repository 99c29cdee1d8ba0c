"""The window's new-game set-up (rulebook §4.3 and §5.3; the missions' new game set-up: mission choice,
difficulty per role, the Captain's hand, the easy watch change per role, linked or single or the
campaign, from the window as from the console): chosen by touch, the game built with the career record
(`kaleun.career.start_configured`), a set-up that cannot start refused on the page with the reason."""

from __future__ import annotations

import re

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.career import start_configured
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot import data
from kaleun.ui.screens.setup import Setup
from kaleun.ui.window import Window

from window.fingers import Table_, choose_mission, shown


def set_up_window(language: str = "en") -> tuple[Table_, list]:
    """A window opening on the set-up; its restart builds the chosen game as the session does."""
    table = Table_(language=language)
    made: list = []

    def restart(setup):
        game = start_configured(setup)
        made.append((game, [e.to_json() for e in game.take_events()]))
        return Runtime(game, Table(default_board(), game), clock=table.clock)

    win = Window(table.runtime, clock=table.clock, setup=lambda w: Setup(w, restart))
    win.guard = False
    table.window = win
    return table, made


def test_5_3_the_window_sets_up_a_linked_patrol_with_difficulty_and_easy_watch_change_per_role(home) -> None:
    table, made = set_up_window()
    choose_mission(table, "sc_convoy_1940")
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    table.tap("setup.difficulty.captain.hard")
    table.tap("setup.difficulty.engineer.easy")
    table.tap("setup.easy_watch.engineer")
    table.tap("setup.start")
    assert len(made) == 1 and not table.window.holding
    game = table.window.game
    assert game is made[0][0] and game.config["mission"] == "sc_convoy_1940"
    changes = game.config["changes"]
    assert changes["difficulty"] == {"captain": "hard", "engineer": "easy"}
    assert changes["easy_watch_change"] == {"engineer": True}
    assert changes["setup"]["mode"] == "linked" and changes["linked_missions"] == 2
    crew = game.module("crew").status()
    assert crew["difficulty"]["captain"] == "hard" and crew["difficulty"]["engineer"] == "easy"
    hand = [e for e in made[0][1] if e["event"] == "captain_hand"]
    assert [(e["cards"], e["difficulty"]) for e in hand] == [(3, "hard")]  # the Captain's hand, dealt hard


def test_5_3_the_easy_watch_change_is_offered_only_to_a_role_on_easy(home) -> None:
    table, _ = set_up_window()
    table.tap("setup.next")
    assert table.target("setup.easy_watch.officer").action is None  # greyed: the officer plays normal
    table.tap("setup.difficulty.officer.easy")
    assert table.target("setup.easy_watch.officer").action is not None
    table.tap("setup.easy_watch.officer")
    table.tap("setup.difficulty.officer.normal")  # back to normal: the easy watch change goes with it
    assert not table.window.overlay.easy


def test_4_3_the_window_starts_the_campaign_at_its_first_mission(home) -> None:
    table, made = set_up_window()
    choose_mission(table, "hatteras_1942")  # the campaign chooses its own mission
    table.tap("setup.next")
    table.tap("setup.mode.campaign")
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "prize_rules_1939"
    assert table.window.game.config["changes"]["setup"]["mode"] == "campaign"


def test_5_2_a_single_mission_is_not_offered_as_a_linked_patrol_and_says_why(home) -> None:
    """§5.2: a mission with no later part cannot be played as a linked patrol. The page offered "linked patrol"
    for it and refused only at "Start"; as the terminal's set-up, it says so at once: the button is greyed and
    its touch tells why, and the mission starts as the single mission it is."""
    table, made = set_up_window()
    choose_mission(table, "hatteras_1942")
    table.tap("setup.next")
    linked = table.target("setup.mode.linked")
    assert linked.action is None
    assert linked.why_not == "Off Hatteras is a single mission, not a part of a linked patrol"
    table.tap("setup.mode.linked")
    assert table.window.overlay.mode == "single"
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "hatteras_1942" and not table.window.holding


def test_5_2_a_later_part_with_no_patrol_in_progress_is_not_offered_as_a_linked_patrol(home) -> None:
    """§5.2: a linked patrol begins with its first part: with none in progress, the second part of Autumn 1940 is not
    offered as a linked patrol (the greyed button says which part begins it, as the terminal's set-up and --linked
    refuse it) and starts as the single mission it then is."""
    from kaleun.core.messages import Msg

    table, made = set_up_window()
    choose_mission(table, "weather_1940")
    table.tap("setup.next")
    linked = table.target("setup.mode.linked")
    assert linked.action is None
    assert isinstance(linked.why_not, Msg)
    assert str(linked.why_not).startswith("Weather boat is part 2 of the linked patrol Autumn 1940, which begins "
                                          "with Slow convoy (sc_convoy_1940)")
    table.tap("setup.mode.linked")
    assert table.window.overlay.mode == "single"
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "weather_1940"


def test_5_2_a_linked_patrol_chosen_then_a_single_mission_goes_back_to_a_single_mission(home) -> None:
    """Choosing a part of a linked patrol, "linked patrol", then (back on page one) a single mission: the mode goes
    back to what that mission can be played as, so "Start" never meets a refusal the page did not show."""
    table, made = set_up_window()
    choose_mission(table, "sc_convoy_1940")
    table.tap("setup.next")
    assert table.target("setup.mode.linked").action is not None
    table.tap("setup.mode.linked")
    table.tap("setup.back")
    choose_mission(table, "hatteras_1942")
    table.tap("setup.next")
    assert table.window.overlay.mode == "single" and table.target("setup.mode.linked").action is None
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "hatteras_1942" and not table.window.holding
    assert table.window.game.config.get("changes", {}).get("setup", {}).get("mode", "single") == "single"


def test_5_2_a_refused_set_up_and_a_damaged_career_record_speak_the_table_language(home) -> None:
    """The First Officer's console, languages: the set-up's refusals (a single mission as a linked patrol, a career
    record that cannot be read) show in Russian at a Russian table, not in English."""
    from kaleun.career import career_path

    table, made = set_up_window("ru")
    choose_mission(table, "hatteras_1942")
    table.tap("setup.next")
    win = table.window
    said = win.tr(table.target("setup.mode.linked").why_not)  # not offered, and says why in the table's language
    assert said.endswith(" — одиночная миссия, а не часть связанного похода") and "single" not in said
    career_path().parent.mkdir(parents=True, exist_ok=True)
    career_path().write_text("{not json", encoding="utf-8")
    table.tap("setup.mode.campaign")
    table.tap("setup.start")
    said = win.tr(win.overlay.problem)
    assert not made and "запись карьеры повреждена" in said and "damaged" not in said


def test_4_1_the_window_shows_the_briefing_objectives_signals_and_time_left() -> None:
    """§4.1, §8.4: the objectives are checked by the game and shown; the window's mission sheet (from the
    map) reads them as the console's `mission` does, coded signals named until they are decoded."""
    table = Table_(mission="agents_1941", seed=0)
    table.tap("tab.map")
    table.tap("map.mission")
    table.render()  # the sheet reads the mission as it is drawn
    sheet = table.window.overlay
    assert type(sheet).__name__ == "MissionSheet"
    shown = [str(line) for line in sheet.lines]
    assert shown[0] == "Two passengers"  # its name: the id is for the console (kaleun play --mission)
    assert shown[1].startswith("Briefing: Two men in civilian clothes came aboard")
    assert ("  Primary (open): Land the agents at the landing point: 45 minutes there, surfaced, stopped, in the "
            "dark. - 0 of 45 minutes") in shown
    assert shown[-1] == "Patrol time left: 40 hours."
    table.tap("mission.close")
    assert table.window.overlay is None
    table = Table_(mission="prize_rules_1939", seed=0)  # HQ's weather signal comes within 30 hours
    while not table.named("radio_message") and table.game.t < 30 * 3600:
        table.until(table.game.t + 1800, step=1800)
    table.tap("tab.map")
    table.tap("map.mission")
    table.render()
    assert "  Signal m1: coded (decode it with the Enigma order)." in [str(x) for x in table.window.overlay.lines]


@pytest.mark.parametrize("options, asks", [
    ([], True), (["--campaign"], False), (["--linked", "--mission", "sc_convoy_1940"], False),
    (["--difficulty", "captain=hard"], False), (["--mission", "training"], False)])
def test_5_3_the_window_asks_for_the_set_up_only_when_the_command_line_did_not(home, monkeypatch, options, asks):
    """`kaleun play --campaign` (or --linked, --difficulty ...) has set the game up: the window opens on it
    instead of asking again (and offering a single mission over the campaign just chosen)."""
    import kaleun.ui.session as session
    from kaleun.cli import main

    seen: dict = {}

    class Stop(Exception):
        pass

    def fake_open_session(game, board, **options):
        seen.update(options, mission=game.config["mission"])
        raise Stop

    monkeypatch.setattr(session, "open_session", fake_open_session)
    with pytest.raises(Stop):
        main(["play", "--seed", "1", *options])
    assert seen["setup"] is asks


def test_5_2_the_window_goes_on_with_the_linked_patrol_in_progress_and_shows_the_career(home) -> None:
    """§5.2, §4.3: the next evening the set-up offers the linked patrol where it stopped (its next part, what
    the career record says of it), and the game starts with the carry-over."""
    from kaleun.career import record_mission
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.setup import GameSetup, changes_for

    part1 = new_game(3, "sc_convoy_1940", {**changes_for(GameSetup(mission="sc_convoy_1940", mode="linked")),
                                           "time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none"})
    part1.apply({"do": "crew_options", "rules": "advise", "wear": False})
    part1.apply({"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    part1.advance_to(2 * 3600)
    assert record_mission(part1) is not None
    table, made = set_up_window()
    table.tap("setup.next")
    overlay = table.window.overlay
    assert str(overlay.career_line()).startswith("Career: 1 mission,")
    table.tap("setup.mode.linked")
    assert overlay.mission == "weather_1940"
    # the torpedoes and the fuel the next part starts with, as its carry-over says them at its start
    assert str(overlay.career_line()) == ("Linked patrol Autumn 1940 goes on with Weather boat (linked): 1 sailor "
                                          "dead, flooded sections none. 14 torpedoes left, fuel 91 %.")
    table.tap("setup.start")
    game, events = made[0]
    assert game.config["mission"] == "weather_1940"
    assert [e["dead"] for e in events if e["event"] == "carried_over"] == [["engineer-square/1"]]


def test_4_1_the_window_debrief_shows_the_patrol_chart_and_names_the_saved_file(tmp_path) -> None:
    """§4.1: the debrief screen shows the patrol on the naval grid, as the saved debrief draws it, and says
    which file in the session folder holds it."""
    from kaleun.runtime.debrief_output import DebriefOutput

    table = Table_(mission="prize_rules_1939", seed=0)
    table.until(3600, step=600)
    output = DebriefOutput(table.game, tmp_path, "s1", career=False)
    table.runtime.debrief = output
    output.write()
    table.window.open_debrief()
    table.render()
    assert table.window.overlay.saved == "s1.debrief.png"
    table.tap("debrief.chart")
    table.render()
    sheet = table.window.overlay
    assert sheet.chart and sheet.chart_image.get_size() == (1600, 1000)
    table.tap("debrief.chart")  # back to the summary
    assert not table.window.overlay.chart


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("mission", ["training", "sc_convoy_1940", "agents_1941"])
def test_5_3_the_set_up_names_every_role_and_the_mission_whole(home, language: str, mission: str) -> None:
    """Page two of the set-up at 800x480: each role's name beside its difficulty (the Russian "Старший
    помощник" was cut to "Старший помощ…", taking a second line as on the settings sheet) and the
    mission's line are drawn whole, in English, German and Russian."""
    table, _ = set_up_window(language)
    choose_mission(table, mission)
    table.tap("setup.next")
    table.window.cut.clear()
    table.render()
    assert not table.window.cut, f"cut on the set-up in {language}: {table.window.cut}"


@pytest.mark.parametrize(("language", "day"), [("en", "18 May 1941"), ("de", "18. Mai 1941"),
                                             ("ru", "18 мая 1941\u202fг.")])
def test_4_3_the_mission_line_reads_without_its_file_id(language: str, day: str, home) -> None:
    """Page two describes the mission chosen by its name, date and summary; the file id
    ("shadow_1941") is for the console's `kaleun missions`, not a crew reading the screen aloud. The date reads
    as the table's language writes one, not as ISO text."""
    from window.fingers import shown

    table, _ = set_up_window(language)
    choose_mission(table, "shadow_1941")
    table.tap("setup.next")
    said = " ".join(shown(table))
    assert day in said and "1941-05-18" not in said and "shadow_1941" not in said


def _in_progress(patrol: bool = False, campaign: bool = False) -> None:
    """A career record with a linked patrol part-way (played with the Captain on hard) and a campaign part-way."""
    from kaleun.career import empty, save_career

    record = empty()
    if patrol:
        record["patrol"] = {"id": "autumn_1940", "mode": "linked", "from": "sc_convoy_1940", "next": "weather_1940",
                            "carry": None, "difficulty": {"captain": "hard"}, "easy_watch_change": {}}
    if campaign:
        record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": ["prize_rules_1939"],
                              "next": "minefield_1939", "score": 900, "fame": 500, "grt": 10553, "grades": ["B"],
                              "patrol": None, "difficulty": {"engineer": "easy"},
                              "easy_watch_change": {"engineer": True}}
    save_career(record)


def _paragraphs(monkeypatch) -> list:
    """Every paragraph the window draws from now on, with its colour."""
    from kaleun.ui.widgets import Canvas

    drawn: list = []
    real = Canvas.paragraph

    def paragraph(self, text, rect, size, colour, *args, **kwargs):
        drawn.append((self.win.tr(text) if hasattr(self, "win") else str(text), colour))
        return real(self, text, rect, size, colour, *args, **kwargs)

    monkeypatch.setattr(Canvas, "paragraph", paragraph)
    return drawn


def test_5_2_the_window_goes_on_with_the_linked_patrol_or_begins_a_new_one_saying_what_is_given_up(home,
                                                                                                  monkeypatch):
    """§5.2: with a linked patrol in progress, "linked patrol" goes on with its next part (with the difficulty it
    carries), or begins a new patrol with the part chosen on page one; that choice says, before Start, that the
    patrol in progress is given up with its carry-over, in the words of the terminal's set-up."""
    from kaleun.career import load_career, patrol_given_up
    from kaleun.uboot.missions.setup import GameSetup
    from kaleun.ui import theme

    _in_progress(patrol=True)
    table, made = set_up_window()
    choose_mission(table, "shadow_1941")
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    overlay = table.window.overlay
    assert overlay.mission == "weather_1940" and not overlay.anew  # going on is the first choice
    assert overlay.difficulty == {"captain": "hard"}  # what the last part was played with
    assert overlay.given_up() is None
    table.tap("setup.anew")
    told = patrol_given_up(load_career(), GameSetup(mission="shadow_1941", mode="linked"))
    assert told is not None and overlay.given_up() == told
    drawn = _paragraphs(monkeypatch)
    table.window.cut.clear()
    table.render()
    # in the warning's colour, whole: what does not fit above "Back" and "Start" goes on between them
    assert table.window.tr(told) == " ".join(str(t) for t, c in drawn if c == theme.WARNING)
    assert not table.window.cut, table.window.cut
    table.tap("setup.going_on")  # thought better of it: nothing is given up
    assert overlay.mission == "weather_1940" and overlay.given_up() is None
    table.tap("setup.anew")
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "shadow_1941"
    assert table.window.game.config["changes"]["setup"]["patrol"] == "spring_1941"  # a new patrol


def test_5_2_going_on_plays_the_next_part_and_a_new_patrol_needs_a_part_of_another(home):
    _in_progress(patrol=True)
    table, made = set_up_window()
    choose_mission(table, "hatteras_1942")  # a single mission: no new patrol begins with it
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    assert table.target("setup.anew").action is None
    table.tap("setup.start")
    game = table.window.game
    assert made and game.config["mission"] == "weather_1940"
    assert game.module("crew").difficulty["captain"] == "hard"


def test_5_2_another_patrols_later_part_begins_no_new_patrol_in_the_window(home):
    """§5.2: a new patrol begins with its first part: with Autumn 1940 in progress, Spring 1941's second part chosen
    on page one offers no new patrol (the button says to choose a first part); going on plays the next part."""
    from kaleun.core.messages import Msg

    _in_progress(patrol=True)
    table, made = set_up_window()
    choose_mission(table, "agents_1941")
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    target = table.target("setup.anew")
    assert target.action is None
    assert table.window.tr(Msg("choose the first part of another linked patrol on the first page to begin a new "
                               "patrol with it")) in str(table.window.tr(target.why_not))
    table.tap("setup.start")
    assert made and table.window.game.config["mission"] == "weather_1940"


def test_4_3_the_window_goes_on_with_the_campaign_or_begins_it_anew_saying_what_is_given_up(home, monkeypatch):
    """§4.3: with a campaign running further on, "campaign" goes on with its next mission, or begins a new campaign
    with its first; that choice says before Start that the running campaign is given up (its missions stay in the
    record), and the new game tells it at the start as the terminal's does."""
    from kaleun.career import load_career

    _in_progress(campaign=True)
    table, made = set_up_window()
    table.tap("setup.next")
    table.tap("setup.mode.campaign")
    overlay = table.window.overlay
    assert overlay.setup().mission == "" and overlay.given_up() is None
    assert overlay.difficulty == {"engineer": "easy"} and overlay.easy == {"engineer"}
    table.tap("setup.anew")
    told = str(overlay.given_up())
    assert told == ("A new campaign begins with Prize rules: the campaign running since 2025-03-14 (1 mission, "
                    "score 900; next: The Hartlepool field) is given up when it starts. Its missions stay in the "
                    "career record.")
    table.tap("setup.start")
    game, events = made[-1]
    assert game.config["mission"] == "prize_rules_1939"
    assert next(e["feed"] for e in events if e["event"] == "campaign_begins").startswith(
        "A new campaign begins with Prize rules. The last one was given up after 1 mission")
    assert game.config["changes"]["setup"]["last_campaign"]["state"] == "given_up"
    assert load_career()["campaign"]["done"] == []


def test_4_3_going_on_with_the_campaign_plays_its_next_mission(home):
    _in_progress(campaign=True)
    table, made = set_up_window()
    table.tap("setup.next")
    table.tap("setup.mode.campaign")
    table.tap("setup.start")
    game = made[-1][0]
    assert game.config["mission"] == "minefield_1939" and game.module("crew").easy["engineer"]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("mission", ["long_patrol_1941", "agents_1941"])
def test_5_3_the_page_says_what_the_chosen_levels_change_and_follows_the_buttons(home, monkeypatch, language,
                                                                                 mission) -> None:
    """§5.3: the app lets the crew see "die Unterschiede im Spielablauf" between the levels while they choose.
    Under the roles the page draws what the chosen Captain's and Chief Engineer's levels do (difficulty.toml),
    whole (below a mission line of two or three lines), and it changes as a level is tapped."""
    from kaleun.i18n import language as table_language
    from kaleun.uboot.missions.setup import level_effects
    from kaleun.ui.widgets import Canvas

    drawn: list[str] = []
    real = Canvas.paragraph

    def spy(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(self.tr(text))
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "paragraph", spy)
    table, _ = set_up_window(language)
    choose_mission(table, mission)
    table.tap("setup.next")
    lang = table_language(language)
    normal = lang.render(level_effects({}))
    table.render()
    assert normal in drawn
    table.tap("setup.difficulty.captain.easy")
    drawn.clear()
    table.render()
    easy = lang.render(level_effects({"captain": "easy"}))
    assert easy != normal and easy in drawn and normal not in drawn
    assert not table.window.cut, table.window.cut  # nothing cut short
    if language == "en":
        assert easy == ("Captain easy: command bar 5 fields back per watch, 5 cards. Chief Engineer normal: hull "
                        "breach 180 s, wear ×1.")


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_4_3_the_mission_list_opens_on_the_page_of_the_mission_chosen(home, size: tuple[int, int]) -> None:
    """A new game's set-up opens with the mission the game would start already chosen: its button must be on the
    page shown first. The list opened on its first page while the chosen mission (the training, last in the
    list) sat on the third, so nothing on the page said which mission "Next" would play."""
    table, _ = set_up_window()
    table.window.resize(size)
    table.surface = pygame.Surface(size)
    assert table.window.overlay.mission == "training"
    assert table.target("mission.training").action is not None  # on the page first shown
    # the training heads the list (test_setup_opens_on_a_full_first_page): its page is the first of the pages
    assert [t for t in shown(table) if re.fullmatch(r"1/[2-9]", t)], "no page number on the set-up"
    table.tap("mission.more")  # the pages still turn, round to the first
    table.render()
    assert table.window.targets.get("mission.training") is None
    for _ in range(5):
        table.render()
        if table.window.targets.get("mission.prize_rules_1939") is not None:
            break
        table.tap("mission.more")
    assert table.target("mission.prize_rules_1939").action is not None


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_training_patrol_says_on_the_set_up_that_its_sea_is_empty(home, code: str) -> None:
    """A group starting the training patrol to meet its first contact waited in vain: it has no traffic and no
    aircraft, and its line said only that the crew learns the rules. The set-up's second page now says, whole on
    the 7" screen in the table's language, that its sea is empty and the exercises bring the ships."""
    table, _ = set_up_window(code)
    choose_mission(table, "training")
    table.tap("setup.next")
    table.window.cut.clear()
    said = " ".join(shown(table))
    empty = {"en": "an empty sea (ships come in the exercises)", "de": "leere See (Schiffe gibt es in den Übungen)",
             "ru": "пустое море (суда встречаются в других учениях)"}[code]
    assert empty in said, said
    assert not [whole for whole in table.window.cut if empty in whole], table.window.cut
    training = data.load("missions")["training"]  # what it says holds: no traffic, no air cover, no set pieces
    assert training.get("traffic", "none") == "none" and training.get("air_cover", "none") == "none"
    assert not {"convoy", "vessel", "aircraft"} & set(training)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Linked patrol Autumn 1940 goes on with Weather boat (linked): 1 sailor dead, flooded sections none. "
           "14 torpedoes left, fuel 91 %."),
    ("de", "Verknüpfte Feindfahrt „Herbst 1940“ geht weiter mit „Wetterboot“ (verknüpft): 1 Matrose tot, geflutete "
           "Sektionen keine. 14 Torpedos übrig, Treiböl 91 %."),
    ("ru", "Связанный поход «Осень 1940» продолжается миссией «Метеоразведчик» (связанный): 1 моряк погиб, затоплены "
           "отсеки: нет. Торпед: 14, топливо: 91 %."),
])
def test_5_2_the_crews_page_shows_the_patrols_line_whole_with_its_torpedoes_and_fuel(home, language, said) -> None:
    """§5.2: what the next part carries over (the dead, the flooded sections, the torpedoes and the fuel left) is on
    the crew's page whole in every language; the difficulty and easy watch change the patrol carries are left out of
    the line there, as the buttons above it show them."""
    from kaleun.career import record_mission
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.setup import GameSetup, changes_for

    setup = GameSetup(mission="sc_convoy_1940", mode="linked", difficulty={"captain": "hard", "officer": "easy"},
                      easy_watch_change={"officer": True})
    part1 = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                           "air_cover": "none"})
    part1.apply({"do": "crew_options", "rules": "advise", "wear": False})
    part1.apply({"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    part1.advance_to(2 * 3600)
    assert record_mission(part1) is not None
    table, _ = set_up_window(language)
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    assert table.window.tr(table.window.overlay.career_line()) == said
    assert table.window.overlay.difficulty == {"captain": "hard", "officer": "easy"}  # the buttons show them
    assert table.window.overlay.easy == {"officer"}
    table.window.cut.clear()
    table.render()
    assert not table.window.cut, table.window.cut
