"""The console's contacts and target data (tap a contact for its target data) in a heavy convoy: each contact's touch
box on the plot is finger-sized, so in the convoy's tight cluster the boxes overlap, and the box drawn last took
the touch: a tap right on one ship's symbol chose another ship (39 of 47 at 8 nm). The symbol nearest the
finger is chosen."""

from __future__ import annotations

from window.test_plot_list_finds_the_target import convoy_at_noon


def test_3_a_tap_on_a_symbol_chooses_that_contact() -> None:
    table = convoy_at_noon()
    win = table.window
    win.ui["plot_scale"] = 8
    table.render()
    marks = {t.id.removeprefix("contact."): t.rect.center for t in win.targets.items if t.id.startswith("contact.")}
    assert len(marks) >= 40
    alone = {cid: pos for cid, pos in marks.items() if list(marks.values()).count(pos) == 1}
    chose: dict[str, object] = {}
    for cid, pos in alone.items():
        win.ui["contact"] = None
        table.render()
        table.press(pos)
        chose[cid] = win.ui["contact"]
    assert {cid: got for cid, got in chose.items() if got != cid} == {}
