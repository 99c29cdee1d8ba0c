"""A damaged journal never crashes, hangs or changes a resume's files: the save loads with the journal
replayed up to the last line that can be, and says why it stopped there.

The journal of a played game (commands, clock marks, table readings) is damaged in seeded ways: cut
short, a stray byte, lines dropped, doubled or swapped, a block of zeros (what a power cut can leave
in a file), junk lines, a value of another kind in a line, its command or its table reading, its
header changed, its game time moved (up to years ahead). A header whose version became a larger number
reads as a newer Kaleun's journal: the resume is refused and the files kept (a resume would write over it).
`KALEUN_FUZZ_JOURNALS` sets how many
(default 300; the figures are printed with `pytest -s`)."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest
from kaleun.core.errors import CommandError, SaveError
from kaleun.journal import MAX_SPAN_S, JournalWriter, journal_path
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game

JOURNALS = int(os.environ.get("KALEUN_FUZZ_JOURNALS", "300"))
if str(Path(__file__).resolve().parents[1] / "crew") not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crew"))


def journaled(folder: Path, mission: str, seed: int, steps: int = 80):
    """A saved game and its journal of `steps` random table commands and waits (a clock mark each; some with the
    table's state: the telegraph's reading, the dial groups moved and not yet fed, `moving`)."""
    from random_table import random_command

    folder.mkdir(parents=True, exist_ok=True)
    game = new_game(seed, mission)
    rng = random.Random(seed)
    path = folder / "autosave.json"
    wall = [0.0]
    writer = JournalWriter(journal_path(path), clock=lambda: wall[0])
    writer.start(save_game(game, path), game.t, game.table_state)
    for _ in range(steps):
        command = random_command(rng, game)
        wall[0] += rng.uniform(0.1, 2.0)
        if command["do"] == "wait":
            if rng.random() < 0.3:  # a hand at the lever: its reading, and its order waiting for it to rest
                game.table_state["telegraph"] = rng.choice(["stop", "slow_ahead", "half_ahead"])
                if rng.random() < 0.5:
                    game.table_state["moving"] = ["telegraph"]
                else:
                    game.table_state.pop("moving", None)
            game.advance_to(game.t + command["seconds"])
            writer.progress(game.t, game.table_state)
            continue
        try:
            game.apply(command)
        except CommandError:
            continue
        writer.command(game.t, command, game.table_state)
    writer.close()
    return game


ODD: list = ["", "x", 0, -1, 1e308, 10**400, True, None, [], {}, "\u202e", "\ud800", "\x00", -0.0, "9" * 400]


def damage(lines: list[str], rng: random.Random) -> tuple[str, str]:
    kind = rng.choice(["cut", "byte", "drop", "double", "swap", "time", "time", "value", "value", "zeros", "junk",
                       "command", "table", "header"])
    text = "\n".join(lines) + "\n"
    at = rng.randrange(len(lines))
    if kind == "cut":
        return text[:rng.randrange(len(text))], kind
    if kind == "byte":
        k = rng.randrange(len(text))
        return text[:k] + rng.choice(["\x00", "}", "{", '"', "\\", "\n", "\ufffd", "\x85"]) + text[k + 1:], kind
    lines = list(lines)
    if kind == "drop":
        del lines[at]
    elif kind == "double":
        lines.insert(at, lines[at])
    elif kind == "swap":
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "zeros":
        lines.insert(at, "\x00" * rng.choice([1, 512, 4096]))
    elif kind == "junk":
        lines.insert(at, rng.choice(["{}", "[]", "null", '{"t":1e999}', '{"t": NaN}', "[" * 5000,
                                     '{"t":' + "9" * 5000 + "}"]))
    else:
        at = 0 if kind == "header" else at
        line = json.loads(lines[at])
        if kind == "time":
            t = line.get("t", 0)
            line["t"] = rng.choice([t * 10, 9.9e9, 1e10, -1, t + MAX_SPAN_S + 3600, t + 3600, "1", None, 10**30])
        elif kind == "command" and isinstance(line.get("command"), dict):
            command = line["command"]
            field = rng.choice(list(command))
            command[field] = rng.choice([*ODD, command[field]])
        elif kind == "table":
            line["table"] = rng.choice([{"telegraph": rng.choice(ODD)}, {"x": 1}, {"telegraph": "flank"},
                                        {"disc_bearing": 10**7}, {}, [], "x"])
        else:
            line[rng.choice(list(line))] = rng.choice(ODD)
        lines[at] = json.dumps(line, ensure_ascii=rng.random() < 0.5)
    return "\n".join(lines) + "\n", kind


@pytest.mark.slow
def test_every_damaged_journal_resumes_to_the_last_line_it_can(tmp_path):
    rng = random.Random(31)
    bases = []
    for mission, seed in (("training", 1), ("exercise_convoy_battle", 2), ("exercise_escort", 3)):
        folder = tmp_path / f"{mission}-{seed}"
        journaled(folder, mission, seed)
        bases.append((folder, (folder / "autosave.journal.jsonl").read_text().splitlines()))
    work = tmp_path / "work"
    work.mkdir()
    outcomes: Counter[str] = Counter()
    for number in range(JOURNALS):
        folder, lines = rng.choice(bases)
        text, kind = damage(lines, rng)
        shutil.copy(folder / "autosave.json", work / "autosave.json")
        (work / "autosave.journal.jsonl").write_text(text, encoding="utf-8", errors="surrogatepass")
        before = {p.name: p.read_bytes() for p in work.iterdir()}
        try:
            opened = open_save(work / "autosave.json")
        except SaveError as exc:  # a journal never makes its save unreadable ...
            if kind == "header" and "a newer Kaleun wrote it" in str(exc):  # ... but a newer Kaleun's is kept whole
                assert {p.name: p.read_bytes() for p in work.iterdir()} == before, kind
                outcomes["refused: a newer Kaleun's journal"] += 1
                continue
            raise AssertionError(f"damaged journal #{number} ({kind}) refused the save: {exc}") from exc
        except Exception as exc:  # the failure this test exists for
            raise AssertionError(f"damaged journal #{number} ({kind}) crashed the resume: {exc!r}") from exc
        assert opened.engine.t <= opened.saved_t + MAX_SPAN_S, (kind, opened.engine.t)
        assert {p.name: p.read_bytes() for p in work.iterdir()} == before, kind  # nothing written
        game = opened.engine
        game.advance_to(game.t + 3600)
        game.apply({"do": "report"})
        json.dumps(game.to_state(), allow_nan=False)
        outcomes["stopped early, said why" if opened.notes else "replayed whole"] += 1
    print(f"\njournal fuzzer: {JOURNALS} damaged journals: {dict(outcomes)}")


def test_a_journal_time_damaged_far_ahead_is_not_replayed(tmp_path):
    """A clock mark whose time was damaged (a digit more, an exponent) would have the resume simulate
    weeks or years of the patrol; it stops the replay there, as any damaged line does, and says so."""
    game = journaled(tmp_path, "training", 1, steps=30)
    path = journal_path(tmp_path / "autosave.json")
    lines = path.read_text().splitlines()
    last = json.loads(lines[-1])["t"]
    lines.append(json.dumps({"t": last + MAX_SPAN_S + 86400}))  # eight days on: quick to simulate, still refused
    path.write_text("\n".join(lines) + "\n")
    opened = open_save(tmp_path / "autosave.json")
    assert opened.engine.t == game.t == last
    assert opened.notes and f"{path}:{len(lines)}: the game time" in opened.notes[0]
    assert "game days after the save's" in opened.notes[0]


@pytest.mark.slow
def test_a_journal_line_the_game_refuses_is_said_at_the_resume_without_a_traceback(tmp_path):
    """The resume says which entry stopped the replay and why, in one line; the Python traceback of the
    refused command is for a maker (`kaleun -v`), not the crew's terminal."""
    from kit import run_kaleun

    home = tmp_path / "home"
    journaled(home, "training", 1, steps=40)
    path = journal_path(home / "autosave.json")
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"command"' in line)
    entry = json.loads(lines[at])
    entry["command"] = {"do": "order", "order": "new_course", "course": {}}
    lines[at] = json.dumps(entry)
    path.write_text("\n".join(lines) + "\n")
    done = run_kaleun("resume", "--console", home=home)
    assert done.returncode == 0, done.stderr
    assert "could not be replayed" in done.stderr and "the game resumes from the entry before" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
