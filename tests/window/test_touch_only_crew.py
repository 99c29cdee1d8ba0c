"""A First Officer with only the 7" touch screen (the First Officer's console, every order by touch and fingers and
eyes): what a finger reaches is what the screen shows. A sheet over a screen takes every touch on it (nothing beneath
acts); every order of the orders screen has a button a finger can reach; every target of every screen
lies inside the window and no other target covers it.
"""

from __future__ import annotations

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.alarms import BY_NAME as ALARMS
from kaleun.ui.forms import ORDER_GROUPS
from kaleun.ui.widgets import Canvas

from window.fingers import Table_


def test_1_a_touch_on_an_open_sheet_never_reaches_the_screen_beneath() -> None:
    """§8 the engine telegraph: the dive sheet is open over the helm; a finger on an empty part of
    the sheet, right over the telegraph, gives no order and moves no handle."""
    table = Table_()
    table.tap("tab.helm")
    table.render()
    scale = table.window.screens["helm"].telegraph
    full_ahead = scale.point(TELEGRAPH.index("full_ahead"), 0.7)
    table.window.open_form("dive")  # the dive sheet over the helm
    table.render()
    table.press(full_ahead)
    table.render()
    assert table.window.overlay is not None  # the sheet stays
    assert TELEGRAPH[int(table.window.table.telegraph)] == "stop"
    assert not table.named("order_accepted")


def test_1_every_order_of_the_orders_screen_can_be_touched() -> None:
    """Every order of every group has its button on the screen, not hidden under the feed (a boat with mines
    aboard: the screen lists no order for a weapon the boat does not carry)."""
    from kaleun.uboot.game import new_game

    table = Table_(game=new_game(0, "exercise_convoy_battle", {"loadout": "tmb_1939"}))
    table.tap("tab.orders")
    for _, orders in ORDER_GROUPS:
        for order in orders:
            table.tap(f"order.{order}")  # fails when another target covers it
            assert type(table.window.overlay).__name__ == "FormSheet"
            assert table.window.overlay.form.id == order
            table.tap("sheet.close")


#: targets that may lie under others by design: a section under its figures, the tray under the
#: figures in it, contact marks that overlap on the plot (its list picks each one), and the
#: screen under an open sheet
MAY_BE_COVERED = ("section", "tray", "figure")


def test_10_every_target_of_every_screen_lies_in_the_window_and_uncovered() -> None:
    from window.test_screens_render import busy_table, views

    table = busy_table("en")
    win = table.window
    frame = table.surface.get_rect()
    for name, show in views(table):
        win.close_overlay()
        show()
        table.render()
        cover = win.targets.get("overlay")
        for target in win.targets.items:
            assert frame.contains(target.rect), f"{name}: {target.id} leaves the window: {target.rect}"
            if target.kind in MAY_BE_COVERED or target.id.startswith("contact.") or target.kind == "cover":
                continue
            if cover is not None and win.targets.items.index(target) < win.targets.items.index(cover):
                continue  # the screen beneath the sheet
            top = win.targets.at(target.rect.center)
            assert top is target, f"{name}: {target.id} {target.rect} is covered by {top and top.id} {top and top.rect}"


class Labels:
    """The words each button of the frames drawn meanwhile showed, in the table's language."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: dict[str, str] = {}
        button = Canvas.button

        def spy(c: Canvas, id: str, rect, label, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.shown[id] = c.tr(label) if label is not None else ""
            return button(c, id, rect, label, *args, **kwargs)

        monkeypatch.setattr(Canvas, "button", spy)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_9_11_the_torpedoes_fire_button_never_reads_as_the_fire_alarm(language: str, monkeypatch) -> None:
    """§12 firing torpedoes is an order; a fire on board is an alarm (§10.2). In Russian both once
    read "Пожар" (one English word for both)."""
    labels = Labels(monkeypatch)
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    alarm = table.window.tr(ALARMS["fire"].word)
    for tab, button in (("orders", "order.fire_torpedoes"), ("attack", "weapon.fire")):
        table.tap(f"tab.{tab}")
        table.render()
        assert labels.shown[button].casefold() != alarm.casefold(), (tab, labels.shown[button])


class Cut:
    """Every text the frames drawn meanwhile had to shorten with an ellipsis (`widgets.fit`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from kaleun.ui import widgets

        self.texts: list[str] = []
        fit = widgets.fit

        def spy(font, text, width, ellipsis="..."):  # type: ignore[no-untyped-def]
            shown = fit(font, text, width, ellipsis)
            if shown != text:
                self.texts.append(text)
            return shown

        monkeypatch.setattr(widgets, "fit", spy)


class Drawn:
    """Every line of text the frames drawn meanwhile showed (after translation and wrapping)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[str] = []
        self.rects: list[tuple[str, pygame.Rect]] = []
        text = Canvas.text

        def spy(c: Canvas, words, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.lines.append(c.tr(words) if words is not None else "")
            rect = text(c, words, *args, **kwargs)
            self.rects.append((self.lines[-1], rect))
            return rect

        monkeypatch.setattr(Canvas, "text", spy)

    def joined(self) -> str:
        return " ".join(" ".join(self.lines).split())


@pytest.mark.parametrize("language", ["de", "ru"])
def test_1_11_the_order_assistant_says_what_is_missing_in_the_tables_language(language: str, monkeypatch) -> None:
    """§6.5 the assistant's refusal ("the sky is overcast" for the sextant) and what an order goes
    ahead without are the game's own words, in the table's language, not in English."""
    from window.test_screens_render import busy_table

    drawn = Drawn(monkeypatch)
    table = busy_table(language)
    win = table.window
    for form in ("sextant", "observe"):
        win.open_form(form)
        drawn.lines.clear()
        table.render()
        preview = win.overlay.preview
        detail = preview["reason"] if not preview["accepted"] else preview["missing"]
        assert detail is not None, preview
        words = win.tr(detail)
        assert words != str(detail), f"{form}: {detail} has no {language} translation"
        first = " ".join(words.split()[:6])
        assert first in drawn.joined(), f"{form}: {first!r} not on the sheet: {drawn.lines}"
        assert " ".join(str(detail).split()[:4]) not in drawn.joined()


def test_12_the_consoles_check_says_why_in_the_tables_language() -> None:
    """The console's order assistant (`check ORDER`) gives the refusal in Russian at a Russian table."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.i18n import language
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(seed=0, mission="exercise_convoy_battle")
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    runtime.language = "ru"
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    preview = game.module("orders").preview({"order": "sextant"})
    assert not preview["accepted"]
    console.handle("check sextant")
    shown = out.getvalue()
    assert language("ru").render(preview["reason"]) in shown
    assert str(preview["reason"]) not in shown


@pytest.mark.parametrize("language", ["de", "ru"])
def test_10_11_order_buttons_show_their_whole_name(language: str, monkeypatch) -> None:
    """A label a little too wide is squeezed, a long one takes two lines: no order, crew action or
    sheet button is cut to "Возвращени…" or "Отдать …" (and "Give order" is the sheet's main button)."""
    labels = Labels(monkeypatch)
    cut = Cut(monkeypatch).texts
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.orders")
    table.render()
    names = {id: label for id, label in labels.shown.items() if id.startswith(("order.", "action."))}
    table.tap("order.mobilize")
    table.render()
    names["sheet.give"] = labels.shown["sheet.give"]
    assert len(names) > 25
    whole = {id: label for id, label in names.items() if label in cut or any(label.startswith(c) for c in cut)}
    assert not whole, f"labels cut: {whole}"


@pytest.mark.parametrize(("language", "date"), [("en", "11 Sep 1941"), ("de", "11 Sept. 1941"),
                                                ("ru", "11 сент. 1941")])
def test_11_the_top_bar_dates_the_day_in_the_tables_language(language: str, date: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    assert table.window.scene().date == date


@pytest.mark.parametrize("language", ["en", "ru"])
def test_8_the_whole_feed_shows_every_line_whole(language: str, monkeypatch) -> None:
    """§8 the info feed, page by page: a long report (crew damage naming every injured sailor) is
    read to its end, not cut after two rows."""
    from window.test_screens_render import busy_table

    drawn = Drawn(monkeypatch)
    table = busy_table(language)
    win = table.window
    win.open_feed()
    table.render()
    for _ in range(20):
        table.render()
        if win.targets.get("feed.older") is None:
            break
        table.tap("feed.older")
    shown = drawn.joined()
    lines = [" ".join(win.tr(line.words).split()) for line in win.feed.lines]
    assert max(len(words) for words in lines) > 150  # a line longer than two rows
    for words in lines:
        assert words in shown, f"not shown whole: {words}"


def test_8_the_scopes_bearing_scale_stays_inside_its_view() -> None:
    """Turning the binoculars moves the bearings on the scale, never over the buttons beside the view
    ("004" was drawn on the Binoculars button)."""
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.tap("tab.scope")
    looks = []
    for bearing in (0, 1, 2, 3):
        table.window.ui["scope_bearing"] = bearing
        table.window.touch()
        surface = table.render()
        button = table.window.targets.get("optic.binoculars").rect
        looks.append(pygame.image.tobytes(surface.subsurface(button), "RGB"))
    assert len(set(looks)) == 1


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_11_the_set_ups_crew_rules_label_stays_off_its_buttons(language: str, monkeypatch) -> None:
    """The set-up's "Crew rules" (de "Besatzungsregeln") ran under its first button."""
    from kaleun.ui.screens.setup import Setup

    drawn = Drawn(monkeypatch)
    table = Table_(language=language)
    win = table.window
    win.open(Setup(win))
    table.render()
    label = win.tr(Msg("Crew rules"))
    rects = [rect for words, rect in drawn.rects if words.rstrip("…") and label.startswith(words.rstrip("…"))]
    assert rects
    for target in win.targets.items:
        if target.id.startswith("setup.rules."):
            assert not rects[-1].colliderect(target.rect), (label, target.id)


def test_7_the_strategic_map_marks_the_missions_target_area(monkeypatch) -> None:
    """The console's strategic map: the mission's target area on the naval grid (Off Hatteras: hold station in
    CA87 and CA88); it was never drawn, the map looked for keys the mission does not have."""
    drawn = Drawn(monkeypatch)
    table = Table_(mission="hatteras_1942", seed=1)
    table.tap("tab.map")
    table.render()
    chart = table.window.screens["map"]
    assert {"CA87", "CA88"} <= set(chart.area)
    assert drawn.lines.count("target area") == 1


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_the_helm_shows_the_dead_reckoning_square_whole(language: str, monkeypatch) -> None:
    """The grid square by dead reckoning on the helm (ru once read "По счислению: квадр…")."""
    cut = Cut(monkeypatch).texts
    drawn = Drawn(monkeypatch)
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.helm")
    table.render()
    square = table.window.screens["helm"].nav.get("dr_square") or "AK35"
    lines = [line for line in drawn.lines if square in line]
    assert lines, drawn.lines
    assert not [line for line in lines if line in cut], cut
