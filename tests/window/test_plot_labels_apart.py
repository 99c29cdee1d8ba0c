"""The tactical plot (rulebook §10.1–10.2, the tactical map: 1 square = 1 nm): in a convoy's tight cluster
every contact label drawn reads whole, covered by no other label and no contact's symbol. A label
that finds no clear place beside its symbol is left out (the list beside the plot names every
contact, or the group of ships it sails in); the chosen contact's label is always drawn. Once the label
"c2" lay under c3's symbol."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.ui import contact_list, widgets
from kaleun.ui.screens import plot

from window.fingers import Table_
from window.test_screens_render import busy_table


class Recording(pygame.Surface):
    """A frame that remembers where each image was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.put: list[tuple[Any, pygame.Rect]] = []

    def blit(self, source: Any, dest: Any, *args: Any, **kw: Any) -> Any:  # type: ignore[override]
        box = super().blit(source, dest, *args, **kw)
        self.put.append((source, pygame.Rect(box)))
        return box


def drawn_plot(table: Table_, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, pygame.Rect], list[pygame.Rect]]:
    """(contact -> its label's box, the boxes of every contact's symbol) of the plot's next frame."""
    ids = {c["contact"] for c in table.game.module("sea").status()["contacts"]}
    images: dict[int, str] = {}
    symbols: list[pygame.Rect] = []
    image = widgets.Canvas.image
    symbol = plot.draw_contact_symbol

    def label(self: widgets.Canvas, text: Any, *args: Any, **kw: Any) -> Any:
        out = image(self, text, *args, **kw)
        words = self.tr(text).split(" · ")[0]
        if words in ids:
            images[id(out)] = words
        return out

    def mark(surface: Any, c: Any, centre: tuple[int, int], size: int, color: Any) -> None:
        box = pygame.Rect(0, 0, size, size)
        box.center = centre
        symbols.append(box)
        symbol(surface, c, centre, size, color)

    surface = Recording(table.surface.get_size())
    table.surface = surface
    with monkeypatch.context() as m:
        m.setattr(widgets.Canvas, "image", label)
        m.setattr(plot, "draw_contact_symbol", mark)
        table.render()
    labels = {images[id(src)]: box for src, box in surface.put if id(src) in images}
    return labels, symbols


@pytest.mark.parametrize("scale", [4, 8])
@pytest.mark.parametrize("chosen", [None, "c4"])
def test_10_1_contact_labels_in_a_convoy_cluster_cover_nothing(scale: int, chosen: str | None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = busy_table("en")  # four ships of the convoy within half a mile of each other
    win = table.window
    win.close_overlay()
    win.show("plot")
    win.ui["contact"] = chosen
    win.ui["plot_scale"] = scale
    labels, symbols = drawn_plot(table, monkeypatch)
    assert len(symbols) >= 4
    assert labels, "no contact label drawn"
    if chosen is not None:
        assert chosen in labels
    boxes = list(labels.items())
    for i, (name, box) in enumerate(boxes):
        for other, box2 in boxes[i + 1:]:
            assert not box.colliderect(box2), f"at {scale} nm the labels {name} and {other} overlap"
        covered = [sym for sym in symbols if box.colliderect(sym)]
        assert not covered, f"at {scale} nm the label {name} {tuple(box)} lies under a symbol {covered}"
    if chosen is None:  # the list beside the plot names every contact, labelled or not, or the group it sails in
        contacts = table.game.module("sea").status()["contacts"]
        rows, _ = contact_list.entries(contacts)
        for contact in contacts[:4]:
            row = next(r for r in rows if contact in r.contacts)
            name = f"list.group.{row.key}" if row.group else f"list.{contact['contact']}"
            if rows.index(row) < 4:  # on the list's first page
                assert win.targets.get(name) is not None, name
