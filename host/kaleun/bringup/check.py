"""`kaleun hw check`: walk a maker through a finished build, part by part.

Every part the board file declares, in turn: each lamp segment lights alone (then all of them
red, for the colour order), the bell rings, each dial is turned through its travel and back,
each button pressed, each NFC reader shown a figure. The report at the end says pass or fail
per part and, for a failing part, the exact wire or board-file setting to look at.

Two operators run the same steps. `Person`: the maker at the terminal answers questions and
turns, presses and places by hand. `Hands`: the scripted mode (`--auto`) for boards whose
hardware is mocked or simulated: it drives gpiozero's mock pins, puts tags on the fake hub's
readers and looks at the lamps and the speaker's channels itself.
"""

from __future__ import annotations

import functools
import queue
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import IO, Any

from kaleun.boards.dials import DIALS, DialDecl
from kaleun.boards.model import Board, DialSpec
from kaleun.bringup import advice
from kaleun.bringup.rig import PARTS, Happening, ReaderFault, Rig, TagMoved, Typed
from kaleun.core.messages import N_, Msg, join
from kaleun.hub.options import EncoderSpec, hub_options
from kaleun.hub.reach import is_refused, reach
from kaleun.ports.base import ButtonPressed, DialHomed, DialTurned, Lamp

PASS, FAIL, SKIP = "pass", "fail", "skip"
#: seconds the readers' check waits for the reader asked for after another one saw the figure first
#: (a figure over two overlapping fields: both read it within a few scans of each other)
OVERLAP_S = 1.0
#: the kinds of part, in the order checked (`--only` names some of them)
GROUPS = PARTS
WHITE = (255, 255, 255)
RED = (255, 0, 0)
#: how far from a whole turn a ring turned by hand may count and still pass: the maker turns it from
#: where it points round to the same point (as its declaration says), within a few degrees; 5 % (18°) leaves
#: room for that and fails a steps_per_revolution 10 % off (400 for a 360 step encoder), whose
#: readings would be 36° out after a turn. [our choice]
RING_SLACK = 0.05
#: seconds the scripted hands wait for the fake hub (a failure guard, never reached when it works)
AUTO_GUARD = 10.0
#: seconds a later hub part waits for a deck hub that did not come online for an earlier one
#: (the first waits hub.start_timeout_ms: it may still be booting); plugged in meanwhile, it
#: comes online within this
HUB_RECHECK_S = 2.0
#: seconds the first hub part waits before it says that it waits for the hub (a hub that is there
#: answers well within it, so the check says nothing then)
HUB_QUIET_S = 1.0


#: what the input thread puts in the inbox when the maker's input ends (Ctrl-D, a closed pipe)
END = "\x04"


class InputEnded(Exception):
    """The maker's input ended: no later step can be answered, so the check stops there."""


class Results(list["Result"]):
    """The parts' outcomes in the order checked. `stopped`: why the check ended before its last
    part ("input ended", "interrupted"), None when it went through: a check cut short has not
    shown that the build works, whatever it passed so far (`kaleun hw check` exits 1, or 130
    for Ctrl-C)."""

    stopped: str | None = None


@dataclass(frozen=True)
class Result:
    """A part's outcome. `said` and `said_advice` render in the maker's language (`report`); `seen`
    and `advice` are their English text."""

    part: str
    status: str  # pass | fail | skip
    said: Msg | str
    said_advice: Msg | str = ""

    @property
    def seen(self) -> str:
        return str(self.said)

    @property
    def advice(self) -> str:
        return str(self.said_advice)


#: a part's name in a sentence, by its kind (the rest of its name is the board file's)
_PART_KINDS = {"lamp": N_("lamp {name}"), "dial": N_("dial {name}"), "button": N_("button {name}")}
_PARTS = {"lamps": N_("lamps"), "lamp colours": N_("lamp colours"), "bell": N_("bell"), "deck hub": N_("deck hub"),
          "dials": N_("dials"), "buttons": N_("buttons"), "readers": N_("NFC readers")}


def part_name(part: str) -> Msg:
    """A part as the maker reads it: "dial telegraph", "reader 3 (section 3)", "bell" ..."""
    import re

    if part in _PARTS:
        return Msg.term(_PARTS[part])
    reader = re.fullmatch(r"reader (\d+) \(section (\d+)\)", part)
    if reader:
        return Msg("reader {index} (section {section})", index=reader.group(1), section=reader.group(2))
    kind, _, name = part.partition(" ")
    return Msg(_PART_KINDS[kind], name=name) if kind in _PART_KINDS else Msg("{part}", part=part)


# What a maker may type for yes, no and skip, in every language of the table: the letters each language's
# question shows ("{question} [y/n/s(kip)]" and its translations: de [j/n/s], ru [д/н/п]) and the words.
ANSWERS: dict[str, tuple[str, ...]] = {
    "y": ("y", "yes", "j", "ja", "д", "да"),
    "n": ("n", "no", "nein", "н", "нет"),
    "s": ("s", "skip", "überspringen", "п", "пропустить"),
}


class Person:
    """The maker at the terminal: questions answered by typing, parts moved by hand."""

    auto = False

    def __init__(self, rig: Rig, stdin: IO[str] | None, stdout: IO[str], timeout: float = 60.0,
                 language: str = "en", moves_simulated_parts: bool = False) -> None:
        """`stdin` None: the typed lines are put in `rig.inbox` by someone else (tests). `language`: what
        the check says it in (the preferred language of `kaleun config`). `moves_simulated_parts`: whoever
        answers also moves what no hand reaches, the fake hub's tags and encoders and gpiozero's mock
        pins (a test playing the maker); otherwise those parts are skipped."""
        from kaleun.i18n import language as of_language

        self.moves_simulated_parts = moves_simulated_parts
        self.rig = rig
        self.lang = of_language(language)
        self.out = stdout
        self.timeout = timeout
        if stdin is not None:
            threading.Thread(target=self._read, args=(stdin,), name="hw-check-input", daemon=True).start()

    def _read(self, stdin: IO[str]) -> None:
        for line in stdin:
            self.rig.inbox.put(Typed(line.strip()))
        self.rig.inbox.put(Typed(END))  # end of input: the check stops at the next step that waits for it

    def say(self, text: Msg | str) -> None:
        self.out.write(self.lang.render(text) + "\n")
        self.out.flush()

    def _next(self, timeout: float | None = None) -> Happening:
        """The next typed line or part's report (queue.Empty after `timeout`); InputEnded once
        the input has ended."""
        item = self.rig.inbox.get(timeout=timeout)
        if isinstance(item, Typed) and item.text == END:
            raise InputEnded
        return item

    def line(self) -> str:
        """The next typed line (parts' reports that arrive meanwhile are dropped)."""
        while True:
            item = self._next()
            if isinstance(item, Typed):
                return item.text

    def ask(self, question: Msg, check: Callable[[], bool]) -> str:
        """y, n or s (skip) for a question about what the maker sees or hears (yes and no also in
        the words of the table's languages). There is no default: a bare Enter asks again, so a
        part is never passed by a maker who did not look."""
        while True:
            self.say(Msg("{question} [y/n/s(kip)]", question=question))
            answer = self.line().lower()
            for meaning, words in ANSWERS.items():
                if answer in words:
                    return meaning
            self.say(Msg("Please answer y (yes), n (no) or s (skip)."))

    def until_enter(self, prompt: Msg) -> list[Happening]:
        """What the parts report until the maker presses Enter."""
        self.say(Msg("{prompt} Press Enter when done.", prompt=prompt))
        seen: list[Happening] = []
        while True:
            item = self._next()
            if isinstance(item, Typed):
                return seen
            seen.append(item)

    def until(self, prompt: Msg, wanted: Callable[[Happening], bool]) -> list[Happening]:
        """What the parts report until `wanted` holds for one of them, Enter, or the timeout."""
        self.say(Msg("{prompt} (Enter if nothing happens.)", prompt=prompt))
        return self.linger(wanted, self.timeout)

    def linger(self, wanted: Callable[[Happening], bool], seconds: float) -> list[Happening]:
        """What the parts report for a few more `seconds`, asking nothing: until `wanted` holds for
        one of them, or the maker presses Enter."""
        seen: list[Happening] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = self._next(timeout=left)
            except queue.Empty:
                break
            if isinstance(item, Typed):
                break
            seen.append(item)
            if wanted(item):
                break
        return seen

    # a person's hands move the parts: nothing to do for the program
    def turn(self, dial: str, clicks: int) -> None:
        pass

    def pass_home(self, dial: str) -> None:
        pass

    def press(self, button: str) -> None:
        pass

    def put_tag(self, reader: int) -> None:
        pass

    def remove_tag(self, reader: int) -> None:
        pass


class Hands(Person):
    """The scripted mode: mock pins driven, tags put on the fake hub, lamps and sound read back."""

    auto = True

    def __init__(self, rig: Rig, stdout: IO[str], language: str = "en") -> None:  # no terminal input
        from kaleun.i18n import language as of_language

        self.moves_simulated_parts = True
        self.rig = rig
        self.lang = of_language(language)
        self.out = stdout
        self.timeout = AUTO_GUARD
        self.actions: list[Callable[[], None]] = []
        self.uids: dict[int, str] = {}

    def ask(self, question: Msg, check: Callable[[], bool]) -> str:
        answer = "y" if check() else "n"
        self.say(Msg("{question} -> yes (seen by the scripted check)", question=question) if answer == "y" else
                 Msg("{question} -> no (seen by the scripted check)", question=question))
        return answer

    def _act(self) -> None:
        for action in self.actions:
            action()
        self.actions = []

    def until_enter(self, prompt: Msg) -> list[Happening]:
        self.say(prompt)
        self._act()
        self.rig.settle()  # a fake hub's encoders report through frames, a moment later
        return self._collect(lambda item: False, 0.0)

    def until(self, prompt: Msg, wanted: Callable[[Happening], bool]) -> list[Happening]:
        self.say(prompt)
        self._act()
        return self._collect(wanted, self.timeout)

    def linger(self, wanted: Callable[[Happening], bool], seconds: float) -> list[Happening]:
        return self._collect(wanted, seconds)

    def _collect(self, wanted: Callable[[Happening], bool], timeout: float) -> list[Happening]:
        seen: list[Happening] = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                item = self.rig.inbox.get(timeout=max(0.0, deadline - time.monotonic())) if timeout else \
                    self.rig.inbox.get_nowait()
            except queue.Empty:
                return seen
            seen.append(item)
            if wanted(item):
                return seen

    def turn(self, dial: str, clicks: int) -> None:
        port = self.rig.dials[dial]
        self.actions.append(lambda: port.turn(clicks))

    def pass_home(self, dial: str) -> None:
        """The ring passes its zero mark on the way round (its switch or index pulse)."""
        port = self.rig.dials[dial]
        self.actions.append(port.home)

    def press(self, button: str) -> None:
        port = self.rig.buttons[button]
        self.actions.append(port.press)

    def put_tag(self, reader: int) -> None:
        uid = self.uids.setdefault(reader, f"04C0FFEE{reader:06X}")
        self.actions.append(lambda: self.rig.fake.put(reader, uid))

    def remove_tag(self, reader: int) -> None:
        fake = self.rig.fake

        def remove() -> None:
            for uid in fake.readers[reader].uids_field.uids():
                fake.remove(reader, uid)

        self.actions.append(remove)


def _pressed(button: str, item: Happening) -> bool:
    return isinstance(item, ButtonPressed) and item.button == button


def _left(reader: int, item: Happening) -> bool:
    return isinstance(item, TagMoved) and item.reader == reader and not item.arrived


def _arrived_on(reader: int, item: Happening) -> bool:
    return isinstance(item, TagMoved) and item.arrived and item.reader == reader


def _tag_or_fault(reader: int, item: Happening) -> bool:
    """A tag arrived on any reader, or the hub reports `reader` faulty."""
    return (isinstance(item, TagMoved) and item.arrived) or (isinstance(item, ReaderFault) and item.reader == reader)


def _enrolled(uid: str) -> str | None:
    """The figure a tag is enrolled for (`kaleun figures enroll`), or None."""
    from kaleun.hub.tags import FigureTags, TagStoreError

    try:
        return FigureTags.load().figure_of(uid)
    except TagStoreError:
        return None


def _turned(seen: Iterable[Happening], dial: str) -> int:
    return sum(item.clicks for item in seen if isinstance(item, DialTurned) and item.dial == dial)


def _homed(seen: Iterable[Happening], dial: str) -> bool:
    return any(isinstance(item, DialHomed) and item.dial == dial for item in seen)


def _position(decl: DialDecl, index: int) -> str:
    return decl.positions[index].replace("_", " ")


_MARKS = {PASS: N_("ok"), FAIL: N_("FAILED"), SKIP: N_("skipped")}


def part_names(board: Board, group: str) -> list[str]:
    """The parts of one kind a board has, by the names `--only KIND:NAME` takes: its lamp segments, dials and
    buttons by name, its deck hub's readers by number; the bell is one part, with no name."""
    if group == "lamps":
        return list(board.lamps.segments) if board.lamps.driver != "none" else []
    if group == "buttons":
        return list(board.buttons)
    if group not in ("dials", "readers"):
        return []
    options = hub_options(board) if board.hub.url is not None else None  # as the check opens the hub
    if group == "readers":
        return [str(index) for index in range(len(options.readers))] if options is not None else []
    hub = [enc.dial for enc in options.encoders] if options is not None else []
    return [*board.dials, *(name for name in hub if name not in board.dials)]


class Bringup:
    def __init__(self, rig: Rig, operator: Person, only: Mapping[str, Collection[str]] | None = None) -> None:
        self.rig = rig
        self.board: Board = rig.board
        self.op = operator
        #: the parts of a kind to check (`--only dials:telegraph`, after a repair); a kind not in it: all of them
        self.only: Mapping[str, Collection[str]] = only or {}
        self.results: list[Result] = []
        #: why the deck hub did not answer when a part last needed it (None: it did, or not asked yet)
        self._hub_down: Msg | str | None = None
        #: the hub's own warnings (its config against the board file) were looked at
        self._hub_looked = False
        #: a GPIO set-up that fails every GPIO part was named in full once
        self._gpio_told = False

    def _simulated(self, part: str) -> Result | None:
        """Simulated parts have nothing to wire: skipped, except by the scripted hands."""
        if self.op.auto:
            return None
        return Result(part, SKIP, Msg("simulated on the screen: nothing to wire"))

    def _out_of_reach(self, part: str, where: Msg) -> Result | None:
        """A part inside Kaleun (the fake hub's) or on gpiozero's mock pins: no hand can move it, so a
        maker checking by hand skips it (it would fail, sending them to wires that do not exist)."""
        if self.op.moves_simulated_parts:
            return None
        return Result(part, SKIP, Msg("{where}: no hand can reach it (kaleun hw check --auto moves it)",
                                      where=where))

    def _fake_hub(self, part: str) -> Result | None:
        if self.rig.fake is None:
            return None
        return self._out_of_reach(part, Msg("on the fake hub inside Kaleun (hub.url = \"fake\")"))

    def _mock_pins(self, part: str, driver: str) -> Result | None:
        if driver != "gpio" or self.board.pin_factory != "mock":
            return None
        return self._out_of_reach(part, Msg("on gpiozero's mock pins (gpio.pin_factory = \"mock\")"))

    def chosen(self, group: str, name: str) -> bool:
        """Is this part of `group` one to check (all are, unless `--only KIND:NAME` chose some)?"""
        return group not in self.only or name in self.only[group]

    def add(self, result: Result) -> None:
        self.results.append(result)
        self.op.say(Msg("  -> {part}: {mark} ({seen})", part=part_name(result.part),
                        mark=Msg.term(_MARKS[result.status]), seen=result.said))

    def run(self, groups: Iterable[str] = GROUPS) -> list[Result]:
        chosen = set(groups)
        for group in GROUPS:
            if group in chosen:
                before = len(self.results)
                getattr(self, group)()
                if len(self.results) == before:  # a kind of part the board has none of: said, not passed over
                    self.add(Result(group, SKIP, self._none_of(group)))
        return self.results

    def _none_of(self, group: str) -> Msg:
        """Why the board has no part of `group` to check."""
        board = self.board
        if group == "lamps":
            return (Msg("the board has no lamps (lamps.driver = \"none\")") if board.lamps.driver == "none" else
                    Msg("the board has no lamp segments to light ([lamps.segments])"))
        if group == "bell":
            return Msg("the board has no speaker (audio.driver = \"none\")")
        if group == "readers":
            return Msg("the board has no NFC readers (no deck hub with [[hub.readers]])")
        if group == "buttons":
            return Msg("the board has no buttons ([buttons.NAME])")
        return Msg("the board has no dials ([dials.NAME])") if not board.dials else Msg("nothing to check")

    def _cannot_open(self, part: str, wires: Msg | str) -> Result:
        """A part that could not be opened: its wires to look at, or, when no GPIO part can open here
        (gpiozero missing, no GPIO on this machine), the GPIO set-up, named once in full."""
        rig = self.rig
        why = rig.problems[part]
        if rig.gpio_problem is None or why != rig.gpio_problem:
            return Result(part, FAIL, Msg("cannot open it: {why}", why=why), wires)
        if self._gpio_told:
            return Result(part, FAIL, Msg("the GPIO pins cannot be used here"),
                          Msg("the GPIO set-up, as for the first part above that needed it"))
        self._gpio_told = True
        return Result(part, FAIL, Msg("cannot open it: {why}", why=why),
                      Msg("not its wires: no GPIO part can be opened here; the board's "
                          "gpio.pin_factory = \"{factory}\" and the libraries it needs",
                          factory=self.board.pin_factory))

    # -- the deck hub ---------------------------------------------------------------------------
    def _hub_online(self) -> Result | None:
        """None when the hub answers, else the failed result that says why."""
        link = self.rig.link
        timeout = self.rig.options.start_timeout_ms / 1000
        if self._hub_down is not None:  # waited for in full already: each hub part need not wait again
            timeout = min(timeout, HUB_RECHECK_S)
            refused = reach(link, timeout)  # a foreign device ends the wait on its hello
        else:
            # a hub that answers does so at once; one still booting (or not plugged in) is waited for up to
            # hub.start_timeout_ms, and the maker is told so instead of facing a silent terminal
            refused = reach(link, min(timeout, HUB_QUIET_S))
            if refused is not None and not is_refused(link) and timeout > HUB_QUIET_S:
                self.op.say(Msg("Waiting for the deck hub at {url} (up to {seconds} s more, hub.start_timeout_ms)...",
                                url=str(link.url), seconds=f"{timeout - HUB_QUIET_S:g}"))
                refused = reach(link, timeout - HUB_QUIET_S)
        if refused is None:
            self._hub_down = None
            if not self._hub_looked:  # once: a reader map or set-up the hub disagrees on fails its parts
                self._hub_looked = True
                if warnings := list(link.core.warnings):
                    # older firmware: its install writes the config too; a config alone leaves the old firmware on
                    board = self.board
                    look = advice.hub_firmware(board) if link.core.firmware_behind else advice.hub_config(board)
                    self.add(Result("deck hub", FAIL, join(warnings, "; "), look))
            return None
        reason = link.core.reason or Msg("no answer")
        # another device or protocol is said as at a table's start; a silent hub is offline
        seen = refused if is_refused(link) else Msg("offline: {reason}", reason=reason)
        if self._hub_down is not None:
            self._hub_down = reason
            return Result("deck hub", FAIL, seen, Msg("the deck hub, as for the first part above that needed it"))
        self._hub_down = reason
        look = (advice.foreign_hub(self.rig.options, link.url, link.core.hello, self.board, link.core.remembered)
                if link.core.state == "foreign" else advice.hub_link(self.rig.options, link.url, reason))
        return Result("deck hub", FAIL, seen, look)

    def _hub_gone(self, part: str) -> Result | None:
        """`part` fails for the hub, not for its own wires, when the hub that was online went away during
        the check (unplugged, rebooting past its wait, another device at its port); None when it is online."""
        if self.rig.link.core.state == "online":
            return None
        offline = self._hub_online()  # waits for it as for the first part that needed it
        return None if offline is None else Result(part, FAIL, offline.said, offline.said_advice)

    # -- lamps --------------------------------------------------------------------------------
    def _lit(self, segment: str, color: tuple[int, int, int]) -> bool:
        """What the strip shows (scripted hands): the fake hub's pixels, the Pi's pixel buffer,
        or the simulated lamps' frame."""
        lamps: Any = self.rig.lamps
        first, count = self.board.lamps.segments[segment]
        if self.rig.fake is not None and self.board.lamps.driver == "hub":
            fake = self.rig.fake
            return bool(self.rig.link.wait(
                lambda core: fake.pixels is not None
                and all(fake.pixels[i] == color for i in range(first, first + count)), AUTO_GUARD))
        pixels = getattr(lamps, "pixels", None)
        if pixels is not None:
            return all(tuple(pixels[i]) == color for i in range(first, first + count))
        look = getattr(lamps, "frame", {}).get(segment)
        return look is not None and tuple(look.color) == color

    def lamps(self) -> None:
        board, rig = self.board, self.rig
        if board.lamps.driver == "none" or not board.lamps.segments:
            return
        self.op.say(Msg("Lamps ({driver}, {pixels} pixels)", driver=board.lamps.driver, pixels=str(board.lamps.pixels)))
        if board.lamps.driver == "sim" and (skip := self._simulated("lamps")):
            self.add(skip)
            return
        if "lamps" in rig.problems or rig.lamps is None:
            why = rig.problems.get("lamps", Msg("no lamps port"))
            look = (Msg("not its wires: this machine cannot drive the strip (lamps.driver = \"{driver}\"): what "
                        "the reason names (a library, or a Raspberry Pi to run on)", driver=board.lamps.driver)
                    if "lamps" in rig.not_here else advice.strip(board))
            self.add(Result("lamps", FAIL, Msg("cannot open the lamps: {why}", why=why), look))
            return
        if board.lamps.driver == "hub" and (skip := self._fake_hub("lamps")):
            self.add(skip)
            return
        if board.lamps.driver == "hub" and (offline := self._hub_online()):
            self.add(Result("lamps", FAIL, offline.said, offline.said_advice))
            return
        lamps = rig.lamps
        segments = sorted(((name, where) for name, where in board.lamps.segments.items() if self.chosen("lamps", name)),
                          key=lambda item: item[1][0])
        earlier_lit = False
        dark: list[tuple[int, str]] = []  # failed segments since the last lit one: (result index, name)
        for number, (name, (first, count)) in enumerate(segments, start=1):
            lamps.show({name: Lamp(WHITE, "steady")})
            where = advice.pixels(first, count)
            answer = self.op.ask(Msg("[{number}/{count}] Lamp {name} ({where}) should now be lit white, alone. Is it?",
                                     number=str(number), count=str(len(segments)), name=name, where=where),
                                 functools.partial(self._lit, name, WHITE))
            if answer == "y":
                earlier_lit = True
                self.add(Result(f"lamp {name}", PASS, Msg("lit")))
                for index, before in dark:  # a pixel after them lit: their data line works
                    self.results[index] = Result(f"lamp {before}", FAIL, Msg("not lit"),
                                                 advice.lamp(board, before, False, later_lit=True))
                dark = []
            elif answer == "n":
                dark.append((len(self.results), name))
                self.add(Result(f"lamp {name}", FAIL, Msg("not lit"), advice.lamp(board, name, earlier_lit)))
            else:
                self.add(Result(f"lamp {name}", SKIP, Msg("not looked at")))
        lamps.show({name: Lamp(RED, "steady") for name, _ in segments})
        answer = self.op.ask(Msg("Every lamp should now be red (not green, not blue). Is it?"),
                             lambda: all(self._lit(name, RED) for name, _ in segments))
        status = {"y": PASS, "n": FAIL, "s": SKIP}[answer]
        self.add(Result("lamp colours", status, {"y": Msg("red is red"), "n": Msg("red shows another colour"),
                                                 "s": Msg("not looked at")}[answer],
                        advice.colour_order(board) if status == FAIL else ""))
        lamps.show({})

    # -- the bell -----------------------------------------------------------------------------
    def bell(self) -> None:
        board, sounder = self.board, self.rig.sounder
        if board.audio.driver == "none" or sounder is None:
            return
        self.op.say(Msg("Sound"))
        sounder.bell([2])
        if not getattr(sounder, "available", True):
            self.add(Result("bell", FAIL, Msg("no sound device could be opened"), advice.bell(board)))
            return

        def playing() -> bool:
            channels = sounder.channel_of("bell") if hasattr(sounder, "channel_of") else []
            return bool(channels) and any(c.get_busy() for c in channels)

        answer = self.op.ask(Msg("The ship's bell rings two strokes now. Did you hear them?"), playing)
        status = {"y": PASS, "n": FAIL, "s": SKIP}[answer]
        self.add(Result("bell", status, {"y": Msg("heard"), "n": Msg("not heard"), "s": Msg("not listened to")}[answer],
                        advice.bell(board) if status == FAIL else ""))

    # -- dials --------------------------------------------------------------------------------
    def dials(self) -> None:
        """Each dial of the board (its declaration says what it is): a dial with end stops is
        turned from one end to the other and back, a ring a whole turn each way (past its zero
        mark, when a switch or index pulse finds it)."""
        board, rig = self.board, self.rig
        hub = {enc.dial: enc for enc in rig.options.encoders} if rig.options is not None else {}
        names = [name for name in [*board.dials, *(name for name in hub if name not in board.dials)]
                 if self.chosen("dials", name)]
        if names:
            self.op.say(Msg("Dials"))
        for name in names:
            self._dial(name, board.dials.get(name), hub.get(name))

    def _dial(self, name: str, spec: DialSpec | None, enc: EncoderSpec | None) -> None:
        rig = self.rig
        part = f"dial {name}"
        decl = DIALS[name]
        on_hub = enc is not None and (spec is None or spec.driver == "hub")
        wires = (advice.encoder_wires(enc) if on_hub and enc is not None else
                 advice.dial_wires(self.board, spec) if spec is not None else "")
        if spec is not None and spec.driver == "sim" and (skip := self._simulated(part)):
            self.add(skip)
            return
        if (skip := self._fake_hub(part) if on_hub else
                self._mock_pins(part, spec.driver) if spec is not None else None):
            self.add(skip)
            return
        if part in rig.problems:
            self.add(self._cannot_open(part, wires))
            return
        if on_hub and (offline := self._hub_online()):
            self.add(Result(part, FAIL, offline.said, offline.said_advice))
            return
        homing = spec.homing if spec is not None else "saved"
        marked = homing in ("switch", "index")
        if decl.is_ring:
            # counted in the ring's steps (degrees): the Pi's and the hub's dials alike turn their
            # encoder's counts into steps with the board's steps_per_revolution and reverse
            steps = decl.steps
            label = Msg.term(decl.label)
            # how a maker sees a whole turn is the dial's own (its declaration): an arrow on the attack
            # disc's white scale, the pointer on the green ring, a periscope ring's lubber line ...
            how = Msg.term(decl.whole_turn or "")
            there = (Msg("Turn {name} ({label}) one whole turn clockwise, past its zero mark: {how}.", name=name,
                         label=label, how=how)
                     if marked else Msg("Turn {name} ({label}) one whole turn clockwise: {how}.", name=name,
                                        label=label, how=how))
            back = Msg("Now turn {name} one whole turn back counter-clockwise, to the same point.", name=name)
        else:
            steps = decl.steps - 1
            there = Msg.plural("Turn {name} ({label}) clockwise from one end stop to the other ({first} to {last}: {n} "
                               "detent).", "Turn {name} ({label}) clockwise from one end stop to the other ({first} to "
                               "{last}: {n} detents).", n=steps, name=name, label=Msg.term(decl.label),
                               first=Msg.term(_position(decl, 0)), last=Msg.term(_position(decl, -1)))
            back = Msg("Now turn {name} back counter-clockwise to where it started.", name=name)
            # the turn is counted from the first end stop: a lever standing at "stop" and swung back to full astern
            # after the question would count that way too (3 of its 4 detents), so it is set there first, uncounted
            self.op.until_enter(Msg("Turn {name} ({label}) fully counter-clockwise, against its end stop at {first}.",
                                    name=name, label=Msg.term(decl.label), first=Msg.term(_position(decl, 0))))
        for again in (False, True):
            rig.drain()
            connects = rig.link.core.connects if on_hub else 0
            self.op.turn(name, steps)
            if marked:
                self.op.pass_home(name)
            seen = self.op.until_enter(there)
            forward, homed = _turned(seen, name), _homed(seen, name)
            self.op.turn(name, -steps)
            backward = _turned(self.op.until_enter(back), name)
            # a hub that went away and came back meanwhile (a loose cable, a reset) missed some of the turn:
            # what it counted says nothing of the encoder, so the dial is turned once more
            bounced = on_hub and rig.link.core.connects != connects and rig.link.core.state == "online"
            if not bounced or again:
                break
            self.op.say(Msg("The deck hub was offline for a moment and is back: turn {name} again, as before.",
                            name=name))
        if on_hub and (gone := self._hub_gone(part)) is not None:  # its turns went unheard: not its wires
            self.add(gone)
            return
        if bounced:  # twice: the hub, not the encoder
            self.add(Result(part, FAIL, Msg("the deck hub went offline twice while the dial was turned"),
                            advice.hub_link(rig.options, rig.link.url, Msg("it went offline during the check"))))
            return
        self.add(self._judge(name, spec, enc if on_hub else None, steps, forward, backward, wires,
                             homed if marked else None))

    def _judge(self, name: str, spec: DialSpec | None, enc: EncoderSpec | None, steps: int, forward: int,
               backward: int, wires: Msg | str, homed: bool | None) -> Result:
        part = f"dial {name}"
        ring = DIALS[name].is_ring
        counted = {"forward": f"{forward:+d}", "backward": f"{backward:+d}"}
        seen = Msg("counted {forward} clockwise and {backward} back", **counted)
        if forward == 0 and backward == 0:
            return Result(part, FAIL, Msg("no movement counted"), wires)
        def right(count: int) -> bool:
            return abs(count - steps) <= steps * RING_SLACK if ring else count == steps

        good = right(forward) and right(-backward)
        if good and homed is False:
            assert spec is not None
            return Result(part, FAIL, Msg("counted {forward} clockwise and {backward} back, but its zero mark was "
                                          "never seen", **counted), advice.home_mark(spec, enc))
        if good:
            return Result(part, PASS, seen if homed is None else
                          Msg("counted {forward} clockwise and {backward} back, its zero mark seen", **counted))
        if right(forward) != right(-backward):
            # one way counted as expected: the settings are right, the other turn was not a whole one (or a wire
            # lost steps); a setting made from the short way would break the way that counted right
            fix: Msg | str = advice.dial_one_way(right(forward), wires)
        else:
            fix = advice.dial_count(name, forward, steps, spec, ring=ring, enc=enc) if spec is not None else ""
        # a ring counts degrees (its encoder's steps_per_revolution turned into 360 a turn): "360 steps" beside a
        # board's steps_per_revolution = 600 read as if the encoder were expected to make 360
        expected = (Msg("counted {forward}° clockwise and {backward}° back, a whole turn ({n}°) each way expected",
                        n=steps, **counted) if ring else
                    Msg.plural("counted {forward} clockwise and {backward} back, {n} detent each way expected",
                               "counted {forward} clockwise and {backward} back, {n} detents each way expected",
                               n=steps, **counted))
        return Result(part, FAIL, expected, fix or wires)

    # -- buttons ------------------------------------------------------------------------------
    def buttons(self) -> None:
        board, rig = self.board, self.rig
        buttons = {name: spec for name, spec in board.buttons.items() if self.chosen("buttons", name)}
        if buttons:
            self.op.say(Msg("Buttons"))
        for name, spec in buttons.items():
            part = f"button {name}"
            skip = self._simulated(part) if spec.driver == "sim" else self._mock_pins(part, spec.driver)
            if skip:
                self.add(skip)
                continue
            if part in rig.problems:
                self.add(self._cannot_open(part, advice.button(board, spec)))
                continue
            rig.drain()
            self.op.press(name)
            ask = (Msg("Press the button {name} on {pin} now.", name=name, pin=advice.gpio(spec.pin))
                   if spec.driver == "gpio" else Msg("Press the button {name} now.", name=name))
            seen = self.op.until(ask, functools.partial(_pressed, name))
            if any(isinstance(item, ButtonPressed) and item.button == name for item in seen):
                self.add(Result(part, PASS, Msg("pressed")))
            else:
                self.add(Result(part, FAIL, Msg("no press seen"), advice.button(board, spec)))

    # -- NFC readers --------------------------------------------------------------------------
    def readers(self) -> None:
        rig = self.rig
        if rig.link is None or not rig.options.readers:
            return
        self.op.say(Msg("NFC readers ({count} on the deck hub)", count=str(len(rig.options.readers))))
        if offline := self._hub_online():
            self.add(offline)
            return
        sections = rig.options.sections
        for index, reader in enumerate(rig.options.readers):
            if not self.chosen("readers", str(index)):
                continue
            part = f"reader {index} (section {reader.section})"
            if skip := self._fake_hub(part):
                self.add(skip)
                continue
            faulty = Result(part, FAIL, Msg("the hub reports it faulty (it does not answer on SPI)"),
                            advice.reader_wires(rig.options, index, reader))
            if (gone := self._hub_gone(part)) is not None:  # unplugged, or another device at its port, meanwhile
                self.add(gone)
                continue
            if index in rig.link.core.faults:  # as the hub reports it now: a reader may fail at any time
                self.add(faulty)
                continue
            if (stays := self._cleared(index, reader.section)) is not None:
                self.add(Result(part, FAIL, stays, Msg(
                    "take away what carries it (a figure left there, a tag in or under the model's floor): the reader "
                    "reads, but the game would take it for a figure; then kaleun hw check --only readers:{index}",
                    index=str(index))))
                continue
            prompt = Msg("Put a figure on reader {index} (section {section}; {kind}, chip select {cs}) now.",
                         index=str(index), section=str(reader.section), kind=reader.kind, cs=advice.pico(reader.cs))
            for again in (False, True):
                rig.drain()
                self.op.put_tag(index)
                connects = rig.link.core.connects
                seen = self.op.until(prompt, functools.partial(_tag_or_fault, index))
                tags = [item for item in seen if isinstance(item, TagMoved) and item.arrived]
                # the hub went away and came back while the maker held the figure (a loose cable, a reset):
                # what it missed says nothing of the reader, so the figure is asked for once more
                bounced = not tags and rig.link.core.connects != connects
                if not bounced or again:
                    break
                prompt = Msg("The deck hub was offline for a moment and is back: put the figure on reader {index} "
                             "again.", index=str(index))
            if not tags and any(isinstance(item, ReaderFault) and item.reader == index for item in seen):
                self.add(faulty)  # it failed while the maker held a figure over it
                continue
            if not tags and (gone := self._hub_gone(part)) is not None:  # not the reader: the hub went away
                self.add(gone)
                continue
            if bounced:  # twice: the hub, not the reader
                self.add(Result(part, FAIL, Msg("the deck hub went offline twice while it waited for the figure"),
                                advice.hub_link(rig.options, rig.link.url, Msg("it went offline during the check"))))
                continue
            if not tags:
                self.add(Result(part, FAIL, Msg("no tag seen"), advice.reader_no_tag(rig.options, index, reader)))
                continue
            if not any(item.reader == index for item in tags):  # another reader saw it first: a moment more for
                seen += self.op.linger(functools.partial(_arrived_on, index), OVERLAP_S)  # the one asked for
                tags = [item for item in seen if isinstance(item, TagMoved) and item.arrived]
            on_it = [item for item in tags if item.reader == index]
            tag = on_it[0] if on_it else tags[-1]  # a figure seen by two readers at once is on the one asked for
            if tag.reader != index:
                other = rig.options.readers[tag.reader] if 0 <= tag.reader < len(sections) else None
                where = (Msg("reader {index} (section {section})", index=str(tag.reader), section=str(other.section))
                         if other else Msg("reader {index}", index=str(tag.reader)))
                keys = f"hub.readers[{index}].cs = {reader.cs}" + (f", hub.readers[{tag.reader}].cs = {other.cs}"
                                                                   if other else "")
                self.add(Result(part, FAIL, Msg("the tag showed on {where}", where=where),
                                Msg("the chip selects of readers {index} and {other} may be swapped: {keys}{to_hub}",
                                    index=str(index), other=str(tag.reader), keys=keys,
                                    to_hub=advice.to_hub(self.board))))
                self.op.remove_tag(tag.reader)
                self.op.until(Msg("Take the figure off again."), functools.partial(_left, tag.reader))
                continue
            self.op.remove_tag(tag.reader)
            seen += self.op.until(Msg("Take the figure off again."), functools.partial(_left, tag.reader))
            # the same figure on a reader of another section too (it arrived with it, or while it stood
            # there): the two readers would each place it in their section (berths of one section may)
            also = sorted({item.reader for item in seen if isinstance(item, TagMoved) and item.arrived
                           and item.uid == tag.uid and item.reader != index and 0 <= item.reader < len(sections)
                           and sections[item.reader] != reader.section})
            if also:
                where = join([Msg("reader {index} (section {section})", index=str(n), section=str(sections[n]))
                              for n in also])
                self.add(Result(part, FAIL, Msg("the tag also showed on {where}", where=where),
                                advice.readers_overlap(rig.options, index, also)))
            else:
                self.add(Result(part, PASS, Msg("tag {uid}{figure}", uid=tag.uid, figure=self._figure(tag.uid))))

    def _on_reader(self, index: int) -> list[str]:
        """The tags the hub reports on reader `index` now."""
        return sorted(self.rig.link.core.tags.get(index, ()))

    def _cleared(self, index: int, section: int) -> Msg | None:
        """A reader that already holds a tag when its turn comes (a figure left on it) would see no figure arrive:
        it failed "no tag seen", its wires blamed. The maker takes it off first; None once the reader holds none,
        else what stays on it."""
        held = self._on_reader(index)
        if not held:
            return None
        self.rig.drain()
        self.op.remove_tag(index)
        tags = join([Msg("{uid}, the figure {figure}", uid=uid, figure=figure) if (figure := _enrolled(uid)) else uid
                     for uid in held], "; ")
        self.op.until(Msg.plural("Reader {index} (section {section}) already sees a tag ({tags}): take it off first.",
                                 "Reader {index} (section {section}) already sees {n} tags ({tags}): take them off "
                                 "first.", n=len(held), index=str(index), section=str(section), tags=tags),
                      lambda item: _left(index, item) and not self._on_reader(index))
        stays = self._on_reader(index)
        return (Msg.plural("tag {uids} stayed on it from before the check asked for a figure",
                           "tags {uids} stayed on it from before the check asked for a figure", n=len(stays),
                           uids=", ".join(stays)) if stays else None)

    @staticmethod
    def _figure(uid: str) -> Msg | str:
        from kaleun.hub.tags import FILE_NAME, FigureTags, TagStoreError
        from kaleun.paths import sudo_user, sudo_user_config_dir

        try:
            figure = FigureTags.load().figure_of(uid)
        except TagStoreError:
            return ""
        if figure:
            return Msg(", enrolled as {figure}", figure=figure)
        # under sudo the figure tags read are root's; the maker's are looked at too (read, never written, as the
        # settings are), so a figure the maker enrolled is not called "not enrolled yet"
        makers = sudo_user_config_dir()
        if makers is not None:
            try:
                theirs = FigureTags.load(makers / FILE_NAME).figure_of(uid)
            except TagStoreError:
                theirs = None
            if theirs:
                return Msg(", enrolled as {figure} by {user} (a table run as root, with sudo or as a service --as "
                           "root, has figure tags of its own: sudo kaleun figures enroll)", figure=theirs,
                           user=sudo_user())
        return Msg(", not enrolled yet: kaleun figures enroll")


#: the report's status column, in capitals to scan (translated like the marks of the lines on the way)
_STATUS = {PASS: N_("PASS"), FAIL: N_("FAIL"), SKIP: N_("SKIP")}


def report(board: Board, results: list[Result], language: str = "en") -> str:
    """The report at the end, in `language`: each part's outcome and, for a failing one, what to look at.
    The status words (PASS, FAIL, SKIP in English) are a column as wide as the language's longest of them."""
    from kaleun.i18n import language as of_language

    say = of_language(language).render
    status = {key: say(Msg.term(word)) for key, word in _STATUS.items()}
    width = max(len(word) for word in status.values())
    lines = [say(Msg("Bring-up report: {name} ({path})", name=board.name, path=str(board.path)))]
    for result in results:
        lines.append(f"  {status[result.status]:{width}}  " + say(Msg("{part}: {seen}", part=part_name(result.part),
                                                                          seen=result.said)))
        if result.said_advice:
            lines.append(" " * (width + 4) + say(Msg("look at: {advice}", advice=result.said_advice)))
    counts = {status: str(sum(r.status == status for r in results)) for status in (PASS, FAIL, SKIP)}
    lines.append(say(Msg("{passed} passed, {failed} failed, {skipped} skipped.", passed=counts[PASS],
                         failed=counts[FAIL], skipped=counts[SKIP])))
    return "\n".join(lines)


def scripted_problems(board: Board) -> list[Msg]:
    """Why the scripted hands cannot run on this board (real hardware), or nothing."""
    problems = []
    if board.uses_gpio and board.pin_factory != "mock":
        problems.append(Msg("its GPIO parts are real (gpio.pin_factory = \"{factory}\")", factory=board.pin_factory))
    if board.hub.url is not None and board.hub.url != "fake":
        problems.append(Msg("its deck hub is real (hub.url = \"{url}\")", url=board.hub.url))
    if board.lamps.driver in ("neopixel", "neopixel_spi"):
        problems.append(Msg("its lamps are real NeoPixels (lamps.driver = \"{driver}\")", driver=board.lamps.driver))
    return problems


def check(board: Board, auto: bool = False, groups: Iterable[str] = GROUPS, stdin: IO[str] | None = None,
          stdout: IO[str] | None = None, language: str = "en", moves_simulated_parts: bool = False,
          only: Mapping[str, Collection[str]] | None = None) -> Results:
    """Run the bring-up on a board; returns the results (the report is printed at the end). `language`:
    what the questions and the lines on the way are said in; `moves_simulated_parts`: see `Person`; `only`:
    the parts of a kind to check, by their `part_names` (the others of that kind are left out)."""
    out = stdout or sys.stdout
    groups = tuple(groups)
    rig = Rig(board)
    try:
        rig.open(parts=groups)  # only the parts checked: `--only lamps` claims no dial's or button's pins
        operator: Person = (Hands(rig, out, language=language) if auto else
                            Person(rig, stdin or sys.stdin, out, language=language,
                                   moves_simulated_parts=moves_simulated_parts))
        operator.say(Msg("Kaleun bring-up: {name} ({path})", name=board.name, path=str(board.path)))
        bringup = Bringup(rig, operator, only)
        results = Results()
        try:
            bringup.run(groups)
        except KeyboardInterrupt:
            out.write("\n")
            operator.say(Msg("Stopped: the report covers the parts checked so far."))
            results.stopped = "interrupted"
        except InputEnded:
            operator.say(Msg("The input ended: the report covers the parts checked so far."))
            results.stopped = "input ended"
        results.extend(bringup.results)
        return results
    finally:
        rig.close()
