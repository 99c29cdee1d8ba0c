"""Sound cues: declared once (cue -> synthesiser, event, channel), played by the runtime's sound
output for the right events, on mixer channels of their own, at the table's volume. pygame runs
on SDL's dummy audio driver here (and its disk driver in one subprocess, to hear the samples)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from kaleun.core.events import Event
from kaleun.ports.sim import SilentSounder
from kaleun.runtime.outputs import SoundOutput
from kaleun.sounds import cues
from kaleun.sounds.cues import BY_NAME, CHANNELS, CUES
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.attacks import NEAR_M
from kit import HOST, ROOT, FakeClock


def ev(name: str, **data) -> Event:
    return Event(0.0, "1941-06-01T06:00:00", name, data)


@pytest.mark.parametrize(("event", "expected"), [
    (ev("bell", strikes=4, pattern=[2, 2]), ["bell"]),
    (ev("ping", echo=True), ["ping"]),
    (ev("explosion", distance_m=25, depth_m=50, near=True), ["depth_charge_near"]),
    (ev("explosion", distance_m=400, depth_m=50, near=False), ["depth_charge_far"]),
    (ev("explosion", distance_m=25, depth_m=50), ["depth_charge_far"]),  # an event that does not say near
    (ev("torpedo_fired", tube=1, torpedo="G7e"), ["torpedo_launch"]),
    (ev("torpedo_hit", tube=1, ship="v3"), ["torpedo_hit"]),
    (ev("ship_sunk", ship="v3", grt=7176), ["ship_breaking_up"]),
    (ev("boat_submerged", propulsion="electric"), ["diving_alarm"]),
    (ev("test_depth", depth_m=232), ["hull_creak"]),
    (ev("order_accepted", order="new_speed", speed="half_ahead"), ["telegraph_ring"]),
    (ev("order_accepted", order="dive"), []),
    (ev("watch_change", watch="second"), []),
])
def test_each_event_plays_its_cue(event, expected):
    sounder = SilentSounder()
    SoundOutput(sounder).handle(event)
    assert sounder.cues == expected


def test_every_cue_is_declared_once_with_a_channel_and_renders_a_short_clean_sound():
    assert len(BY_NAME) == len(CUES)
    for cue in CUES:
        assert cue.channel in CHANNELS, cue.name
        data = {"pattern": [2, 2]} if cue.name == "bell" else {}
        samples = cue.render(cues.bell.RATE, data)
        assert samples.dtype == np.float32 and 0.5 < len(samples) / cues.bell.RATE <= 12, cue.name
        assert 0.99 <= float(np.max(np.abs(samples))) <= 1.0, cue.name
        assert abs(float(samples[0])) < 0.05 and abs(float(samples[-1])) < 0.05, f"{cue.name} clicks"
        assert np.array_equal(samples, cue.render(cues.bell.RATE, data)), f"{cue.name} is not deterministic"


def _centroid(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples))
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    return float((spectrum * freqs).sum() / spectrum.sum())


def test_a_near_depth_charge_rings_the_boat_a_far_one_only_thuds():
    """Water takes the highs of a distant blast; a near one rattles the fittings."""
    rate = cues.bell.RATE
    near = BY_NAME["depth_charge_near"].render(rate, {})
    far = BY_NAME["depth_charge_far"].render(rate, {})
    assert _centroid(near, rate) > 2 * _centroid(far, rate)
    assert BY_NAME["depth_charge_near"].gain > BY_NAME["depth_charge_far"].gain


def test_the_diving_alarm_rings_continuously_and_the_telegraph_rings_twice():
    rate = cues.bell.RATE
    alarm = np.abs(BY_NAME["diving_alarm"].render(rate, {}))
    window = rate // 20
    loudness = [alarm[i:i + window].max() for i in range(0, int(2.0 * rate), window)]
    assert min(loudness) > 0.3  # no gaps while it rings
    ring = np.abs(BY_NAME["telegraph_ring"].render(rate, {}))
    step = rate // 100  # 10 ms
    peaks = [float(ring[i:i + step].max()) for i in range(0, len(ring) - step, step)]
    peaks = [0.0, *peaks]  # silence before the first stroke
    strokes = [i for i in range(1, len(peaks)) if peaks[i] > 0.3 and peaks[i] > 1.5 * peaks[i - 1]]
    assert len(strokes) == 2


def test_a_hunt_plays_pings_and_depth_charges_near_and_far_as_the_game_reports_them():
    """§12: the escort hunt of the sea's test script, its events through the sound output."""
    game = new_game(0, "exercise_escort")
    sounder = SilentSounder()
    output = SoundOutput(sounder)
    events = game.take_events()
    events += game.apply({"do": "order", "order": "new_depth", "depth_m": 60})
    events += game.apply({"do": "order", "order": "new_speed", "speed": "half_ahead"})
    for t in range(60, 3601, 60):
        events += game.advance_to(t)
    for event in events:
        output.handle(event)
    explosions = [e for e in events if e.name == "explosion"]
    assert explosions and sounder.pings == sum(e.name == "ping" for e in events) > 0
    assert all(e.data["near"] == (e.data["distance_m"] <= NEAR_M) for e in explosions)  # the sea's one distance
    expected = ["depth_charge_near" if e.data["near"] else "depth_charge_far" for e in explosions]
    assert [c for c in sounder.cues if c.startswith("depth_charge")] == expected
    assert sounder.cues.count("telegraph_ring") == 1


@pytest.fixture
def mixer():
    from kaleun.ports.sound import PygameSounder

    sounder = PygameSounder(volume=0.5, clock=FakeClock())
    assert sounder.available, "SDL's dummy audio driver should give a mixer"
    yield sounder
    sounder.close()


def test_a_ping_never_cuts_the_bell(mixer):
    mixer.bell([2, 2])
    (bell_channel,) = mixer.channel_of("bell")
    bell_sound = bell_channel.get_sound()
    for _ in range(3):
        mixer.ping()
    assert bell_channel.get_busy() and bell_channel.get_sound() is bell_sound
    (ping_channel,) = mixer.channel_of("ping")
    assert ping_channel.get_busy() and ping_channel is not bell_channel
    assert mixer.cues == ["bell", "ping", "ping", "ping"]


def test_a_pattern_of_depth_charges_plays_on_three_channels(mixer):
    for _ in range(3):
        mixer.play("depth_charge_near", {"distance_m": 20})
    channels = mixer.channel_of("depth_charge_near")
    assert len(channels) == CHANNELS["explosions"] == 3
    assert all(c.get_busy() for c in channels)
    mixer.bell([2])
    assert all(c.get_busy() for c in channels)  # the bell takes none of them


def test_the_volume_is_the_channels_volume(mixer):
    assert mixer.volume == 0.5
    mixer.set_volume(0.25)
    assert all(abs(c.get_volume() - 0.25) < 0.01 for group in CHANNELS for c in mixer._channels[group])
    mixer.set_volume(7)
    assert mixer.volume == 1.0


def test_warming_up_renders_every_cue_ahead(mixer):
    thread = mixer.warm()
    assert thread is not None
    thread.join(60)
    assert {name for name, _ in mixer._pcm} == set(BY_NAME)


def test_the_console_sets_and_shows_the_volume(home):
    from kaleun.boards.loader import default_board
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime

    runtime = make_runtime(new_game(0), default_board())
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False)
    try:
        console.handle("volume")
        console.handle("volume 0.3")
        console.handle("volume 45%")
        console.handle("volume loud")
        console.handle("volume 2")
    finally:
        runtime.close()
    lines = out.getvalue().splitlines()
    assert lines[:3] == ["volume 80%", "volume 30%", "volume 45%"]
    assert lines[3] == "! the volume is a number from 0 to 1 or a percentage such as 60%, not 'loud'"
    assert lines[4] == "! the volume is a number from 0 to 1 or a percentage: for 2 percent write 2%"


def test_the_table_starts_at_the_board_files_volume(home, tmp_path):
    """The physical table, sound cues: the volume comes from the board file (`audio.volume`) at start, on every
    mixer channel, and the console shows it."""
    from kaleun.boards.loader import load_board
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime
    from kit import BOARDS

    path = tmp_path / "quiet.toml"
    path.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8").replace("volume = 0.8", "volume = 0.35"),
                    encoding="utf-8")
    runtime = make_runtime(new_game(0), load_board(path))
    out = io.StringIO()
    try:
        sounder = runtime.sounder
        assert sounder.volume == 0.35
        assert all(abs(c.get_volume() - 0.35) < 0.01 for group in CHANNELS for c in sounder._channels[group])
        Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False).handle("volume")
    finally:
        runtime.close()
    assert out.getvalue().splitlines() == ["volume 35%"]


def test_the_volume_the_players_chose_is_the_volume_of_the_next_start(home, tmp_path, capsys):
    """The physical table, sound cues: a group turned the speaker down with the console's `volume`; the
    table the service starts at every boot came back at the board file's 80% the next evening. The
    volume chosen is kept (`kaleun config`) and the next start plays at it, over the board's; `kaleun
    config unset volume` gives the board's back, and a value written wrong by hand is passed over."""
    from kaleun.boards.loader import default_board
    from kaleun.cli import main
    from kaleun.settings import Settings
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime

    def started_at() -> float:
        runtime = make_runtime(new_game(0), default_board())
        try:
            return float(runtime.sounder.volume)
        finally:
            runtime.close()

    assert started_at() == 0.8  # the board file's
    runtime = make_runtime(new_game(0), default_board())
    out = io.StringIO()
    try:
        Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False).handle("volume 35%")
        assert runtime.sounder.volume == 0.35  # at once
    finally:
        runtime.close()
    assert out.getvalue().splitlines() == ["volume 35%"]
    assert Settings.load().get("volume") == "0.35"
    assert started_at() == 0.35  # the next start
    assert main(["config", "set", "volume", "60%"]) == 0 and started_at() == 0.6
    assert main(["config", "set", "volume", "-0"]) == 0 and Settings.load().get("volume") == "0"  # not "-0"
    assert main(["config", "set", "volume", "loud"]) == 2
    assert "the volume is a number from 0 to 1 or a percentage such as 60%, not 'loud'" in capsys.readouterr().err
    assert main(["config", "unset", "volume"]) == 0 and started_at() == 0.8
    settings = Settings.load()
    settings.values["volume"] = "7"  # by hand
    settings.save()
    assert started_at() == 0.8


def test_a_table_without_a_speaker_says_so_instead_of_showing_a_volume(home, tmp_path):
    """A board with `audio.driver = "none"` (fake-hub.toml, mock-gpio.toml, a build without a
    speaker): the console's `volume` showed "volume 80%" and took "volume 50%" for a speaker that
    is not there; it says the table has none, as the window's settings do."""
    from kaleun.boards.loader import load_board
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime
    from kit import BOARDS

    text = (BOARDS / "sim.toml").read_text(encoding="utf-8")
    assert 'driver = "pygame"' in text
    path = tmp_path / "mute.toml"
    path.write_text(text.replace('driver = "pygame"', 'driver = "none"'), encoding="utf-8")
    runtime = make_runtime(new_game(0), load_board(path))
    out = io.StringIO()
    try:
        console = Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False)
        console.handle("volume")
        console.handle("volume 50%")
    finally:
        runtime.close()
    assert out.getvalue().splitlines() == ["! this table has no speaker (audio.driver = 'none' in the board file)"] * 2


@pytest.mark.slow
def test_sdl_disk_audio_receives_the_cue_samples(tmp_path: Path):
    """Through SDL's disk audio driver the mixer really writes the depth charge's samples."""
    raw = tmp_path / "audio.raw"
    code = textwrap.dedent("""
        import time
        from kaleun.ports.sound import PygameSounder
        sounder = PygameSounder(volume=1.0)
        assert sounder.available
        sounder.play("depth_charge_near", {"distance_m": 10})
        deadline = time.monotonic() + 60  # a failure guard: the mixer plays it out through the file
        while any(c.get_busy() for c in sounder.channel_of("depth_charge_near")) and time.monotonic() < deadline:
            time.sleep(0.05)
        sounder.close()
    """)
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw),
           "PYTHONPATH": str(HOST), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    samples = np.frombuffer(raw.read_bytes(), dtype=np.int16)
    assert len(samples) > 10_000 and np.abs(samples).max() > 10_000


def test_host_readmes_cue_table_is_the_cue_table():
    """host/README.md, "Sound cues": one row per cue of CUES, with its event and channel group."""
    import re

    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Sound cues"):text.index("## Running")]
    rows = {m.group(1): (m.group(2), m.group(3)) for m in
            re.finditer(r"^\| `(\w+)` \| ([^|]*) \| (\w+)", section, re.M)}
    assert set(rows) == {cue.name for cue in CUES}
    for cue in CUES:
        event, channel = rows[cue.name]
        assert f"`{cue.event}`" in event and channel == cue.channel, cue.name


def test_when_every_explosion_channel_is_busy_the_oldest_sound_is_cut(mixer):
    """A pattern of depth charges: three play, the second ends, a fourth takes its channel; the
    fifth and the sixth cut the first and then the third (the oldest still sounding), never the
    fourth that began after them. The charges go off a second apart (wall time)."""
    channels = mixer.channel_of("depth_charge_near")
    for _ in range(3):
        mixer.play("depth_charge_near", {"distance_m": 20})
        mixer.clock.now += 1.0
    assert all(c.get_busy() for c in channels)
    channels[1].stop()  # the second charge has died away
    mixer.play("depth_charge_near", {"distance_m": 20})  # the fourth, on its channel
    mixer.clock.now += 1.0
    assert channels[1].get_busy()
    began = dict(zip(("first", "fourth", "third"), channels, strict=True))
    mixer.play("depth_charge_far", {"distance_m": 300})  # the fifth cuts the first
    mixer.clock.now += 1.0
    far = mixer._sound(BY_NAME["depth_charge_far"], {})
    assert began["first"].get_sound() is far
    near = mixer._sound(BY_NAME["depth_charge_near"], {})
    assert began["third"].get_sound() is near and began["fourth"].get_sound() is near
    mixer.play("depth_charge_far", {"distance_m": 300})  # the sixth cuts the third, not the fourth
    assert began["third"].get_sound() is far and began["fourth"].get_sound() is near


def test_a_breachs_countdown_warning_sounds_its_own_urgent_cue_through_the_tables_sound_output(home: Path):
    """§ hull breach (the countdown): a minute before the section floods, `breach_warning` raises the
    window's breach alarm and must be heard too (a crew at the table looks at the boat, not at the
    screen). It played nothing: only `hull_breach` had a cue. Through the sound output `kaleun play`
    builds (the feed's alarm gate), the breach sounds `breach_alarm` and its warning
    `breach_countdown_alarm`, a sound of its own: higher and faster than the breach's whoop."""
    from kaleun.boards.loader import load_board
    from kaleun.ui.session import make_runtime
    from kit import BOARDS

    board = home / "quiet.toml"
    board.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8").replace('driver = "pygame"', 'driver = "none"'),
                     encoding="utf-8")
    game = new_game(1)
    events = game.apply({"do": "damage", "kind": "hull_breach", "section": 2})
    events += game.advance_to(game.t + 3600)
    heard = [e.name for e in events if e.name in ("hull_breach", "breach_warning")]
    assert heard == ["hull_breach", "breach_warning"], heard
    runtime = make_runtime(new_game(1), load_board(board))
    try:
        output = next(o for o in runtime.outputs if isinstance(o, SoundOutput))
        sounder = output.sounder
        assert isinstance(sounder, SilentSounder)
        for event in events:
            output.handle(event)
    finally:
        runtime.close()
    alarms = [c for c in sounder.cues if c.startswith("breach")]
    assert alarms == ["breach_alarm", "breach_countdown_alarm"], sounder.cues
    rate = cues.bell.RATE
    urgent = BY_NAME["breach_countdown_alarm"].render(rate, {})
    whoop = BY_NAME["breach_alarm"].render(rate, {})
    assert not np.array_equal(urgent[:len(whoop)], whoop[:len(urgent)])
    assert _centroid(urgent, rate) > _centroid(whoop, rate)  # higher: heard as the more urgent one


def test_a_failed_breach_puzzle_and_a_flooded_section_are_heard_too(home: Path):
    """§ hull breach: the breach alarm's other events (the puzzle failed, the section flooded) raised the
    window's banner in silence; through the table's sound output each now plays its cue."""
    from kaleun.boards.loader import load_board
    from kaleun.ui.session import make_runtime
    from kit import BOARDS

    board = home / "quiet.toml"
    board.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8").replace('driver = "pygame"', 'driver = "none"'),
                     encoding="utf-8")
    game = new_game(1)
    game.apply({"do": "crew_options", "rules": "advise"})
    events = game.apply({"do": "damage", "kind": "hull_breach", "section": 2})
    events += game.apply({"do": "order", "order": "repair", "breach": 2})  # the crew rules advise: it goes ahead
    events += game.apply({"do": "puzzle", "section": 2, "result": "failed"})
    events += game.advance_to(game.t + 3600)
    assert {"puzzle_failed", "section_flooded"} <= {e.name for e in events}
    runtime = make_runtime(new_game(1), load_board(board))
    try:
        output = next(o for o in runtime.outputs if isinstance(o, SoundOutput))
        for event in events:
            output.handle(event)
        sounder = output.sounder
        assert isinstance(sounder, SilentSounder)
    finally:
        runtime.close()
    assert "breach_failed_alarm" in sounder.cues and "flooding_alarm" in sounder.cues, sounder.cues


def test_every_cue_listens_for_an_event_the_game_emits():
    """A cue keyed to an event no module emits (a name mistyped, an event renamed) would never sound at
    the table while the tests above, which build their own events, still pass."""
    import re

    emitted = set()
    for path in (HOST / "kaleun").rglob("*.py"):
        emitted |= set(re.findall(r"""\bemit\(\s*["']([a-z_0-9]+)["']""", path.read_text(encoding="utf-8")))
    assert {"torpedo_fired", "ship_sunk", "test_depth"} <= emitted  # the scan finds the game's events
    silent = sorted({cue.name: cue.event for cue in CUES if cue.event not in emitted}.items())
    assert silent == [], f"cues waiting for events nothing emits: {silent}"


def _mix(mixer) -> np.ndarray:
    """What SDL's mixer makes of every busy channel from now on: each sound at its channel's volume,
    added up (before SDL clips the sum to 16 bits)."""
    import pygame

    tracks = [pygame.sndarray.array(c.get_sound()).astype(np.float64) * c.get_volume()
              for group in CHANNELS for c in mixer._channels[group] if c.get_busy()]
    out = np.zeros((max(len(t) for t in tracks), *tracks[0].shape[1:]))
    for track in tracks:
        out[:len(track)] += track
    return out


def _onset(sound) -> int:
    import pygame

    return int(np.argmax(np.abs(pygame.sndarray.array(sound)) > 0))


def test_12_a_pattern_of_charges_in_one_step_goes_off_one_after_another_and_the_hunt_is_not_clipped(mixer):
    """§12 (depth charges): an escort's pattern reaches the table as explosions of one game moment.
    They played in the same instant: the same samples three times over, one sound three times as loud,
    clipped by the mixer (2,285 clipped samples in its first second at the default volume). Now they
    go off one after another, and at full volume the worst moment of a hunt (three near charges, a
    ping, the hull creaking below test depth) stays within 16 bits."""
    mixer.set_volume(1.0)
    for _ in range(3):
        mixer.play("depth_charge_near", {"distance_m": 20})
    mixer.ping()
    mixer.play("hull_creak")
    charges = mixer.channel_of("depth_charge_near")
    assert all(c.get_busy() for c in charges)
    onsets = sorted(_onset(c.get_sound()) / mixer.rate for c in charges)
    assert onsets[0] < 0.01 and onsets[1] > onsets[0] + 0.3 and onsets[2] > onsets[1] + 0.3
    assert float(np.abs(_mix(mixer)).max()) <= 32767


def _mix_at(mixer, began: dict) -> np.ndarray:
    """What SDL's mixer makes of every busy channel, each sound from the moment (the sounder's clock)
    it began: at its channel's volume, added up (before SDL clips the sum to 16 bits)."""
    import pygame

    first = min(began.values())
    tracks = []
    for group in CHANNELS:
        for channel in mixer._channels[group]:
            if channel.get_busy():
                samples = pygame.sndarray.array(channel.get_sound()).astype(np.float64) * channel.get_volume()
                tracks.append(np.concatenate((np.zeros(round((began[group] - first) * mixer.rate)), samples)))
    out = np.zeros(max(len(t) for t in tracks))
    for track in tracks:
        out[:len(track)] += track
    return out


@pytest.mark.parametrize(("ping_s", "charge_s"), [(0.0, 0.0), (0.31, 0.37), (0.04, 0.02), (0.5, 0.0)])
def test_12_the_bell_a_ping_and_a_near_charge_at_full_volume_stay_within_16_bits(mixer, ping_s, charge_s):
    """§12: the watch bell, an escort's ping and a near depth charge in one moment at full volume: the mixer's
    sum passed full scale and SDL clipped it (2 samples when all three began together, and the three
    can line up worse: a ping 0.31 s and a charge 0.37 s after the bell). A sound that begins over
    loud others turns them all down alike, so the sum stays in range however they line up."""
    import pygame

    mixer.set_volume(1.0)
    start = mixer.clock.now
    plays = sorted([(0.0, "bell"), (ping_s, "ping"), (charge_s, "explosions")])
    began = {}
    for at, group in plays:
        mixer.clock.now = start + at
        began[group] = mixer.clock.now
        if group == "bell":
            mixer.bell([2, 2, 2, 2])
        elif group == "ping":
            mixer.ping()
        else:
            mixer.play("depth_charge_near", {"distance_m": 10})
    assert sum(c.get_busy() for group in ("bell", "ping", "explosions") for c in mixer._channels[group]) == 3
    mixed = _mix_at(mixer, began)
    loud = sum(float(np.abs(pygame.sndarray.array(c.get_sound())).max())
               for group in ("bell", "ping", "explosions") for c in mixer._channels[group] if c.get_busy())
    assert loud > 32767  # at their full level their peaks add up past full scale
    assert float(np.abs(mixed).max()) <= 32767
    assert min(c.get_volume() for c in mixer.channel_of("depth_charge_near") if c.get_busy()) > 0.5  # heard


def test_a_pattern_of_fifty_charges_in_one_step_plays_three_and_queues_nothing(mixer):
    for _ in range(50):
        mixer.play("depth_charge_near", {"distance_m": 20})
    played = [delay for cue, delay in mixer.starts if delay is not None]
    assert len(played) == CHANNELS["explosions"] and max(played) < 1.0
    mixer.clock.now += 0.3  # a charge a moment later: the channels hold the three already spaced
    mixer.play("depth_charge_far", {"distance_m": 200})
    assert mixer.starts[-1] == ("depth_charge_far", None)


def test_pings_fifty_times_a_second_sound_twice_a_second_and_never_cut_the_bell(mixer):
    """Under time compression an escort's pings come many to a wall second. Each cut the one before
    at its start: a buzz of beginnings. A ping that would cut the last within half a second is left
    out (at most two a second); the bell rings on through them."""
    mixer.bell([2, 2])
    (bell,) = mixer.channel_of("bell")
    ringing = bell.get_sound()
    for _ in range(100):  # two wall seconds of pings, fifty a second
        mixer.ping()
        mixer.clock.now += 0.02
    sounded = [cue for cue, delay in mixer.starts if cue == "ping" and delay is not None]
    assert 4 <= len(sounded) <= 5 and mixer.pings == 100
    assert bell.get_busy() and bell.get_sound() is ringing


def test_12_a_salvo_of_three_torpedoes_is_heard_as_three_launches(mixer):
    """§12: a fan of three leaves its tubes in one command; each launch is heard, one after another."""
    for _ in range(3):
        mixer.play("torpedo_launch")
    tubes = mixer.channel_of("torpedo_launch")
    assert len(tubes) == 3 and all(c.get_busy() for c in tubes)
    assert len({_onset(c.get_sound()) for c in tubes}) == 3


def test_12_a_night_attack_on_a_convoy_is_heard_cue_by_cue_as_it_happens():
    """§12: the convoy battle exercise's night attack (tests/weapons/scripts/night_attack.jsonl) through
    the table's sound output with its feed alarm gate: the lookouts' first report chimes, the fan of
    three is three launches, the dive sounds the alarm, the new speed rings the telegraph, the hit is
    heard, then the ship breaking up, then the escorts' charges, each near or far by its distance."""
    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.ui.feedlog import AlarmGate

    game = new_game(0, "exercise_convoy_battle")
    sounder = SilentSounder()
    output = SoundOutput(sounder, raises=AlarmGate(game).raises)
    heard: list[tuple[float, str, str]] = []

    class Ears(EventWriter):
        def write(self, events):
            for event in events:
                before = len(sounder.cues)
                output.handle(event)
                heard.extend((event.t, cue, event.name) for cue in sounder.cues[before:])

    script = ROOT / "tests" / "weapons" / "scripts" / "night_attack.jsonl"
    ScriptRun(game, default_board(), Ears(io.StringIO())).run(script)
    story = [(cue, event) for _, cue, event in heard if cue != "ping"]
    firsts = list(dict.fromkeys(cue for cue, _ in story))
    assert firsts == ["contact_alarm", "torpedo_launch", "diving_alarm", "telegraph_ring", "torpedo_hit",
                      "ship_breaking_up", "depth_charge_near", "depth_charge_far"], story
    assert [t for t, cue, _ in heard if cue == "torpedo_launch"] == [302.0] * 3  # the fan of three, one command
    hit = next(t for t, cue, _ in heard if cue == "torpedo_hit")
    assert hit < next(t for t, cue, _ in heard if cue == "ship_breaking_up")
    pings = [t for t, cue, _ in heard if cue == "ping"]
    assert pings and min(pings) > hit  # the escorts hunt once the convoy is attacked


def test_a_volume_with_a_decimal_comma_is_taken_as_the_consoles_other_numbers_are(home, capsys):
    """A German or Russian table writes 0,5: the console's other numbers took it, `volume 0,5` and
    `kaleun config set volume 0,4` refused it as no number."""
    from kaleun.boards.loader import default_board
    from kaleun.cli import main
    from kaleun.settings import Settings
    from kaleun.ui.console import Console
    from kaleun.ui.session import make_runtime

    assert main(["config", "set", "language", "de"]) == 0
    assert main(["config", "set", "volume", "0,4"]) == 0
    assert Settings.load().get("volume") == "0.4"
    runtime = make_runtime(new_game(0), default_board())
    out = io.StringIO()
    try:
        console = Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False)
        assert runtime.sounder.volume == 0.4
        console.handle("volume 0,5")
        assert runtime.sounder.volume == 0.5
        console.handle("volume 12,5%")  # the volume's step is a whole percent, as kaleun config keeps it
        assert runtime.sounder.volume == 0.13
        console.handle("volume 1,5")  # still from 0 to 1
        assert runtime.sounder.volume == 0.13
    finally:
        runtime.close()
    assert Settings.load().get("volume") == "0.13"
    assert "1,5" in out.getvalue().splitlines()[-1]
