"""The engine: modules, commands in, events out, time advanced in game seconds.

A game is an `Engine` holding an ordered list of `Module`s. Each module owns a slice of
the state, handles some commands, may ask to be woken at a game time of its choosing and
may listen to events emitted by other modules.

Determinism: state changes only when a command is applied (at the current game time) or
when a module wakes (at a time computed from state). `advance_to` processes wakes in time
order (ties in module order), so the result does not depend on how wall time was sliced.

Wakes are cached: a module's `next_wake` is asked again only when it may have changed — after a
command (every module), after the module woke or heard an event, and when something touched it
(`Engine.touch(module)`: a module whose wake another module's call can move, the boat's plan or
the sea's agenda, touches itself). The cached wakes sit in a heap of (time, module index), so the
next wake is found without looking at every module; an entry whose module has since changed its
wake is dropped when it comes to the top. With `Engine.check_wakes` on (the test suite turns it
on) every cached answer is checked against a fresh one, so a missing touch fails loudly.
"""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from kaleun.core.args import Args, quoted
from kaleun.core.clock import GameClock, ShipTimeText
from kaleun.core.errors import CommandError, SaveError
from kaleun.core.events import RESERVED_FIELDS, Event
from kaleun.core.messages import Msg, of_error
from kaleun.core.rng import GameRandom
from kaleun.core.shape import (
    TEXT,
    Checked,
    Int,
    Json,
    List,
    Map,
    Maybe,
    Num,
    Obj,
    Shape,
    ShapeError,
    Text,
    Tuple,
    UnknownKey,
    check,
)

log = logging.getLogger(__name__)

STATE_FORMAT = "kaleun-state"
STATE_VERSION = 1

#: a seeded stream's state: Mersenne Twister version, 624 words and the position, gauss_next
RNG_STATE = Tuple(Int(3, 3), List(Int(0, 2**32 - 1), size=625), Maybe(Num(-100, 100)))
#: the seeds a save holds: a game started with another could never be resumed (`kaleun play --seed`)
SEEDS = (-(2**63), 2**63)
#: each value of a game's config, as far as the engine checks it: each game checks its own in full (U-BOOT its
#: mission changes as a mission file, with texts of at most 2,000 characters; Captain Sonar `SONAR_CONFIG`, whose
#: map file's text may be as long as a map file may be)
CONFIG_VALUE = Json(depth=10, max_len=200_000)
#: the parts of a save the engine itself reads (each module checks its own part)
STATE_SHAPE = Obj(
    format=TEXT, version=Int(), game=TEXT, seed=Int(*SEEDS),
    # each game reads its own config (U-BOOT: mission, changes; Captain Sonar: scenario, mode, crews) and
    # checks its whole shape; a linked patrol's carry-over nests a sailor's ailment 7 levels deep in it
    config=Map(CONFIG_VALUE, most=100),
    t=Num(0, 1e10), rng=Map(RNG_STATE, keys=Text(max_len=64), most=64),
    modules=Map(Checked(dict, Msg("an object")), keys=Text(max_len=64), most=64),
    # what the physical table was like (the telegraph's lever, the attack disc's rings)
    optional={"table": Map(Json(depth=3), keys=Text(max_len=64), most=64)})

Handler = Callable[[Args], None]

#: an Event made without its dataclass __init__ (`Engine.emit` fills its fields at once)
_new_event = object.__new__


class Module:
    """A slice of game rules and state. Subclasses set `name` and override what they need."""

    name: ClassVar[str] = "module"
    #: event names this module wants to hear about; "*" means every event
    subscribes: ClassVar[tuple[str, ...]] = ()

    engine: Engine

    def attach(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def rng(self) -> GameRandom:
        return self.engine.random(self.name)

    def commands(self) -> Mapping[str, Handler]:
        return {}

    def next_wake(self) -> float | None:
        """Absolute game time at which `wake` must run, or None."""
        return None

    def wake(self, now: float) -> None:  # pragma: no cover - default does nothing
        pass

    def on_event(self, event: Event) -> None:  # pragma: no cover - default does nothing
        pass

    def status(self) -> dict[str, Any] | None:
        """What the `report` command shows of this module (None: nothing)."""
        return None

    #: the shape of `to_state()` (kaleun.core.shape), checked before `load_state` gets a saved state
    state_shape: ClassVar[Shape | None] = None

    def to_state(self) -> dict[str, Any]:
        return {}

    def check_state(self, state: Any, path: str) -> None:
        """Raise SaveError (ShapeError) unless `state` could have come from `to_state()`.
        Modules with rules across fields extend it; the default checks `state_shape`."""
        check(self.state_shape or Obj(), state, path)

    def load_state(self, state: Mapping[str, Any]) -> None:
        pass

    def emit(self, name: str, /, feed: Msg | str | None = None, **data: Any) -> Event:
        return self.engine.emit(name, feed=feed, **data)


class Engine:
    """Runs modules. `apply` and `advance_to` return the events they produced."""

    #: check every cached module wake against a fresh answer (the test suite turns it on)
    check_wakes: ClassVar[bool] = False

    def __init__(self, game: str, seed: int, clock: GameClock, modules: Iterable[Module],
                 config: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.clock = clock
        self.config: dict[str, Any] = dict(config or {})
        self.t = 0.0
        #: what the physical table was like (e.g. where the telegraph lever stood), saved with the
        #: game so a resumed table matches; the rules never read it
        self.table_state: dict[str, Any] = {}
        self.modules: list[Module] = list(modules)
        self._by_name: dict[str, Module] = {}
        self._handlers: dict[str, Handler] = {}
        self._listeners: dict[str, list[Module]] = {}
        #: what `_hearers_of` gives for each event name, worked out on its first emit
        self._hearers: dict[str, tuple[tuple[Module, int | None], ...]] = {}
        self._rngs: dict[str, GameRandom] = {}
        self._out: list[Event] = []
        #: the ship's time of the last event's game time (events come in bursts at one moment)
        self._iso_at: tuple[float, str] = (-1.0, "")
        #: the ship's time of an event's game time (`clock.iso`, counted on within a minute)
        self._iso = ShipTimeText(clock)
        #: cached next wake per module, the modules whose cache may be stale, and the cached wakes as a
        #: heap of (time, module index): an entry counts while it matches the module's cached wake
        self._due: list[float | None] = [None] * len(self.modules)
        self._stale: set[int] = set(range(len(self.modules)))
        self._wakes: list[tuple[float, int]] = []
        self._slot: dict[int, int] = {id(m): i for i, m in enumerate(self.modules)}
        self._check_wakes = Engine.check_wakes
        #: is the game over? Then its clock stands (`advance_to`); set by the game that has an end (U-BOOT: the
        #: mission is over), None for a game whose clock always runs
        self.clock_stands: Callable[[], bool] | None = None
        for module in self.modules:
            if module.name in self._by_name:
                raise ValueError(f"two modules named {module.name!r}")
            self._by_name[module.name] = module
        self._handlers["report"] = self._report
        for module in self.modules:
            module.attach(self)
            for cmd, handler in module.commands().items():
                if cmd in self._handlers:
                    raise ValueError(f"command {cmd!r} handled twice")
                self._handlers[cmd] = handler
            for ev in module.subscribes:
                self._listeners.setdefault(ev, []).append(module)

    # -- access ---------------------------------------------------------------------------
    def module(self, name: str) -> Any:
        return self._by_name[name]

    def has_module(self, name: str) -> bool:
        return name in self._by_name

    @property
    def command_names(self) -> list[str]:
        return sorted(self._handlers)

    def random(self, stream: str) -> GameRandom:
        """The seeded generator of one stream (one per module), created on first use.

        Ask for it each time (as `Module.rng` does): loading a save replaces the generators,
        so a generator kept in an attribute would go stale.
        """
        rng = self._rngs.get(stream)
        if rng is None:
            rng = self._rngs[stream] = GameRandom(f"{self.seed}:{stream}")
        return rng

    @property
    def now_iso(self) -> str:
        return self.clock.iso(self.t)

    # -- events ---------------------------------------------------------------------------
    def emit(self, name: str, /, feed: Msg | str | None = None, audience: str | None = None,
             **data: Any) -> Event:
        """Emit an event now. `audience`: None (public) or the one party that may know of it."""
        if not RESERVED_FIELDS.isdisjoint(data):
            clash = RESERVED_FIELDS.intersection(data)
            raise ValueError(f"event field(s) {sorted(clash)} of '{name}' are reserved for the event's header")
        t = self.t
        at, iso = self._iso_at
        if t != at:
            iso = self._iso(t)
            self._iso_at = (t, iso)
        # Event(t, iso, name, data, feed, audience), without the frozen dataclass's six guarded assignments
        event = _new_event(Event)
        event.__dict__.update(t=t, clock=iso, name=name, data=data, feed=feed, audience=audience)
        self._out.append(event)
        hearers = self._hearers.get(name)
        if hearers is None:
            hearers = self._hearers[name] = self._hearers_of(name)
        stale = self._stale
        for module, index in hearers:
            if index is not None:
                stale.add(index)
            module.on_event(event)
        if name == "mission_end":  # every module's clock may stop
            stale.update(range(len(self.modules)))
        return event

    def _hearers_of(self, name: str) -> tuple[tuple[Module, int | None], ...]:
        """The listeners of an event name (those of every event after them), each with its index among the
        modules: its next wake is asked for again after it heard the event; None for a module that never
        wakes (its next wake is always None)."""
        listeners = (*self._listeners.get(name, ()), *self._listeners.get("*", ()))
        return tuple((m, None if type(m).next_wake is Module.next_wake else self._slot[id(m)]) for m in listeners)

    def touch(self, module: Module) -> None:
        """`module`'s next wake may have changed (called by the module itself)."""
        index = self._slot.get(id(module))
        if index is not None:
            self._stale.add(index)

    def _drain(self) -> list[Event]:
        out, self._out = self._out, []
        return out

    def take_events(self) -> list[Event]:
        """Events emitted outside `apply`/`advance_to` (e.g. while building the game)."""
        return self._drain()

    @property
    def emitted(self) -> Sequence[Event]:
        """The events emitted since they were last handed out, in the order they were emitted. A
        listener hears an event after the listeners that emit in answer to it (whose events it hears
        first); this is the order the world sees them in."""
        return self._out

    # -- commands -------------------------------------------------------------------------
    def apply(self, command: Mapping[str, Any]) -> list[Event]:
        """Apply one command at the current game time. Raises CommandError if malformed."""
        if not isinstance(command, Mapping):
            raise CommandError(Msg("a command must be a JSON object, got {kind}", kind=type(command).__name__))
        name = command.get("do")
        if not isinstance(name, str):
            raise CommandError(Msg("a command needs a 'do' field naming what to do"))
        handler = self._handlers.get(name)
        if handler is None:
            raise CommandError(Msg("unknown command '{name}' (known: {known})", name=quoted(name),
                                   known=", ".join(self.command_names)))
        pending = len(self._out)
        try:
            handler(Args(command))
        except CommandError:
            del self._out[pending:]
            raise
        finally:
            self._stale.update(range(len(self.modules)))
        return self._drain()

    def _report(self, args: Args) -> None:
        args.finish()
        self.emit("report", **self.status())

    def status(self) -> dict[str, Any]:
        return {m.name: s for m in self.modules if (s := m.status()) is not None}

    # -- time -----------------------------------------------------------------------------
    def _next_due(self) -> tuple[float, int] | None:
        """(time, module index) of the next wake: the earliest, ties in module order. The stale modules are
        asked for their next wake first; a changed wake goes onto the heap."""
        due = self._due
        stale = self._stale
        if stale:
            wakes = self._wakes
            modules = self.modules
            for i in stale:
                when = modules[i].next_wake()
                if when != due[i]:
                    due[i] = when
                    if when is not None:
                        heapq.heappush(wakes, (when, i))
            stale.clear()
            if len(wakes) > 64 + 4 * len(due):  # many entries outdated: rebuild from the cached wakes
                wakes[:] = [(when, i) for i, when in enumerate(due) if when is not None]
                heapq.heapify(wakes)
        if self._check_wakes:
            fresh = [m.next_wake() for m in self.modules]
            if fresh != due:
                wrong = [m.name for m, a, b in zip(self.modules, due, fresh, strict=True) if a != b]
                raise RuntimeError(f"stale cached wake of {', '.join(wrong)}: a change of its wake was not touched")
        wakes = self._wakes
        while wakes:
            top = wakes[0]
            if due[top[1]] == top[0]:
                return top
            heapq.heappop(wakes)
        return None

    def advance_to(self, target: float, until: Callable[[], bool] | None = None) -> list[Event]:
        """Run every wake due up to and including `target`, then set the time to `target`.

        With `until`, stop right after the first wake for which `until()` is true and leave
        the time at that wake (the runtime uses it to honour a change of time compression).

        Once the game is over (`clock_stands`) its clock stands: only what is due at the end's very moment
        still runs, and the time stays there whatever `target` is (no bell, watch change or weather after
        the end, whoever drives the engine).
        """
        if target < self.t:
            raise CommandError(Msg("time cannot run backwards ({target} < {now})", target=target, now=self.t))
        stands = self.clock_stands
        if stands is not None and stands():
            target = self.t
        last: tuple[float, int] | None = None
        modules = self.modules
        stale = self._stale
        next_due = self._next_due
        while True:
            due = next_due()
            if due is None or due[0] > target:
                break
            if due == last:
                raise RuntimeError(f"module {modules[due[1]].name} woke at {due[0]} without progress")
            last = due
            when, index = due
            if when > self.t:
                self.t = float(when)
            stale.add(index)
            modules[index].wake(self.t)
            if stands is not None and target > self.t and stands():
                target = self.t  # the game ended at this wake: what else is due at this moment still runs
            if until is not None and until():
                return self._drain()
        # a game second is a float whatever the caller gave (a script's `"t": 400`): a save then reads back and
        # writes again as the same bytes, and a resumed game reads the time as the one played on did
        self.t = float(target)
        return self._drain()

    def advance(self, dt: float) -> list[Event]:
        if dt < 0:
            raise CommandError(Msg("advance needs dt >= 0"))
        return self.advance_to(self.t + dt)

    # -- state ----------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game,
            "seed": self.seed,
            "config": self.config,
            "t": self.t,
            "table": dict(self.table_state),
            "rng": {name: rng.to_json() for name, rng in sorted(self._rngs.items())},
            "modules": {m.name: m.to_state() for m in self.modules},
        }

    def load_state(self, state: Mapping[str, Any]) -> None:
        """Load a saved state into this engine (built with the same config). Raises SaveError.

        The whole state is checked first (its header here, each module's part by the module's
        `check_state`), so a damaged save is refused with the place and the reason before any
        module has loaded anything."""
        check_state_header(state)
        try:
            check(STATE_SHAPE, state, "")
            modules = state["modules"]
            self._stale.update(range(len(self.modules)))
            for name in modules:
                if name not in self._by_name:
                    raise SaveError(Msg("the save has state for a part this game does not have ('{name}')", name=name))
            for module in self.modules:
                if module.name not in modules:
                    raise SaveError(Msg("the save has no state for '{name}'", name=module.name))
                module.check_state(modules[module.name], f"modules.{module.name}")
        except UnknownKey as exc:  # the same format version, and more in it: a newer Kaleun may have written it
            raise SaveError(Msg("the save holds what this Kaleun does not know ({where}): a newer Kaleun wrote it "
                                "(update this one to resume it), or it is damaged", where=of_error(exc))) from exc
        except ShapeError as exc:
            raise SaveError(Msg("the save is damaged at {where}", where=of_error(exc))) from exc
        try:
            self.t = float(state["t"])
            self.table_state = dict(state.get("table", {}))
            self._rngs = {name: GameRandom.from_json(data) for name, data in state["rng"].items()}
            for module in self.modules:
                module.load_state(modules[module.name])
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise SaveError(Msg("the saved state is damaged ({why})", why=f"{type(exc).__name__}: {exc}")) from exc


def check_state_header(state: Any, game: str | None = None) -> None:
    """A save's outer shape: a JSON object of Kaleun's format and version (and of `game` when given);
    raises SaveError with the reason."""
    if not isinstance(state, Mapping):
        raise SaveError(Msg("the save is not a JSON object"))
    if state.get("format") != STATE_FORMAT:
        raise SaveError(Msg("this is not a Kaleun save (format field missing or wrong)"))
    version = state.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and STATE_VERSION < version < 10**6:
        raise SaveError(Msg("save version {version} is newer than this Kaleun reads ({reads}): a newer Kaleun wrote "
                            "it; update this one to resume the game", version=str(version), reads=STATE_VERSION))
    if version != STATE_VERSION:
        raise SaveError(Msg("save version {version} is not supported (this Kaleun reads {reads})",
                            version=repr(version), reads=STATE_VERSION))
    if game is not None and state.get("game") != game:
        raise SaveError(Msg("this save belongs to the game {game}, not {this}", game=repr(state.get("game")),
                            this=repr(game)))


def restore(state: Any, game: str, build: Callable[[int, Mapping[str, Any]], Engine]) -> Engine:
    """Rebuild a game of `game` from `Engine.to_state()`: its header checked, `build(seed, config)` making the
    new game its settings describe, then the saved state loaded into it. Raises SaveError with the reason:
    settings the game cannot be built from, whatever fails on them, are damaged settings."""
    check_state_header(state, game)
    try:
        seed = state["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed {seed!r} is not a whole number")
        engine = build(seed, state["config"])
    except (KeyError, TypeError, ValueError, OverflowError) as exc:  # SaveError, CommandError among them
        raise SaveError(Msg("the save's game settings are damaged ({why})", why=str(exc))) from exc
    except Exception as exc:
        raise SaveError(Msg("the save's game settings are damaged ({why})",
                            why=f"{type(exc).__name__}: {exc}")) from exc
    engine.take_events()  # a loaded game does not start again
    engine.load_state(state)
    return engine
