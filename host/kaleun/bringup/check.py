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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from kaleun.boards.model import Board, DialSpec
from kaleun.bringup import advice
from kaleun.bringup.rig import Happening, Rig, TagMoved, Typed
from kaleun.hub.options import EncoderSpec
from kaleun.ports.base import ButtonPressed, DialTurned, Lamp
from kaleun.uboot.boat import TELEGRAPH, TELEGRAPH_NAMES

PASS, FAIL, SKIP = "pass", "fail", "skip"
GROUPS = ("lamps", "bell", "dials", "buttons", "readers")
WHITE = (255, 255, 255)
RED = (255, 0, 0)
#: detents from one end stop to the other, for dials with end stops; others turn one full turn
TRAVEL = {"telegraph": len(TELEGRAPH) - 1}
#: detents the scripted hands turn a dial without end stops (an EC11 encoder's full turn)
AUTO_TURN = 20
#: seconds the scripted hands wait for the fake hub (a failure guard, never reached when it works)
AUTO_GUARD = 10.0


@dataclass(frozen=True)
class Result:
    part: str
    status: str  # pass | fail | skip
    seen: str
    advice: str = ""


class Person:
    """The maker at the terminal: questions answered by typing, parts moved by hand."""

    auto = False

    def __init__(self, rig: Rig, stdin: IO[str] | None, stdout: IO[str], timeout: float = 60.0) -> None:
        """`stdin` None: the typed lines are put in `rig.inbox` by someone else (tests)."""
        self.rig = rig
        self.out = stdout
        self.timeout = timeout
        if stdin is not None:
            threading.Thread(target=self._read, args=(stdin,), name="hw-check-input", daemon=True).start()

    def _read(self, stdin: IO[str]) -> None:
        for line in stdin:
            self.rig.inbox.put(Typed(line.strip()))
        self.rig.inbox.put(Typed("\x04"))  # end of input: every later question is skipped

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def line(self) -> str:
        """The next typed line (parts' reports that arrive meanwhile are dropped)."""
        while True:
            item = self.rig.inbox.get()
            if isinstance(item, Typed):
                return item.text

    def ask(self, question: str, check: Callable[[], bool]) -> str:
        """y, n or s (skip) for a question about what the maker sees or hears."""
        while True:
            self.say(f"{question} [Y/n/s(kip)]")
            answer = self.line().lower()
            if answer == "\x04":
                return "s"
            if answer in ("", "y", "yes"):
                return "y"
            if answer in ("n", "no"):
                return "n"
            if answer in ("s", "skip"):
                return "s"
            self.say("Please answer y (yes), n (no) or s (skip).")

    def until_enter(self, prompt: str) -> list[Happening]:
        """What the parts report until the maker presses Enter."""
        self.say(f"{prompt} Press Enter when done.")
        seen: list[Happening] = []
        while True:
            item = self.rig.inbox.get()
            if isinstance(item, Typed):
                return seen
            seen.append(item)

    def until(self, prompt: str, wanted: Callable[[Happening], bool]) -> list[Happening]:
        """What the parts report until `wanted` holds for one of them, Enter, or the timeout."""
        self.say(f"{prompt} (Enter if nothing happens.)")
        seen: list[Happening] = []
        deadline = time.monotonic() + self.timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = self.rig.inbox.get(timeout=left)
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

    def press(self, button: str) -> None:
        pass

    def put_tag(self, reader: int) -> None:
        pass

    def remove_tag(self, reader: int) -> None:
        pass


class Hands(Person):
    """The scripted mode: mock pins driven, tags put on the fake hub, lamps and sound read back."""

    auto = True

    def __init__(self, rig: Rig, stdout: IO[str]) -> None:  # no terminal input
        self.rig = rig
        self.out = stdout
        self.timeout = AUTO_GUARD
        self.actions: list[Callable[[], None]] = []
        self.uids: dict[int, str] = {}

    def ask(self, question: str, check: Callable[[], bool]) -> str:
        answer = "y" if check() else "n"
        self.say(f"{question} -> {'yes' if answer == 'y' else 'no'} (seen by the scripted check)")
        return answer

    def _act(self) -> None:
        for action in self.actions:
            action()
        self.actions = []

    def until_enter(self, prompt: str) -> list[Happening]:
        self.say(prompt)
        self._act()
        return self._collect(lambda item: False, 0.0)

    def until(self, prompt: str, wanted: Callable[[Happening], bool]) -> list[Happening]:
        self.say(prompt)
        self._act()
        return self._collect(wanted, self.timeout)

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


def _turned(seen: Iterable[Happening], dial: str) -> int:
    return sum(item.clicks for item in seen if isinstance(item, DialTurned) and item.dial == dial)


class Bringup:
    def __init__(self, rig: Rig, operator: Person) -> None:
        self.rig = rig
        self.board: Board = rig.board
        self.op = operator
        self.results: list[Result] = []

    def _simulated(self, part: str) -> Result | None:
        """Simulated parts have nothing to wire: skipped, except by the scripted hands."""
        if self.op.auto:
            return None
        return Result(part, SKIP, "simulated on the screen: nothing to wire")

    def add(self, result: Result) -> None:
        self.results.append(result)
        mark = {PASS: "ok", FAIL: "FAILED", SKIP: "skipped"}[result.status]
        self.op.say(f"  -> {result.part}: {mark} ({result.seen})")

    def run(self, groups: Iterable[str] = GROUPS) -> list[Result]:
        chosen = set(groups)
        for group in GROUPS:
            if group in chosen:
                getattr(self, group)()
        return self.results

    # -- the deck hub ---------------------------------------------------------------------------
    def _hub_online(self) -> Result | None:
        """None when the hub answers, else the failed result that says why."""
        link = self.rig.link
        if link.wait_online(self.rig.options.start_timeout_ms / 1000):
            return None
        reason = link.core.reason or "no answer"
        return Result("deck hub", FAIL, f"offline: {reason}", advice.hub_link(self.rig.options, link.url, reason))

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
        if board.lamps.driver == "none":
            return
        self.op.say(f"Lamps ({board.lamps.driver}, {board.lamps.pixels} pixels)")
        if board.lamps.driver == "sim" and (skip := self._simulated("lamps")):
            self.add(skip)
            return
        if "lamps" in rig.problems or rig.lamps is None:
            why = rig.problems.get("lamps", "no lamps port")
            self.add(Result("lamps", FAIL, f"cannot open the lamps: {why}", advice.strip(board)))
            return
        if board.lamps.driver == "hub" and (offline := self._hub_online()):
            self.add(Result("lamps", FAIL, offline.seen, offline.advice))
            return
        lamps = rig.lamps
        segments = sorted(board.lamps.segments.items(), key=lambda item: item[1][0])
        earlier_lit = False
        for number, (name, (first, count)) in enumerate(segments, start=1):
            lamps.show({name: Lamp(WHITE, "steady")})
            where = f"pixel {first}" if count == 1 else f"pixels {first}-{first + count - 1}"
            answer = self.op.ask(f"[{number}/{len(segments)}] Lamp {name} ({where}) should now be lit white, "
                                 "alone. Is it?", functools.partial(self._lit, name, WHITE))
            if answer == "y":
                earlier_lit = True
                self.add(Result(f"lamp {name}", PASS, "lit"))
            elif answer == "n":
                self.add(Result(f"lamp {name}", FAIL, "not lit", advice.lamp(board, name, earlier_lit)))
            else:
                self.add(Result(f"lamp {name}", SKIP, "not looked at"))
        lamps.show({name: Lamp(RED, "steady") for name, _ in segments})
        answer = self.op.ask("Every lamp should now be red (not green, not blue). Is it?",
                             lambda: all(self._lit(name, RED) for name, _ in segments))
        status = {"y": PASS, "n": FAIL, "s": SKIP}[answer]
        self.add(Result("lamp colours", status, {"y": "red is red", "n": "red shows another colour",
                                                 "s": "not looked at"}[answer],
                        advice.colour_order(board) if status == FAIL else ""))
        lamps.show({})

    # -- the bell -----------------------------------------------------------------------------
    def bell(self) -> None:
        board, sounder = self.board, self.rig.sounder
        if board.audio.driver == "none" or sounder is None:
            return
        self.op.say("Sound")
        sounder.bell([2])
        if not getattr(sounder, "available", True):
            self.add(Result("bell", FAIL, "no sound device could be opened", advice.bell(board)))
            return

        def playing() -> bool:
            channels = sounder.channel_of("bell") if hasattr(sounder, "channel_of") else []
            return bool(channels) and any(c.get_busy() for c in channels)

        answer = self.op.ask("The ship's bell rings two strokes now. Did you hear them?", playing)
        status = {"y": PASS, "n": FAIL, "s": SKIP}[answer]
        self.add(Result("bell", status, {"y": "heard", "n": "not heard", "s": "not listened to"}[answer],
                        advice.bell(board) if status == FAIL else ""))

    # -- dials --------------------------------------------------------------------------------
    def dials(self) -> None:
        board, rig = self.board, self.rig
        parts: list[tuple[str, DialSpec | EncoderSpec]] = list(board.dials.items())
        if rig.options is not None:
            parts += [(enc.dial, enc) for enc in rig.options.encoders if enc.dial not in board.dials]
        if parts:
            self.op.say("Dials")
        for name, spec in parts:
            self._dial(name, spec)

    def _dial(self, name: str, spec: DialSpec | EncoderSpec) -> None:
        rig = self.rig
        part = f"dial {name}"
        on_hub = isinstance(spec, EncoderSpec)
        wires = advice.encoder_wires(spec) if isinstance(spec, EncoderSpec) else advice.dial_wires(self.board, spec)
        if isinstance(spec, DialSpec) and spec.driver == "sim" and (skip := self._simulated(part)):
            self.add(skip)
            return
        if part in rig.problems:
            self.add(Result(part, FAIL, f"cannot open it: {rig.problems[part]}", wires))
            return
        if on_hub:
            if offline := self._hub_online():
                self.add(Result(part, FAIL, offline.seen, offline.advice))
                return
            if self.op.auto:
                self.add(Result(part, SKIP, "an encoder on the hub: the fake hub has none to turn"))
                return
        travel = TRAVEL.get(name)
        steps = travel or AUTO_TURN
        if travel:
            there = (f"Turn {name} clockwise from one end stop to the other ({TELEGRAPH_NAMES[TELEGRAPH[0]]} "
                     f"to {TELEGRAPH_NAMES[TELEGRAPH[-1]]}: {travel} detents)." if name == "telegraph" else
                     f"Turn {name} clockwise from one end stop to the other ({travel} detents).")
            back = f"Now turn {name} back counter-clockwise to where it started."
        else:
            there = f"Turn {name} one full turn clockwise."
            back = f"Now turn {name} one full turn back counter-clockwise."
        rig.drain()
        self.op.turn(name, steps)
        forward = _turned(self.op.until_enter(there), name)
        self.op.turn(name, -steps)
        backward = _turned(self.op.until_enter(back), name)
        seen = f"counted {forward:+d} clockwise and {backward:+d} back"
        if forward == 0 and backward == 0:
            self.add(Result(part, FAIL, "no movement counted", wires))
        elif travel is not None:
            if forward == travel and backward == -travel:
                self.add(Result(part, PASS, seen))
            else:
                wrong = forward if forward != travel else backward
                want = travel if forward != travel else -travel
                self.add(Result(part, FAIL, f"{seen}, {travel} detents each way expected",
                                advice.dial_count(name, wrong, want, spec) or wires))
        elif forward > 0 and backward == -forward:
            self.add(Result(part, PASS, f"{seen}: {forward} detents per turn, as the encoder's data sheet says?"))
        elif forward < 0 and backward == -forward:
            self.add(Result(part, FAIL, f"{seen}: clockwise counts backwards",
                            advice.dial_count(name, forward, -forward, spec)))
        else:
            self.add(Result(part, FAIL, f"{seen}: not the same number of detents each way", wires))

    # -- buttons ------------------------------------------------------------------------------
    def buttons(self) -> None:
        board, rig = self.board, self.rig
        if board.buttons:
            self.op.say("Buttons")
        for name, spec in board.buttons.items():
            part = f"button {name}"
            if spec.driver == "sim" and (skip := self._simulated(part)):
                self.add(skip)
                continue
            if part in rig.problems:
                self.add(Result(part, FAIL, f"cannot open it: {rig.problems[part]}", advice.button(board, spec)))
                continue
            where = f" on {advice.gpio(spec.pin)}" if spec.driver == "gpio" else ""
            rig.drain()
            self.op.press(name)
            seen = self.op.until(f"Press the button {name}{where} now.", functools.partial(_pressed, name))
            if any(isinstance(item, ButtonPressed) and item.button == name for item in seen):
                self.add(Result(part, PASS, "pressed"))
            else:
                self.add(Result(part, FAIL, "no press seen", advice.button(board, spec)))

    # -- NFC readers --------------------------------------------------------------------------
    def readers(self) -> None:
        rig = self.rig
        if rig.link is None or not rig.options.readers:
            return
        self.op.say(f"NFC readers ({len(rig.options.readers)} on the deck hub)")
        if offline := self._hub_online():
            self.add(offline)
            return
        faulty = set(rig.link.core.faults)
        sections = rig.options.sections
        for index, reader in enumerate(rig.options.readers):
            part = f"reader {index} (section {reader.section})"
            if index in faulty:
                self.add(Result(part, FAIL, "the hub reports it faulty (it does not answer on SPI)",
                                advice.reader_wires(rig.options, index, reader)))
                continue
            rig.drain()
            self.op.put_tag(index)
            seen = self.op.until(f"Put a figure on reader {index} (section {reader.section}; {reader.kind}, "
                                 f"chip select {advice.pico(reader.cs)}) now.",
                                 lambda item: isinstance(item, TagMoved) and item.arrived)
            tags = [item for item in seen if isinstance(item, TagMoved) and item.arrived]
            if not tags:
                self.add(Result(part, FAIL, "no tag seen", advice.reader_no_tag(rig.options, index, reader)))
                continue
            tag = tags[-1]
            if tag.reader != index:
                other = rig.options.readers[tag.reader] if 0 <= tag.reader < len(sections) else None
                where = f"reader {tag.reader} (section {other.section})" if other else f"reader {tag.reader}"
                self.add(Result(part, FAIL, f"the tag showed on {where}",
                                f"the chip selects of readers {index} and {tag.reader} may be swapped: "
                                f"hub.readers[{index}].cs = {reader.cs}"
                                + (f", hub.readers[{tag.reader}].cs = {other.cs}" if other else "")))
            else:
                self.add(Result(part, PASS, f"tag {tag.uid}{self._figure(tag.uid)}"))
            self.op.remove_tag(tag.reader)
            self.op.until("Take the figure off again.", functools.partial(_left, tag.reader))

    @staticmethod
    def _figure(uid: str) -> str:
        from kaleun.hub.tags import FigureTags, TagStoreError

        try:
            figure = FigureTags.load().figure_of(uid)
        except TagStoreError:
            return ""
        return f", enrolled as {figure}" if figure else ", not enrolled yet: kaleun figures enroll"


def report(board: Board, results: list[Result]) -> str:
    lines = [f"Bring-up report: {board.name} ({board.path})"]
    for result in results:
        lines.append(f"  {result.status.upper():4}  {result.part}: {result.seen}")
        if result.advice:
            lines.append(f"        look at: {result.advice}")
    counts = {status: sum(r.status == status for r in results) for status in (PASS, FAIL, SKIP)}
    lines.append(f"{counts[PASS]} passed, {counts[FAIL]} failed, {counts[SKIP]} skipped.")
    return "\n".join(lines)


def scripted_problems(board: Board) -> list[str]:
    """Why the scripted hands cannot run on this board (real hardware), or nothing."""
    problems = []
    if board.uses_gpio and board.pin_factory != "mock":
        problems.append(f"its GPIO parts are real (gpio.pin_factory = \"{board.pin_factory}\")")
    if board.hub.url is not None and board.hub.url != "fake":
        problems.append(f"its deck hub is real (hub.url = \"{board.hub.url}\")")
    if board.lamps.driver in ("neopixel", "neopixel_spi"):
        problems.append(f"its lamps are real NeoPixels (lamps.driver = \"{board.lamps.driver}\")")
    return problems


def check(board: Board, auto: bool = False, groups: Iterable[str] = GROUPS, stdin: IO[str] | None = None,
          stdout: IO[str] | None = None) -> list[Result]:
    """Run the bring-up on a board; returns the results (the report is printed at the end)."""
    out = stdout or sys.stdout
    rig = Rig(board)
    try:
        rig.open()
        operator: Person = Hands(rig, out) if auto else Person(rig, stdin or sys.stdin, out)
        out.write(f"Kaleun bring-up: {board.name} ({board.path})\n")
        bringup = Bringup(rig, operator)
        try:
            bringup.run(groups)
        except KeyboardInterrupt:
            out.write("\nStopped: the report covers the parts checked so far.\n")
        return bringup.results
    finally:
        rig.close()
