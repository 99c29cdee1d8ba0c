"""Rulebook §4.3 and §5.2, the new game set-up from the console: a group that plays a whole career types
`kaleun campaign` (or `kaleun linked`) for the campaign it plays; argparse refused it with a bare list of commands. It
is told the command that plays the campaign's next mission (or the linked patrol's next part), the one for table
scripts, and where the career record is shown, in the table's language; nothing is started."""

from __future__ import annotations

import pytest
from kaleun.cli import main


@pytest.mark.parametrize(("typed", "said"), [
    (["campaign"], "kaleun: campaign is not a command: kaleun play --campaign plays the campaign's next mission "
                   "(kaleun run --campaign by table script), and kaleun career shows the career record."),
    (["linked", "--language", "de"], "kaleun: linked ist kein Befehl: kaleun play --linked spielt den nächsten Teil "
                                     "der verknüpften Feindfahrt (kaleun run --linked mit einem Tischskript), und "
                                     "kaleun career zeigt die Laufbahnakte."),
])
def test_4_3_kaleun_campaign_typed_is_shown_kaleun_play_campaign(home, capsys, typed, said):
    assert main(typed) == 2
    assert said in capsys.readouterr().err
    assert not (home / "autosave.json").exists() and not (home / "career.json").exists()
