"""The First Officer's console, fingers and eyes and languages: the table's typeface draws every character of all three
languages and the symbols the screens use. Checked by rendering each character (a font's metrics do not tell whether
a glyph is there: pygame's own font reports metrics for "→" and draws an empty box)."""

from __future__ import annotations

import pygame
import pytest
from babel.messages.pofile import read_po
from kaleun.catalogue import PACKAGE
from kaleun.fonts import FONT_DIR, SYMBOLS, font, font_path, missing_glyphs
from kaleun.i18n import LANGUAGES, catalogue_path


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def _texts(code: str) -> str:
    """Every translation of a language's catalogue, or every English template for "en"."""
    path = PACKAGE / "locale" / "kaleun.pot" if code == "en" else catalogue_path(code)
    with open(path, "rb") as fh:
        catalog = read_po(fh)
    out = []
    for message in catalog:
        if not message.id:
            continue
        source = message.id if code == "en" else message.string
        out.extend([source] if isinstance(source, str) else list(source))
    return "".join(out)


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("bold", [False, True])
def test_every_character_of_every_message_renders_in_the_table_font(code, bold):
    text = _texts(code)
    assert len(set(text)) > 40
    assert missing_glyphs(text, font(22, bold)) == []


@pytest.mark.parametrize("bold", [False, True])
def test_the_symbols_and_both_alphabets_render(bold):
    alphabets = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÄÖÜäöüß"
                 "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя0123456789")
    assert missing_glyphs(alphabets + SYMBOLS + "\u00a0", font(14, bold)) == []


def test_the_check_renders_and_finds_what_a_font_lacks():
    """pygame's default font has no arrow (the window once showed "moved 4 ▯ 5"); DejaVu has one but no
    Chinese."""
    default = pygame.font.Font(None, 24)
    assert "→" in missing_glyphs("moved 4 → 5", default)
    assert default.metrics("→")[0] is not None  # the metrics claim a glyph: only rendering tells
    assert missing_glyphs("moved 4 → 5", font(24)) == []
    assert missing_glyphs("中 x", font(24)) == ["中"]


def test_the_typeface_ships_with_its_licence():
    assert font_path(False) == FONT_DIR / "DejaVuSans.ttf" and font_path(True) == FONT_DIR / "DejaVuSans-Bold.ttf"
    assert "Bitstream" in (FONT_DIR / "LICENSE.txt").read_text(encoding="utf-8")
