"""§12 the TDC's solution on the attack screen at 800x480 reads whole in English, German and Russian:
the gyro angle and its side, range and run time, angle on the bow and track, and why a solution cannot
be run. The German and Russian lines were cut ("Нос: угол гироскопа 87° …", "Entfernung 7.408 m ·
Laufzei…"): the side of the gyro angle and the run time could not be read. Each reading now takes a
second line where it needs one; the panel shows the whole solution of the chosen tubes' facing (the
bow unless only the stern tube is chosen) and the other facing's gyro angle and verdict."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language as lang_of

from window.fingers import Table_, shown

TDC = {"do": "order", "order": "tdc", "source": "manual", "bearing": 100, "range_nm": 4, "course": 10, "speed_kn": 9}


def attack_screen(language: str) -> Table_:
    """The training boat's TDC on a target 4 nm abeam (bow: beyond the torpedo's range; stern: beyond
    the gyro limit), the attack disc set."""
    table = Table_(mission="training", seed=0, language=language)
    table.runtime.submit(TDC)
    table.runtime.submit({"do": "attack_disc", "own_course": 20, "enemy_course": 140, "bearing": 30})
    table.runtime.step()
    table.tap("tab.attack")
    return table


def solution_texts(table: Table_, facing: str, whole: bool) -> list[str]:
    r = lang_of(table.runtime.language).render
    sol = table.game.module("weapons").status()["tdc"][facing]
    word = Msg("Bow") if facing == "bow" else Msg("Stern")
    side = Msg("starboard") if sol["gyro"] >= 0 else Msg("port")
    texts = [r(Msg("{word}: gyro {g}° {side}", word=word, g=round(abs(sol["gyro"])), side=side))]
    if whole:
        texts += [r(Msg("range {m:,} m · run {t} s", m=int(sol["range_m"]), t=round(sol["run_s"]))),
                  r(Msg("angle on the bow {a}° · track {tr}°", a=round(sol["aob"]), tr=round(sol["track_angle"])))]
    return texts


def drawn(table: Table_) -> str:
    """The frame's texts joined (a reading on two lines reads as one)."""
    return " ".join(shown(table))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_the_tdc_solution_reads_whole_in_every_language(language: str) -> None:
    table = attack_screen(language)
    table.window.cut.clear()
    text = drawn(table)
    feed = {line.text for line in table.window.feed.lines} | {table.window.tr(line.words)
                                                             for line in table.window.feed.lines}
    cut = [k for k in table.window.cut if k not in feed]
    assert not cut, f"cut on the attack screen in {language}: {cut}"
    for reading in solution_texts(table, "bow", True) + solution_texts(table, "stern", False):
        assert reading in text or all(word in text for word in reading.split()), (language, reading)


def test_12_choosing_the_stern_tube_shows_the_stern_solution_whole() -> None:
    table = attack_screen("ru")
    assert table.window.screens["attack"].facing() == "bow"  # type: ignore[attr-defined]
    table.tap("tube.5")
    assert table.window.screens["attack"].facing() == "stern"  # type: ignore[attr-defined]
    table.window.cut.clear()
    text = drawn(table)
    for reading in solution_texts(table, "stern", True):
        assert all(word in text for word in reading.split()), reading
    feed = {line.text for line in table.window.feed.lines} | {table.window.tr(line.words)
                                                             for line in table.window.feed.lines}
    assert not [k for k in table.window.cut if "СРП установлен" not in k and k not in feed]


def test_12_the_tdc_sheet_opens_on_the_settings_the_tdc_holds() -> None:
    """§12: a crew re-aiming the TDC at the next ship of a convoy keeps its depth setting and spread. The TDC sheet
    opened with none chosen, and its order set 3 m and no spread again; it opens on the TDC's settings (a setting
    the sheet does not offer is left unchosen, and the order keeps it), and its order sends them."""
    table = Table_(mission="training", seed=0, language="en")
    table.runtime.submit({**TDC, "depth_m": 5, "spread_deg": 6})
    table.window.open_form("tdc")
    sheet = table.window.overlay
    assert (sheet.values["depth_m"], sheet.values["spread_deg"]) == (5, 6)
    command = sheet.form.command_for(sheet.values)
    assert (command["depth_m"], command["spread_deg"]) == (5, 6)
    table.window.close_overlay()
    table.runtime.submit({**TDC, "depth_m": 7, "spread_deg": 6})
    table.window.open_form("tdc")
    sheet = table.window.overlay
    assert sheet.values.get("depth_m") is None and sheet.values["spread_deg"] == 6
