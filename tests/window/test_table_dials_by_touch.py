"""One place to extend (host/README.md, "How to add a dial"): a dial declared in boards/dials.toml without a control
of its own on screen is turned by touch on the Table dials sheet (the Orders screen's Helm column), made from the
declaration: a dial with positions by its positions (each by its name, translated), a ring by degrees. The dial
turns as the console's `dial` turns it, and the table sends its command; the console's `status` tells where it
stands. The shipped dials each have a control of their own (the telegraph, the attack disc's sheet), so a table
with only those shows no such button."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from kaleun.boards import dials
from kaleun.i18n import language
from kaleun.ui.theme import MIN_TARGET, MIN_TEXT
from kit import PERISCOPE_RING, TRIM_DIAL, dials_declared_with

from window.fingers import Remembering, Table_, shown

#: a dial with positions and a ring, as a maker would add them
DECLARED = TRIM_DIAL + PERISCOPE_RING


@pytest.fixture
def declared(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, dials.DialDecl]]:
    new = {name: decl for name, decl in dials_declared_with(tmp_path, DECLARED).items() if name not in dials.DIALS}
    for name, decl in new.items():
        monkeypatch.setitem(dials.DIALS, name, decl)
    yield new


class Hands(Remembering):
    """A table whose game remembers every command that reached it (the game has no `trim` or `periscope` command
    of its own: turning the dial must reach it all the same)."""

    def settle(self) -> None:
        for _ in range(2):
            self.clock.now += 1
            self.runtime.step()


def test_the_shipped_dials_have_their_own_controls_and_no_table_sheet() -> None:
    from kaleun.ui.screens.dials import table_dials

    assert table_dials() == []
    table = Table_()
    table.tap("tab.orders")
    assert table.window.targets.get("action.table_dials") is None


def test_a_new_dial_with_positions_turns_by_touch_and_feeds_its_command(declared) -> None:
    table = Hands()
    table.tap("tab.orders")
    table.tap("action.table_dials")
    table.tap("dials.dial=trim")
    assert table.window.overlay.value(declared["trim"]) == "bow_heavy"  # type: ignore[union-attr]  # a new game
    table.tap("dials.value=stern_heavy")
    table.tap("dials.turn")
    table.settle()
    assert {"do": "trim", "trim": "stern_heavy", "via": "trim"} in table.reached
    assert table.game.table_state["trim"] == "stern_heavy"
    assert table.runtime.table.reading("trim") == "stern_heavy"
    # dialled again to where it stands: nothing turns, and the feed says so by the position's name
    table.tap("dials.value=stern_heavy")
    table.tap("dials.turn")
    assert "trim selector already reads stern heavy: nothing to turn" in [str(line.msg) for line in
                                                                           table.window.feed.lines]


def test_a_new_ring_turns_by_touch_by_degrees(declared) -> None:
    table = Hands()
    table.tap("tab.orders")
    table.tap("action.table_dials")
    table.tap("dials.dial=periscope_bearing")
    said = shown(table)
    # a simulated ring nobody has turned has fed the game nothing: not set yet, as `status` says (not "000")
    assert "periscope bearing ring is not set yet" in said
    table.tap("dials.step.+10")
    table.tap("dials.step.+10")
    table.tap("dials.step.-1")
    table.tap("dials.turn")
    table.settle()
    assert {"do": "periscope", "bearing": 19, "via": "periscope"} in table.reached
    assert table.runtime.table.reading("periscope_bearing") == 19
    assert "periscope bearing ring reads 019°" in shown(table)
    table.tap("dials.step.-10")
    table.tap("dials.step.-10")
    table.tap("dials.turn")  # the short way round, past 000
    table.settle()
    assert table.runtime.table.reading("periscope_bearing") == 359



def test_a_new_ring_turns_a_quarter_at_a_touch(declared) -> None:
    """A ring to the opposite reading by finger: two quarter turns, not eighteen steps of ten (as the order sheets
    step a ring of degrees); the steps lie in a row, the biggest outermost, each a fingertip wide."""
    from kaleun.ui.theme import MIN_TARGET

    table = Hands()
    table.tap("tab.orders")
    table.tap("action.table_dials")
    table.tap("dials.dial=periscope_bearing")
    table.render()
    steps = sorted((t for t in table.window.targets.items if t.id.startswith("dials.step.")), key=lambda t: t.rect.x)
    assert [t.id.rsplit(".", 1)[1] for t in steps] == ["-90", "-10", "-1", "+1", "+10", "+90"]
    assert all(min(t.rect.size) >= MIN_TARGET for t in steps)
    table.tap("dials.step.+90")
    table.tap("dials.step.+90")
    table.tap("dials.turn")
    table.settle()
    assert table.runtime.table.reading("periscope_bearing") == 180
    table.tap("dials.step.-90")
    table.tap("dials.step.-1")
    table.tap("dials.turn")
    table.settle()
    assert table.runtime.table.reading("periscope_bearing") == 89

@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_table_dials_sheet_reads_whole_in_every_language(declared, code: str, tmp_path: Any) -> None:
    """The sheet at 800x480: every text whole, no glyph missing, nothing under the smallest text, every target 9 mm;
    the positions by their names in the table's language (never their ids)."""
    from window.test_screens_render import glyph_check

    table = Table_(language=code)
    win = table.window
    win.glyph_check = glyph_check()
    table.tap("tab.orders")
    table.tap("action.table_dials")
    lang = language(code)
    table.render()
    assert win.targets.get("dials.dial=trim") is not None
    for dial in declared:
        table.tap(f"dials.dial={dial}")
        win.fonts.sizes.clear()
        win.cut.clear()
        surface = table.render()
        pygame.image.save(surface, str(tmp_path / f"{code}-{dial}.png"))
        assert not win.cut, f"{dial} in {code}: cut short: {win.cut}"
        assert min(win.fonts.sizes) >= MIN_TEXT
        small = [(t.id, t.rect.size) for t in win.targets.items if min(t.rect.size) < MIN_TARGET]
        assert not small, f"{dial} in {code}: touch targets under 9 mm: {small}"
    assert not win.missing, f"glyphs the font lacks in {code}: {win.missing}"
    if code != "en":  # a position's name is a catalogue term: the telegraph's, translated, show how
        assert lang.render(dials.position_name("half_ahead")) not in ("half ahead", "half_ahead")


def test_a_new_dials_positions_are_named_in_the_catalogues(declared) -> None:
    """`make i18n` takes each position of a declared dial into the catalogues by its name (its id read with
    spaces), so tests/i18n/test_catalogues.py fails until it is translated, as the dial's label is; the console's
    `help dial` shows that name beside the id, not the id alone."""
    from kaleun.catalogue import terms_of
    from kaleun.ui.actions import Field, _position

    text = dials.DECLARATION.read_text(encoding="utf-8") + DECLARED
    terms = terms_of("boards/dials.toml", text)
    assert {"trim selector", "bow heavy", "level", "stern heavy", "periscope bearing ring"} <= set(terms)
    assert "stern_heavy" not in terms
    shipped = terms_of("boards/dials.toml", dials.DECLARATION.read_text(encoding="utf-8"))
    assert {"full astern", "half ahead"} <= set(shipped)  # the telegraph's, named as uboot/data/boat.toml names them
    value = Field("value", "text", "", choices=("stern_heavy",), names=_position)
    assert [str(name) for name in value.names_of("stern_heavy")] == ["stern heavy"]


def test_status_tells_every_declared_dial(declared) -> None:
    """The console's `status`: a new dial with positions by the position's name, a new ring by its degrees, each
    by its own name; the telegraph stays on its own line. `status` left a dial with positions out."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(1)
    out = io.StringIO()
    runtime = Runtime(game, Table(default_board(), game))
    console = Console(runtime, stdin=io.StringIO(), stdout=out)
    console.handle("status")
    assert "trim selector: bow heavy" in out.getvalue().splitlines()
    assert runtime.table.set_dial("trim", "stern_heavy")  # as the console's `dial trim stern_heavy` or the sheet
    assert runtime.table.set_dial("periscope_bearing", 45)
    runtime.step()
    console.handle("status")
    lines = out.getvalue().splitlines()
    assert "trim selector: stern heavy" in lines
    assert "periscope bearing ring: bearing 045" in lines
    assert not any(line.startswith(("telegraph:", "engine telegraph")) for line in lines if "lever at" not in line)


def test_a_dial_on_a_real_deck_hub_shows_its_reading_and_why_a_hand_turns_it(declared) -> None:
    """A dial the board has as an encoder on a real deck hub turns only by a hand at the table: the sheet offered its
    positions and a Turn button that was then refused ("turn it by hand"). It shows the reading and the reason, and
    offers nothing to turn, as the console's `dial` refuses it."""
    from kaleun.boards.model import DialSpec
    from kaleun.hub.dials import HubDial

    table = Hands()
    table.runtime.table.dials["trim"] = HubDial(DialSpec("trim", driver="hub"), 0, fake=None)
    table.tap("tab.orders")
    table.tap("action.table_dials")
    table.tap("dials.dial=trim")
    said = shown(table)
    assert "trim selector reads bow heavy" in said
    assert "dial 'trim' is an encoder on the deck hub: turn it by hand" in said
    assert table.window.targets.get("dials.value=stern_heavy") is None, "nothing to choose on a dial a hand turns"
    turn = table.target("dials.turn")
    table.press(turn.rect.center)
    table.settle()
    assert not [c for c in table.reached if c.get("do") == "trim"]
    # the simulated ring beside it still turns from the sheet
    table.tap("dials.dial=periscope_bearing")
    assert table.target("dials.step.+10") is not None


def _many_dials(count: int) -> str:
    """`count` dials with positions, as a board with many of its own would declare them."""
    return "".join(TRIM_DIAL.replace("[trim]", f"[trim{n}]").replace('do = "trim"', f'do = "trim{n}"')
                   .replace('group = "trim"', f'group = "trim{n}"') for n in range(count))


#: a dial with more positions than one row of the sheet holds
SIXTEEN_POSITIONS = '''
[gear]
label = "trim selector"
kind = "positions"
positions = [''' + ", ".join(f'"stern_heavy_{n}"' for n in range(16)) + ''']
home = ["saved"]
command = { do = "gear" }
field = "gear"
group = "gear"
'''


def _apart(table: Table_) -> None:
    """No button of the sheet lies over another (nor over the Close and Turn buttons at its foot)."""
    table.render()
    mine = [t for t in table.window.targets.items if t.id.startswith("dials.")]
    for n, a in enumerate(mine):
        for b in mine[n + 1:]:
            assert not a.rect.colliderect(b.rect), f"{a.id} {a.rect} lies over {b.id} {b.rect}"


@pytest.mark.parametrize("code", ["en", "ru"])
def test_a_board_with_many_dials_pages_them_and_each_turns_by_touch(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                     code: str) -> None:
    """Twenty dials of a board: the sheet's dial buttons ran down over the reading, the positions and the Close and
    Turn buttons. They page now, as an order sheet's choices do: the arrows turn the pages (after the last, the
    first) and every dial can be chosen and turned by touch."""
    for name, decl in dials_declared_with(tmp_path, _many_dials(20)).items():
        if name not in dials.DIALS:
            monkeypatch.setitem(dials.DIALS, name, decl)
    table = Hands(language=code)
    table.tap("tab.orders")
    table.tap("action.table_dials")
    seen: list[str] = []
    for _ in range(20):
        _apart(table)
        on_page = [t.id.removeprefix("dials.dial=") for t in table.window.targets.items
                   if t.id.startswith("dials.dial=")]
        assert on_page
        if set(on_page) <= set(seen):  # round again to the first page
            break
        assert not set(on_page) & set(seen), "a dial on two pages"
        seen += on_page
        table.tap("dials.dial.more")
    assert sorted(seen) == sorted(f"trim{n}" for n in range(20))
    # back one page from the first: the last page, and its last dial turns
    table.tap("dials.dial.back")
    table.tap("dials.dial=trim19")
    _apart(table)
    table.tap("dials.value=stern_heavy")
    table.tap("dials.turn")
    table.settle()
    assert {"do": "trim19", "trim": "stern_heavy", "via": "trim19"} in table.reached


def test_a_dial_with_many_positions_pages_them(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dial of sixteen positions: its buttons ran over the sheet's Close and Turn buttons. They page, and the page
    of the position the dial reads is the one the sheet opens on."""
    for name, decl in dials_declared_with(tmp_path, SIXTEEN_POSITIONS).items():
        if name not in dials.DIALS:
            monkeypatch.setitem(dials.DIALS, name, decl)
    table = Hands(language="de")
    table.tap("tab.orders")
    table.tap("action.table_dials")
    _apart(table)
    assert table.window.targets.get("dials.value=stern_heavy_0") is not None
    assert table.window.targets.get("dials.value=stern_heavy_15") is None
    while table.window.targets.get("dials.value=stern_heavy_15") is None:
        table.tap("dials.value.more")
        _apart(table)
    table.tap("dials.value=stern_heavy_15")
    table.tap("dials.turn")
    table.settle()
    assert {"do": "gear", "gear": "stern_heavy_15", "via": "gear"} in table.reached
    table.tap("tab.boat")
    table.tap("tab.orders")
    table.tap("action.table_dials")  # opened again: on the page of the position the dial now reads
    table.render()
    assert table.window.targets.get("dials.value=stern_heavy_15") is not None
