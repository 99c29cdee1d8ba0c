"""What a German or Russian table reads outside the feed: a contact the crew has not got, the
speaker's volume, where a new game put the one before it, an unknown mission, scenario or crew
size on the command line. Each used to reach the players in English."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from kaleun.core.errors import CommandError
from kaleun.core.messages import of_error
from kaleun.i18n import language
from kaleun.uboot.game import mission_spec, new_game
from kaleun.ui.console import Console
from kit import console_typed

typed = console_typed


@pytest.mark.parametrize(("code", "said"), [
    ("de", "! ziel: kein Kontakt „c1“ (Kontakte: noch keine)"),
    ("ru", "! опознать: нет контакта «c1» (контакты: пока нет)"),
])
def test_a_contact_the_crew_has_not_got_is_refused_in_the_table_language(code: str, said: str) -> None:
    """§8 target data and identification name a contact of the crew's picture; a wrong one is told
    in the table's language, like every other refusal."""
    word = "target" if code == "de" else "identify"
    assert said in typed(code, f"{word} c1")


def test_a_contact_the_crew_has_not_got_stays_english_in_a_table_script() -> None:
    with pytest.raises(CommandError) as caught:
        new_game(0).apply({"do": "target", "contact": "c9"})
    assert str(caught.value) == "target: no contact 'c9' (contacts: none yet)"


class _Sounder:
    volume = 0.8

    def set_volume(self, level: float) -> None:
        self.volume = level


@pytest.mark.parametrize(("code", "said"), [("de", "Lautstärke 45 %"), ("ru", "громкость 45 %"),
                                            ("en", "volume 45%")])
def test_the_console_shows_the_volume_in_the_table_language(code: str, said: str) -> None:
    out = io.StringIO()
    runtime = SimpleNamespace(game=None, table=None, listeners=[], problems=[], language=code, sounder=_Sounder())
    Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False).handle("volume 45%")  # type: ignore[arg-type]
    assert out.getvalue().splitlines() == [said]


def test_a_new_game_says_where_the_previous_one_was_kept_in_the_table_language(capsys) -> None:
    from kaleun.cli import _say_kept

    kept = Path("saves") / "autosave-1.json"
    pruned = SimpleNamespace(deleted=[Path("a"), Path("b")], unfinished_over=True)
    _say_kept(SimpleNamespace(kept=kept, pruned=pruned), "de")  # type: ignore[arg-type]
    said = capsys.readouterr().err.splitlines()
    assert said[0] == f"kaleun: Das vorige Spiel wurde als {kept} aufbewahrt (weiter mit: kaleun resume --save {kept})"
    assert said[1].startswith("kaleun: 2 ältere beendete Spiele gelöscht")
    assert said[2].startswith("kaleun: saves enthält mehr als")


@pytest.mark.parametrize(("code", "said"), [
    ("de", "unbekannte Mission „nope“ (bekannt: "), ("ru", "неизвестная миссия «nope» (известны: ")])
def test_an_unknown_mission_is_told_in_the_table_language(code: str, said: str) -> None:
    with pytest.raises(CommandError) as caught:
        mission_spec("nope")
    assert language(code).render(of_error(caught.value)).startswith(said)


def test_an_unknown_sonar_scenario_and_crew_are_told_in_the_table_language() -> None:
    from kaleun.sonar.game import new_game as new_sonar_game

    with pytest.raises(CommandError) as caught:
        new_sonar_game(0, "zulu")
    assert language("de").render(of_error(caught.value)) == (
        "unbekanntes Szenario „zulu“ (bekannt: alpha, bravo, charlie, delta, echo)")
    with pytest.raises(CommandError) as caught:
        new_sonar_game(0, "alpha", crews=[9, 4])
    assert language("ru").render(of_error(caught.value)) == "в команде от 2 до 4 игроков, а не 9 (команда: жёлтый)"


def test_kaleun_play_names_an_unknown_mission_in_the_table_language(home, capsys) -> None:
    from kaleun.cli import main

    assert main(["play", "--console", "--language", "de", "--mission", "nope"]) != 0
    assert capsys.readouterr().err.startswith("kaleun: unbekannte Mission „nope“ (bekannt: agents_1941")


@pytest.mark.parametrize("code", ["de", "ru"])
def test_every_tube_state_of_the_weapons_view_is_translated(code: str) -> None:
    """§10 torpedo tubes: the console's `weapons` view names each tube's state in the table's
    language (a flooded tube read 'flooded' at a German or Russian table)."""
    from kaleun.uboot.weapons.module import TUBE_STATES

    assert [s for s in TUBE_STATES if language(code).text(s) == s] == []


@pytest.mark.parametrize(("code", "said"), [("de", "Boot noch ohne Startfeld; Schaden 0; getaucht."),
                                            ("ru", "Лодка ещё без стартовой клетки; повреждения 0; "
                                                   "в подводном положении.")])
def test_a_sonar_boat_without_its_start_cell_reads_as_a_sentence(code: str, said: str) -> None:
    """Captain Sonar, the start (captains mark their start cells): the status line before it reads
    whole in German and Russian ('Лодка стартовой клетки ещё нет' did not)."""
    from kaleun.sonar.game import new_game as new_sonar_game
    from kaleun.ui.sonar_text import describe_status

    status = new_sonar_game(0).module("sonar").team_status("yellow")
    assert status["cell"] is None
    assert describe_status(status, language(code)).splitlines()[0] == said


@pytest.mark.parametrize(("code", "content", "said"), [
    ("de", None, "diese Spielstand-Datei gibt es nicht"),
    ("ru", '{"format": "kaleun-save", "version": 1, "game": "uboot", "seed": "x"', "сохранение повреждено ("),
    ("de", "[]", "der Spielstand ist kein JSON-Objekt; die Datei bleibt, wie sie ist"),
])
def test_kaleun_resume_refuses_a_missing_or_damaged_save_in_the_table_language(home, tmp_path, capsys, code,
                                                                                content, said) -> None:
    """A German or Russian table that resumes a missing or damaged save reads why in its language
    (the technical detail, a JSON parser's words, may stay as it is); the file is kept."""
    from kaleun.cli import main

    save = tmp_path / "evening.json"
    if content is not None:
        save.write_text(content, encoding="utf-8")
    assert main(["resume", "--console", "--language", code, "--save", str(save)]) != 0
    err = capsys.readouterr().err
    assert err.startswith(f"kaleun: {save}: ") and said in err
    assert content is None or save.read_text(encoding="utf-8") == content
