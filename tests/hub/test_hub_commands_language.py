"""The deck hub's commands speak the maker's language (the physical table).

`kaleun hw check`, `board check`, `wiring` and `service install` speak the preferred language of
`kaleun config`; `kaleun figures enroll|list`, `hub status|config|fake` and `firmware install` said
everything in English. Each test sets the language, finds the German (or Russian) line where the
English one was, and checks that what programs read (JSON, the hub's config file, the fake hub's
answer words) stays as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.cli import main

FAKE_BOARD = str(ROOT / "boards" / "fake-hub.toml")
PICO_BOARD = str(ROOT / "boards" / "pico-hub.toml")
BOOT_OUT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"


def _speak(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The maker's preferred language (`kaleun config set language CODE`)."""
    assert main(["config", "set", "language", code]) == 0
    capsys.readouterr()


def _drive(path: Path) -> Path:
    path.mkdir()
    (path / "boot_out.txt").write_text(BOOT_OUT, encoding="utf-8")
    return path


def test_figures_enroll_and_list_speak_the_preferred_language(tmp_path, kaleun_home, capsys):
    tags = tmp_path / "tags.txt"
    tags.write_text("DEADBEEF\nDEADBEEF\nnot-a-tag\nCAFEBABE\n", encoding="utf-8")
    _speak("de", capsys)
    assert main(["figures", "enroll", "--tags", str(tags), "--figure", "captain-square", "--figure",
                 "officer-square"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "[1/2] Die Figur Kapitän-Quadrat auf einen beliebigen Leser stellen."
    assert out[1] == "Die Figur Kapitän-Quadrat hat den Tag DEADBEEF."
    assert out[3] == "Abgelehnt: Tag DEADBEEF gehört schon zur Figur Kapitän-Quadrat. Für die Figur Offizier-Quadrat " \
                     "einen anderen Tag nehmen."
    assert out[4].startswith("Abgelehnt: 'not-a-tag' ist keine Tag-UID (4, 7 oder 10 Bytes in Hex")
    assert out[-1] == f"Fertig: 2 Figuren angelernt (gespeichert in {kaleun_home / 'figures.json'})."
    assert main(["figures", "enroll", "--figure", "admiral-square", "--tags", str(tags)]) == 2
    assert capsys.readouterr().err.startswith("kaleun figures enroll: unbekannte Figur 'admiral-square' (bekannt: ")

    assert main(["figures", "list"]) == 0
    listing = capsys.readouterr().out
    assert listing.startswith(f"Figuren-Tags in {kaleun_home / 'figures.json'}:\n")
    assert "  captain-square       Kapitän-Quadrat              DEADBEEF\n" in listing
    assert "  engineer-hexagon     Maschinist-Sechseck          nicht angelernt\n" in listing
    assert listing.endswith("14 Figuren haben keinen Tag: `kaleun figures enroll` ausführen\n")

    _speak("ru", capsys)
    assert main(["figures", "list"]) == 0
    listing = capsys.readouterr().out
    assert "  engineer-hexagon     механик-шестиугольник        не привязана\n" in listing
    assert listing.endswith("у 14 фигурок нет метки: запустите `kaleun figures enroll`\n")
    # the file the table reads is the same in every language
    assert json.loads((kaleun_home / "figures.json").read_text(encoding="utf-8"))["tags"] == \
        {"DEADBEEF": "captain-square", "CAFEBABE": "officer-square"}


def test_hub_status_speaks_the_preferred_language_and_its_json_keeps_its_english_keys(kaleun_home, capsys):
    assert main(["hub", "status", "--board", FAKE_BOARD, "--json", "--wait", "30"]) == 0
    english = json.loads(capsys.readouterr().out)
    _speak("de", capsys)
    assert main(["hub", "status", "--board", FAKE_BOARD, "--wait", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Deck-Hub an ") and lines[0].endswith(": verbunden")
    assert lines[1].startswith("  Firmware ") and "(dieses Kaleun spricht " in lines[1]
    assert lines[2] == "  Leser: 9 (Sektionen 1 2 3 3 4 5 6 7 8); gestörte Leser: keine"
    assert lines[3] == "  Tags auf den Lesern: 0"
    assert any(line.startswith("  Frames: ") and "unterwegs verloren" in line for line in lines)
    assert lines[-1].startswith("  Verbindungen: ")

    assert main(["hub", "status", "--url", "spy://loop://?file=x"]) == 2
    assert capsys.readouterr().err.startswith("--url 'spy://loop://?file=x': Anschlüsse der Art spy:// sind nicht "
                                              "erlaubt (sie schreiben jedes Byte in eine Datei")

    assert main(["hub", "status", "--board", FAKE_BOARD, "--json", "--wait", "30"]) == 0
    german = json.loads(capsys.readouterr().out)
    assert german.keys() == english.keys()  # machine-readable: the link's own words, in any language
    assert (german["state"], german["reason"], german["faults"]) == ("online", "", [])
    assert {k: german[k] for k in ("readers", "sections", "firmware", "protocol", "setup", "tags", "warnings")} == \
        {k: english[k] for k in ("readers", "sections", "firmware", "protocol", "setup", "tags", "warnings")}


def test_hub_status_in_russian_names_the_state_and_the_line_for_the_board():
    from kaleun.hub.commands import format_status
    from kaleun.i18n import language

    status = {"url": "/dev/ttyACM1", "state": "mismatch", "reason": "firmware 0.9", "firmware": "0.9.0",
              "protocol": 1, "host_protocol": 2, "name": "deck-hub", "id": "E66138935F4B2C2A", "board_id": None,
              "readers": 8, "sections": [1, 2, 3, 4, 5, 6, 7, 8], "faults": [3], "tags": 2, "frames": 40, "lost": 1,
              "resyncs": 1, "out_of_order": 0, "drops": {"crc": 2}, "hub": {"up": 12, "scans": 240, "ms": 9},
              "connects": 1, "warnings": ["the hub has 8 readers, the board file 9"]}
    text = format_status(status, language("ru").render).splitlines()
    assert text[0] == "палубный концентратор на /dev/ttyACM1: несовпадение версий (firmware 0.9)"
    # a faulty reader named with the section it lies under (reader 3 of the hub's map is section 4's)
    assert text[2] == "  считыватели: 8 (отсеки 1 2 3 4 5 6 7 8); неисправные считыватели: считыватель 3 под отсеком 4"
    assert text[4] == '  в плате не указан hub.id, поэтому стол запоминает первый встреченный концентратор и ' \
                      'отвергает любой другой: чтобы назвать этот в файле платы, впишите id = "E66138935F4B2C2A" ' \
                      'в её раздел [hub]'
    assert text[5] == "  кадры: 40 целых, 1 потеряно в пути (ресинхронизаций: 1), 0 не по порядку, отброшено: 2 (crc 2)"
    # the link's own warnings come as it words them (English), inside the translated line
    assert text[-1] == "  предупреждение: the hub has 8 readers, the board file 9"
    # English stays the default, word for word as before
    assert format_status(status).splitlines()[0] == "deck hub at /dev/ttyACM1: version mismatch (firmware 0.9)"
    english = format_status(status).splitlines()
    # "reader 3", not "3 (section 4)", which read as a count of three faulty readers beside "readers: 8"
    assert english[2] == "  readers: 8 (sections 1 2 3 4 5 6 7 8); faulty readers: reader 3 under section 4"
    assert format_status({**status, "faults": [3, 9]}).splitlines()[2].endswith(
        "faulty readers: reader 3 under section 4, reader 9")  # a reader the hub's map does not place


def test_hub_config_says_what_it_wrote_in_the_preferred_language_and_prints_the_same_json(tmp_path, kaleun_home,
                                                                                            capsys):
    assert main(["hub", "config", "--board", PICO_BOARD]) == 0
    english = capsys.readouterr().out
    _speak("de", capsys)
    assert main(["hub", "config", "--board", PICO_BOARD]) == 0
    assert capsys.readouterr().out == english  # the file the hub reads, byte for byte
    drive = _drive(tmp_path / "CIRCUITPY")
    assert main(["hub", "config", "--board", PICO_BOARD, "--out", str(drive)]) == 0
    assert capsys.readouterr().out == f"{drive / 'kaleun_hub.json'} geschrieben: 9 Leser (Sektionen 1 2 3 3 4 5 6 7 " \
                                      "8); der Hub startet von selbst neu\n"
    assert (drive / "kaleun_hub.json").read_text(encoding="utf-8") == english
    _speak("ru", capsys)
    assert main(["hub", "config", "--board", PICO_BOARD, "--out", str(tmp_path / "gone")]) == 1
    assert capsys.readouterr().err == f"kaleun hub config: {tmp_path / 'gone'} — не папка: смонтируйте диск " \
                                      "CIRCUITPY от Pico и укажите его путь\n"


def test_firmware_install_speaks_the_preferred_language(tmp_path, kaleun_home, capsys, monkeypatch):
    drive = _drive(tmp_path / "CIRCUITPY")
    _speak("de", capsys)
    assert main(["firmware", "install", str(drive)]) == 0
    said = capsys.readouterr()
    assert f"Dateien auf {drive} installiert. Zwei Sekunden warten (der Pico schreibt, was er empfangen hat, einmal " \
           "pro Sekunde in seinen Flash), dann den Pico abziehen und wieder einstecken: boot.py, das den " \
           "Datenanschluss des Hubs öffnet, läuft nur beim Einschalten. Danach: kaleun hub status" in said.out
    assert said.err == f"Warnung: keine kaleun_hub.json auf dem Laufwerk und kein Board angegeben: der Hub läuft " \
                       f"ohne Leser bis `kaleun hub config --board DATEI --out {drive}`\n"
    _speak("ru", capsys)
    assert main(["firmware", "install", str(drive), "--board", PICO_BOARD]) == 0
    out = capsys.readouterr().out.splitlines()
    files = sum(line.startswith("  ") for line in out)  # the files, one a line
    # Russian counts in three forms: 1 файл (21, 31 ...), 2-4 файла (22-24 ...), 5-20 файлов (25-30 ...)
    if files % 10 == 1 and files % 100 != 11:
        counted = f"установлен {files} файл"
    elif 2 <= files % 10 <= 4 and not 12 <= files % 100 <= 14:
        counted = f"установлено {files} файла"
    else:
        counted = f"установлено {files} файлов"
    assert out[-1] == f"на {drive} {counted}; концентратор перезапустится сам. Затем: kaleun hub status " \
                      f"--board {PICO_BOARD}"
    empty = tmp_path / "no-firmware"
    empty.mkdir()
    monkeypatch.setenv("KALEUN_FIRMWARE", str(empty))
    assert main(["firmware", "install", str(drive)]) == 1
    assert capsys.readouterr().err == f"kaleun firmware install: KALEUN_FIRMWARE={empty} — не папка прошивки " \
                                      "палубного концентратора (в ней нет lib/kaleun_hub/): укажите в " \
                                      "KALEUN_FIRMWARE папку firmware/ из исходного дерева Kaleun\n"


def test_the_fake_hub_answers_in_the_preferred_language_behind_its_answer_words(tmp_path, kaleun_home, capsys):
    """Its sentences are the maker's language; `ok`, `error:`, `link` and the `status` record, which
    scripts read, stay as they are."""
    _speak("de", capsys)
    script = tmp_path / "hands.txt"
    script.write_text("put 2 04A1B2C3D4E5F6\nplace engineer-square 5\nplace engineer-square 9\nnonsense\nstatus\n"
                      "put two 04A1B2C3D4E5F6\nwait soon\nturn 0 1\nquit\n", encoding="utf-8")
    link = tmp_path / "deck-hub"
    done = subprocess.run([sys.executable, "-m", "kaleun", "hub", "fake", "--link", str(link), "--script", str(script),
                           "--no-stdin"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(kaleun_home)})
    assert done.returncode == 1, done.stderr  # its input had errors: a script driving it sees them
    assert done.stderr == ("kaleun hub fake: 5 Kommandos der Eingabe wurden mit einem Fehler beantwortet (der erste, "
                           f"{script}:3: der nachgebildete Hub hat keinen Leser unter Sektion 9)\n")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("nachgebildeter Deck-Hub an /dev/pts/")
    assert lines[1] == f"link {link}"
    assert lines[2].startswith("9 Leser, Sektionen 1 2 3 3 4 5 6 7 8; Kommandos (eines je Zeile): put READER UID | ")
    assert lines[3] == "ok"
    assert lines[4] == "ok engineer-square auf Leser 5"
    assert lines[5] == "error: der nachgebildete Hub hat keinen Leser unter Sektion 9"
    assert lines[6].startswith("error: 'nonsense' nicht verstanden; Kommandos (eines je Zeile): put READER UID")
    assert lines[7] == "ok plugged 0:- 1:- 2:04A1B2C3D4E5F6 3:- 4:- 5:044B4C0C000000 6:- 7:- 8:-"
    # a word that is no number was Python's "invalid literal for int() with base 10: 'two'"
    assert lines[8:10] == ["error: 'two' ist keine ganze Zahl", "error: 'soon' ist keine Anzahl Sekunden"]
    # a board without hub dials (it said "encoders 0--1, not 0")
    assert lines[10:] == ["error: der nachgebildete Hub hat keine Drehgeber (sein Board hat kein [hub.encoders])"]


def test_the_fake_hub_names_a_script_it_cannot_read_in_the_preferred_language(tmp_path, kaleun_home, capsys):
    """A --script that is not there ended in a traceback."""
    _speak("ru", capsys)
    missing = tmp_path / "missing.txt"
    assert main(["hub", "fake", "--script", str(missing), "--no-stdin"]) == 2
    assert capsys.readouterr().err == f"kaleun hub fake: не удаётся прочитать {missing} (нет такого файла или папки)\n"
