"""`kaleun career` in every language of the table (rulebook §4.3, §5.2: the missions played, their mode and
result): its columns hold the longest word of each language, and the set-up on the terminal asks in that
language's letters."""

from __future__ import annotations

import io
from itertools import product

import pytest
from kaleun.career import career_messages, empty
from kaleun.i18n import language
from kaleun.mission_commands import interactive_setup


def record_of_every_mode_and_result() -> dict:
    record = empty()
    for mode, result in product(("single", "linked", "campaign"), ("won", "lost", "returned")):
        record["missions"].append({
            "key": f"{mode}:{result}", "mission": "sc_convoy_1940", "name": "SC convoy", "mode": mode, "seed": 1,
            "result": result, "reason": None, "grade": "C", "score": 1200, "fame": 3, "grt": 10448,
            "ships_sunk": 2, "crew_lost": 1, "start": "1940-10-16T20:00:00", "end": "1940-10-18T06:00:00",
            "played": "2026-01-10T21:00:00"})
    return record


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_3_the_mission_lines_keep_their_columns_with_every_mode_and_result_word(code):
    """German `verknüpft` (linked) and `heimgekehrt` (returned), Russian `одиночная` and `возвращение` are wider
    than the English columns: they pushed the rest of their line out of line with the others."""
    lang = language(code)
    rows = [lang.render(m) for m in career_messages(record_of_every_mode_and_result())][2:]
    assert len(rows) == 18
    lines = rows[1::2]  # each mission's title line, then its columns
    grade = {"en": "grade C", "de": "Note C", "ru": "оценка C"}[code]
    where = {line.index(grade) for line in lines}
    assert len(where) == 1, "\n".join(lines)
    for line in lines:  # a word and the next column never touch
        assert line[:line.index(grade)].rstrip().count("  ") >= 2 and line[line.index(grade) - 1] == " ", line


@pytest.mark.parametrize(("code", "asked", "yes"), [("en", "? (y/n) [no]: ", "y"), ("de", "? (j/n) [nein]: ", "j"),
                                                   ("ru", "? (д/н) [нет]: ", "д")])
def test_the_set_up_asks_yes_or_no_with_the_letters_of_the_table_language(code, asked, yes):
    """The German set-up asked `(y/n)` while it takes `j`; the Russian one `(y/n)` while it takes `д`."""
    answers = io.StringIO(f"training\n\neasy\n\n\n\n{yes}\n")
    out = io.StringIO()
    setup = interactive_setup(answers, out, language=code)
    assert asked in out.getvalue(), out.getvalue()
    assert setup.easy_watch_change == {"captain": True}


@pytest.mark.parametrize(("code", "options", "said"), [
    ("en", ["--difficulty", "captain=xx"], "kaleun: difficulty maps roles"),
    ("de", ["--difficulty", "captain=xx"], "kaleun: die Schwierigkeit ordnet Rollen"),
    ("ru", ["--difficulty", "captain=xx"], "kaleun: "),
    ("de", ["--easy-watch", "captain"], "kaleun: der leichte Wachwechsel gilt nur für Rollen mit leichter"),
    ("de", ["--difficulty", "captain"], "kaleun: --difficulty nimmt Paare ROLLE=STUFE"),
    ("de", ["--linked", "--mission", "nosuch"], "kaleun: unbekannte Mission „nosuch“"),
])
def test_5_3_a_set_up_refused_on_the_command_line_reads_like_every_refusal_of_kaleun_play(
        tmp_path, monkeypatch, capsys, code, options, said):
    """`kaleun play --linked --mission nosuch` said `unbekannte Mission ...` with no `kaleun:` before it, while
    `kaleun play --mission nosuch` said `kaleun: unbekannte Mission ...`; `--difficulty captain` was refused in
    English at a German table. A set-up refused reads like the other refusals, in the table's language."""
    from kaleun import cli

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["play", "--console", "--language", code, *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(said), err
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.parametrize(("code", "title"), [("en", "Slow convoy (sc_convoy_1940)"),
                                              ("de", "Langsamer Geleitzug (sc_convoy_1940)"),
                                              ("ru", "Тихоходный конвой (sc_convoy_1940)")])
def test_4_3_the_missions_are_listed_by_their_titles_with_the_id_to_type(code, title):
    """§4.3 the career's missions read by their titles in the table's language, each with the id that `kaleun play
    --mission` takes; a group's own mission by the title the record kept."""
    record = record_of_every_mode_and_result()
    record["missions"].append({**record["missions"][0], "key": "own", "mission": "our_raid", "name": "Our raid"})
    rows = [language(code).render(m) for m in career_messages(record)][2:]
    assert rows[0].endswith(f"  {title}"), rows[0]
    assert rows[-2].endswith("  Our raid (our_raid)"), rows[-2]
