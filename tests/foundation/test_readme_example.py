"""host/README.md's worked examples are the real output of the real scripts.

Every table script shown in the README (a code block of lines with `do`) is run through `kaleun run`
with the options the README gives for it, and every event line shown after it (a block of lines with
`event`) must come out of that run, in that order, with the fields shown. The rules of "shown":
`clock` may be left out; a line with a `"..."` key shows only some of its fields; a text ending in
`...` shows only its beginning; `{"...": "..."}` stands for any object. A script shown with `...`
lines names its file (`tests/.../X.jsonl`): the lines shown must be lines of that file, and the file
is what runs. A script shown with no events after it must run with no order refused.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from kit import HOST, ROOT, play_script, read_events, run_kaleun, write_script

README = HOST / "README.md"
ELIDED = "..."


# -- reading the README ------------------------------------------------------------------------------
@dataclass
class Example:
    line: int  # where the script block starts in README.md
    heading: str
    script: list[dict[str, Any] | str]  # `...` for lines left out
    command: list[str] = field(default_factory=list)  # the options of `kaleun run` the README gives
    events: list[dict[str, Any]] | None = None  # what the README shows the run writes
    file: Path | None = None  # the script's file, when the README names one

    def __str__(self) -> str:
        return f"README.md:{self.line} ({self.heading})"


def _json_lines(body: str, key: str) -> list[dict[str, Any] | str] | None:
    """The block's lines when every one is a JSON object with `key` (or `...`); else None."""
    out: list[dict[str, Any] | str] = []
    for text in body.splitlines():
        text = text.strip()
        if not text:
            continue
        if text == ELIDED:
            out.append(ELIDED)
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            return None
        if not isinstance(value, dict) or key not in value:
            return None
        out.append(value)
    return out if any(isinstance(x, dict) for x in out) else None


def _run_command(prose: str) -> list[str]:
    """The options of the last `kaleun run ...` written in `prose` (without --script and --events)."""
    found = re.findall(r"`kaleun run ([^`]*)`", prose.replace("\n", " "))
    if not found:
        return []
    words = shlex.split(found[-1])
    options: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--script", "--events"):
            skip = True
        else:
            options.append(word)
    return options


def _named_file(prose: str, command_prose: str) -> Path | None:
    """The script file the README names (`tests/.../name.jsonl`), matched to `--script name.jsonl`."""
    wanted = re.findall(r"--script\s+(\S+\.jsonl)", command_prose.replace("\n", " "))
    for path in re.findall(r"`((?:tests|boards)/[^`\s]+\.jsonl)`", prose):
        if not wanted or Path(path).name == Path(wanted[-1]).name:
            return ROOT / path
    return None


def examples() -> list[Example]:
    text = README.read_text(encoding="utf-8")
    blocks = [(m.start(), m.end(), m.group(1)) for m in re.finditer(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M)]
    headings = [(m.start(), m.group(1)) for m in re.finditer(r"^#+ (.*)$", text, re.M)]
    found: list[Example] = []
    for i, (start, end, body) in enumerate(blocks):
        script = _json_lines(body, "do")
        if script is None:
            continue
        section_start, heading = max((h for h in headings if h[0] < start), default=(0, ""))
        events = None
        stop = end
        if i + 1 < len(blocks):
            nxt_start, _, nxt_body = blocks[i + 1]
            between = text[end:nxt_start]
            shown = _json_lines(nxt_body, "event")
            if shown is not None and not re.search(r"^#", between, re.M):
                events = [e for e in shown if isinstance(e, dict)]
                stop = nxt_start
        prose = text[section_start:stop]
        example = Example(text.count("\n", 0, start) + 1, heading, script, _run_command(prose), events,
                          _named_file(prose, prose))
        found.append(example)
    return found


# -- comparing -------------------------------------------------------------------------------------
def _matches(shown: Any, real: Any) -> bool:
    if isinstance(shown, str) and shown.endswith(ELIDED) and isinstance(real, str):
        return real.startswith(shown[: -len(ELIDED)].rstrip())
    if isinstance(shown, dict) and isinstance(real, dict):
        if ELIDED in shown:  # some fields shown, the rest left out
            keys = [k for k in shown if k != ELIDED]
        else:
            keys = list(shown)
            if set(real) - set(shown) - {"clock"}:
                return False
        return all(k in real and _matches(shown[k], real[k]) for k in keys)
    if isinstance(shown, list) and isinstance(real, list):
        return len(shown) == len(real) and all(_matches(a, b) for a, b in zip(shown, real, strict=True))
    return bool(shown == real)


def _script_lines(example: Example) -> list[dict[str, Any]]:
    shown = [x for x in example.script if isinstance(x, dict)]
    if example.file is None:
        assert ELIDED not in example.script, f"{example}: a script with '...' must name its file"
        return shown
    from_file = [json.loads(line) for line in example.file.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.lstrip().startswith(("#", "//"))]
    if ELIDED in example.script:
        rest = iter(from_file)
        assert all(any(line == x for x in rest) for line in shown), \
            f"{example}: the lines shown are not lines of {example.file.name}, in order"
    else:
        assert shown == from_file, f"{example}: the script shown differs from {example.file.name}"
    return from_file


EXAMPLES = examples()


def test_the_readme_has_its_worked_examples():
    headings = {e.heading for e in EXAMPLES}
    assert {"Worked example", "Missions", "Worked example: a surfaced night attack"} <= headings
    assert sum(1 for e in EXAMPLES if e.events) >= 4


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_a_readme_example_runs_through_kaleun_run_and_gives_what_it_shows(example: Example, tmp_path: Path):
    script = write_script(tmp_path / "example.jsonl", _script_lines(example))
    out = tmp_path / "events.jsonl"
    done = run_kaleun("run", *example.command, "--script", str(script), "--events", str(out), home=tmp_path)
    assert done.returncode == 0, f"{example}: kaleun run {' '.join(example.command)} failed:\n{done.stderr}"
    events = read_events(out)
    if example.events is None:
        refused = [e for e in events if e["event"] in ("order_rejected", "action_refused")]
        assert not refused, f"{example}: {refused[0]['feed']}"
        return
    rest = iter(events)
    for shown in example.events:
        assert any(_matches(shown, real) for real in rest), \
            f"{example}: the run never wrote (after the lines before it):\n{json.dumps(shown)}"


# -- the foundation's worked example, line for line ------------------------------------------------
def test_the_worked_example_in_host_readme_matches_a_real_run(tmp_path):
    """The first worked example (the dash) shows every event of its run."""
    example = next(e for e in EXAMPLES if e.heading == "Worked example")
    assert example.events is not None
    _, events = play_script(tmp_path, list(example.script), seed=1)
    assert len(events) == len(example.events)
    for got, want in zip(events, example.events, strict=True):
        assert _matches(want, got), (want, got)


# -- the console's transcripts ---------------------------------------------------------------------
@dataclass
class Transcript:
    line: int
    mission: str
    steps: list[tuple[str, list[str]]]  # what is typed, what the console prints (`...`: any lines)

    def __str__(self) -> str:
        return f"README.md:{self.line} ({self.mission})"


def transcripts() -> list[Transcript]:
    """The ```console blocks: typed lines start with `> `, the mission is the last `--mission ID`
    written between the block and the code block before it (training when none is)."""
    text = README.read_text(encoding="utf-8")
    found = []
    previous_end = 0
    for m in re.finditer(r"^```([a-z]*)\n(.*?)^```", text, re.S | re.M):
        if m.group(1) == "console":
            missions = re.findall(r"--mission (\w+)", text[previous_end:m.start()])
            steps: list[tuple[str, list[str]]] = []
            for row in m.group(2).splitlines():
                if row.startswith("> "):
                    steps.append((row[2:], []))
                else:
                    steps[-1][1].append(row)
            found.append(Transcript(text.count("\n", 0, m.start()) + 1, missions[-1] if missions else "training",
                                    steps))
        previous_end = m.end()
    return found


def _same_lines(shown: list[str], printed: list[str]) -> bool:
    if not shown:
        return not printed
    if shown[0] == ELIDED:
        return any(_same_lines(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and shown[0] == printed[0] and _same_lines(shown[1:], printed[1:])


TRANSCRIPTS = transcripts()


def test_the_readme_has_console_transcripts():
    assert len(TRANSCRIPTS) >= 4


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=str)
def test_a_console_transcript_in_the_readme_is_what_the_console_prints(transcript: Transcript):
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(0, transcript.mission)
    out = io.StringIO()
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    for typed, shown in transcript.steps:
        seen = len(out.getvalue())
        console.handle(typed)
        runtime.step()
        printed = out.getvalue()[seen:].splitlines()
        assert _same_lines(shown, printed), f"{transcript}: > {typed}\n" + "\n".join(printed)


# -- the Python examples ---------------------------------------------------------------------------
def python_examples() -> list[tuple[int, str]]:
    """The ```python blocks that import what they use (the others describe an interface)."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M)
            if re.search(r"^(from|import) ", m.group(1), re.M)]


def test_the_readme_has_a_python_example_to_run():
    assert python_examples()


@pytest.mark.parametrize("example", python_examples(), ids=lambda e: f"README.md:{e[0]}")
def test_a_python_example_in_the_readme_gives_what_its_comments_show(example: tuple[int, str]):
    """Each line `expression  # shown` gives `shown` (as str when the value is text, else its repr;
    words after " - " explain it); the other lines run as they are."""
    line, body = example
    scope: dict[str, Any] = {}
    statement = ""
    for row in body.splitlines():
        code, _, shown = row.partition("  #")
        statement = f"{statement}\n{code}" if statement else code
        try:
            compiled = compile(statement.strip(), "README", "eval")
        except SyntaxError:
            try:
                compile(statement.strip(), "README", "exec")
            except SyntaxError:
                continue  # an open bracket: the statement goes on
            exec(statement.strip(), scope)
            statement = ""
            continue
        value = eval(compiled, scope)
        statement = ""
        if shown.strip():
            want = shown.strip().split(" - ")[0].strip()
            got = value if isinstance(value, str) else repr(value)
            assert got == want, f"README.md:{line}: {row.strip()}\n  gives {got}"


def test_the_readme_contacts_view_four_minutes_after_observe_is_what_seed_0_shows():
    """host/README.md's `contacts` example ("Four minutes after `observe` sent the lookouts up",
    `--seed 0`) is what the console prints on exercise_convoy after the transcript before it and
    `observe`, four game minutes on."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    text = README.read_text(encoding="utf-8")
    intro = text.index("Four minutes after `observe` sent the lookouts up")
    assert "--seed 0" in text[intro:intro + 200]
    block = re.search(r"^```\n(.*?)^```", text[intro:], re.S | re.M)
    assert block is not None
    rows = block.group(1).splitlines()
    assert rows[0] == "> contacts"
    shown = [ELIDED if row.strip() == ELIDED else row for row in rows[1:]]
    game = new_game(0, "exercise_convoy")
    out = io.StringIO()
    now = [0.0]
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: now[0])
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    for typed in ("mobilize", "place navigator-square 8", "place navigator-triangle 8", "observe"):
        console.handle(typed)
        runtime.step()
    while now[0] < 240:
        now[0] += 5.0
        runtime.step()
    seen = len(out.getvalue())
    console.handle("contacts")
    runtime.step()
    printed = out.getvalue()[seen:].splitlines()
    assert _same_lines(shown, printed), "\n".join(printed)
