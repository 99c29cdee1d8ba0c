"""The lamp director: plays the lamp scenes (uboot/data/lamp_scenes.toml) on the board's lamps.

Two sources of looks: lasting states of the game (a fire, a flooded section, the boat
submerged), read from the game's public status after every event and once a second
(`lamp_states.py`), and events, each starting a look for some seconds. On each segment the
look with the highest priority wins. Presentation only: it never changes the game.

The lamp contract: a port that animates its lamps itself (`animates = True`: the deck hub)
gets each segment's unshaded colour and pattern once, whenever the look changes; the others
(NeoPixels on the Pi, the window's simulated lamps) get shaded frames every tick, computed
with the same pattern table the hub runs (`kaleun_hub.lamps`, loaded from the firmware).
"""

from __future__ import annotations

import fnmatch
import importlib
import itertools
import math
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.hub.firmware import load as load_firmware
from kaleun.ports.base import Lamp, Lamps
from kaleun.runtime.lamp_states import STATES, Fact, field_values, read_states
from kaleun.uboot import data

#: seconds between two readings of the game's states when no event came
REFRESH_S = 1.0
_FIELD = re.compile(r"\{([a-z_]+)\}")


def patterns() -> ModuleType:
    """The lamp patterns: the deck hub firmware's `lamps` module (one declaration for both)."""
    load_firmware()
    return importlib.import_module("kaleun_hub.lamps")


_PATTERNS = patterns()
PATTERNS: tuple[str, ...] = tuple(_PATTERNS.PATTERNS)
level: Callable[[str, int], int] = _PATTERNS.level
animated: Callable[[str], bool] = _PATTERNS.animated


class SceneError(ValueError):
    pass


@dataclass(frozen=True)
class Scene:
    """A look: for an event (`event`) or while a lasting state holds (`state`)."""

    segments: tuple[str, ...]
    color: tuple[int, int, int]
    pattern: str
    priority: int
    event: str | None = None
    state: str | None = None
    seconds: float = 0.0
    until: str | None = None
    when: Mapping[str, Any] = field(default_factory=dict)
    #: wall seconds the segments show something else between two of this event's looks: events
    #: that come faster (pings under time compression) are left out, so each look stays a flash
    gap: float = 0.0
    #: (game seconds left, pattern) from the most time left to the least
    hurry: tuple[tuple[float, str], ...] = ()

    @property
    def name(self) -> str:
        return f"state '{self.state}'" if self.state else f"event '{self.event}'"


@dataclass
class Effect:
    segments: tuple[str, ...]
    lamp: Lamp
    priority: int
    end: float = math.inf
    until: str | None = None
    deadline: float | None = None
    hurry: tuple[tuple[float, str], ...] = ()

    def look(self, game_t: float) -> Lamp:
        if self.deadline is None or not self.hurry:
            return self.lamp
        left = self.deadline - game_t
        pattern = self.lamp.pattern
        for left_s, faster in self.hurry:
            if left <= left_s:
                pattern = faster
        return Lamp(self.lamp.color, pattern)


def _problem(where: str, text: str) -> SceneError:
    return SceneError(f"lamp_scenes.toml: {where}: {text}")


def _scene(item: Any, where: str, colors: Mapping[str, tuple[int, int, int]], lasting: bool) -> Scene:
    if not isinstance(item, dict):
        raise _problem(where, "must be a table")
    known = {"segments", "color", "pattern", "priority"} | (
        {"state", "hurry"} if lasting else {"event", "seconds", "until", "when", "gap"})
    for key in item:
        if key not in known:
            raise _problem(where, f"unknown key '{key}' (known: {', '.join(sorted(known))})")
    key = "state" if lasting else "event"
    name = item.get(key)
    if not isinstance(name, str):
        raise _problem(where, f"needs '{key}', the name of the {'state' if lasting else 'event'}")
    if lasting and name not in STATES:
        raise _problem(where, f"unknown state '{name}' (known: {', '.join(STATES)})")
    where = f"{where} ({name})"
    segments = item.get("segments")
    if not isinstance(segments, list) or not segments or not all(isinstance(s, str) for s in segments):
        raise _problem(where, "'segments' must be a list of segment names such as \"section.{section}\"")
    if lasting:
        for segment in segments:
            for used in _FIELD.findall(segment):
                if used not in STATES[name]:
                    raise _problem(where, f"segment '{segment}': the state has no field '{used}' "
                                   f"(it has: {', '.join(STATES[name]) or 'none'})")
    color = item.get("color")
    if not isinstance(color, str) or color not in colors:
        raise _problem(where, f"unknown colour {color!r} (known: {', '.join(colors)})")
    pattern = item.get("pattern", "steady")
    if pattern not in PATTERNS:
        raise _problem(where, f"pattern {pattern!r} is not one of {', '.join(PATTERNS)}")
    priority = item.get("priority", 50)
    if isinstance(priority, bool) or not isinstance(priority, int):
        raise _problem(where, f"'priority' must be a whole number, got {priority!r}")
    if lasting:
        hurry = []
        for step in item.get("hurry", []):
            if (not isinstance(step, dict) or set(step) != {"left_s", "pattern"}
                    or not isinstance(step["left_s"], int | float) or step["pattern"] not in PATTERNS):
                raise _problem(where, f"'hurry' steps are {{ left_s = SECONDS, pattern = NAME }}, got {step!r}")
            hurry.append((float(step["left_s"]), str(step["pattern"])))
        hurry.sort(reverse=True)
        return Scene(tuple(segments), colors[color], pattern, priority, state=name, hurry=tuple(hurry))
    seconds = item.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
        raise _problem(where, f"'seconds' must be a number of seconds (0: until '{key}'), got {seconds!r}")
    when = item.get("when", {})
    if not isinstance(when, dict):
        raise _problem(where, "'when' must be a table of event fields, e.g. { echo = true }")
    gap = item.get("gap", 0)
    if isinstance(gap, bool) or not isinstance(gap, int | float) or not 0 <= gap < math.inf:
        raise _problem(where, f"'gap' must be a number of seconds between two looks, got {gap!r}")
    until = item.get("until")
    if seconds == 0 and not isinstance(until, str):
        raise _problem(where, "a scene with seconds = 0 needs 'until', the event that ends it")
    return Scene(tuple(segments), colors[color], pattern, priority, event=name, seconds=float(seconds),
                 until=until, when=dict(when), gap=float(gap))


def load_scenes(raw: Mapping[str, Any] | None = None) -> list[Scene]:
    """The scenes of `lamp_scenes.toml` (or of `raw`), checked. Raises SceneError."""
    raw = raw if raw is not None else data.load("lamp_scenes")
    colors: dict[str, tuple[int, int, int]] = {}
    for name, rgb in raw.get("colors", {}).items():
        if not (isinstance(rgb, list) and len(rgb) == 3
                and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in rgb)):
            raise _problem(f"colour '{name}'", f"must be [red, green, blue] from 0 to 255, got {rgb!r}")
        colors[name] = (rgb[0], rgb[1], rgb[2])
    scenes = [_scene(item, f"state {i + 1}", colors, True) for i, item in enumerate(raw.get("state", []))]
    scenes += [_scene(item, f"scene {i + 1}", colors, False) for i, item in enumerate(raw.get("scene", []))]
    return scenes


def unlit_scenes(segments: Iterable[str], scenes: list[Scene] | None = None) -> list[Msg]:
    """What a board's segments leave dark: one line per scene segment no segment matches, and
    one line per lasting state's segment that some of the state's values miss (a board with
    `section.1`-`section.5` leaves a fire in section 6 dark)."""
    names = list(segments)
    values = field_values()
    out: list[Msg] = []
    #: a segment the board has none of -> the scenes that light it (one line each, not one per scene)
    absent: dict[str, list[Scene]] = {}
    partly: dict[tuple[str, tuple[str, ...]], list[Scene]] = {}
    for scene in scenes if scenes is not None else load_scenes():
        for pattern in scene.segments:
            wanted = _FIELD.sub("*", pattern)
            if not any(fnmatch.fnmatchcase(s, wanted) for s in names):
                absent.setdefault(pattern, []).append(scene)
                continue
            # a lasting state's field, or an event's with the same values (a hit in section 6, a torpedo
            # fired from tube 5): each value no segment lights is a lamp that stays dark there
            used = _FIELD.findall(pattern)
            if not used or any(f not in values for f in used):
                continue
            missing = []
            for combo in itertools.product(*(values[f] for f in used)):
                name = pattern.format(**dict(zip(used, combo, strict=True)))
                if not any(fnmatch.fnmatchcase(s, name) for s in names):
                    missing.append(name)
            if missing:
                partly.setdefault((pattern, tuple(missing)), []).append(scene)
    for pattern, lighting in absent.items():
        if len(lighting) == 1:
            out.append(Msg("the lamp scene for {scene} lights '{pattern}': the board has no such segment",
                           scene=_named(lighting), pattern=pattern))  # "the state 'exhausted'", translated
            continue
        out.append(Msg("the lamp scenes for {scenes} light '{pattern}': the board has no such segment",
                       scenes=_named(lighting), pattern=pattern))
    for (pattern, dark), lighting in partly.items():
        out.append(Msg("the lamp scenes for {scenes} light '{pattern}': the board has no segment {dark}",
                       scenes=_named(lighting), pattern=pattern, dark=", ".join(dark)))
    return out


def _named(lighting: list[Scene]) -> Msg:
    """The scenes that light a segment, as a warning names them: "the states 'fire', 'leak' and the event 'damage'"."""
    states = [f"'{scene.state}'" for scene in lighting if scene.state]
    events = [f"'{scene.event}'" for scene in lighting if not scene.state]
    said = [Msg.plural("the state {names}", "the states {names}", n=len(kind), names=", ".join(kind))
            if kind is states else
            Msg.plural("the event {names}", "the events {names}", n=len(kind), names=", ".join(kind))
            for kind in (states, events) if kind]
    return said[0] if len(said) == 1 else Msg("{states} and {events}", states=said[0], events=said[1])


def _segment_families() -> dict[str, tuple[int, ...]]:
    """The numbered segments a board may have: `section.1` ... `section.8` (every section, the
    deck and the bridge too: `section.*` scenes light them), `tube.1` ... `tube.5`."""
    from kaleun.uboot.crew.sections import SECTIONS

    return {**field_values(), "section": SECTIONS}


def scene_segment_names(scenes: list[Scene] | None = None) -> list[str]:
    """The segment names the lamp scenes light, each field or `*` of a numbered family filled
    with every value it takes (`section.{section}`: section.1 ... section.8), in the order the
    scenes name them."""
    families = _segment_families()
    names: list[str] = []
    for scene in scenes if scenes is not None else load_scenes():
        for pattern in scene.segments:
            family = re.fullmatch(r"([a-z_]+)\.\*", pattern)
            if family and family.group(1) in families:
                pattern = f"{family.group(1)}.{{{family.group(1)}}}"
            used = _FIELD.findall(pattern)
            if "*" in pattern or any(f not in families for f in used):
                continue
            for combo in itertools.product(*(families[f] for f in used)):
                name = pattern.format(**dict(zip(used, combo, strict=True)))
                if name not in names:
                    names.append(name)
    return names


def unlit_segments(segments: Iterable[str], scenes: list[Scene] | None = None) -> list[str]:
    """A board's segments that no lamp scene lights: a typo (`sectoin.3`, `alarms`) or a number
    the boat does not have (`section.9`, `tube.6`). A wildcard scene that names no numbered
    family (`gauge.*`) lights whatever it matches."""
    scenes = scenes if scenes is not None else load_scenes()
    named = set(scene_segment_names(scenes))
    families = _segment_families()
    loose = [p for scene in scenes for p in scene.segments if "*" in p
             and not (re.fullmatch(r"([a-z_]+)\.\*", p) and p[:-2] in families)]
    return [segment for segment in segments
            if segment not in named and not any(fnmatch.fnmatchcase(segment, p) for p in loose)]


def shade(color: tuple[int, int, int], k: int) -> tuple[int, int, int]:
    return (color[0] * k // 255, color[1] * k // 255, color[2] * k // 255)


class LampDirector:
    def __init__(self, lamps: Lamps, scenes: list[Scene] | None = None, game: Any = None,
                 clock: Callable[[], float] = time.monotonic, refresh_s: float = REFRESH_S) -> None:
        self.lamps = lamps
        scenes = scenes if scenes is not None else load_scenes()
        self.event_scenes: dict[str, list[Scene]] = {}
        self.state_scenes: dict[str, list[Scene]] = {}
        for scene in scenes:
            if scene.state is not None:
                self.state_scenes.setdefault(scene.state, []).append(scene)
            elif scene.event is not None:
                self.event_scenes.setdefault(scene.event, []).append(scene)
        self.game = game
        self.clock = clock
        self.refresh_s = refresh_s
        #: does the port run the patterns itself (the deck hub)? then it gets looks, not frames
        self.animates = bool(getattr(lamps, "animates", False))
        self.effects: list[Effect] = []  # from events, oldest first
        self.lasting: list[Effect] = []  # from the game's states
        self.facts: list[Fact] = []
        self._segments = tuple(lamps.segments)
        self._matches: dict[str, tuple[str, ...]] = {}
        self._dirty = game is not None
        self._read_at = -math.inf
        self._last: dict[str, Lamp] | None = None
        self._looks: dict[str, Lamp] = {}
        #: (scene, segments) -> when (wall clock) its latest look ends, for the scenes with a `gap`
        self._ends: dict[tuple[int, tuple[str, ...]], float] = {}

    # -- segments ---------------------------------------------------------------------------
    def _match(self, pattern: str) -> tuple[str, ...]:
        found = self._matches.get(pattern)
        if found is None:
            found = self._matches[pattern] = tuple(s for s in self._segments if fnmatch.fnmatchcase(s, pattern))
        return found

    def _expand(self, patterns: tuple[str, ...], fields: Mapping[str, Any]) -> tuple[str, ...]:
        names: list[str] = []
        for pattern in patterns:
            try:
                pattern = pattern.format(**fields)
            except (KeyError, IndexError, ValueError):
                continue  # the event lacks the field: the scene does not apply
            names += self._match(pattern)
        return tuple(dict.fromkeys(names))

    # -- inputs -----------------------------------------------------------------------------
    def handle(self, event: Event) -> None:
        now = self.clock()
        self._dirty = self.game is not None
        self.effects = [e for e in self.effects if e.until != event.name]
        for scene in self.event_scenes.get(event.name, ()):
            if any(event.data.get(k) != v for k, v in scene.when.items()):
                continue
            segments = self._expand(scene.segments, event.data)
            if segments and scene.gap > 0:
                key = (id(scene), segments)
                if now < self._ends.get(key, -math.inf) + scene.gap:
                    continue  # the look before is still showing, or its gap has not passed
                self._ends[key] = now + scene.seconds
            if segments:
                end = math.inf if scene.seconds <= 0 else now + scene.seconds
                self.effects.append(Effect(segments, Lamp(scene.color, scene.pattern), scene.priority, end,
                                           scene.until))

    def read(self) -> None:
        """Read the game's lasting states again (after events; the runtime's thread)."""
        self._dirty = False
        if self.game is None:
            return
        self.facts = read_states(self.game)
        lasting = []
        for fact in self.facts:
            for scene in self.state_scenes.get(fact.state, ()):
                segments = self._expand(scene.segments, fact.fields)
                if segments:
                    lasting.append(Effect(segments, Lamp(scene.color, scene.pattern), scene.priority,
                                          deadline=fact.deadline, hurry=scene.hurry))
        self.lasting = lasting

    # -- output -----------------------------------------------------------------------------
    def looks(self) -> dict[str, Lamp]:
        """Each lit segment's colour and pattern (unshaded): the highest priority wins."""
        game_t = self.game.t if self.game is not None else 0.0
        best: dict[str, tuple[int, Lamp]] = {}
        for effect in (*self.lasting, *self.effects):  # later wins between equal priorities
            lamp = effect.look(game_t)
            for segment in effect.segments:
                held = best.get(segment)
                if held is None or effect.priority >= held[0]:
                    best[segment] = (effect.priority, lamp)
        return {segment: lamp for segment, (_, lamp) in best.items()}

    def frame(self, now: float) -> dict[str, Lamp]:
        """The looks shaded for `now` (wall seconds): what a port that does not animate shows."""
        ms = int(now * 1000)
        out = {}
        for segment, lamp in self._looks.items():
            k = level(lamp.pattern, ms)
            out[segment] = lamp if k == 255 else Lamp(shade(lamp.color, k), lamp.pattern)
        return out

    @property
    def animating(self) -> bool:
        """True while the runtime should tick often: frames to shade, or a look about to end."""
        if any(e.end < math.inf for e in self.effects):
            return True
        return not self.animates and any(animated(lamp.pattern) for lamp in self._looks.values())

    def tick(self, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        if self._dirty or now - self._read_at >= self.refresh_s:
            self._read_at = now
            self.read()
        self.effects = [e for e in self.effects if e.end > now]
        self._looks = self.looks()
        shown = self._looks if self.animates else self.frame(now)
        if shown != self._last:
            self.lamps.show(shown)
            self._last = shown

    def close(self) -> None:
        self.effects = []
        self.lasting = []
        self.lamps.close()
