"""Two copies of the program (two checkouts, an old install and a new one) share one cache: each
reads the translations of its own catalogue, whichever compiled last (a Russian helm once showed
another copy's older wording in a test run)."""

from __future__ import annotations

import gettext
from pathlib import Path

from kaleun import i18n
from kaleun.core.messages import Msg


def _po(folder: Path, wording: str) -> Path:
    po = folder / "ru" / "LC_MESSAGES" / "kaleun.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  f'msgid "DR square {{square}}"\nmsgstr "{wording}"\n', encoding="utf-8")
    return po


def _read(mo: Path | None) -> str:
    assert mo is not None
    with open(mo, "rb") as fh:
        return gettext.GNUTranslations(fh).gettext("DR square {square}")


def test_each_copy_reads_its_own_catalogue_from_a_shared_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    mine = _po(tmp_path / "mine", "{square} по счислению")
    theirs = _po(tmp_path / "theirs", "По счислению: квадрат {square}")
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: mine)
    assert _read(i18n._compiled("ru")) == "{square} по счислению"
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: theirs)
    assert _read(i18n._compiled("ru")) == "По счислению: квадрат {square}"  # compiled last, and newer
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: mine)
    assert _read(i18n._compiled("ru")) == "{square} по счислению"


def test_an_edited_catalogue_is_compiled_again(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    po = _po(tmp_path / "copy", "один")
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: po)
    assert _read(i18n._compiled("ru")) == "один"
    po.write_text(po.read_text(encoding="utf-8").replace("один", "два"), encoding="utf-8")
    assert _read(i18n._compiled("ru")) == "два"


def test_a_damaged_compiled_catalogue_in_the_cache_is_compiled_again_not_a_traceback(tmp_path, monkeypatch) -> None:
    """Finding: a compiled catalogue in the cache cut short (a power cut: it was renamed into place unflushed),
    emptied or overwritten with noise stopped every start in that language with a traceback (`OSError: File is
    corrupt`, `struct.error`), the table's service included. It is now deleted and compiled again."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    po = _po(tmp_path / "copy", "{square} по счислению")
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: po)
    mo = i18n._compiled("ru")
    assert isinstance(mo, Path)
    whole = mo.read_bytes()
    for damaged in (b"", whole[:len(whole) // 2], b"\x95\x04\x12\xde" + b"\xff" * 40, bytes(reversed(whole))):
        mo.write_bytes(damaged)
        i18n.language.cache_clear()  # a new start
        try:
            assert i18n.language("ru").render(Msg("DR square {square}", square="AL28")) == "AL28 по счислению"
        finally:
            i18n.language.cache_clear()
        assert mo.read_bytes() == whole  # compiled again into the cache
