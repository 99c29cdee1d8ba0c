"""§2 / digest §3: 16 figures, 4 per role, each of a role's 4 with its own base shape. A figure's id
(`navigator-square`) is the word of commands, scripts, saves and the events' fields; what a player reads names
it as a player says it, in the table's language ("square navigator", "Navigator-Quadrat"), never by its id."""

from __future__ import annotations

import pytest
from crewkit import do, game, one
from kaleun.i18n import language
from kaleun.uboot.figures import FIGURES, figure_term


def test_2_english_names_a_figure_by_its_shape_and_role_not_by_its_id():
    assert str(figure_term("navigator-square")) == "square navigator"
    assert str(figure_term("officer-hexagon")) == "hexagon officer"
    names = {str(figure_term(f)) for f in FIGURES}
    assert len(names) == 16 and not [n for n in names if "-" in n]


@pytest.mark.parametrize(("code", "said"), [("en", "square engineer"), ("de", "Maschinist-Quadrat"),
                                            ("ru", "механик-квадрат")])
def test_2_every_language_names_the_figure_in_its_own_words(code, said):
    assert language(code).render(figure_term("engineer-square")) == said


def test_6_4_the_feed_names_the_figure_the_event_keeps_its_id():
    g = game()
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 6})  # no mobilize: flagged
    flag = one(events, "move_unmobilized")
    assert flag["figure"] == "engineer-square"
    assert flag["feed"].startswith("square engineer moved 4 → 6 without Mobilize")
