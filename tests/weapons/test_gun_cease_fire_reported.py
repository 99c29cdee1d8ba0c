"""§6.5 the deck guns: when a gun stops firing the feed reports it as done, with its rounds and hits ("88 mm gun:
cease fire, 10 rounds, 1 hit."). In German and Russian the report read as the order itself, an infinitive before the
tally ("Feuer einstellen, 10 Schuss", "прекратить огонь, 10 выстрелов"); it now says the fire has ceased, as the
cease-fire button keeps the order's words."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from test_guns import TARGET, _first_contact, _surfaced_with
from weaponskit import order

CEASED = {"en": "88 mm gun: cease fire, ", "de": "88-mm-Geschütz: Feuer eingestellt, ",
          "ru": "88-мм орудие: огонь прекращён, "}


@pytest.mark.parametrize("code", sorted(CEASED))
def test_6_5_the_gun_s_cease_fire_is_reported_as_done(code: str) -> None:
    g = _surfaced_with([TARGET], seed=3)
    order(g, "gun_88", target=_first_contact(g), rounds=10)
    ceased = [e for e in g.advance_to(g.t + 600) if e.name == "gun_ceased"]
    assert len(ceased) == 1
    said = language(code).render(ceased[0].feed)
    assert said.startswith(CEASED[code]), said
    assert said.endswith(("hit.", "hits.", "Treffer.", "попадание.", "попадания.", "попаданий.")), said
