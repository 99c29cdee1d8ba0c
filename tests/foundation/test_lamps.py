"""Lamps: scenes from data, patterns as well as colours, simulated and NeoPixel adapters."""

from __future__ import annotations

import io
import os
import sys

import pytest
from kaleun.boards.model import LampSpec
from kaleun.core.events import Event
from kaleun.hub.proto import lamps as firmware_lamps
from kaleun.ports.base import Lamp
from kaleun.ports.neopixel import NeopixelLamps
from kaleun.ports.sim import SimLamps
from kaleun.runtime.lamps import PATTERNS, LampDirector, SceneError, level, load_scenes, unlit_scenes
from kit import BOARDS, HOST, FakeClock

SEGMENTS = {f"section.{n}": (n - 1, 1) for n in range(1, 9)} | {"alarm": (8, 2)}


def ev(name: str, **data) -> Event:
    return Event(0.0, "1941-06-01T06:00:00", name, data)


def test_watch_change_flashes_every_section_in_pairs_then_goes_dark():
    lamps, clock = SimLamps(SEGMENTS), FakeClock(0.0)
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("watch_change", watch="second"))
    director.tick(0.1)
    assert set(lamps.frame) == {f"section.{n}" for n in range(1, 9)}
    assert all(lamp.pattern == "bells" and lamp.color == (255, 150, 0) for lamp in lamps.frame.values())
    director.tick(0.75)  # between two pairs of flashes
    assert lamps.frame["section.1"].color == (0, 0, 0)
    assert director.animating
    director.tick(9.0)
    assert lamps.frame == {}
    assert not director.animating


def test_damage_flares_the_section_named_by_the_event():
    lamps, clock = SimLamps(SEGMENTS), FakeClock(0.0)
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("damage", kind="environmental", condition="fire", section=5))
    director.tick(1.0)
    assert list(lamps.frame) == ["section.5"] and lamps.frame["section.5"].pattern == "flare"
    director.handle(ev("damage", kind="crew", sections=[7, 8]))  # no "section" field: no scene
    director.tick(1.01)
    assert list(lamps.frame) == ["section.5"]
    director.tick(4.0)
    assert lamps.frame == {}


def test_an_until_scene_lasts_until_its_closing_event():
    lamps, clock = SimLamps(SEGMENTS), FakeClock(0.0)
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("hub_offline"))
    director.tick(1000.0)
    assert lamps.frame["alarm"].pattern == "pulse_slow"
    director.handle(ev("hub_online"))
    director.tick(1000.1)
    assert lamps.frame == {}


def test_a_scene_with_when_fires_only_for_matching_events():
    """An ASDIC ping flashes the alarm lamp only when it echoes off the boat."""
    lamps, clock = SimLamps(SEGMENTS), FakeClock(0.0)
    director = LampDirector(lamps, clock=clock)
    director.handle(ev("ping", echo=False))
    director.tick(0.0)
    assert lamps.frame == {}
    director.handle(ev("ping", echo=True))
    director.tick(0.1)
    assert lamps.frame["alarm"] == Lamp((0, 200, 40), "steady")
    director.tick(0.3)
    assert lamps.frame == {}


def test_the_highest_priority_wins_and_equal_priorities_go_to_the_newer():
    lamps, clock = SimLamps(SEGMENTS), FakeClock(0.0)
    raw = {"colors": {"red": [255, 0, 0], "blue": [0, 0, 255], "green": [0, 255, 0]},
           "scene": [{"event": "a", "segments": ["alarm"], "color": "red", "pattern": "steady", "seconds": 9,
                      "priority": 50},
                     {"event": "b", "segments": ["alarm"], "color": "blue", "pattern": "steady", "seconds": 9,
                      "priority": 10},
                     {"event": "c", "segments": ["alarm"], "color": "green", "pattern": "steady", "seconds": 9,
                      "priority": 50}]}
    director = LampDirector(lamps, load_scenes(raw), clock=clock)
    director.handle(ev("a"))
    director.handle(ev("b"))
    director.tick(0.0)
    assert lamps.frame["alarm"].color == (255, 0, 0)
    director.handle(ev("c"))
    director.tick(0.1)
    assert lamps.frame["alarm"].color == (0, 255, 0)


@pytest.mark.parametrize(("raw", "message"), [
    ({"colors": {}, "scene": [{"event": "x", "segments": ["alarm"], "color": "mauve", "seconds": 1}]},
     "scene 1 (x): unknown colour 'mauve'"),
    ({"colors": {"red": [255, 0, 0]}, "scene": [{"event": "x", "segments": ["alarm"], "color": "red",
                                                 "pattern": "disco", "seconds": 1}]},
     "pattern 'disco' is not one of"),
    ({"colors": {"red": [255, 0, 0]}, "state": [{"state": "sunburn", "segments": ["alarm"], "color": "red"}]},
     "state 1: unknown state 'sunburn'"),
    ({"colors": {"red": [255, 0, 0]}, "state": [{"state": "fire", "segments": ["tube.{tube}"], "color": "red"}]},
     "segment 'tube.{tube}': the state has no field 'tube'"),
    ({"colors": {"red": [255, 0, 0]}, "scene": [{"event": "x", "segments": ["alarm"], "color": "red"}]},
     "needs 'until'"),
    ({"colors": {"red": [256, 0, 0]}}, "colour 'red': must be [red, green, blue]"),
    ({"colors": {"red": [255, 0, 0]}, "scene": [{"event": "x", "segments": ["alarm"], "color": "red",
                                                 "seconds": 1, "colour": "red"}]},
     "unknown key 'colour'"),
    ({"colors": {"red": [255, 0, 0]}, "scene": [{"event": "x", "segments": ["alarm"], "color": "red",
                                                 "seconds": 1, "gap": -1}]},
     "scene 1 (x): 'gap' must be a number of seconds between two looks, got -1"),
])
def test_scene_data_errors_are_named(raw, message):
    with pytest.raises(SceneError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        load_scenes(raw)


def test_every_scene_has_a_colour_and_a_pattern_and_lasting_states_never_share_one():
    """No state told by colour alone: two lasting states that may light the same segment differ
    in pattern; the ordinary lighting (steady) and the red night lighting (dim) too, though they never
    hold together: a colour-blind crew tells surfaced from submerged by the lamps' brightness."""
    scenes = load_scenes()
    assert all(s.pattern in PATTERNS for s in scenes)
    by_segment: dict[str, dict[str, str]] = {}
    for scene in scenes:
        if scene.state is None:
            continue
        for segment in scene.segments:
            held = by_segment.setdefault(segment, {})
            for pattern in (scene.pattern, *(faster for _left, faster in scene.hurry)):  # a breach's countdown too
                assert pattern not in held, f"{scene.state} and {held.get(pattern)} share {pattern}"
                held[pattern] = scene.state


def test_no_two_looks_that_may_show_on_one_segment_share_a_colour_and_a_pattern():
    """Every look is told apart on the lamp it shows on: no two scenes (lasting states with each pattern
    their countdown hurries to, and events) that may light the same segment share colour and pattern. A hit
    (§10.3: damage to a section) and a breach's last 45 s (§10.3.7) both light the section red: they differ in
    pattern."""
    from kaleun.runtime.lamps import scene_segment_names

    scenes = load_scenes()
    shown: dict[str, dict[tuple[tuple[int, int, int], str], str]] = {}
    for scene in scenes:
        for segment in scene_segment_names([scene]):
            held = shown.setdefault(segment, {})
            for pattern in {scene.pattern, *(faster for _left, faster in scene.hurry)}:
                look = (scene.color, pattern)
                assert look not in held or held[look] == scene.name, f"{scene.name} and {held[look]} on {segment}"
                held[look] = scene.name
    assert len(shown) == 15  # section.1-8, tube.1-5, alarm, crew
    hit = next(s for s in scenes if s.event == "damage")
    breach = next(s for s in scenes if s.state == "hull_breach")
    assert hit.pattern not in {breach.pattern, *(faster for _left, faster in breach.hurry)}


def test_a_flare_is_bright_at_once_and_fades():
    """The hit's pattern: full at the start of each half second, dark by its end (no other pattern has that
    shape: a strobe is on or off, a pulse rises as it falls)."""
    assert [level("flare", t) for t in (0, 125, 250, 375, 499, 500)] == [255, 191, 127, 63, 0, 255]


def test_the_host_shades_with_the_firmware_pattern_table():
    """One declaration: the Pi's shading and the hub's animation are the same function."""
    assert level is firmware_lamps.level
    assert set(PATTERNS) == set(firmware_lamps.PATTERNS)
    flicker = {level("flicker", t) for t in range(0, 5000, 90)}
    assert len(flicker) > 20 and min(flicker) >= 90  # irregular, never dark: fire
    sparks = [level("sparks", t) for t in range(0, 5000, 50)]
    assert 0 < sparks.count(255) < len(sparks) // 3 and min(sparks) > 0  # dim, with flashes
    assert [level("bells", t) for t in (0, 150, 250, 400, 700)] == [255, 0, 255, 0, 0]  # two strokes, a pause


def test_boards_without_a_scene_segment_are_named():
    warnings = [str(w) for w in unlit_scenes({f"section.{n}": (n - 1, 1) for n in range(1, 9)})]
    assert any("'alarm'" in w and "'hub_offline'" in w for w in warnings)
    assert any("'tube.{tube}'" in w and "'tube_loaded'" in w for w in warnings)
    assert not any("'section." in w for w in warnings)


def test_10_3_4_a_board_missing_one_section_or_tube_is_told_which_state_stays_dark_there():
    """A fire in section 6 (§10.3.4) on a board whose segments stop at section.5 shows nowhere; nor does a hit
    there or a torpedo fired from a tube the board has no lamp for: the warning names the events too."""
    segments = {f"section.{n}": (n - 1, 1) for n in range(1, 6)} | {f"tube.{n}": (n + 7, 1) for n in (1, 2, 4, 5)}
    warnings = [str(w) for w in unlit_scenes(segments | {"alarm": (13, 1), "crew": (14, 1)})]  # English
    fire = [w for w in warnings if "'fire'" in w]
    assert fire == [w for w in warnings if "'section.{section}'" in w] and len(fire) == 1
    # a hit there (the section flares red) stays dark too, and is named with the states
    assert fire[0].endswith("and the event 'damage' light 'section.{section}': the board has no segment section.6")
    (tubes,) = [w for w in warnings if "'tube.{tube}'" in w]
    assert "'tube_loaded'" in tubes and tubes.endswith(
        "and the event 'torpedo_fired' light 'tube.{tube}': the board has no segment tube.3")
    assert len(warnings) == 2
    every = unlit_scenes({**{f"section.{n}": (n - 1, 1) for n in range(1, 9)},
                          **{f"tube.{n}": (n + 7, 1) for n in range(1, 6)}, "alarm": (13, 1), "crew": (14, 1)})
    assert every == []


def test_board_check_warns_about_scenes_the_board_leaves_dark(tmp_path, capsys):
    """Each warning names the file and the line of the board's segments, where the missing
    segment would go (`file:line:`, like every other problem of a board file)."""
    from kaleun.cli import main

    board = tmp_path / "eight.toml"
    board.write_text('[board]\nname = "Eight"\nformat = 0\n[lamps]\npixels = 8\n'
                     'segments = { "section.1" = [0, 4], "section.2" = [4, 4] }\n', encoding="utf-8")
    assert main(["board", "check", str(board)]) == 0
    err = capsys.readouterr().err
    # one line per segment the board lacks, naming every scene that lights it (not one line per scene)
    assert (f"warning: {board}:6: the lamp scenes for the state 'battle_stations' and the events 'order_rejected', "
            "'ping', 'mission_end', 'hub_offline' light 'alarm': the board has no such segment") in err
    assert (f"warning: {board}:6: the lamp scene for the state 'exhausted' lights 'crew': the board has no such "
            "segment") in err
    assert (f"warning: {board}:6: the lamp scenes for the states 'tube_loading', 'tube_loaded', 'tube_flooding', "
            "'tube_flooded', 'tube_fired' and the event 'torpedo_fired' light 'tube.{tube}': the board has no such "
            "segment") in err
    assert err.count("'alarm'") == 1 and err.count("'tube.{tube}'") == 1
    # two of the six hull sections lit: a fire (or a flood, a breach...) in section 3-6 would stay dark
    assert (f"warning: {board}:6: the lamp scenes for the states 'lights', 'night_lights', 'light_failure', 'leak', "
            "'toxic_gas', 'electrical_fault', 'fire', 'flooded', 'hull_breach' and the event 'damage' light "
            "'section.{section}': the board has no segment section.3, section.4, section.5, section.6") in err
    # segments in a table of their own: its header's line; no segments at all: the [lamps] line
    table = tmp_path / "table.toml"
    table.write_text('[board]\nname = "Table"\nformat = 0\n\n[lamps]\npixels = 8\n\n[lamps.segments]\n'
                     + "".join(f'"section.{n}" = [{n - 1}, 1]\n' for n in range(1, 9)), encoding="utf-8")
    assert main(["board", "check", str(table)]) == 0
    assert f"warning: {table}:8: the lamp scene for the state 'exhausted' lights 'crew'" in capsys.readouterr().err
    bare = tmp_path / "bare.toml"
    bare.write_text('[board]\nname = "Bare"\nformat = 0\n[lamps]\npixels = 8\n', encoding="utf-8")
    assert main(["board", "check", str(bare)]) == 0
    assert f"warning: {bare}:4: the lamp scene for the state 'exhausted' lights 'crew'" in capsys.readouterr().err
    for shipped in sorted(BOARDS.glob("*.toml")):  # every shipped board defines what its scenes use
        assert main(["board", "check", str(shipped)]) == 0
        assert "lamp scene" not in capsys.readouterr().err, shipped.name


def test_neopixel_adapter_writes_segment_colours_into_the_pixel_buffer():
    class Buffer(list):
        shown = 0

        def show(self):
            self.shown += 1

    buffer = Buffer([(9, 9, 9)] * 10)
    lamps = NeopixelLamps(LampSpec(driver="neopixel_spi", pixels=10, segments=SEGMENTS), pixels=buffer)
    director = LampDirector(lamps, clock=FakeClock(0.0))
    director.handle(ev("mission_end"))
    director.tick(0.1)
    assert buffer[8] == buffer[9] == buffer[0] == (255, 255, 255)
    assert buffer.shown == 1
    director.tick(0.2)
    assert buffer.shown == 1  # nothing changed: nothing written


def test_neopixel_adapter_builds_the_real_blinka_driver(monkeypatch):
    """With Blinka's OS-agnostic board the real Adafruit driver is constructed (no hardware)."""
    monkeypatch.setitem(os.environ, "BLINKA_OS_AGNOSTIC", "1")
    lamps = NeopixelLamps(LampSpec(driver="neopixel", pin=18, pixels=4, segments={"alarm": (0, 4)}))
    lamps.show({"alarm": Lamp((0, 255, 0), "steady")})
    assert type(lamps.pixels).__module__ == "neopixel"
    assert tuple(lamps.pixels[0]) == (0, 255, 0)


def test_blinka_never_stops_the_table_to_offer_an_install(monkeypatch):
    """Blinka 10, at `import board` on a Pi and a terminal, offers to pip-install the backends it
    misses (rpi_ws281x and the PWM backend, which the pi extra leaves out) and waits for an answer
    on standard input: in the middle of `kaleun hw check` or the console game. Opening the
    NeoPixels switches the offer off; a missing backend is named by Kaleun's own message."""
    from types import SimpleNamespace

    from adafruit_blinka import platform_dependencies as blinka
    from kaleun.ports.neopixel import LampsUnavailable, make_pixels

    monkeypatch.delenv("BLINKA_SKIP_DEPENDENCY_CHECK", raising=False)
    monkeypatch.setitem(sys.modules, "board", None)  # as if the Pi's board module failed to load
    pi4 = SimpleNamespace(board=SimpleNamespace(any_raspberry_pi=True, any_raspberry_pi_5_board=False,
                                                any_jetson_board=False), chip=SimpleNamespace(id="BCM2XXX"))
    monkeypatch.setattr(blinka, "get_missing_platform_dependencies", lambda detector, version=None: ["rpi_ws281x"])

    def asked(prompt: str) -> str:
        raise AssertionError(f"Blinka asked the maker: {prompt}")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    with pytest.raises(LampsUnavailable):
        make_pixels(LampSpec(driver="neopixel_spi", pixels=4))
    monkeypatch.setattr(sys, "stdin", Terminal())  # the maker at a terminal
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert blinka.install_missing_platform_dependencies(pi4, input_func=asked) is False


def test_host_readmes_lamp_tables_are_the_scenes():
    """host/README.md, "Lamp scenes": every state and event scene of lamp_scenes.toml has its row,
    with its pattern (and a state its priority); no row names a scene the file lacks."""
    import re

    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Lamp scenes"):text.index("The format:")]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for name in re.findall(r"`([a-z_0-9]+)`", cells[0].split(" with ")[0]):
                rows[name] = cells
    scenes = load_scenes()
    assert set(rows) == {s.state or s.event for s in scenes}
    for scene in scenes:
        cells = rows[str(scene.state or scene.event)]
        look = cells[3] if scene.state else cells[2]
        assert scene.pattern in look or (scene.pattern == "steady" and "`" not in look), scene
        if scene.state:
            assert cells[4] == str(scene.priority), scene


def test_board_check_says_nothing_of_lamp_scenes_for_a_board_without_lamps(tmp_path, capsys):
    """A board with no [lamps] (0 pixels) has no lamp to leave dark: not 24 warnings."""
    from kaleun.cli import main

    board = tmp_path / "bare.toml"
    board.write_text('[board]\nname = "Bare"\nformat = 0\n', encoding="utf-8")
    assert main(["board", "check", str(board)]) == 0
    assert "lamp scene" not in capsys.readouterr().err


def test_board_check_names_the_line_of_a_segment_no_scene_lights(tmp_path, capsys):
    """A maker's typo in a segment's name (`sectoin.3`, `alarms`) or a section the boat does not
    have (`section.9`) lit nothing and was only noticed as 'the board has no segment section.3':
    the segment itself is named at its line, with the names the scenes light."""
    from kaleun.cli import main

    board = tmp_path / "typo.toml"
    board.write_text('[board]\nname = "Typo"\nformat = 0\n[lamps]\npixels = 15\n[lamps.segments]\n'
                     + "".join(f'"section.{n}" = [{n - 1}, 1]\n' for n in (1, 2, 4, 5, 6, 7, 8))
                     + '"sectoin.3" = [2, 1]\n' + "".join(f'"tube.{n}" = [{n + 7}, 1]\n' for n in range(1, 6))
                     + '"alarms" = [13, 1]\n"section.9" = [14, 1]\n', encoding="utf-8")
    assert main(["board", "check", str(board)]) == 0
    err = capsys.readouterr().err
    names = "(the scenes light section.1-8, alarm, crew, tube.1-5)"
    assert f"warning: {board}:14: lamps.segments.sectoin.3: no lamp scene lights a segment of this name {names}" in err
    assert f"warning: {board}:20: lamps.segments.alarms: no lamp scene lights" in err
    assert f"warning: {board}:21: lamps.segments.section.9: no lamp scene lights" in err
    assert err.count("no lamp scene lights") == 3


def test_the_shipped_boards_segments_are_all_lit_by_some_scene():
    from kaleun.boards.loader import load_board
    from kaleun.runtime.lamps import unlit_segments
    from kit import BOARDS

    for path in sorted(BOARDS.glob("*.toml")):
        assert unlit_segments(load_board(path).lamps.segments) == [], path.name


def test_the_readmes_quote_the_warning_board_check_gives_for_a_board_without_alarm(tmp_path, capsys):
    """host/README.md ("Lamp scenes") and boards/README.md ("Lamp segments") quote what `kaleun board check`
    says of a board without the `alarm` segment: a scene added on `alarm` changes that line, and both
    quotes follow it (host/README.md, "A lamp scene")."""
    import re

    from kaleun.cli import main
    from kit import HOST, ROOT

    board = tmp_path / "my-table.toml"
    board.write_text('[board]\nname = "Mine"\nformat = 0\n[lamps]\npixels = 1\nsegments = { "crew" = [0, 1] }\n',
                     encoding="utf-8")
    assert main(["board", "check", str(board)]) == 0
    said = next(line for line in capsys.readouterr().err.splitlines() if "light 'alarm'" in line)
    said = re.sub(r"^warning: \S+:\d+: ", "", said)  # without the file and line
    for readme in (HOST / "README.md", ROOT / "boards" / "README.md"):
        quoted = [re.sub(r"^warning: \S+:\d+: ", "", line) for line in readme.read_text(encoding="utf-8").splitlines()
                  if line.startswith("warning: ") and "light 'alarm'" in line]
        assert quoted == [said], readme


@pytest.fixture
def scenes_with_a_mistake(tmp_path, monkeypatch):
    """lamp_scenes.toml as shipped, with one more scene a maker got wrong (a pattern the firmware
    does not know): the file the program reads from now on."""
    import tomllib

    from kaleun.runtime import lamps as lamps_module
    from kaleun.uboot import data

    shipped = (HOST / "kaleun" / "uboot" / "data" / "lamp_scenes.toml").read_text(encoding="utf-8")
    path = tmp_path / "lamp_scenes.toml"
    path.write_text(shipped + '\n[[scene]]\nevent = "crew_warning"\nsegments = ["crew"]\ncolor = "amber"\n'
                    'pattern = "heartbeat"\nseconds = 4\npriority = 60\n', encoding="utf-8")
    count = len(tomllib.loads(path.read_text(encoding="utf-8"))["scene"])
    real = data.load
    monkeypatch.setattr(lamps_module.data, "load", lambda name: tomllib.loads(path.read_text(encoding="utf-8"))
                        if name == "lamp_scenes" else real(name))
    return f"lamp_scenes.toml: scene {count} (crew_warning): pattern 'heartbeat' is not one of steady"


def test_board_check_names_a_mistake_in_the_lamp_scenes_instead_of_a_traceback(scenes_with_a_mistake, capsys):
    """host/README.md, "Lamp scenes": a mistake in lamp_scenes.toml is named (`lamp_scenes.toml: scene 3
    (...): ...`); `kaleun board check` said the board was ok and then stopped with a traceback."""
    from kaleun.cli import main

    assert main(["board", "check", str(BOARDS / "sim.toml")]) == 0  # the board itself is fine
    err = capsys.readouterr().err
    assert f"lamp scenes not checked: {scenes_with_a_mistake}" in err
    assert "Traceback" not in err and err.count("lamp_scenes.toml") == 1


def test_a_game_does_not_start_on_a_mistake_in_the_lamp_scenes_and_says_which(home, scenes_with_a_mistake, capsys):
    """A start with a mistake in lamp_scenes.toml stops before the table opens, naming the scene, the
    previous autosave as it was (it stopped with a traceback once the table had started)."""
    from kaleun.cli import main
    from kaleun.paths import autosave_path

    assert main(["play", "--console", "--board", str(BOARDS / "sim.toml")]) == 2
    err = capsys.readouterr().err
    assert f"kaleun: cannot set up the table: {scenes_with_a_mistake}" in err
    assert not autosave_path().exists()
