"""The physical table, a Pi that starts by itself: the preferred volume kept in the config folder is said as the
console and `kaleun hw check` say it (a percentage in the language's own writing), a volume typed finer than its
step (a whole percent) is kept rounded and said so, and `kaleun board check` says the board format's own words
(drivers, a ring's homing, the speaker's output) in the maker's language."""

from __future__ import annotations

import json

import pytest
from kaleun.cli import main
from kaleun.paths import config_dir


def _kept() -> str:
    return json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))["volume"]


@pytest.mark.parametrize(("code", "whole", "finer"), [("en", "40%", "45.5%"), ("de", "40 %", "45,5 %"),
                                                     ("ru", "40 %", "45,5 %")])
def test_config_show_says_the_volume_as_a_percentage_in_the_languages_writing(home, capsys, code, whole, finer):
    assert main(["config", "set", "volume", "0.4"]) == 0
    capsys.readouterr()
    assert main(["config", "show", "--language", code]) == 0
    assert f"  volume    {whole}\n" in capsys.readouterr().out
    # a volume written by hand finer than the step: the table plays it as written, and shows it so
    (config_dir() / "settings.json").write_text(json.dumps({"volume": "0.455"}), encoding="utf-8")
    assert main(["config", "show", "--language", code]) == 0
    assert f"  volume    {finer}\n" in capsys.readouterr().out


@pytest.mark.parametrize(("typed", "kept", "said"), [
    ("45 %", "0.45", "volume = 45% (in "), ("45%", "0.45", "volume = 45% (in "), ("0.45", "0.45", "volume = 45% (in "),
    ("0,45", "0.45", "volume = 45% (in "), ("100%", "1", "volume = 100% (in "), ("0", "0", "volume = 0% (in "),
    ("45,5%", "0.46", "volume = 46% (45,5% rounded to whole percent, the volume's step) (in "),
    ("44.5%", "0.45", "volume = 45% (44.5% rounded to whole percent, the volume's step) (in "),
    ("28.5%", "0.29", "volume = 29% (28.5% rounded to whole percent, the volume's step) (in "),
    ("0,145", "0.15", "volume = 15% (0,145 rounded to whole percent, the volume's step) (in "),
    ("0.455", "0.46", "volume = 46% (0.455 rounded to whole percent, the volume's step) (in ")])
def test_a_volume_is_kept_in_whole_percent_and_a_rounded_one_is_said(home, capsys, typed, kept, said):
    assert main(["config", "set", "volume", typed]) == 0
    assert said in capsys.readouterr().out
    assert _kept() == kept


def test_a_rounded_volume_is_said_in_the_makers_language(home, capsys):
    assert main(["config", "set", "volume", "45,5%", "--language", "de"]) == 0
    assert "volume = 46 % (45,5% auf ganze Prozent gerundet, die Stufe der Lautstärke) (in " in capsys.readouterr().out


@pytest.mark.parametrize(("typed", "refused"), [
    ("45", "the volume is a number from 0 to 1 or a percentage: for 45 percent write 45%"),
    ("150", "the volume is a number from 0 to 1 or a percentage such as 60%, not '150'"),
    ("1,5", "the volume is a number from 0 to 1 or a percentage such as 60%, not '1,5'"),
    ("150%", "the volume is a number from 0 to 1 or a percentage such as 60%, not '150%'"),
    ("-3", "the volume is a number from 0 to 1 or a percentage such as 60%, not '-3'"),
    ("abc", "the volume is a number from 0 to 1 or a percentage such as 60%, not 'abc'")])
def test_a_volume_out_of_range_or_not_a_number_is_refused_and_nothing_is_kept(home, capsys, typed, refused):
    assert main(["config", "set", "volume", typed]) == 2
    assert capsys.readouterr().err == f"kaleun config set: {refused}\n"
    assert not (config_dir() / "settings.json").exists()


@pytest.mark.parametrize(("code", "words", "kept"), [
    ("en", ["figures: deck hub", "telegraph (deck hub)", "disc_own_course (deck hub, zero: home switch)",
            "lamps: deck hub (15 px)", "audio: pygame (USB)"], []),
    ("de", ["Figuren: Deck-Hub", "disc_own_course (Deck-Hub, Nullpunkt: Nullpunktschalter)"], ["switch", "usb"]),
    ("ru", ["фигурки: палубный концентратор", "disc_own_course (палубный концентратор, нуль: концевой датчик)",
            "лампы: палубный концентратор (15 пикс.)", "звук: pygame (USB)"], ["switch", "(hub", "usb"])])
def test_board_check_says_the_board_formats_words_in_the_makers_language(home, capsys, code, words, kept):
    assert main(["board", "check", "pico-hub", "--language", code]) == 0
    said = capsys.readouterr().out
    assert "Pico deck hub" in said  # the board's own name, as its maker wrote it
    for word in words:
        assert word in said, said
    for word in kept:
        assert word not in said, said


def test_board_check_names_each_homing_and_a_simulated_table(home, capsys):
    assert main(["board", "check", "mock-gpio", "sim", "--language", "en"]) == 0
    said = capsys.readouterr().out
    assert ("dials: telegraph (the Pi's GPIO), disc_own_course (the Pi's GPIO, zero: home switch), disc_enemy_course "
            "(the Pi's GPIO, zero: index pulse), disc_bearing (the Pi's GPIO, zero: set by the crew)") in said
    assert "figures: simulated" in said and "zero: known on the screen" in said
    assert "audio: none (default sound device)" in said and "audio: pygame (default sound device)" in said
