"""The console at a German or Russian table, as found playing a night convoy attack there: every
word of it is the table's, and every line it offers to type is typed in the table's words (host/README.md,
"Typing in the table's language": the lines the views show to type name words the player can type)."""

from __future__ import annotations

import pytest
from kaleun.boards.loader import load_board
from kaleun.i18n import language
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.console_views import disc_held, rings, status
from kit import BOARDS


@pytest.mark.parametrize("code, said", [("en", "The mission is over (lost): rammed."),
                                        ("de", "Die Mission ist vorbei (verloren): gerammt."),
                                        ("ru", "rammed")])
def test_4_1_status_says_why_the_mission_ended_in_the_tables_words(code, said):
    """The boat rammed by a corvette at a German table: `status` ended "Die Mission ist beendet (verloren):
    rammed." — the reason is said as the debrief says it ("gerammt")."""
    g = new_game(0, "exercise_convoy_battle")
    g.module("mission").end("lost", "rammed", "Rammed!")
    shown = status(g, "stop", language(code))[-1]
    if code == "ru":
        assert said not in shown and shown.startswith("Миссия")
    else:
        assert shown == said


@pytest.mark.parametrize("code, said", [
    ("en", "The mission is over (ended): the crew ended the patrol."),
    ("de", "Die Mission ist vorbei (beendet): die Besatzung hat die Feindfahrt beendet."),
    ("ru", "Миссия окончена (завершено): экипаж завершил поход.")])
def test_4_1_status_says_the_open_patrol_ended_by_the_crew_once_in_the_tables_words(code, said):
    """The open patrol ended by the crew: `status` says the patrol ended, and the German line no longer reads "Die
    Mission ist beendet (beendet)"."""
    g = new_game(0, "patrol_atlantic")
    g.apply({"do": "end_exercise"})
    assert status(g, "stop", language(code))[-1] == said


@pytest.mark.parametrize("code, dial", [("en", "dial disc_enemy_course 0"),
                                        ("de", "drehregler scheibe_gegner 0"),
                                        ("ru", "шкала диск_противник 0")])
def test_9_2_1_the_rings_line_offers_the_dial_line_in_the_tables_words(code, dial):
    """§9.2.1: a ring not set yet is offered with the line that sets it — at a German table `drehregler
    scheibe_gegner 0`, not the English `dial disc_enemy_course 0` in the middle of German words."""
    g = new_game(0, "exercise_convoy_battle")
    table = Table(load_board(BOARDS / "sim.toml"), g)
    table.start(g.apply)
    table.set_dial("disc_own_course", 290)
    line = rings(table, language(code), disc_held(g))[0]
    assert line.endswith(f"{dial})")
    table.close()


def _desk(code: str):
    """A console at a table of that language on the convoy battle exercise, its two lookouts on the bridge."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.ui.console import Console

    g = new_game(0, "exercise_convoy_battle")
    runtime = Runtime(g, Table(default_board(), g), clock=lambda: 0.0)
    runtime.language = code
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()

    def type_(line: str) -> str:
        start = len(out.getvalue())
        console.handle(line)
        runtime.step()
        return out.getvalue()[start:]

    for line in ("mobilize", "place navigator-square 8", "place navigator-triangle 8", "observe"):
        type_(line)
    runtime._dispatch(g.advance(290))
    return type_


@pytest.mark.parametrize("code, figure", [("en", "captain-triangle"), ("de", "kapitän-dreieck"),
                                          ("ru", "командир-треугольник")])
def test_6_5_the_order_assistant_names_the_sailor_as_the_table_types_his_figure(code, figure):
    """§6.5 the order assistant (`?tdc c1`) at a Russian table listed the torpedo officer as `captain-triangle`
    beside `crew`'s `командир-треугольник`: the figure is named as the table types it, as `crew` names it."""
    shown = _desk(code)("?tdc c1").splitlines()
    assert shown[-1].split()[0] == figure


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_8_target_data_keeps_its_values_in_one_column_in_every_language(code):
    """§8 the target data screen (`target c1`): the Russian "относительный пеленг" is longer than the column
    the labels were padded to, and its value stood out of line; every value starts in one column."""
    rows = _desk(code)("target c1").splitlines()[1:]
    assert len(rows) == 8
    starts = {len(row) - len(row.split()[-1]) for row in rows if row.split()[-1][0].isdigit()}
    assert len(starts) == 1, rows


def test_6_5_the_tdcs_contact_field_is_named_in_the_tables_words_in_its_usage():
    """`hilfe tdc` at a German table began `tdc [CONTACT] [quelle=kontakt|...]`: the contact's placeholder is the
    field's word in capitals, as the short list in `hilfe` gives it (`tdc [KONTAKT]`); English keeps `CONTACT`."""
    from kaleun.ui.actions import find

    tdc = find("tdc")
    assert tdc is not None
    assert tdc.usage(lang=language("de")).startswith("tdc [KONTAKT] [quelle=")
    assert tdc.usage(lang=language("ru")).startswith("срп [КОНТАКТ] [источник=")
    assert tdc.usage(lang=language("en")).startswith("tdc [CONTACT] [source=")


def test_4_1_the_russian_debrief_counts_the_crew_lost_with_the_boat_in_words_that_agree():
    """§4.1 the boat rammed at a Russian table: the debrief read "32 моряка: погиб вместе с лодкой" — a singular
    verb after 32 sailors. The cause is a noun phrase that reads for one sailor and for many."""
    from kaleun.uboot.missions.debrief import crew_lost_lines

    cause = {"msg": "lost with the boat", "values": {}}
    many = {"crew_lost": [{"sailor": f"s{i}", "name": None, "cause": cause} for i in range(32)]}
    one_ = {"crew_lost": [{"sailor": "s1", "name": "Kaleun", "cause": cause}]}
    ru = language("ru")
    assert ru.render(crew_lost_lines(many)[0]) == "  32 моряка: гибель вместе с лодкой"
    assert ru.render(crew_lost_lines(one_)[0]) == "  Kaleun: гибель вместе с лодкой"
