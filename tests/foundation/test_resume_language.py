"""The table's language is kept with the game: a game played with `--language de` resumes in German (U-BOOT and
Captain Sonar), whatever `kaleun config` prefers, unless `kaleun resume --language` names another."""

from __future__ import annotations

import json

from kit import Terminal


def _played(home, *args: str, prompt: str = "> ") -> str:
    with Terminal(home, *args) as term:
        term.expect(prompt)
        term.send("quit")
        term.expect("kaleun resume")
        assert term.close() == 0
    return term.text


def test_a_uboot_game_started_in_german_resumes_in_german(tmp_path):
    _played(tmp_path, "play", "--seed", "3", "--language", "de", "--mission", "training")
    assert json.loads((tmp_path / "autosave.json").read_text())["table"]["language"] == "de"
    assert "Weiter mit: kaleun resume" in _played(tmp_path, "resume")
    again = _played(tmp_path, "resume", "--language", "en")  # --language wins, and is kept from then on
    assert "Continue with: kaleun resume" in again
    assert "Continue with: kaleun resume" in _played(tmp_path, "resume")


def test_the_first_save_already_holds_the_language(tmp_path):
    """A game cut short before any later save (a power cut) resumes in its language too."""
    with Terminal(tmp_path, "play", "--seed", "3", "--language", "ru", "--mission", "training") as term:
        term.expect("> ")
        first = json.loads((tmp_path / "autosave.json").read_text())
        term.send("quit")
        assert term.close() == 0
    assert first["table"]["language"] == "ru"


def test_a_captain_sonar_game_started_in_russian_resumes_in_russian(tmp_path):
    _played(tmp_path, "play", "--game", "sonar", "--console", "--language", "ru", prompt="> ")
    resumed = _played(tmp_path, "resume", "--console", prompt="> ")
    assert "жёлт" in resumed.lower(), resumed
    assert "yellow>" not in resumed


def test_a_language_chosen_during_the_game_is_kept_by_the_journal_too(tmp_path):
    """The window's settings change the language mid-game: a game cut short before its next full save resumes in
    the new language (the journal carries it with the table's readings)."""
    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.outputs import Autosave
    from kaleun.runtime.table import Table
    from kaleun.saves import open_save
    from kaleun.uboot.game import new_game
    from kit import FakeClock

    clock = FakeClock()
    game = new_game(1)
    autosave = Autosave(game, tmp_path / "autosave.json", clock=clock, background=False)
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    runtime.language = "en"
    autosave.save()
    runtime.language = "ru"  # the settings' language buttons
    clock.now += 30.0
    runtime.step()
    autosave.journal.sync()  # cut short: no full save after the change
    runtime.table.close()
    assert json.loads((tmp_path / "autosave.json").read_text())["table"]["language"] == "en"
    assert open_save(tmp_path / "autosave.json").engine.table_state["language"] == "ru"


def test_what_the_load_of_a_save_found_is_said_in_the_games_language(tmp_path, capsys, monkeypatch):
    """`kaleun resume` of a game played in German, with a journal whose last line was cut short: the note on it and the
    "resuming" line are German, as all that follows (they came in the preferred language, English, before the saved
    game's language was read)."""
    import argparse

    from kaleun import cli
    from kaleun.boards.loader import default_board
    from kaleun.journal import journal_path
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.outputs import Autosave
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kit import FakeClock

    clock = FakeClock()
    game = new_game(1)
    path = tmp_path / "autosave.json"
    autosave = Autosave(game, path, clock=clock, background=False)
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    runtime.language = "de"
    autosave.save()
    clock.now += 30.0
    runtime.step()
    autosave.journal.sync()
    runtime.table.close()
    with journal_path(path).open("a", encoding="utf-8") as journal:
        journal.write('{"t": 40, "cut')  # a crash while writing it
    monkeypatch.setattr(cli, "_TABLE_LANGUAGE", {})
    args = argparse.Namespace(save=str(path), language=None, table_language="en")
    cli._resume_game(args)
    said = capsys.readouterr().err
    assert "die letzte Zeile ist abgeschnitten" in said, said
    assert "kaleun: setze " in said and "resuming" not in said and "cut short" not in said, said
    assert args.table_language == "de"


def test_a_save_whose_journal_cannot_be_read_is_refused_in_the_games_language(tmp_path):
    """A game played in German whose journal a newer Kaleun wrote: `kaleun resume` (the preferred language English)
    refuses it in German, read from the save before the game is loaded (it was English)."""
    from kaleun.journal import journal_path
    from kit import run_kaleun

    with Terminal(tmp_path, "play", "--console", "--seed", "3", "--language", "de", "--mission", "training") as term:
        term.expect("> ")
        term.send("quit")
        assert term.close() == 0
    path = journal_path(tmp_path / "autosave.json")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps({**json.loads(lines[0]), "version": 99})
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused = run_kaleun("resume", "--console", home=tmp_path)
    assert refused.returncode == 2
    assert "das Journal enthält, was dieses Kaleun nicht kennt" in refused.stderr, refused.stderr
    assert "the journal holds" not in refused.stderr
