"""A refusal about a file (a save, a journal, a board, the figure tags, the settings, the career record, a map)
reads wholly in the table's language: at a German or Russian table the reason inside the sentence was English —
"kein Spielstand dieses Kaleun (it is a folder, not a file)", "не удаётся прочитать сохранение (Not a directory)",
"недопустимый TOML: Invalid value", "(Expecting value at column 6)" — the words of the file helpers, of the
system and of Python's JSON and TOML readers. Each kind of fault is driven through the commands a crew or a
maker types, in German and in Russian, and no English word may be left (the path stays as it is)."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest
from kit import run_kaleun

#: English words the reasons used to carry into a German sentence (none of them is a German word too)
ENGLISH = {"it", "is", "a", "the", "not", "no", "file", "folder", "such", "directory", "permission", "denied",
           "nested", "deeply", "too", "levels", "of", "symbolic", "expecting", "value", "device", "invalid", "tables",
           "at", "column", "line", "cannot", "read", "or", "operation", "permitted", "long", "unterminated",
           "data", "statement", "delimiter", "many", "regular"}
#: Latin-letter words a Russian sentence may hold: names of formats and of the program
LATIN_IN_RUSSIAN = {"UTF", "JSON", "TOML", "Kaleun", "kaleun"}


def english_left(said: str, code: str, *paths: str | Path) -> list[str]:
    """The English words in `said` (a refusal in the language `code`), the paths it names left out."""
    for path in sorted(map(str, paths), key=len, reverse=True):
        said = said.replace(path, " ")
    said = re.sub(r"kaleun [a-z]+( [a-z]+)?:", " ", said)  # the command's name, as typed
    said = re.sub(r"\b0x[0-9a-f]+\b", " ", said)  # a byte as written
    said = re.sub(r"'[^'\n]*'|«[^»\n]*»|„[^“\n]*“", " ", said)  # what the file holds or names, quoted as written
    if code == "ru":
        return [w for w in re.findall(r"[A-Za-z]{2,}", said) if w not in LATIN_IN_RUSSIAN]
    return sorted({w for w in re.findall(r"[a-zäöüß]+", said.lower()) if w in ENGLISH})


def _faults(tmp_path: Path) -> dict[str, Path]:
    """A file of each fault, by what is wrong with it."""
    folder = tmp_path / "folder.json"
    folder.mkdir()
    (tmp_path / "bytes.json").write_bytes(b'{"format": "\xe4"}')
    (tmp_path / "deep.json").write_text("[" * 5000 + "]" * 5000)
    (tmp_path / "syntax.json").write_text('{"format" 1}')
    (tmp_path / "plain.json").write_text("{}")
    loop = tmp_path / "loop.json"
    loop.symlink_to(tmp_path / "loop2.json")
    (tmp_path / "loop2.json").symlink_to(loop)
    return {"folder": folder, "not UTF-8": tmp_path / "bytes.json", "deep nesting": tmp_path / "deep.json",
            "JSON syntax": tmp_path / "syntax.json", "a file as a folder": tmp_path / "plain.json" / "save.json",
            "a link loop": loop, "a device": Path("/dev/zero")}


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_save_refused_for_every_file_fault_reads_in_the_tables_language(tmp_path, code):
    """`kaleun resume --language de --save FOLDER` said "(it is a folder, not a file)" inside a German sentence."""
    home = tmp_path / "home"
    home.mkdir()
    for fault, path in _faults(tmp_path).items():
        done = run_kaleun("resume", "--language", code, "--save", str(path), "--headless", home=home)
        assert done.returncode != 0 and "Traceback" not in done.stderr, (fault, done.stderr)
        assert done.stderr.strip(), fault
        assert english_left(done.stderr, code, path) == [], (fault, done.stderr)


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_figure_tags_the_career_record_a_map_and_a_board_refused_read_in_the_tables_language(tmp_path, code):
    """`kaleun figures list`, `kaleun career`, `kaleun map check` and `kaleun board check` speak the preferred
    language of `kaleun config`; their refusals of a damaged file carried English reasons."""
    (tmp_path / "settings.json").write_text(f'{{"language": "{code}"}}')
    contents = {"folder": None, "not UTF-8": b"x\xe4", "deep nesting": b"[" * 5000 + b"]" * 5000,
                "syntax": b'{"a" 1}'}
    tomls = {"folder": None, "not UTF-8": b"x\xe4", "deep nesting": b"a = " + b"[" * 5000 + b"]" * 5000,
             "syntax": b"a = [1,\n"}
    for fault, content in contents.items():
        for name in ("figures.json", "career.json"):
            target = tmp_path / name
            if target.is_dir():
                target.rmdir()
            if content is None:
                target.mkdir()
            else:
                target.write_bytes(content)
        board, sea = tmp_path / f"{fault}.toml".replace(" ", "-"), tmp_path / f"{fault}.map".replace(" ", "-")
        for made in (board, sea):
            if tomls[fault] is None:
                made.mkdir()
            else:
                made.write_bytes(tomls[fault])  # type: ignore[arg-type]
        for args, path in ((("figures", "list"), tmp_path / "figures.json"), (("career",), tmp_path / "career.json"),
                           (("map", "check", str(sea)), sea), (("board", "check", str(board)), board)):
            done = run_kaleun(*args, home=tmp_path)
            assert done.returncode != 0 and "Traceback" not in done.stderr, (fault, args, done.stderr)
            assert english_left(done.stderr, code, path) == [], (fault, args, done.stderr)


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_save_a_journal_the_settings_and_a_board_that_may_not_be_read_say_so_in_the_tables_language(
        tmp_path, code, monkeypatch, capsys):
    """"Permission denied" (a file of another user, a drive mounted without read rights) is the system's English;
    the table says it in its own words. The system refuses no reading to root, so the refusal is injected
    where the file is opened."""
    from kaleun import files
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.cli import main
    from kaleun.core.messages import of_error
    from kaleun.i18n import language
    from kaleun.journal import read_journal
    from kaleun.settings import Settings, SettingsError

    opened = os.open
    locked = {tmp_path / name for name in ("autosave.json", "autosave.journal", "settings.json", "b.toml")}
    for path in locked:
        path.write_text("{}")

    def no_right(path, flags, *args):
        if Path(path) in locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return opened(path, flags, *args)

    monkeypatch.setattr(files.os, "open", no_right)
    assert main(["resume", "--language", code, "--save", str(tmp_path / "autosave.json"), "--headless"]) != 0
    said = capsys.readouterr().err
    assert english_left(said, code, tmp_path / "autosave.json") == [] and said.strip(), said
    table = language(code)
    problem = read_journal(tmp_path / "autosave.journal", "x", 0.0).problem
    assert problem is not None
    said = table.render(problem)
    assert english_left(said, code, tmp_path / "autosave.journal") == [], said
    with pytest.raises(SettingsError) as refused:
        Settings.load(tmp_path / "settings.json")
    said = table.render(of_error(refused.value))
    assert english_left(said, code, tmp_path / "settings.json") == [], said
    with pytest.raises(BoardError) as bad_board:
        load_board(tmp_path / "b.toml")
    said = table.render(of_error(bad_board.value))
    assert english_left(said, code, tmp_path / "b.toml") == [], said


def test_an_english_table_reads_the_systems_words_as_before(tmp_path):
    """English keeps the words a maker searches for (the system's and the readers' own)."""
    (tmp_path / "home").mkdir()
    (tmp_path / "plain.json").write_text("{}")
    folder = tmp_path / "folder"
    folder.mkdir()
    done = run_kaleun("resume", "--save", str(tmp_path / "plain.json" / "x.json"), home=tmp_path / "home")
    assert "cannot read the save (Not a directory)" in done.stderr, done.stderr
    done = run_kaleun("resume", "--save", str(folder), home=tmp_path / "home")
    assert "(it is a folder, not a file)" in done.stderr, done.stderr
