"""One place to extend: a language is one entry of `LANGUAGES` in kaleun/i18n.py (its code, its name
in itself and in English). `kaleun config`, the window's language buttons, the commands' --language and
`make i18n` read that entry; nothing else keeps a list of languages. (host/README.md, "Extending
Kaleun", a language; "Languages".)"""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from kaleun import i18n, settings

FRENCH = i18n.LanguageName("Français", "French")


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> i18n.LanguageName:
    monkeypatch.setitem(i18n.LANGUAGES, "fr", FRENCH)
    return FRENCH


def test_kaleun_config_takes_a_new_language_and_names_it(home, french):
    assert settings.check_language("FR") == "fr"
    with pytest.raises(settings.SettingsError) as refused:
        settings.check_language("xx")
    assert "fr (French, Français)" in str(refused.value)
    assert "de (German, Deutsch)" in str(refused.value)  # as before: the English name, then its own
    kept = settings.Settings.load()
    kept.set("language", "fr")
    kept.save()
    assert settings.preferred_language() == "fr"


def test_the_window_shows_a_button_for_a_new_language_in_the_row(home, monkeypatch):
    from window.fingers import Table_

    table = Table_()
    table.tap("settings")
    table.render()
    row = [table.target(f"language.{code}").rect for code in i18n.LANGUAGES]
    monkeypatch.setitem(i18n.LANGUAGES, "fr", FRENCH)
    table.render()
    buttons = [table.target(f"language.{code}").rect for code in i18n.LANGUAGES]
    assert len(buttons) == 4
    assert len({b.y for b in buttons}) == 1  # one row
    for left, right in itertools.pairwise(buttons):
        assert left.right <= right.x  # side by side, none over another
    assert buttons[0].x == row[0].x and buttons[-1].right <= row[-1].right  # in the row the three had


def test_make_i18n_reads_the_languages_from_i18n():
    """The Makefile keeps no list of its own: `make i18n` updates a .po for each language but English."""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        ["make", "-s", "--no-print-directory", "-f", "Makefile", f"BIN={Path(sys.executable).parent}",
         "--eval", "print-languages: ; @echo $(LANGUAGES)", "print-languages"],
        cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [code for code in i18n.LANGUAGES if code != "en"]
    makefile = (root / "Makefile").read_text(encoding="utf-8")
    assert "from kaleun.i18n import LANGUAGES" in makefile


def test_kaleun_config_show_lists_the_declared_codes():
    """`kaleun config show` says which codes the language setting takes: those of LANGUAGES."""
    what, _check = settings.KEYS["language"]
    assert what.render().endswith("(" + ", ".join(i18n.LANGUAGES) + ")")
