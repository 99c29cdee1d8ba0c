"""Files a crew keeps that are not text (a card with errors, a binary saved by mistake, a UTF-16 file from another
editor): each is refused with the byte and where it is, in the table's language, never Python's
"'utf-8' codec can't decode byte 0xff in position 0: invalid start byte" that these reads used to print."""

from __future__ import annotations

from kit import run_kaleun

NOT_TEXT = b"\xff\xfe{\x00}\x00"  # what a UTF-16 editor writes for "{}"


def test_an_own_mission_the_figure_tags_a_map_and_the_settings_that_are_not_text_name_the_byte(tmp_path):
    (tmp_path / "missions").mkdir()
    mission = tmp_path / "missions" / "wolf.toml"
    mission.write_bytes(b"name = \"Wolf\"\n\xe4\n")
    checked = run_kaleun("missions", "check", home=tmp_path)
    assert f"{mission}: cannot read the mission file (it is not UTF-8 text: byte 0xe4 at 14)" in checked.stderr
    listed = run_kaleun("missions", home=tmp_path)
    assert f"{mission}: cannot read the mission file (it is not UTF-8 text: byte 0xe4 at 14)" in listed.stderr
    german = run_kaleun("missions", "check", "--language", "de", home=tmp_path)
    assert "es ist kein UTF-8-Text: Byte 0xe4 an Stelle 14" in german.stderr, german.stderr
    tags = tmp_path / "figures.json"
    tags.write_bytes(NOT_TEXT)
    shown = run_kaleun("figures", "list", home=tmp_path)
    assert f"{tags}: cannot read the figure tags (it is not UTF-8 text: byte 0xff at 0)" in shown.stderr
    sea = tmp_path / "harbour.map"
    sea.write_bytes(b"name: Harbour\n\xff\n")
    mapped = run_kaleun("map", "check", str(sea), home=tmp_path)
    assert f"{sea}: cannot read the map (it is not UTF-8 text: byte 0xff at 14)" in mapped.stderr
    (tmp_path / "settings.json").write_bytes(NOT_TEXT)
    config = run_kaleun("config", "show", home=tmp_path)
    assert "cannot read the settings (it is not UTF-8 text: byte 0xff at 0); fix it or delete it" in config.stderr
    for done in (checked, listed, german, shown, mapped, config):
        assert "codec" not in done.stderr and "Traceback" not in done.stderr, done.stderr
