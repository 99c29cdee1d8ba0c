"""host/README.md's worked example of a mission ("Missions, HQ and the patrol") is the real script and the real
output: the briefing, the objectives, HQ's signal, the return to base, the end and the debrief."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.i18n import language
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kit import HOST

SCRIPT = Path(__file__).resolve().parent / "scripts" / "worked_example.jsonl"


def blocks() -> tuple[str, str, str]:
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Worked example: two passengers for Kerry"):]
    section = section[:section.index("### Tests, the mission scripts")]
    script, events = re.findall(r"```jsonl\n(.*?)```", section, re.S)[:2]
    told = re.findall(r"```\n(Debrief:.*?)```", section, re.S)[0]
    return script, events, told


def test_the_missions_worked_example_is_the_real_script_and_its_real_output():
    script, shown, told = blocks()
    assert script == SCRIPT.read_text(encoding="utf-8")
    # the command a reader types from the top of the repository runs this script on this mission and seed
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Worked example: two passengers for Kerry"):]
    command = re.search(r"`kaleun run --mission (\S+) --seed (\d+) --script (\S+) ", section)
    assert command is not None
    assert (command.group(1), command.group(2)) == ("agents_1941", "0")
    assert (HOST.parent / command.group(3)).resolve() == SCRIPT
    game = new_game(0, "agents_1941")
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPT)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    position = 0
    for want in (json.loads(line) for line in shown.splitlines()):
        shortened = want.pop("...", None) is not None
        while position < len(events):
            got = {k: v for k, v in events[position].items() if k != "clock"}
            position += 1
            if got["t"] == want["t"] and got["event"] == want["event"]:
                assert ({k: got[k] for k in want} if shortened else got) == want
                break
        else:
            raise AssertionError(f"not in the run, or out of order: {want}")
    english = language("en").render  # as the console tells it: dates as written in English
    assert told.strip().splitlines() == [english(m) for m in lines(debrief(game))]


def test_the_worked_examples_story_tells_the_ships_clock_of_the_scripts_orders():
    """The paragraph under the events names the times of the script's turn for the coast and its stop at the
    landing point by the ship's clock, as the events' `clock` gives them (it said 23:00 and 00:25)."""
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Worked example: two passengers for Kerry"):]
    story = " ".join(section[:section.index("The debrief, as the console prints it")].split())
    corrected = re.search(r"At (\d\d:\d\d) the script turns for the landing point", story)
    stopped = re.search(r"Stopped there in the night from (\d\d:\d\d)", story)
    assert corrected is not None and stopped is not None
    game = new_game(0, "agents_1941")
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPT)
    clocks = {}
    for event in (json.loads(line) for line in out.getvalue().splitlines()):
        if event["event"] == "order_accepted":
            clocks.setdefault((event["t"], event["order"]), event["clock"][11:16])
    assert corrected.group(1) == clocks[(45000, "new_course")]  # course 155 for the landing point
    assert stopped.group(1) == clocks[(48300, "new_speed")]  # stop at the landing point
