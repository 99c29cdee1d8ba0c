"""§6 the command and morale bars on their last, blank field, as the top bar and the crew's "Bars and
stores" page show them in English, German and Russian (the console's languages: all UI text
in the table's language). The top bar once read "Befehle blank" / "Приказы blank" (the bar's own
label, untranslated) and, for a crew exhausted, "Morale (exhausted)" (the last word of the label).
"""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, shown
from window.test_screens_render import LANGUAGES


def on_blank_fields(language: str) -> Table_:
    table = Table_(language=language)
    rt = table.runtime
    for _ in range(8):  # VIII ... I, then the blank field
        rt.submit({"do": "adjust_command", "by": -1})
    for _ in range(11):  # XI ... I, then the blank field: the crew is exhausted
        rt.submit({"do": "adjust_morale", "by": -1})
    bars = table.game.module("crew").status()["bars"]
    assert bars["command"] == "blank" and bars["exhausted"]
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_the_blank_fields_read_in_the_tables_language(language: str) -> None:
    table = on_blank_fields(language)
    tr = table.window.tr
    command, morale = tr(Msg("Command blank")), tr(Msg("Morale blank"))
    table.window.cut.clear()
    said = shown(table)
    assert command in said and morale in said, said
    assert not {command, morale} & set(table.window.cut), table.window.cut
    table.tap("tab.crew")
    table.tap("crew.page.stores")
    table.window.cut.clear()
    said = shown(table)
    assert said.count(command) == 2 and said.count(morale) == 2, said  # the top bar and the page
    assert tr(Msg("exhausted")) in said
    assert not {command, morale} & set(table.window.cut), table.window.cut
    if language != "en":
        assert not [words for words in said if "blank" in words or "exhausted" in words], said


@pytest.mark.parametrize("language", ["de", "ru"])
def test_6_the_consoles_crew_view_names_the_blank_fields_in_the_tables_language(language: str) -> None:
    """The text console's `crew` (console parity) says the blank fields as the feed does."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui.console_views import crew

    table = on_blank_fields(language)
    head = crew(table.game, lang_of(language))[0]
    assert "blank" not in head, head
    assert lang_of(language).render(Msg("blank")) in head, head


@pytest.mark.parametrize("language", ["de", "ru"])
def test_6_the_consoles_status_names_the_blank_fields_in_the_tables_language(language: str) -> None:
    """The text console's `status` says the bars' blank fields as the feed does."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui.console_views import status

    table = on_blank_fields(language)
    said = "\n".join(status(table.game, "stop", lang_of(language)))
    assert "blank" not in said, said
    assert lang_of(language).render(Msg("blank")) in said, said


def test_6_a_bar_on_its_blank_field_stands_out_in_the_top_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.6 a spent command bar makes every further order cost morale, a blank morale bar is an
    exhausted crew: the top bar draws such a bar in the warning colour (its word "blank" says it too),
    a bar with fields left in the accent colour."""
    from kaleun.ui import theme, widgets

    colours: dict[str, tuple[int, int, int]] = {}
    text = widgets.Canvas.text

    def recording(self, words, pos, size=theme.TEXT_SIZE, color=theme.TEXT, *args, **kw):  # type: ignore[no-untyped-def]
        colours[self.tr(words)] = tuple(color)
        return text(self, words, pos, size, color, *args, **kw)

    monkeypatch.setattr(widgets.Canvas, "text", recording)
    table = Table_()
    table.render()
    assert colours["Command VIII"] == theme.ACCENT and colours["Morale XI"] == theme.ACCENT
    table = on_blank_fields("en")
    colours.clear()
    table.render()
    assert colours["Command blank"] == theme.WARNING and colours["Morale blank"] == theme.WARNING
