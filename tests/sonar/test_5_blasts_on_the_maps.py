"""Digest §5: where a torpedo, a mine or an Archer mine struck shows on both teams' maps, not only in the feed.

[B] "Einen Torpedo abfeuern": the Captain announces the impact cell aloud, and each Captain announces what the blast
did to his boat; [B] "Eine Mine zünden": the coordinates of a detonated mine are announced. So both teams know each
impact cell and its hits (public), and the crew that fired needs it on its map, where its Radio Operator reads the
enemy's position: the window's map draws an X on the cell in the colour of the team whose weapon it was (the newest
blast's area framed), the console's `map` an `x` and a line that lists the blasts. A mine laid and not set off
stays secret: it is on no map but its owner's.
"""

from __future__ import annotations

import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.core.errors import SaveError
from kaleun.paths import autosave_path
from kaleun.saves import open_save
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.grid import parse_cell
from kaleun.sonar.turns import TEAMS
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_screen import TEAM_COLOURS
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow

#: yellow (C1) runs E E S to E2 crossing only radiation symbols, fires a torpedo at D4 beside blue (C4)
TORPEDO = ["yellow: start C1", "blue: start C4", "yellow: course e mark=torpedo cross=E5",
           "yellow: course e mark=torpedo cross=E6", "yellow: course s mark=torpedo cross=S6", "yellow: torpedo D4"]
#: blue (C4) runs E S S, lays a mine at C7 (never set off), runs E E N, lays one at E4, moves E and sets it off
MINES = ["yellow: start K12", "blue: start C4", "blue: course e mark=mine cross=E6",
         "blue: course s mark=mine cross=S6", "blue: course s mark=mine cross=S5", "blue: mine C7",
         "blue: course e mark=mine cross=E5", "blue: course e mark=mine cross=E4", "blue: course n mark=mine cross=N6",
         "blue: mine E4", "blue: course e mark=torpedo cross=E3", "blue: detonate E4"]


def _table(home, language: str = "en"):
    game = new_game(4, "alpha", "realtime")
    runtime = make_sonar_runtime(game, language=language)
    outs = {t: io.StringIO() for t in TEAMS}
    consoles = {t: TeamConsole(runtime, t, io.StringIO(), outs[t]) for t in TEAMS}
    return runtime, consoles, outs


def _play(runtime, consoles, lines: list[str]) -> None:
    for line in lines:
        team, _, text = line.partition(":")
        consoles[team].handle(text.strip())
        runtime.step()


def _map(runtime, consoles, outs, team: str) -> list[str]:
    mark = len(outs[team].getvalue())
    consoles[team].handle("map")
    runtime.step()
    return outs[team].getvalue()[mark:].splitlines()


def _cell(lines: list[str], cell: str) -> str:
    """The mark the console's map prints for `cell`."""
    x, y = parse_cell(cell)
    row = next(line for line in lines if line[:3].strip() == str(y + 1))
    return row[4 + 2 * x]


def test_5_a_torpedos_impact_cell_is_on_both_teams_console_maps(home):
    """§5 [B] "Einen Torpedo abfeuern": the console's map showed the own boat, route and mines only; the impact cell
    and the hits were in one feed line, gone after a few more. Both teams' maps now mark it and list the blast."""
    runtime, consoles, outs = _table(home)
    try:
        _play(runtime, consoles, TORPEDO[:2])
        assert "x" not in "".join(row[4:] for row in _map(runtime, consoles, outs, "yellow") if row[:3].strip())
        _play(runtime, consoles, TORPEDO[2:])
        said = {"yellow": "Blasts, the newest last: D4 (your torpedo): indirect hit on Blue.",  # each console says
                "blue": "Blasts, the newest last: D4 (torpedo of Yellow): indirect hit on your boat."}  # "your" (§9)
        for team in TEAMS:
            lines = _map(runtime, consoles, outs, team)
            assert _cell(lines, "D4") == "x", (team, lines)
            assert said[team] in lines, lines
            assert any(line.startswith("@ boat") and line.endswith("x blast") for line in lines), lines
        assert _cell(_map(runtime, consoles, outs, "blue"), "C4") == "@"  # the own boat stays on top
        assert _cell(_map(runtime, consoles, outs, "yellow"), "C4") == "."  # the enemy boat is never shown
    finally:
        runtime.close()


def test_5_a_detonated_mine_is_on_both_maps_a_mine_still_laid_only_on_its_owners(home):
    """§5 [B] "Eine Mine legen" / "Eine Mine zünden": a laid mine's cell is secret, a detonated one's is announced.
    Both maps mark the detonation; the mine still in the water is on blue's map only, and yellow's list of blasts
    names nothing of it."""
    runtime, consoles, outs = _table(home)
    try:
        _play(runtime, consoles, MINES)
        ref = referee(runtime.game)
        assert [b["cell"] for b in ref.blasts] == ["E4"], outs["blue"].getvalue()
        yellow, blue = _map(runtime, consoles, outs, "yellow"), _map(runtime, consoles, outs, "blue")
        assert _cell(yellow, "E4") == "x" and _cell(blue, "E4") == "x"
        assert _cell(blue, "C7") == "M" and _cell(yellow, "C7") == "."
        assert "Blasts, the newest last: E4 (your mine): no hit." in blue
        assert "Blasts, the newest last: E4 (mine of Blue): no hit." in yellow
        assert not any("C7" in line for line in yellow)
    finally:
        runtime.close()


@pytest.mark.parametrize("language, said", [
    ("de", "Explosionen, die neueste zuletzt: D4 (Torpedo, von euch): indirekter Treffer auf Blau."),
    ("ru", "Взрывы, последний в конце: D4 (торпеда, ваша команда): «Синие» — косвенное попадание.")])
def test_5_the_list_of_blasts_is_in_the_tables_language(home, language, said):
    """§5 the console's list of blasts at a German and a Russian table."""
    runtime, consoles, outs = _table(home, language)
    try:
        _play(runtime, consoles, TORPEDO)
        assert said in _map(runtime, consoles, outs, "yellow")
    finally:
        runtime.close()


def test_5_both_team_screens_mark_the_impact_cell_in_the_firing_teams_colour(home):
    """§5 the window: an X over the impact cell in the colour of the team whose torpedo it was, on the firing team's
    map and on the target's; not before the torpedo is fired."""
    pygame.font.init()
    game = new_game(4, "alpha", "realtime")
    runtime = make_sonar_runtime(game)
    try:
        win = SonarWindow(runtime, list(TEAMS), size=(1600, 480))
        surface = pygame.Surface((1600, 480))

        def centres() -> dict[str, tuple[int, int]]:
            win.render(surface)
            return {s.team: s.cell_rect(parse_cell("D4")).center for s in win.screens}

        for line in TORPEDO[:-1]:
            runtime.submit(_json(line))
            runtime.step()
        before = centres()
        assert all(surface.get_at(c)[:3] != TEAM_COLOURS["yellow"] for c in before.values())
        runtime.submit(_json(TORPEDO[-1]))
        runtime.step()
        after = centres()
        for team, centre in after.items():
            assert surface.get_at(centre)[:3] == TEAM_COLOURS["yellow"], team
    finally:
        runtime.close()


def _json(line: str) -> dict:
    team, _, text = line.partition(":")
    words = text.split()
    if words[0] == "start":
        return {"do": "start", "team": team, "cell": words[1]}
    if words[0] == "torpedo":
        return {"do": "activate", "team": team, "system": "torpedo", "cell": words[1]}
    fields = dict(w.split("=") for w in words[2:])
    return {"do": "course", "team": team, "direction": words[1].upper(), **fields}


def test_5_the_blasts_stay_on_the_maps_after_a_resume_and_a_save_with_one_off_the_map_is_refused(home):
    """§5 the blasts are kept in the save: after `kaleun resume` the maps still mark them. A save whose blast lies
    off the map is refused with the field."""
    runtime, consoles, _ = _table(home)
    try:
        _play(runtime, consoles, TORPEDO)
        runtime.save()
    finally:
        runtime.close()
    resumed = open_save(autosave_path()).engine
    assert referee(resumed).team_status("blue")["blasts"] == [
        {"team": "yellow", "weapon": "torpedo", "cell": "D4", "hits": {"yellow": 0, "blue": 1}}]
    ref = referee(resumed)
    state = ref.to_state()
    state["blasts"][0]["cell"] = "Z9"
    with pytest.raises(SaveError, match="blasts"):
        ref.check_state(state, "sonar")


def test_7_echo_an_archer_mine_a_torpedo_struck_stays_on_the_console_map_and_one_set_off_is_marked(home):
    """§5 + §7 [B] "Echo Karte": a torpedo on an Archer mine leaves it (Kaleun's reading): the map keeps its `a`, and
    the list under the map names the blast; an Archer mine set off is erased from both maps and its cell marked `x`."""
    game = new_game(4, "echo", "realtime")
    runtime = make_sonar_runtime(game)
    outs = {t: io.StringIO() for t in TEAMS}
    consoles = {t: TeamConsole(runtime, t, io.StringIO(), outs[t]) for t in TEAMS}
    try:
        _play(runtime, consoles, ["yellow: start C6", "blue: start O15", "yellow: course n mark=torpedo cross=N5",
                                  "yellow: course n mark=torpedo cross=N6", "yellow: course e mark=torpedo cross=E5",
                                  "yellow: torpedo C3"])
        for team in TEAMS:
            lines = _map(runtime, consoles, outs, team)
            assert _cell(lines, "C3") == "a", lines
            assert {"yellow": "Blasts, the newest last: C3 (your torpedo): indirect hit on your boat.",  # from D4
                    "blue": "Blasts, the newest last: C3 (torpedo of Yellow): indirect hit on Yellow."}[team] in lines
        _play(runtime, consoles, ["yellow: course e mark=scenario cross=E6", "yellow: course s mark=scenario cross=S5",
                                  "yellow: course s mark=scenario cross=S6", "yellow: course e mark=scenario cross=E2",
                                  "yellow: archer H6"])
        assert [b["cell"] for b in referee(game).blasts] == ["C3", "H6"], outs["yellow"].getvalue()
        for team in TEAMS:
            lines = _map(runtime, consoles, outs, team)
            assert _cell(lines, "H6") == "x" and _cell(lines, "C3") == "a", lines
            assert {"yellow": "Blasts, the newest last: C3 (your torpedo): indirect hit on your boat; H6 (your Archer "
                              "mine): no hit.",
                    "blue": "Blasts, the newest last: C3 (torpedo of Yellow): indirect hit on Yellow; H6 (Archer mine "
                            "of Yellow): no hit."}[team] in lines
    finally:
        runtime.close()


def test_5_the_enemys_track_holds_its_torpedoes_and_mines_where_they_came(home):
    """§5 [B] "Einen Torpedo abfeuern" / "Eine Mine legen" / "Eine Mine zünden": "Torpedo gefeuert! Einschlag bei C6!",
    "Mine gelegt!", "Zünde Mine auf G7!" are said aloud; the Radio Operator reads them with the courses (an impact
    lies at most 4 cells from where the boat was then). The track held courses, silent runs and surfacings only;
    it now holds the enemy's torpedoes and mines in their place, on the console, the window and after a resume.
    The own weapons stay out of the own team's enemy track, and a mine's cell is named only when it is set off."""
    runtime, consoles, outs = _table(home)
    try:
        win = SonarWindow(runtime, list(TEAMS), size=(1600, 480))
        _play(runtime, consoles, [*TORPEDO, "yellow: course s mark=mine cross=S5"])
        _play(runtime, consoles, ["yellow: course w mark=mine cross=W5", "yellow: course w mark=mine cross=W6",
                                  "yellow: mine B2", "blue: course e mark=mine cross=E1",
                                  "yellow: course s mark=mine cross=S3", "yellow: detonate B2"])
        heard = "Yellow: E E S torpedo D4 S W W mine laid S mine set off at B2"
        for team, said in (("blue", heard), ("yellow", "Blue: E")):
            mark = len(outs[team].getvalue())
            consoles[team].handle("track")
            assert outs[team].getvalue()[mark:].strip().splitlines()[0] == said
        blue = next(s for s in win.screens if s.team == "blue")
        assert [blue.text(w) for w in blue.track][-8:] == ["S", "torpedo D4", "S", "W", "W", "mine laid", "S",
                                                           "mine set off at B2"]
        runtime.save()
    finally:
        runtime.close()
    resumed = make_sonar_runtime(open_save(autosave_path()).engine)
    try:
        out = io.StringIO()
        TeamConsole(resumed, "blue", io.StringIO(), out, interactive=False).handle("track")
        assert out.getvalue().strip() == "Yellow: E E S torpedo D4 S W W mine laid S mine set off at B2"
    finally:
        resumed.close()
