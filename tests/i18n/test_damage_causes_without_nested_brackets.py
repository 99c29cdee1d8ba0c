"""§10.3 damage the app reports, here from a ship's gunfire: the damage lines of the feed name their cause
in brackets ("Hull breach in section 2 (…)!"), so a cause said with brackets of its own read
"(попадание снаряда (контакт c8))" in Russian and "(Granattreffer von Korvette der Flower-Klasse (c8))" in
German. Each cause of a shell hit reads without brackets of its own in German and Russian, in every damage
line it goes into."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language

CAUSES = (Msg("shell hit from an enemy gun not in sight"),
          Msg("shell hit from contact {contact}", contact="c8"),
          Msg("shell hit from the {ship} ({contact})", ship=Msg.term("Flower-class corvette"), contact="c8"))


def _lines(cause: Msg) -> list[Msg]:
    return [Msg("Hull breach in section {section} ({cause})!", section=2, cause=cause),
            Msg("Damage: {condition} in section {section} ({cause}).", condition=Msg.term("fire"), section=5,
                cause=cause),
            Msg("Damage to the {component}: {severity} ({cause}).", component=Msg.term("periscope"),
                severity=Msg.term("failure"), cause=cause),
            Msg("The men on deck and bridge are under fire ({cause})!", cause=cause)]


def _deepest(text: str) -> int:
    depth = deepest = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("code", ["de", "ru"])
def test_10_3_a_shell_hit_names_its_shooter_without_brackets_in_brackets(code: str) -> None:
    lang = language(code)
    for cause in CAUSES:
        for line in _lines(cause):
            said = lang.render(line)
            assert "c8" in said or "not in sight" in cause.template, said
            assert _deepest(said) == 1, said
