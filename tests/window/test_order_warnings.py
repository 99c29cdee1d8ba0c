"""The console's console parity, both ways: what the First Officer must hear before an order is the
same on the window's order sheet and at the console's `check ORDER` (rulebook §3: sailors on the
bridge or deck die in a dive; the boat's test and crush depth and the bottom under the keel; §12 a
torpedo run longer than the torpedo goes), and what the window's helm shows (test and crush depth,
heading, the last fix) the console's `status` prints. Driven by touch on the window and by typed
lines at the console."""

from __future__ import annotations

import io

import pytest
from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console

from window.fingers import Table_, shown


class Desk:
    """A console on a game in a language, typed into line by line."""

    def __init__(self, mission: str, language: str = "en", seed: int = 0) -> None:
        self.game = new_game(seed, mission)
        self.out = io.StringIO()
        self.runtime = Runtime(self.game, Table(default_board(), self.game), clock=lambda: 0.0)
        self.runtime.language = language
        self.console = Console(self.runtime, stdin=io.StringIO(), stdout=self.out, interactive=False)
        self.runtime.step()

    def type(self, *lines: str) -> str:
        start = len(self.out.getvalue())
        for line in lines:
            self.console.handle(line)
            self.runtime.step()
        return self.out.getvalue()[start:]


def joined(texts: list[str]) -> str:
    """The frame's texts as one string (a wrapped paragraph's lines joined by spaces)."""
    return " ".join(texts)


# -- §3 a dive with sailors outside -------------------------------------------------------------------
@pytest.mark.parametrize(("language", "words"), [
    ("en", "Warning: square navigator is still on the bridge or deck and dies in the dive"),
    ("de", "Achtung: Navigator-Quadrat ist noch auf Brücke oder Deck und stirbt beim Tauchen"),
])
def test_3_the_dive_sheet_and_the_console_warn_of_a_lookout_left_on_the_bridge(language: str, words: str) -> None:
    """§3 diving kills every sailor left in sections 7 and 8: the window's dive sheet (opened by touch
    on the helm) says so before the order is given, as the console's `?dive` does, naming the figure
    in the table's language, never by its id."""
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.navigator-square", "section.8")
    table.tap("tab.helm")
    table.tap("order.dive")
    assert words in joined(shown(table))
    desk = Desk("exercise_convoy", language)
    desk.type("mobilize", "place navigator-square 8")
    assert words in desk.type("?dive")
    # once he is below, neither warns
    table.tap("sheet.close")
    table.tap("tab.boat")
    table.drag("figure.navigator-square", "section.3")
    table.tap("tab.helm")
    table.tap("order.dive")
    assert words.split(":")[0] + ":" not in joined(shown(table))
    desk.type("place navigator-square 3")
    assert words not in desk.type("?dive")


# -- depth: test depth, crush depth, the bottom -------------------------------------------------------
def _depth_sheet(table: Table_, depth: int) -> str:
    """Dive, then touch the depth gauge and step the sheet to `depth`: what the sheet shows."""
    table.tap("tab.helm")
    table.give("order.dive")
    gauge = table.target("depth_gauge").rect
    table.tap("depth_gauge", (gauge.centerx, gauge.y + round(min(depth, 290) / 300 * gauge.h)))
    sheet = table.window.overlay
    for _ in range(60):
        if sheet.values["depth_m"] == depth:
            break
        table.tap("field.depth_m.+10" if sheet.values["depth_m"] < depth else "field.depth_m.-10")
    assert sheet.values["depth_m"] == depth
    return joined(shown(table))


@pytest.mark.parametrize(("depth", "words"), [
    (240, "Warning: 240 m is below test depth (230 m): the hull groans and may spring leaks."),
    (290, "Warning: 290 m is at or below crush depth (280 m): the hull gives way and the boat is lost."),
])
def test_the_depth_sheet_and_the_console_warn_below_test_and_crush_depth(depth: int, words: str) -> None:
    """The boat's test depth (230 m, stress and leaks below it) and crush depth (280 m, the boat is lost:
    boat.toml `[depth]`): the window's depth sheet warns before the order, as `?depth` does."""
    table = Table_(mission="exercise_convoy", seed=0)
    assert words in _depth_sheet(table, depth)
    desk = Desk("exercise_convoy")
    desk.type("dive")
    assert words in desk.type(f"?depth {depth}")
    assert "Warning" not in desk.type("?depth 200")


def test_the_depth_sheet_and_the_console_warn_of_the_bottom_under_the_keel() -> None:
    """The Dogger Bank (exercise_shoal): an ordered depth below the echo sounder's bottom strikes it and
    loses the boat; both front ends say so before the order is given."""
    words = "Warning: the echo sounder gives 20 m of water here: at 40 m the boat strikes the bottom."
    table = Table_(mission="exercise_shoal", seed=0)
    assert words in _depth_sheet(table, 40)
    desk = Desk("exercise_shoal")
    desk.type("dive")
    assert words in desk.type("?depth 40")



def test_the_depth_warnings_begin_at_crush_depth_below_test_depth_and_at_the_bottom() -> None:
    """The edges of boat.toml `[depth]` and the echo sounder: 280 m is "at or below crush depth", 230 m is
    test depth itself (no warning), and an ordered depth equal to the water under the keel strikes the bottom."""
    desk = Desk("exercise_convoy")
    desk.type("dive")
    assert "Warning: 280 m is at or below crush depth (280 m)" in desk.type("?depth 280")
    assert "Warning" not in desk.type("?depth 230")
    assert "Warning: 231 m is below test depth (230 m)" in desk.type("?depth 231")
    shoal = Desk("exercise_shoal")
    shoal.type("dive")
    assert "Warning: the echo sounder gives 20 m of water here: at 20 m the boat strikes the bottom." in \
        shoal.type("?depth 20")
    assert "Warning" not in shoal.type("?depth 19")

# -- §12 a run beyond the torpedo's range -------------------------------------------------------------
def test_12_the_attack_screen_and_the_fire_sheet_say_the_run_is_beyond_the_torpedos_range() -> None:
    """§12 the TDC's solution for a target 9 nm off: the console's `weapons` says "beyond the torpedo's
    range"; so do the window's attack screen (a warning mark, not the tick) and its fire sheet."""
    tdc = "tdc source=manual bearing=10 range_nm=9 course=90 speed_kn=5"
    desk = Desk("exercise_convoy_battle")
    desk.type("flood 1", tdc)
    assert "beyond the torpedo's range" in desk.type("weapons")
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.runtime.submit({"do": "order", "order": "flood_tubes", "tubes": [1]})
    table.runtime.submit({"do": "order", "order": "tdc", "source": "manual", "bearing": 10, "range_nm": 9,
                          "course": 90, "speed_kn": 5})
    table.until(60)
    table.tap("tab.attack")
    assert "beyond the torpedo's range" in shown(table)
    table.tap("tube.1")
    table.tap("weapon.fire")
    sheet = joined(shown(table))
    assert "is longer than the torpedo's range of" in sheet and "the torpedoes stop short" in sheet
    fired = desk.type("?fire 1")
    assert "is longer than the torpedo's range of" in fired


def test_12_a_run_within_range_shows_the_tick_and_no_warning() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.runtime.submit({"do": "order", "order": "tdc", "source": "manual", "bearing": 10, "range_nm": 1,
                          "course": 90, "speed_kn": 5})
    table.tap("tab.attack")
    assert "beyond the torpedo's range" not in shown(table)


# -- the helm's readings in the console's status ------------------------------------------------------
def test_status_prints_test_and_crush_depth_the_heading_and_the_last_fix() -> None:
    """What the helm screen shows, `status` prints: test and crush depth submerged, the heading while
    the boat turns to a new course, the last sextant fix (or that there is none)."""
    desk = Desk("exercise_convoy")
    surfaced = desk.type("status")
    assert "No fix yet" in surfaced and "crush depth" not in surfaced
    desk.type("dive", "course 90")
    submerged = desk.type("status")
    assert "test depth 230 m, crush depth 280 m" in submerged
    assert "course 090" in submerged and "Heading 000°" in submerged
    german = Desk("exercise_convoy", "de")
    german.type("dive")
    assert "Testtiefe 230 m, Zerstörungstiefe 280 m" in german.type("status")


# -- numbers in the table's language -------------------------------------------------------------------
@pytest.mark.parametrize(("language", "rounds", "speed"), [("en", "4,000", "0.0 kn"), ("de", "4.000", "0,0 kn"),
                                                          ("ru", "4\xa0000", "0,0 уз.")])
def test_11_the_window_writes_numbers_with_the_languages_signs(language: str, rounds: str, speed: str) -> None:
    """A German table reads the 20 mm gun's 4,000 rounds as "4.000" (not "4,000", which a
    German reads as four), a Russian one as "4 000"; speeds take the language's decimal sign."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.attack")
    assert any(f": {rounds} " in text for text in shown(table))  # "20 mm: 4,000 rounds", "20 mm: 4.000 Schuss"
    table.tap("tab.boat")
    assert any(text.startswith(speed) for text in shown(table))


@pytest.mark.parametrize(("language", "rounds", "grt"), [("en", "4,000", "4,800"), ("de", "4.000", "4.800"),
                                                         ("ru", "4\xa0000", "4\xa0800")])
def test_the_console_weapons_view_writes_the_rounds_and_the_tonnage_as_the_table_reads_numbers(
        language: str, rounds: str, grt: str) -> None:
    """The attack, deck guns (ammunition counted and shown) and the tally: the console's `weapons` wrote the flak's
    rounds as "4000" and the tonnage sunk as "4,800" in every language — a German table reads 4,800 as four
    point eight. Both are written as the window writes them, with the table's own digit grouping."""
    desk = Desk("training", language)
    desk.game.module("weapons").sunk.append({"ship": None, "class": "tramp", "type": "merchant", "grt": 4800,
                                             "cause": "torpedo"})
    text = desk.type("weapons")
    assert f" {rounds} " in text and f"({grt} " in text, text


@pytest.mark.parametrize(("language", "head", "row"), [
    ("en", "TDC on manual input: course 090, speed 7.5 kn, depth 3 m", "1,500"),
    ("de", "TDC auf Handeingabe: Kurs 090, Fahrt 7,5 kn, Tiefe 3 m", "1.500"),
    ("ru", "СРП по ручному вводу: курс 090, скорость 7,5 уз., глубина 3 м", "1\xa0500"),
])
def test_12_the_console_tdc_reads_its_source_and_numbers_in_the_table_language(language: str, head: str,
                                                                                 row: str) -> None:
    """The attack, the TDC (the TDC's solution shown) in the console's `weapons`: a TDC set by hand was "TDC on
    manual" in every language (the order's field value, untranslated), and its range of 1,500 m stood as
    "1,500" before a German crew, who reads it as one and a half metres; the gyro angle's decimal point and
    the speed's too."""
    desk = Desk("training", language)
    desk.runtime.submit({"do": "order", "order": "tdc", "bearing": 10, "range_m": 1500, "course": 90,
                         "speed_kn": 7.5})
    desk.runtime.step()
    text = desk.type("weapons")
    assert head in text, text
    bow = next(line for line in text.splitlines() if f" {row} " in line)  # the bow tubes' row comes first
    assert ("+20.6" if language == "en" else "+20,6") in bow.split("  "), bow


@pytest.mark.parametrize(("language", "said"), [("en", "Liberty ship (7,176 GRT)"), ("de", "(7.176 BRT)"),
                                                ("ru", "(7\xa0176 БРТ)")])
def test_8_2_an_identified_class_tells_its_tonnage_as_the_table_reads_numbers(language: str, said: str) -> None:
    """§8.2: the crew identifies a class to know its GRT; the console's contacts list wrote it "7,176" in every
    language, which a German crew reads as seven point one seven six."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui.console_views import _class

    shown_ = _class({"identified": True, "class_name": "Liberty ship", "grt": 7176}, lang_of(language))
    assert said in shown_


@pytest.mark.parametrize(("language", "range_", "speed"), [("en", "1.2 nm", "7.5 kn"), ("de", "1,2 sm", "7,5 kn"),
                                                           ("ru", "1,2 мили", "7,5 уз.")])
def test_12_the_console_contacts_and_target_data_read_decimals_in_the_table_language(language: str, range_: str,
                                                                                     speed: str) -> None:
    """The First Officer's console, contacts and target data, in the console: `contacts` and `target` wrote the crew's
    estimates with an English decimal point and "nm" at every table, so a German crew read "1.2" as twelve hundred."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui import console_views

    lang = lang_of(language)
    data = {"contact": "c1", "kind": "ship", "bearing": 45, "rel_bearing": 45, "range_nm": 1.23, "course": 90,
            "speed_kn": 7.5, "age_s": 30, "sensor": "lookouts", "identified": False}
    shown = "\n".join(console_views.target(data, lang))
    assert range_ in shown and speed in shown, shown

    class Sea:
        def status(self) -> dict[str, object]:
            return {"contacts": [data]}

    table = console_views.contacts(type("Game", (), {"has_module": lambda self, n: n == "sea",
                                                     "module": lambda self, n: Sea()})(), lang)
    row = table[2].split()
    assert row[4] == range_.split()[0] and row[6] == speed.split()[0], table
