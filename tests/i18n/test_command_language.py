"""What the `kaleun` commands say to a table's crew and its maker, in the table's language: why
`kaleun play`/`resume` cannot start (`--language`, else the preferred language), `kaleun board
check`'s report and a board file's problems, `kaleun config` (the preferred language). Each used
to be English whatever the table spoke. A file's problem keeps its `file:line:` in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kaleun.cli import main
from kit import BOARDS, run_kaleun

BROKEN = ('[board]\nname = "Broken"\nformat = 0\n[lamps]\ndriver = "sim"\npixels = 4\n'
          'segments = { alarm = [2, 5] }\n[colour]\nx = 1\n')


def _prefer(language: str) -> None:
    assert main(["config", "set", "language", language]) == 0


@pytest.mark.parametrize(("code", "said"), [
    ("de", [":7: lamps.segments.alarm = [2, 5] liegt außerhalb der 4 Pixel",
            ":8: unbekannter Abschnitt [colour] (bekannt: audio, board, buttons, dials, figures, gpio, hub, lamps, "
            "power)"]),
    ("ru", [":7: lamps.segments.alarm = [2, 5] выходит за пределы 4 пикселей",
            ":8: неизвестный раздел [colour] (известны: audio, board, buttons, dials, figures, gpio, hub, lamps, "
            "power)"]),
    ("en", [":7: lamps.segments.alarm = [2, 5] lies outside the 4 pixels",
            ":8: unknown section [colour] (known: audio, board, buttons, dials, figures, gpio, hub, lamps, power)"]),
])
def test_board_check_tells_a_broken_board_in_the_preferred_language(home: Path, tmp_path: Path, capsys, code: str,
                                                                    said: list[str]) -> None:
    board = tmp_path / "broken.toml"
    board.write_text(BROKEN, encoding="utf-8")
    _prefer(code)
    capsys.readouterr()
    assert main(["board", "check", str(board)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{board}{line}" for line in said]


def test_board_check_reports_a_good_board_in_the_preferred_language(home: Path, capsys) -> None:
    _prefer("de")
    capsys.readouterr()
    assert main(["board", "check", str(BOARDS / "pi4-basic.toml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{BOARDS / 'pi4-basic.toml'}: in Ordnung: Pi 4 basic table; Figuren: simuliert; "
                          "Drehregler: telegraph (GPIO des Pi), disc_own_course (GPIO des Pi, Nullpunkt: "
                          "Nullpunktschalter)")
    # the supplies and rails are named in the table's language too
    assert ("geschätzte Stromaufnahme: 5-V-Netzteil des Pi bis zu 2210 von 3000 mA, 5-V-Schiene des Streifens bis "
            "zu 225 von 2000 mA") in out
    _prefer("ru")
    capsys.readouterr()
    assert main(["board", "check", str(BOARDS / "pico-hub.toml")]) == 0
    out = capsys.readouterr().out
    assert ("расчётное потребление: блок питания Pi 5 В до 2500 из 3000 мА, шина 5 В концентратора до 1369 из "
            "2000 мА, шина 3,3 В считывателей до 1080 из 1500 мА") in out
    assert "supply" not in out and "rail" not in out


def test_an_overloaded_supply_is_named_in_the_preferred_language(home: Path, tmp_path: Path, capsys) -> None:
    """`kaleun board check` of a strip too bright for its supply, at a German table: the rail and its supply by
    their German names, as the summary names them."""
    path = tmp_path / "bright.toml"
    path.write_text('[board]\nname = "Bright"\nformat = 0\npi = "pi4"\n[lamps]\ndriver = "neopixel_spi"\n'
                    'pixels = 100\nbrightness = 1.0\n[power]\nsupply_ma = 2000\n', encoding="utf-8")
    _prefer("de")
    capsys.readouterr()
    assert main(["board", "check", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    overloaded = f"Warnung: {path}:7: 5-V-Schiene des Streifens trüge bis zu 6000 mA"
    assert any(line.startswith(overloaded) for line in err), err


def test_a_start_that_cannot_set_up_the_table_says_why_in_russian(tmp_path: Path) -> None:
    """A Pi's board on a machine without GPIO: `kaleun play --language ru` says so in Russian."""
    result = run_kaleun("play", "--console", "--language", "ru", "--board", str(BOARDS / "pi4-basic.toml"),
                        home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(f"kaleun: не удаётся подготовить стол: {BOARDS / 'pi4-basic.toml'}: "
                                    "фабрика выводов GPIO «lgpio» ")
    assert "cannot" not in result.stderr


def test_a_start_with_a_broken_board_names_its_lines_in_the_table_language(tmp_path: Path) -> None:
    board = tmp_path / "broken.toml"
    board.write_text(BROKEN, encoding="utf-8")
    result = run_kaleun("play", "--console", "--language", "de", "--board", str(board), home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"{board}:7: lamps.segments.alarm = [2, 5] liegt außerhalb der 4 Pixel"


def test_options_of_the_other_game_are_refused_in_the_table_language(home: Path, capsys) -> None:
    assert main(["play", "--language", "ru", "--game", "sonar", "--mission", "training"]) == 2
    assert capsys.readouterr().err == "kaleun: --mission — параметр для U-BOOT; Captain Sonar принимает --scenario\n"
    assert main(["play", "--language", "de", "--crew", "3,3"]) == 2
    assert capsys.readouterr().err == "kaleun: --crew ist für --game sonar\n"


def test_a_table_already_playing_is_told_in_the_table_language(home: Path) -> None:
    from kaleun.core.messages import of_error
    from kaleun.homelock import TableBusy
    from kaleun.i18n import language

    said = language("de").render(of_error(TableBusy(home, 4711)))
    assert said.startswith("ein anderes Kaleun (Prozess 4711) spielt bereits an diesem Tisch: seine Spiele liegen in ")
    assert str(TableBusy(home, 4711)).startswith("another Kaleun (process 4711) is already playing at this table")


def test_config_speaks_the_preferred_language(home: Path, capsys) -> None:
    _prefer("ru")
    assert capsys.readouterr().out == f"language = ru (в {home / 'settings.json'})\n"
    assert main(["config", "unset", "board"]) == 0
    assert capsys.readouterr().out.startswith("board не было задано (в ")
    assert main(["config", "set", "language", "xx"]) == 2
    assert capsys.readouterr().err.startswith("kaleun config set: «xx» — не язык, на котором говорит Kaleun")
    assert main(["config", "show"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == f"настройки в {home / 'settings.json'}:"
    assert shown[1:3] == ["  board     не задано (по умолчанию: boards/sim.toml)",
                          "            файл платы, с которым стол запускается, если --board не указан"]


def test_a_bad_board_for_the_preferred_settings_is_told_with_its_lines(home: Path, tmp_path: Path, capsys) -> None:
    board = tmp_path / "broken.toml"
    board.write_text(BROKEN, encoding="utf-8")
    _prefer("de")
    capsys.readouterr()
    assert main(["config", "set", "board", str(board)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"kaleun config set: die Board-Datei {board} ist nicht verwendbar:"
    assert err[1] == f"{board}:7: lamps.segments.alarm = [2, 5] liegt außerhalb der 4 Pixel"


def test_without_a_preferred_language_the_commands_stay_english(home: Path, tmp_path: Path, capsys) -> None:
    board = tmp_path / "broken.toml"
    board.write_text(BROKEN, encoding="utf-8")
    assert main(["board", "check", str(board)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first == f"{board}:7: lamps.segments.alarm = [2, 5] lies outside the 4 pixels"


@pytest.mark.parametrize(("code", "said"), [
    ("de", ":2: t = 5 geht in der Zeit zurück (vorige Zeile: 10.0)"),
    ("ru", ":2: t = 5 идёт назад во времени (предыдущая строка: 10.0)"),
])
def test_a_table_script_file_error_is_told_in_the_language_asked_for(tmp_path: Path, capsys, code: str,
                                                                     said: str) -> None:
    """`kaleun run --language`: a script's problem in that language, its `file:line:` kept."""
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 10, "do": "report"}\n{"t": 5, "do": "report"}\n', encoding="utf-8")
    assert main(["run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--language", code]) == 2
    assert capsys.readouterr().err == f"{script}{said}\n"


def test_a_table_script_error_stays_english_without_a_language(home: Path, tmp_path: Path, capsys) -> None:
    """A tester's run reads the same on every machine: the preferred language does not change it."""
    _prefer("de")
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n[1, 2]\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["run", "--script", str(script), "--events", str(tmp_path / "e.jsonl")]) == 2
    assert capsys.readouterr().err == f"{script}:2: a script line must be a JSON object\n"


def test_a_bad_json_line_names_its_column_in_the_table_language(tmp_path: Path, capsys) -> None:
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report",}\n', encoding="utf-8")
    assert main(["run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--language", "de"]) == 2
    err = capsys.readouterr().err  # what is wrong and where it is, both German (Python's reader says it in English)
    assert re.fullmatch(re.escape(f"{script}:1: kein gültiges JSON (") + r"[A-Za-zäöüß ]+ bei Spalte 2[45]\)\n",
                        err), err
    assert "Expecting" not in err and "erwartet" in err, err


def test_a_damaged_journal_is_told_on_resume_in_the_table_language(home: Path, capsys) -> None:
    """The journal's last line cut short by a crash is left out, and `kaleun resume` says so in the
    table's language (the note used to be English)."""
    from argparse import Namespace

    from kaleun.cli import _resume_game
    from kaleun.journal import JournalWriter, journal_path
    from kaleun.paths import autosave_path
    from kaleun.saves import save_game
    from kaleun.uboot.game import new_game

    game = new_game(3)
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = JournalWriter(journal_path(path), clock=lambda: 0.0)
    writer.start(save_game(game, path), game.t, game.table_state)
    game.advance_to(60)
    writer.progress(game.t, game.table_state)
    writer.close()
    with open(journal_path(path), "a", encoding="utf-8") as fh:
        fh.write('{"t": 61, "comm')
    _resume_game(Namespace(save=None, table_language="ru"))
    err = capsys.readouterr().err
    assert f"kaleun: {journal_path(path)}: последняя строка оборвана (сбой во время записи); она пропущена\n" in err


def test_hw_check_asks_and_reports_in_the_preferred_language(home: Path, capsys) -> None:
    """`kaleun hw check` (scripted hands on the mock GPIO board) in Russian: its questions, the line after
    each part and the report."""
    _prefer("ru")
    capsys.readouterr()
    assert main(["hw", "check", "--auto", "--board", str(BOARDS / "mock-gpio.toml"), "--only", "lamps,dials"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Ввод Kaleun в работу: Mocked GPIO ({BOARDS / 'mock-gpio.toml'})"
    assert out[1] == "Лампы (sim, 15 пикс.)"
    assert out[2] == ("[1/15] Лампа section.1 (пиксель 0) должна сейчас гореть белым, одна. Так? -> да (определено "
                      "сценарием проверки)")
    assert "  НОРМА      регулятор telegraph: насчитано +4 по часовой стрелке и -4 обратно" in out
    assert out[-1] == "пройдено: 20, не пройдено: 0, пропущено: 0."


def test_hw_check_tells_a_maker_what_to_look_at_in_german() -> None:
    from kaleun.boards.loader import load_board
    from kaleun.bringup import advice
    from kaleun.bringup.check import FAIL, Result, report
    from kaleun.core.messages import Msg

    board = load_board(BOARDS / "mock-gpio.toml")
    spec = board.buttons["pause"]
    results = [Result("button pause", FAIL, Msg("no press seen"), advice.button(board, spec))]
    lines = report(board, results, "de").splitlines()
    assert lines[1] == "  FEHLER        Taster pause: kein Druck erkannt"
    assert lines[2] == (" " * 16 + "prüfen: ein Anschluss des Tasters an GPIO 22 (Pin 15 der Stiftleiste), der andere "
                        "an GND (Pin 9 der Stiftleiste), wie buttons.pause.pull_up = true es verlangt, und "
                        "gpio.pin_factory = \"mock\"")
    assert report(board, results).splitlines()[2] == (
        "        look at: one leg of the button on GPIO 22 (header pin 15), the other on GND (header pin 9), as "
        "buttons.pause.pull_up = true wants, and gpio.pin_factory = \"mock\"")


def test_hw_check_on_real_hardware_refuses_the_scripted_hands_in_the_preferred_language(home: Path, capsys) -> None:
    _prefer("de")
    capsys.readouterr()
    assert main(["hw", "check", "--auto", "--board", str(BOARDS / "pi4-basic.toml")]) == 2
    assert capsys.readouterr().err.startswith(
        f"kaleun hw check --auto: {BOARDS / 'pi4-basic.toml'} kann von den geskripteten Händen nicht geprüft werden: "
        "seine GPIO-Teile sind echt (gpio.pin_factory = \"lgpio\")")


def test_idsheet_refuses_a_bad_year_in_the_sheets_language(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["idsheet", "--year", "1938", "--language", "ru"]) == 2
    assert capsys.readouterr().err == ("kaleun idsheet: --year должен быть годом войны на море, от 1939 до 1945, "
                                       "получено 1938\n")


def test_kaleun_wiring_says_what_it_wrote_in_the_preferred_language(home: Path, tmp_path: Path, capsys) -> None:
    """A Russian maker writing their board's wiring page read every line in Russian but "wrote ...", the
    line that names the files to open."""
    _prefer("ru")
    capsys.readouterr()
    out = tmp_path / "pages"
    out.mkdir()
    assert main(["wiring", str(BOARDS / "pi4-basic.toml"), "--out", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert f"записано: {out / 'pi4-basic.md'}" in said, said
    assert not any(line.startswith("wrote ") for line in said)


@pytest.mark.parametrize(("code", "said"), [
    ("de", "die Lampenszene für den Zustand 'exhausted' beleuchtet 'crew': das Board hat kein solches Segment"),
    ("ru", "сцена ламп для состояния 'exhausted' зажигает 'crew': на плате нет такого сегмента"),
])
def test_a_scene_left_dark_is_named_in_the_preferred_language(home: Path, tmp_path: Path, capsys, code: str,
                                                              said: str) -> None:
    """`kaleun board check`: the one scene that lights a missing segment was named in English ("state
    'exhausted'") inside the German and Russian warning."""
    board = tmp_path / "no-crew.toml"
    board.write_text("".join(line for line in (BOARDS / "pi4-basic.toml").read_text(encoding="utf-8")
                             .splitlines(keepends=True) if not line.startswith('"crew"')), encoding="utf-8")
    _prefer(code)
    capsys.readouterr()
    assert main(["board", "check", str(board)]) == 0
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"/no-crew.toml:65: {said}")
