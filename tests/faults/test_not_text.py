"""Files a crew keeps that are not text (a card with errors, a binary saved by mistake, a UTF-16 file from another
editor): each is refused with the byte and where it is, in the table's language, never Python's
"'utf-8' codec can't decode byte 0xff in position 0: invalid start byte" that these reads used to print."""

from __future__ import annotations

from pathlib import Path

from kit import run_kaleun

NOT_TEXT = b"\xff\xfe{\x00}\x00"  # what a UTF-16 editor writes for "{}"


def test_an_own_mission_the_figure_tags_a_map_and_the_settings_that_are_not_text_name_the_byte(tmp_path):
    (tmp_path / "missions").mkdir()
    mission = tmp_path / "missions" / "wolf.toml"
    mission.write_bytes(b"name = \"Wolf\"\n\xe4\n")
    checked = run_kaleun("missions", "check", home=tmp_path)
    # text in a legacy encoding (an ä of Windows-1252): its line and what to do
    legacy = "it is not UTF-8 text: byte 0xe4 on line 2; save it as UTF-8 in the editor"
    assert f"{mission}: cannot read the mission file ({legacy})" in checked.stderr
    listed = run_kaleun("missions", home=tmp_path)
    assert f"{mission}: cannot read the mission file ({legacy})" in listed.stderr
    german = run_kaleun("missions", "check", "--language", "de", home=tmp_path)
    assert "es ist kein UTF-8-Text: Byte 0xe4 in Zeile 2; im Editor als UTF-8 speichern" in german.stderr, german.stderr
    tags = tmp_path / "figures.json"
    tags.write_bytes(NOT_TEXT)
    shown = run_kaleun("figures", "list", home=tmp_path)
    # a UTF-16 file (its byte order mark) is named so, with what to do
    assert f"{tags}: cannot read the figure tags (it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor)" \
           in shown.stderr
    sea = tmp_path / "harbour.map"
    sea.write_bytes(b"name: Harbour\n\xff\n")
    mapped = run_kaleun("map", "check", str(sea), home=tmp_path)
    assert f"{sea}: cannot read the map (it is not UTF-8 text: byte 0xff on line 2; save it as UTF-8 in the " \
           "editor)" in mapped.stderr
    (tmp_path / "settings.json").write_bytes(NOT_TEXT)
    config = run_kaleun("config", "show", home=tmp_path)
    assert "cannot read the settings (it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor); fix it or " \
           "delete it" in config.stderr
    for done in (checked, listed, german, shown, mapped, config):
        assert "codec" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_map_a_board_and_a_table_script_saved_as_utf16_are_told_to_save_as_utf8(tmp_path):
    """A map, a board or a table script saved by an editor as UTF-16 (Windows Notepad's "Unicode", with or without
    its byte order mark) was refused as "not UTF-8 text: byte 0xff at 0", which does not say what to do; each now
    says it is UTF-16 and to save it as UTF-8, in the table's language. The same files saved as "UTF-8 with BOM"
    are read."""
    import pytest
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.core.messages import of_error
    from kaleun.i18n import language
    from kaleun.sonar import data

    said = "it is UTF-16 text, not UTF-8: save it as UTF-8 in the editor"
    sea = data.text("maps/alpha.map")
    (tmp_path / "notepad.map").write_text(sea, encoding="utf-16")
    (tmp_path / "plain.map").write_bytes(sea.encode("utf-16-be"))
    (tmp_path / "marked.map").write_text(sea, encoding="utf-8-sig")
    (tmp_path / "binary.map").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\x00\x03\x00>\x00")  # no text at all
    checked = run_kaleun("map", "check", "notepad.map", "plain.map", "marked.map", "binary.map", home=tmp_path)
    assert "binary.map: cannot read the map (it is not UTF-8 text: byte 0xff at 10)" in checked.stderr, checked.stderr
    assert f"notepad.map: cannot read the map ({said})" in checked.stderr, checked.stderr
    assert f"plain.map: cannot read the map ({said})" in checked.stderr, checked.stderr
    assert "marked.map: ok: Alpha, 15 x 15" in checked.stdout, checked.stdout

    board = (Path(__file__).resolve().parents[2] / "boards" / "sim.toml").read_text(encoding="utf-8")
    (tmp_path / "board.toml").write_text(board, encoding="utf-16")
    with pytest.raises(BoardError) as caught:
        load_board(tmp_path / "board.toml")
    assert str(caught.value).endswith(f"board.toml:1: {said}"), str(caught.value)
    assert language("de").render(of_error(caught.value)).endswith("im Editor als UTF-8 speichern")
    (tmp_path / "marked.toml").write_text(board, encoding="utf-8-sig")
    assert load_board(tmp_path / "marked.toml").name == load_board("sim").name

    line = '{"t": 0, "team": "yellow", "do": "start", "cell": "B2"}\n'
    (tmp_path / "notepad.jsonl").write_text(line, encoding="utf-16")
    ran = run_kaleun("run", "--game", "sonar", "--script", "notepad.jsonl", "--events", "out.jsonl", home=tmp_path)
    assert f"notepad.jsonl:1: {said}" in ran.stderr, ran.stderr
    (tmp_path / "marked.jsonl").write_text(line, encoding="utf-8-sig")
    ran = run_kaleun("run", "--game", "sonar", "--script", "marked.jsonl", "--events", "out.jsonl", home=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert "Yellow starts at B2" in (tmp_path / "out.jsonl").read_text(encoding="utf-8")
