"""The console's languages: the table's language is chosen at the start and in the settings, and kept as the
preferred language for the next start (`kaleun config set language`). Where the settings file cannot take it (it
is damaged), the window switched language now, said nothing, and the next start spoke the old language again: the
log alone knew. The settings sheet and the new-game set-up now say so in the table's language, and the file is
left as it was."""

from __future__ import annotations

from pathlib import Path

from kaleun.paths import config_dir
from kaleun.settings import preferred

from window.fingers import Table_, shown
from window.test_setup_screen import set_up_window

DAMAGED = "{not json"


def damaged_settings() -> Path:
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DAMAGED, encoding="utf-8")
    return path


def test_11_a_language_chosen_in_the_settings_is_kept_for_the_next_start(home: Path) -> None:
    table = Table_()
    table.tap("settings")
    table.tap("language.de")
    assert table.window.lang.code == "de" and preferred("language") == "de"
    assert not table.window.scene().feed[-1].problem


def test_11_a_language_the_settings_file_cannot_keep_is_said_in_the_settings(home: Path) -> None:
    path = damaged_settings()
    table = Table_()
    table.tap("settings")
    table.tap("language.de")
    assert table.window.lang.code == "de"  # the table speaks it now
    newest = table.window.scene().feed[-1]
    words = table.window.tr(newest.words)
    assert newest.problem and words.startswith("Die Sprache wird für den nächsten Start nicht behalten: "), words
    assert str(path) in words and words in shown(table)  # in the ticker, under the sheet
    assert path.read_text(encoding="utf-8") == DAMAGED


def test_11_a_language_the_settings_file_cannot_keep_is_said_on_the_set_up_page(home: Path) -> None:
    path = damaged_settings()
    table, _ = set_up_window()
    table.tap("language.ru")
    win = table.window
    win.cut.clear()
    said = shown(table)
    told = [text for text in said if text.startswith("Язык не сохранится до следующего запуска: ")]
    assert told and str(path) in told[0] and not win.cut, (said, win.cut)
    assert path.read_text(encoding="utf-8") == DAMAGED
