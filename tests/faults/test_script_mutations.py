"""Mutated table scripts through `kaleun run` never end in a traceback: each run plays, or stops
with `file:line: problem` (exit 2); its event log and any save it writes stay strict JSON and load.

The scripts of the suite (a crew's watches, the sea, a night attack, Captain Sonar's worked
example, missions) are changed in seeded ways: a value replaced (1e999, NaN, 400 digits, other
types, long texts), a raw number overflowed, keys added, the command renamed, the game time
broken, nesting, lines dropped, doubled, swapped or cut short. `KALEUN_SCRIPT_MUTATIONS` sets how
many (default 150; the figures are printed with `pytest -s`)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from kaleun.cli import main
from kaleun.saves import open_save
from kit import ROOT

MUTATIONS = int(os.environ.get("KALEUN_SCRIPT_MUTATIONS", "150"))
TESTS = ROOT / "tests"
#: script -> the options it is run with
SCRIPTS: dict[str, list[str]] = {
    "crew/scripts/two_watches.jsonl": ["--seed", "0"],
    "sea/scripts/convoy_lookouts.jsonl": ["--mission", "exercise_convoy"],
    "sea/scripts/escort_hunt.jsonl": ["--mission", "exercise_escort"],
    "sea/scripts/sextant.jsonl": ["--mission", "training"],
    "weapons/scripts/night_attack.jsonl": ["--mission", "exercise_convoy_battle"],
    "sonar/scripts/worked_example.jsonl": ["--game", "sonar", "--scenario", "alpha", "--mode", "realtime"],
    "missions/scripts/minefield_1939.win.jsonl": ["--mission", "minefield_1939", "--until", "7200"],
}
VALUES: list[Any] = [1e308, -1e308, 10**400, -1, 0, 2**63, 0.5, "", "x" * 3000, None, True, [], {}, [1, 2], "fire",
                     99999, "v1", "c1"]
RAW = ["1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1" + "0" * 400, "1e-400"]


def mutate(lines: list[str], rng: random.Random) -> tuple[list[str], str]:
    lines = list(lines)
    body = [i for i, line in enumerate(lines) if line.lstrip().startswith("{")]
    kind = rng.choice(["value", "value", "raw", "raw", "key", "do", "t", "nest", "drop", "double", "swap", "cut"])
    i = rng.choice(body)
    try:
        obj = json.loads(lines[i])
    except ValueError:  # damaged by an earlier mutation
        return lines, "none"
    if kind == "value":
        obj[rng.choice(list(obj))] = rng.choice(VALUES)
    elif kind == "key":
        obj[rng.choice(["x", "tube", "tubes", "depth_m", "order", "team", "figure", "section"])] = rng.choice(VALUES)
    elif kind == "do":
        obj["do"] = rng.choice(["order", "place", "x", "report", "damage", "kill", 5, None])
    elif kind == "t":
        obj["t"] = rng.choice([-5, 1e12, 1e15, None, "10", [1]])
    elif kind == "nest":
        obj[rng.choice(list(obj))] = "__NEST__"
    if kind in ("value", "key", "do", "t", "nest"):
        text = json.dumps(obj)
        lines[i] = text.replace('"__NEST__"', "[" * 40 + "]" * 40) if kind == "nest" else text
    elif kind == "raw":
        numbers = [m.start() for m in re.finditer(r"(?<=[:\[,] )-?\d|(?<=[:\[,])-?\d", lines[i])]
        if not numbers:
            return lines, "none"
        at = rng.choice(numbers)
        end = re.match(r"-?[\d.eE+-]+", lines[i][at:])
        assert end is not None
        lines[i] = lines[i][:at] + rng.choice(RAW) + lines[i][at + end.end():]
    elif kind == "drop":
        del lines[i]
    elif kind == "double":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "cut":
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    return lines, f"{kind} at line {i + 1}"


def strict(path: Path) -> None:
    def refuse(constant: str) -> None:
        raise AssertionError(f"{path} holds {constant}")

    for line in path.read_text(encoding="utf-8").splitlines():
        json.loads(line, parse_constant=refuse)


@pytest.mark.slow
def test_mutated_table_scripts_play_or_stop_with_the_line_never_a_traceback(tmp_path, home):
    rng = random.Random(750)
    codes: Counter[int] = Counter()
    for number in range(MUTATIONS):
        name = rng.choice(sorted(SCRIPTS))
        lines = (TESTS / name).read_text(encoding="utf-8").splitlines()
        done = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            lines, what = mutate(lines, rng)
            done.append(what)
        script = tmp_path / "mutated.jsonl"
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        events, save = tmp_path / "events.jsonl", tmp_path / "save.json"
        save.unlink(missing_ok=True)
        err = io.StringIO()
        args = ["run", "--script", str(script), "--events", str(events), "--save", str(save), *SCRIPTS[name]]
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = main(args)
        except BaseException as exc:  # the failure this test exists for
            raise AssertionError(f"mutation #{number} of {name} ({'; '.join(done)}) crashed: {exc!r}") from exc
        assert code in (0, 2) and "Traceback" not in err.getvalue(), (number, name, done, err.getvalue()[-500:])
        if code == 2:
            assert f"{script}:" in err.getvalue() or "kaleun run:" in err.getvalue(), (name, done, err.getvalue())
        strict(events)
        if code == 0:
            open_save(save)
        codes[code] += 1
    print(f"\nscript mutations: {MUTATIONS} mutated scripts through kaleun run: {codes[0]} played, "
          f"{codes[2]} stopped at the line (exit 2), 0 tracebacks")
