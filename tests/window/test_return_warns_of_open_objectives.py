"""Rulebook §4.2: a boat that heads home with a primary objective not met breaks its patrol off. The Return to
base sheet said only "a crew action: it costs no order", so a touch crew stopped beside the dinghy of
aircrew_1942 could set off home ten minutes short of taking the airmen aboard, with no word that the rescue
was given up. The sheet now names each primary objective still open; once they are met it warns of nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kit import play_script

from window.fingers import Table_, shown

WIN = Path(__file__).resolve().parents[1] / "missions" / "scripts" / "aircrew_1942.win.jsonl"


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_2_the_return_sheet_names_the_open_primary_objective(code: str) -> None:
    table = Table_(mission="aircrew_1942", seed=0, language=code)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    table.window.cut.clear()
    said = " ".join(shown(table))
    rescue = table.game.module("mission").objectives["rescue"]
    words = language(code).render(rescue.text_msg())
    assert words in said, said  # the objective, in the table's language, whole
    assert {"en": "Heading home now breaks the patrol off.", "de": "Die Feindfahrt jetzt abzubrechen",
            "ru": "Курс домой сейчас"}[code] in said
    assert not table.window.cut, table.window.cut
    table.tap("sheet.give")  # a warning, not a refusal: the crew may still break the patrol off
    assert table.named("return_to_base")


def test_4_2_no_warning_once_the_airmen_are_aboard(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in WIN.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    before_home = [line for line in lines if line["do"] != "return_to_base" and line["t"] < 69000]
    game, _ = play_script(tmp_path, before_home, game=new_game(0, "aircrew_1942"), until=69600)
    assert game.module("mission").objectives["rescue"].met
    table = Table_(game=game)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    said = " ".join(shown(table))
    assert "Warning" not in said and "A crew action: it costs no order." in said
