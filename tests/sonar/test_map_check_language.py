"""Digest §2/§7: `kaleun map check` speaks the maker's language (Captain Sonar; the First Officer's console, languages).

A map with a mistake is refused with `file:line: problem`; the problem (and the check's summary of a good
map) is said in the preferred language of `kaleun config`, the place stays as it is, and the English text
is word for word what it was (tests, logs and the JSON of a save read it).
"""

from __future__ import annotations

import pytest
from kaleun.cli import main
from kaleun.i18n import language
from kaleun.sonar.game import build_map
from kaleun.sonar.maps import MapError, parse_map
from test_sonar_maps import GOOD, OPEN

#: English words of map problems that must not stand in a German or Russian line
ENGLISH = ("unknown symbol", "known:", "rows high", "columns wide", "scenario Alpha has no", "needs", "expected",
           "given before", "ok:", "island", "sectors:", "fits scenario", "cannot read")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    return tmp_path


def _speak(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "set", "language", code]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("code", ["de", "ru"])
def test_map_check_says_a_maps_problems_and_its_summary_in_the_preferred_language(code, home, capsys):
    good, bad, other = home / "good.map", home / "bad.map", home / "delta.map"
    good.write_text(OPEN, encoding="utf-8")
    bad.write_text(GOOD.replace(" 2  . # . . .", " 2  . # . x .").replace(" 4  . . . . .\n", " 4  . . . .\n"),
                   encoding="utf-8")
    other.write_text(GOOD.replace("name: Test", "name: My Delta"), encoding="utf-8")
    assert main(["map", "check", str(good), str(bad), str(other), str(home / "gone.map")]) == 2
    english = capsys.readouterr()
    assert f"{bad}:9: D2: unknown symbol 'x' (known: '.', '#', 'o', 'a')" in english.err
    assert f"{bad}:11: row 4 has 4 cells, the map is 5 columns wide" in english.err
    assert f"{other}:10: scenario Alpha has no water holes ('o'); mark that cell '.'" in english.err
    assert f"{good}: ok: Test, 5 x 4, 1 island; sectors: realtime 9, turn 4; fits scenario alpha (turn, realtime)" \
        in english.out
    _speak(code, capsys)
    assert main(["map", "check", str(good), str(bad), str(other), str(home / "gone.map")]) == 2
    said = capsys.readouterr()
    for place in (f"{bad}:9: D2: ", f"{bad}:11: ", f"{other}:10: ", f"{good}: "):
        assert place in said.err + said.out  # the place stays as it is
    for words in ENGLISH:
        assert words not in said.err and words not in said.out, (words, said)


@pytest.mark.parametrize("text, where", [
    ("name: X\n", "t.map:1"),
    ("name: X\nname: Y\nsize: 5\ngrid:\n", "t.map:2"),
    (GOOD.replace("sectors turn: 3 2 / 2 2", "sectors turn: 3 3 / 2 2"), "t.map:5"),
    (GOOD.replace("    A B C D E\n", ""), "t.map:7"),
    (GOOD + " 5  . . . . .\n", "t.map:12"),
])
def test_every_map_problem_is_a_message_with_its_english_text_kept(text, where):
    with pytest.raises(MapError) as caught:
        parse_map(text, "t.map")
    for code in ("de", "ru"):
        for problem in caught.value.messages:
            assert language(code).missing(problem) == [], problem
            assert str(problem).startswith("t.map:")
    assert "\n".join(caught.value.problems) == str(caught.value)
    assert any(p.startswith(where) for p in caught.value.problems)


def test_a_scenarios_problems_with_a_map_are_messages():
    """§7: each problem points at the line where the feature belongs: a missing archer mine at the grid's first row,
    missing turn-based sectors beside the map's other 'sectors' line (both pointed at line 1, the file's comment)."""
    with pytest.raises(MapError) as caught:
        build_map("echo", "turn", GOOD.replace("sectors turn: 3 2 / 2 2\n", ""), "own.map")
    assert caught.value.problems == [  # in the file's order
        "own.map:4: the map has no sectors for the turn-based game ('sectors turn: ...')",
        "own.map:7: scenario Echo needs at least one archer mine ('a') on its map",
        "own.map:9: scenario Echo has no water holes ('o'); mark that cell '.', or play the map as scenario Delta",
    ]
    for code in ("de", "ru"):
        for problem in caught.value.messages:
            assert language(code).missing(problem) == [], problem


@pytest.mark.parametrize(("feature", "scenario"), [(" 3  . . . o .", "Delta"), (" 3  . . . a .", "Echo")])
def test_7_a_map_checked_for_a_scenario_without_its_features_names_the_scenario_that_has_them(feature, scenario):
    """§7 Delta's water holes, Echo's Archer mines: an owner's typed-in Delta map named "Eismeer" is checked (and
    played) as Alpha, and each water hole was refused with "mark that cell '.'" only: the way out that erases what the
    owner typed in. The problem now also names the scenario the cells belong to."""
    text = GOOD.replace(" 3  . . . o .", feature)
    with pytest.raises(MapError) as caught:
        build_map("alpha", "realtime", text, "own.map")
    kind = "water holes ('o')" if scenario == "Delta" else "archer mines ('a')"
    assert caught.value.problems == [
        f"own.map:10: scenario Alpha has no {kind}; mark that cell '.', or play the map as scenario {scenario}"]
    assert build_map(scenario.lower(), "realtime", text, "own.map").feature(
        "water_hole" if scenario == "Delta" else "archer_mine")
