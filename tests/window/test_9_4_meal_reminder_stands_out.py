"""§9.4.2: the reminder before the meal call (nothing cooked yet) stands out in the window as a warning: the
warning sign and the warning colour on the feed ticker, never colour alone; a routine report stays plain."""

from __future__ import annotations

from typing import Any

from kaleun.ui import icons, theme
from kaleun.ui.widgets import Canvas

from window.fingers import Table_, render_spying

REMINDER_S = 14 * 3600  # 18:00: an hour before the 19:00 meal call (the training mission starts at 04:00)
REMINDER = "Meal call at 19:00 and nothing is cooked yet: prepare a meal, or the crew eats nothing (morale -2)."


def drawn(table: Table_, monkeypatch: Any) -> tuple[list[tuple[str, Any]], list[Any]]:
    """The texts of the next frame with their colours, and the colours of the warning signs it draws."""
    texts: list[tuple[str, Any]] = []
    signs: list[Any] = []
    real_sign = icons.warning

    def sign(surface: Any, box: Any, color: Any) -> None:
        signs.append(tuple(color))
        real_sign(surface, box, color)

    monkeypatch.setattr(icons, "warning", sign)
    real = Canvas.text

    def spy(self, text, pos, size, color=theme.TEXT, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append((self.tr(text), tuple(color)))
        return real(self, text, pos, size, color, *args, **kwargs)

    render_spying(table, "text", spy)
    return texts, signs


def test_9_4_2_the_meal_reminder_is_a_warning_on_the_feed_ticker(monkeypatch) -> None:
    table = Table_(mission="training", seed=0)
    table.window.dismiss_alarms()
    table.until(REMINDER_S - 60, step=1800)
    texts, signs = drawn(table, monkeypatch)
    assert not any(REMINDER in t for t, _ in texts) and signs == []  # the watch change before it: plain

    table.until(REMINDER_S + 1)
    assert [e.data["hour"] for e in table.named("meal_reminder")] == [19]
    texts, signs = drawn(table, monkeypatch)
    colours = {c for t, c in texts if REMINDER.startswith(t.rstrip("…")) or t in REMINDER}
    assert colours == {tuple(theme.WARNING)}, texts
    assert tuple(theme.WARNING) in signs
