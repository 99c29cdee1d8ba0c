"""A mission file with a mistake is refused with `file:line: problem` (rulebook §4: the missions are data a group
may write); `kaleun missions check` says the problems, and a good file's summary, in the table's language
(`--language`, else `kaleun config`), as `kaleun map check` and `kaleun board check` do: a German or Russian
group writing its own mission reads why it is refused. The place stays as it is, and the English text is word
for word what it was (tests, logs and the README read it)."""

from __future__ import annotations

import pytest
from kaleun.cli import main
from kaleun.i18n import language
from kaleun.uboot.missions.catalogue import MissionError, check_text
from missionkit import MISSION_TOML

#: a file with a mistake of every family: a value out of range, an unknown key, a ship not yet at sea, an
#: `after` naming nothing, and the boat set down on land
BAD = MISSION_TOML.replace('square = "BF54"', 'square = "AM76"\nposition = [53.0, -8.0]\npar_grt = 1.5\ncolour = 1') \
    + '\n[[vessel]]\nclass = "river"\n\n[[radio]]\nafter = "nothing"\ntext = "x"\n'

ENGLISH_PROBLEMS = [
    "mine.toml:5: mine: position: the boat would start on land: 53.00°N 8.00°W is Ireland",
    "mine.toml:6: mine: par_grt: must be a whole number, got 1.5",
    "mine.toml:7: mine: colour: unknown key (known: ",
    "mine.toml:18: mine: vessel[0].class: the River-class frigate is not at sea before 3 April 1942 (the mission "
    "starts on 1 June 1941)",
    "mine.toml:21: mine: radio[0].after: no objective 'nothing' (objectives: go)",
]

#: English words of these problems that must not stand in a German or Russian line
ENGLISH = ("would start on land", "must be a whole number", "unknown key", "is not at sea before",
           "no objective", "ok:", "1 objective", "0 encounters")


def test_the_english_problems_read_as_they_always_did():
    with pytest.raises(MissionError) as err:
        check_text(BAD, "mine.toml", "mine")
    found = err.value.problems
    assert len(found) == len(ENGLISH_PROBLEMS)
    for line, expected in zip(found, ENGLISH_PROBLEMS, strict=True):
        assert line.startswith(expected), line
    assert str(err.value) == "\n".join(found)


@pytest.mark.parametrize("code", ["de", "ru"])
def test_every_problem_of_a_mission_file_has_its_words_in_german_and_russian(code):
    with pytest.raises(MissionError) as err:
        check_text(BAD, "mine.toml", "mine")
    lang = language(code)
    for message in err.value.messages:
        assert not lang.missing(message), lang.missing(message)


@pytest.mark.parametrize("code, land, ok", [("de", "stünde beim Start an Land", "in Ordnung"),
                                            ("ru", "начнёт на суше", "в порядке")])
def test_kaleun_missions_check_says_the_problems_and_the_summary_in_the_tables_language(code, land, ok, tmp_path,
                                                                                      monkeypatch, capsys):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    good, bad = tmp_path / "good.toml", tmp_path / "mine.toml"
    good.write_text(MISSION_TOML, encoding="utf-8")
    bad.write_text(BAD, encoding="utf-8")
    assert main(["missions", "check", "--language", code, str(good), str(bad)]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == len(ENGLISH_PROBLEMS)
    assert lines[0].startswith(f"{bad}:5: mine: position: ") and land in lines[0]
    assert out.startswith(f"{good}: {ok}: good: Test patrol, 1941-06-01, ")
    for line in [*lines, out]:
        assert not any(word in line for word in ENGLISH), line
    # without --language, the preferred language of `kaleun config`
    assert main(["config", "set", "language", code]) == 0
    capsys.readouterr()
    assert main(["missions", "check", str(bad)]) == 2
    assert land in capsys.readouterr().err


#: the checks of HQ's timing, of objectives no game could meet and of areas, in one file
TIMING = MISSION_TOML + """
[[objective]]
id = "escort"
kind = "sink"
type = "merchant"
class = "flower"
text = "Sink a corvette."

[[objective]]
id = "far"
kind = "reach"
box = [10.0, 20.0, 0.0, 1.0]
text = "Nowhere."

[[radio]]
at_h = 30
text = "Too late: {square}."
"""


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_timing_meetable_and_area_checks_speak_the_tables_language_too(code):
    with pytest.raises(MissionError) as err:
        check_text(TIMING, "mine.toml", "mine")
    english = "\n".join(err.value.problems)
    for words in ("is an escort, not a merchant", "is not [south, north, west, east]",
                  "is given no value", "not before the time limit (time_limit_h = 24)"):
        assert words in english, english
    lang = language(code)
    for message in err.value.messages:
        assert not lang.missing(message), lang.missing(message)
        said = lang.render(message)
        assert said.startswith("mine.toml:") and not any(
            w in said for w in ("is an escort", "is not [south", "is given no value", "the patrol is over first"))
