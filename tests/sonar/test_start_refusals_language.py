"""Digest §1, §2, §7: a Captain Sonar start that cannot be made says why in the table's language (Captain Sonar;
the First Officer's console, languages).

`kaleun play --game sonar --language de` said "cannot read the map ...", "--crew takes the players of yellow and
blue ..." and "crews of 4 and 2 players are not a line-up of the rules ..." in English; the English text stays
word for word (`kaleun run`, the logs).
"""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from kaleun.core.messages import of_error
from kaleun.fronts.sonar import _crews, new
from kaleun.i18n import language
from kaleun.sonar.game import crews_of


def _refusal(call) -> object:
    with pytest.raises(CommandError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_sonar_start_that_cannot_be_made_says_why_in_the_tables_language(code, tmp_path):
    class Options:
        map = str(tmp_path / "none.map")
        scenario, mode, crew, training_aid = "alpha", "turn", None, False

    cases = [
        (lambda: new(Options(), 1), f"cannot read the map {tmp_path / 'none.map'}: No such file or directory"),
        (lambda: _crews("x"), "--crew takes the players of yellow and blue, e.g. 4,3 (or one number for both), "
                              "got 'x'"),
        (lambda: crews_of([4, 2]), "crews of 4 and 2 players are not a line-up of the rules: 8 players play 4 "
                                   "against 4, 7 play 4 against 3, 6 play 3 against 3, 5 play 3 against 2, 4 play 2 "
                                   "against 2"),
        (lambda: crews_of({"red": 4}), "crews are given for yellow and blue, got {'red': 4}"),
    ]
    for call, english in cases:
        exc = _refusal(call)
        assert str(exc) == english
        said = of_error(exc)
        assert language(code).missing(said) == [], said  # type: ignore[arg-type]
        rendered = language(code).render(said)  # type: ignore[arg-type]
        for words in ("cannot read", "takes the players", "line-up", "are given for", "players play"):
            assert words not in rendered, rendered


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_hand_action_at_the_captain_sonar_table_is_refused_in_the_tables_language(code):
    """The Captain Sonar table has no figures, dials or buttons: a `place` typed at its console is refused, in the
    table's language (it was English), beginning with the action's word as its console types it (it quoted the
    English `'place'`), as a U-BOOT table's refusals begin with the command's word."""
    from kaleun.games import make_table
    from kaleun.sonar.game import new_game

    table = make_table(new_game(seed=1), None)
    exc = _refusal(lambda: table.actuate({"do": "place", "figure": "x", "section": 1}))
    assert str(exc) == "place: the Captain Sonar table has no figures, dials or buttons; give game commands instead"
    said = of_error(exc)
    assert language(code).missing(said) == []  # type: ignore[arg-type]
    rendered = language(code).render(said)  # type: ignore[arg-type]
    assert "give game commands" not in rendered and "place" not in rendered and "'" not in rendered, rendered
    assert rendered.startswith({"de": "setzen: ", "ru": "поставить: "}[code]), rendered


SET_UP = ("a Captain Sonar game is set up with --scenario, --mode and --crew")


@pytest.mark.parametrize(("command", "options", "said"), [
    ("run", ("--linked",), "kaleun run: --linked is a U-BOOT option (missions, linked patrols, the campaign and their "
                           f"difficulties); {SET_UP}"),
    ("run", ("--campaign",), "kaleun run: --campaign is a U-BOOT option (missions, linked patrols, the campaign and "
                             f"their difficulties); {SET_UP}"),
    ("run", ("--difficulty", "captain=hard", "--easy-watch", "captain"),
     "kaleun run: --difficulty, --easy-watch are U-BOOT options (missions, linked patrols, the campaign and their "
     f"difficulties); {SET_UP}"),
    ("play", ("--setup",), "kaleun: --setup is a U-BOOT option (missions, linked patrols, the campaign and their "
                           f"difficulties); {SET_UP}")])
def test_1_a_u_boot_set_up_option_for_captain_sonar_is_refused_by_the_name_given(tmp_path, command, options, said):
    """`kaleun run --game sonar --linked` was refused with "--linked, --campaign, --difficulty, --easy-watch and --setup
    are U-BOOT options": `kaleun run` has no --setup, and the line named four options the player never gave. It now
    names the options given and what sets a Captain Sonar game up; nothing is run or saved."""
    from kit import run_kaleun

    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "team": "yellow", "do": "start", "cell": "B2"}\n', encoding="utf-8")
    extra = ("--script", str(script), "--events", str(tmp_path / "ev.jsonl")) if command == "run" else ()
    done = run_kaleun(command, "--game", "sonar", *options, *extra, home=tmp_path)
    assert (done.returncode, done.stderr.strip()) == (2, said)
    assert not (tmp_path / "ev.jsonl").exists() and not (tmp_path / "autosave.json").exists()


def test_1_the_set_up_option_refusal_is_said_in_the_tables_language():
    """The same refusal at a German or Russian table (`kaleun play --language de`) is a whole sentence of that
    language."""
    import argparse

    from kaleun.fronts.sonar import SonarFront

    args = argparse.Namespace(linked=True, campaign=None, difficulty=None, easy_watch=None, setup=None)
    said = SonarFront().problem(args, "kaleun")
    assert said is not None
    for code in ("de", "ru"):
        assert language(code).missing(said) == [], code
        assert "set up with" not in language(code).render(said)
