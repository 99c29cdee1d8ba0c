"""Two copies of the program (two checkouts, an old install and a new one) share one cache: each
reads the translations of its own catalogue, whichever compiled last (a Russian helm once showed
another copy's older wording in a test run)."""

from __future__ import annotations

import gettext
from pathlib import Path

from kaleun import i18n


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
