"""Digest §9 (each team's view) and §1 (the Captain announces, the crew hears): a team's own console and window speak
to that team. Its feed read "Yellow is at C2 (sector 1).", "Yellow: course refused: ...", "Yellow's turn." at
Yellow's own console, though the console's `status` already said "Your turn."; now the sentences about the team
are spoken to it ("You are at C2 (sector 1).", "! course refused: ...", "Your turn."), in every language, also the
past a resumed screen reads back from the save. The other team reads the team's name as before, and the referee's
log (`kaleun run`, the session's event log) stays neutral and byte for byte the same.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from kaleun.core.events import visible_to
from kaleun.i18n import language
from kaleun.saves import load_saved_game, save_game
from kaleun.sonar.address import ADDRESSED, ADDRESSED_PLURAL
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.turns import TEAMS
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_text import feed_line
from random_sonar import play_random
from sonarkit import SCRIPTS, printed, read_json_lines, seated

NAMES = {"yellow": "Yellow", "blue": "Blue"}


def test_9_the_own_console_says_you_the_other_names_the_team():
    """§2 a course and §9: Yellow's console reads its own start, course, position and refusal spoken to it; Blue's
    console reads Yellow's announcement with Yellow's name; the events themselves keep the team's name."""
    runtime, seats, outs = seated(mode="realtime", code="en")
    events: list = []
    runtime.listeners.append(events.append)
    yellow = outs["yellow"].getvalue()
    assert "You start at B2 (sector 1); nobody else knows it." in yellow
    assert "Your Captain has marked the start cell." in yellow and "Blue's Captain has marked the start cell." in yellow
    said = printed(runtime, seats["yellow"], outs["yellow"], "course E mark=torpedo cross=E1")
    assert "] Course east!\n" in said and "] You are at C2 (sector 1).\n" in said
    assert "Yellow" not in said
    refused = printed(runtime, seats["yellow"], outs["yellow"], "course W")
    assert refused.endswith("] ! course refused: course west: B2 is on your own route since the last surfacing.\n"), \
        refused
    assert "] Yellow: course east!\n" in outs["blue"].getvalue()
    feeds = [str(e.feed) for e in events if e.feed is not None]
    assert "Yellow: course east!" in feeds and "Yellow is at C2 (sector 1)." in feeds  # the log keeps the name


@pytest.mark.parametrize(("code", "turn", "start"), [("en", "Your turn.", "You start at B2"),
                                                     ("de", "Ihr seid am Zug.", "Ihr beginnt auf B2"),
                                                     ("ru", "Ваш ход.", "Вы начинаете на B2")])
def test_6_turn_based_the_own_feed_says_your_turn_as_the_status_does(code, turn, start):
    """§6 turn-based: the feed's turn line said "Yellow's turn." at Yellow's console while its `status` said "Your
    turn."; the feed now says it as the status does, in the table's language; the other team reads whose turn."""
    runtime, _, outs = seated(mode="turn", code=code)
    first = referee(runtime.game).turns.current
    assert first is not None
    waiting = "blue" if first == "yellow" else "yellow"
    assert f"] {turn}\n" in outs[first].getvalue()
    assert f"] {turn}\n" not in outs[waiting].getvalue()
    assert start in outs["yellow"].getvalue()


def test_5_a_blast_names_the_own_boat_as_yours_and_the_enemys_by_name(tmp_path):
    """§5 a blast hits both boats and its results are said aloud: the own screen reads "your boat: ..." beside the
    enemy's name; the enemy's screen the other way round."""
    game = new_game(0, "alpha", "realtime")
    for line in ({"do": "start", "team": "yellow", "cell": "A1"}, {"do": "start", "team": "blue", "cell": "C2"}):
        game.apply(line)
    game.take_events()
    ref = referee(game)
    ref.blast("yellow", ref.teams["blue"].position, "torpedo")  # the impact on blue's cell: 2 on blue, 0 on yellow
    blast = next(e for e in game.take_events() if e.name == "blast")
    en = language("en")
    assert str(blast.feed) == "Blast at C2: Yellow: no hit; Blue: direct hit, 2 damage."
    assert feed_line(blast, en, "yellow") == "Blast at C2: your boat: no hit; Blue: direct hit, 2 damage."
    assert feed_line(blast, en, "blue") == "Blast at C2: Yellow: no hit; your boat: direct hit, 2 damage."
    assert feed_line(blast, language("de"), "blue").endswith("euer Boot: Volltreffer, 2 Schaden.")


@pytest.mark.parametrize(("mode", "seed"), [("turn", 3), ("realtime", 5)])
def test_9_over_a_random_game_no_own_feed_line_names_its_own_team(mode, seed):
    """§9 over a whole random game (every system, surfacing, repairs, the sonar, Echo's Archer mines, the end): no
    line a team's own screen shows names that team; every line the enemy announced keeps its name there."""
    game = new_game(seed, "echo", mode)
    _, events = play_random(game, random.Random(seed), moves=60)
    en = language("en")
    for team in TEAMS:
        own = re.compile(rf"\b{NAMES[team]}\b")
        lines = [feed_line(e, en, team) for e in events if e.feed is not None and visible_to(e, team)]
        assert lines and not [line for line in lines if own.search(line)], team
        other = "blue" if team == "yellow" else "yellow"
        enemy = [e for e in events if e.name == "course" and e.data["team"] == other]
        assert all(feed_line(e, en, team) == str(e.feed) for e in enemy)


def test_9_the_referees_log_stays_neutral_and_the_same(tmp_path):
    """The event log of a run (`kaleun run`, the worked example) names the teams as before: the own view is the
    screens' way of saying it, not another log."""
    from kit import run_kaleun

    out = tmp_path / "ev.jsonl"
    done = run_kaleun("run", "--game", "sonar", "--scenario", "alpha", "--mode", "realtime", "--script",
                      str(SCRIPTS / "worked_example.jsonl"), "--events", str(out), "--events-for", "yellow",
                      home=tmp_path)
    assert done.returncode == 0, done.stderr
    feeds = [e["feed"] for e in read_json_lines(out) if "feed" in e]
    assert any(f.startswith("Yellow starts at") for f in feeds) and not any(f.startswith("You ") for f in feeds)


def test_9_a_resumed_console_reads_its_past_spoken_to_it(tmp_path: Path):
    """After a save and a resume the console prints the team's past from the save's record, spoken to it as it was
    (the record keeps each feed's template and values)."""
    runtime, seats, outs = seated(mode="realtime", code="de")
    printed(runtime, seats["yellow"], outs["yellow"], "course E mark=torpedo cross=E1")
    save_game(runtime.game, tmp_path / "save.json")
    runtime.close()
    game = load_saved_game(tmp_path / "save.json")
    from kaleun.ui.sonar_session import make_sonar_runtime

    again = make_sonar_runtime(game, language="de")
    try:
        out = io.StringIO()
        TeamConsole(again, "yellow", io.StringIO(), out, interactive=False).recall()
        text = out.getvalue()
        assert "Ihr beginnt auf B2" in text and "Ihr steht auf C2 (Sektor 1)." in text and "Gelb" not in text
    finally:
        again.close()


def test_9_every_sentence_turned_is_one_the_game_says_with_the_same_fields():
    """Each sentence the own view turns is still one the game says (a catalogue entry), so a reworded referee
    sentence cannot quietly fall back to the team's name; its spoken-to form uses only fields the sentence has."""
    pot = (Path(__file__).resolve().parents[2] / "host/kaleun/locale/kaleun.pot").read_text(encoding="utf-8")
    fields = re.compile(r"{(\w+)}")
    pairs = [(k, v) for k, v in ADDRESSED.items()] + [((k[0], k[1]), v[0]) for k, v in ADDRESSED_PLURAL.items()]
    for (said, field), spoken in pairs:
        assert f'msgid "{said}"' in pot.replace('"\n"', ""), said
        assert field in fields.findall(said), said
        assert set(fields.findall(spoken)) <= set(fields.findall(said)), spoken
