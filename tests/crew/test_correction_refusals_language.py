"""The First Officer's console, languages and console parity: a correction or crew order typed wrong at the console is
refused in the table's language.

`observe figures=navigator-square count=2`, `{"do": "cure", "injury": 99}` and the other corrections' own
checks said "'observe': give the lookouts' figures or their count, not both" in English at a German or Russian
table, while the commands' field checks (`kaleun.core.args`) were translated. Each now begins with the command as the
console names it (`observe: ...`, German `beobachter: ...`).
"""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from kaleun.core.messages import of_error
from kaleun.i18n import language
from kaleun.uboot.game import new_game

BAD = [
    ({"do": "order", "order": "observe", "figures": ["navigator-square"], "count": 2},
     "observe: give the lookouts' figures or their count, not both"),
    ({"do": "order", "order": "observe", "figures": []}, "observe: figures must name at least one sailor"),
    ({"do": "order", "order": "observe", "figures": ["navigator-square", "navigator-square"]},
     "observe: figures must be a list of different figures, got square navigator, square navigator"),
    ({"do": "order", "order": "first_aid", "patients": ["navigator-square", "navigator-square"]},
     "first_aid: patients must be a list of different figures, got square navigator, square navigator"),
    ({"do": "cure", "injury": 99}, "cure: no injury 99 is waiting for its card"),
    ({"do": "cure", "sailor": "bogus"}, "cure: sailor 'bogus' is not <figure>/1 or <figure>/2"),
    ({"do": "damage", "kind": "crew", "sections": [9]}, "damage: sections must be a list of sections 1-8, got [9]"),
    ({"do": "crew_options", "difficulty": {"x": 1}}, "crew_options: difficulty maps roles (captain, officer, "
                                                     "navigator, engineer) to levels (easy, normal, hard), got "
                                                     "{'x': 1}"),
    ({"do": "crew_options", "easy_watch_change": {"captain": 3}},
     "crew_options: easy_watch_change maps roles to true/false, got {'captain': 3}"),
]


@pytest.mark.parametrize("command, english", BAD)
def test_a_correction_typed_wrong_is_refused_in_the_tables_language(command, english):
    game = new_game(seed=3, mission="training")
    with pytest.raises(CommandError) as caught:
        game.apply(command)
    assert str(caught.value) == english
    said = of_error(caught.value)
    for code in ("de", "ru"):
        assert language(code).missing(said) == [], said  # type: ignore[arg-type]
        rendered = language(code).render(said)  # type: ignore[arg-type]
        for words in ("give the lookouts", "must name", "must be a list", "is waiting", "is not <figure>",
                      "maps roles"):
            assert words not in rendered, rendered


@pytest.mark.parametrize(("code", "said"), [
    ("de", "erste_hilfe: patienten muss eine Liste verschiedener Figuren sein, nicht Navigator-Quadrat, "
           "Navigator-Quadrat"),
    ("ru", "первая_помощь: пациенты — список разных фигурок, а не штурман-квадрат, штурман-квадрат"),
])
def test_8_6_a_first_aid_refusal_names_the_sailors_in_the_tables_language(code, said):
    """§8.6 first aid typed with a patient twice: the refusal quotes the sailors as the table names them, not the
    English ids (it read `nicht ['navigator-square', 'navigator-square']` at a German table)."""
    from kit import console_typed

    out = console_typed(code, "first_aid navigator-square,navigator-square").strip()
    assert out == f"! {said}", out
    assert "navigator-square" not in out
