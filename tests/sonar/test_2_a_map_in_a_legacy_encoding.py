"""Digest §2: a map with a mistake is refused saying where and what to do. A map an owner saved in a legacy encoding
(Windows-1252: the editor's default on many PCs) was refused with only a byte offset in the file.
"""

from __future__ import annotations

import pytest
from kaleun.cli import main


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.mark.parametrize(("code", "said"), [
    ("en", "cannot read the map (it is not UTF-8 text: byte 0xe4 on line 3; save it as UTF-8 in the editor)"),
    ("de", "es ist kein UTF-8-Text: Byte 0xe4 in Zeile 3; im Editor als UTF-8 speichern"),
    ("ru", "это не текст UTF-8: байт 0xe4 в строке 3; сохраните файл в редакторе как UTF-8")])
def test_2_a_map_saved_in_a_legacy_encoding_names_its_line_and_what_to_do(home, capsys, code, said):
    """§2: a map typed in an editor that saved it as Windows-1252 (a German comment's ä on line 3) was refused with
    only the byte's offset in the file; the refusal now names the line and says to save the file as UTF-8."""
    from kaleun.sonar import data

    text = data.text("maps/alpha.map").splitlines(keepends=True)
    text.insert(2, "# Kästen: unsere Karte\n")
    sea = home / "alt.map"
    sea.write_bytes("".join(text).encode("cp1252"))
    assert main(["config", "set", "language", code]) == 0
    capsys.readouterr()
    assert main(["map", "check", str(sea)]) == 2
    assert said in capsys.readouterr().err
