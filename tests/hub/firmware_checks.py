"""The hub firmware's logic checked by a plain script, so that MicroPython's unix port (a
small interpreter like CircuitPython's) runs it as well as CPython. Not a pytest module:
test_firmware_interpreters.py runs it as

    INTERPRETER firmware_checks.py VECTORS.json TRANSCRIPT.json

with firmware/lib on the module path. Prints one line per failed check and "checks N
failed M"; exits 1 when a check failed. Only what both interpreters have: no typing, no
dataclasses, no f-string debugging, no pytest.
"""

import json
import sys

from kaleun_hub import FIRMWARE_VERSION, PROTOCOL_VERSION, codec, config, encoders, hub, mfrc522, pn532, scanner

COUNT = [0]
FAILED = []


def check(name, ok, detail=""):
    COUNT[0] += 1
    if not ok:
        FAILED.append(name)
        print("FAILED", name, detail)


def raises(function, kind):
    """The exception of type `kind` that function() raises, or None (anything else fails)."""
    try:
        function()
    except kind as exc:
        return exc
    return None


def load(path):
    with open(path) as fh:
        return json.load(fh)


def schemas(side):
    return codec.HUB_FRAMES if side == "hub" else codec.HOST_FRAMES


def plain(fields):
    out = {}
    for key, value in fields.items():
        out[key] = [list(t) for t in value] if key == "tags" else value
    return out


# -- the protocol vectors --------------------------------------------------------------------
def vectors(data):
    for case in data["crc16"]:
        raw = case["ascii"].encode()
        check("crc16 " + case["ascii"], f"{codec.crc16(raw):04X}" == case["crc"])
        check("crc16_table " + case["ascii"], f"{codec.crc16_table(raw):04X}" == case["crc"])
    for case in data["frames"]:
        frame = codec.check(codec.decode(case["line"].encode()), schemas(case["from"]))
        check("decode " + case["line"], (frame.seq, frame.verb, plain(frame.fields)) ==
              (case["seq"], case["verb"], case["fields"]), repr(frame))
        tokens = case["line"][:case["line"].rfind(" *")].split(" ")[2:]
        pairs = [tuple(token.split("=", 1)) for token in tokens]
        check("encode " + case["line"], codec.encode(case["seq"], case["verb"], pairs) ==
              case["line"].encode() + b"\r\n")
    for case in data["bad"]:
        raw = bytes.fromhex(case["hex"]) if "hex" in case else case["line"].encode()
        parser = codec.LineParser(schemas(case["from"]))
        frames = parser.feed(raw + b"\n")
        check("drop " + repr(raw), frames == [] and parser.drops == {case["reason"]: 1}, repr(parser.drops))


def garbage():
    """Every byte value, broken checksums, over-long lines, lines cut anywhere: never raises."""
    parser = codec.LineParser(codec.HOST_FRAMES, max_line=64)
    blob = bytes(range(256)) * 3 + b"0 snap *0000\r\n" + b"x" * 300 + b"\n" + b" *FFFF\n" + b"1 lamp first=0 *1\n"
    good = codec.encode(5, "snap")
    lines = (blob + good).count(b"\n")
    frames = []
    for size in (1, 7, 64, 1000):
        parser = codec.LineParser(codec.HOST_FRAMES, max_line=64)
        frames = []
        data = blob + good
        for start in range(0, len(data), size):
            frames += parser.feed(data[start:start + size])
        check(f"garbage in reads of {size}", parser.frames + parser.dropped == lines and len(frames) == 1,
              repr(parser.drops))
    check("garbage frame", frames and frames[0].verb == "snap")


# -- the hub's main loop -----------------------------------------------------------------------
class Reader:
    def __init__(self, uids):
        self.uids = uids
        self.broken = False

    def scan(self):
        if self.broken:
            raise OSError("no answer")
        return [bytes.fromhex(uid) for uid in self.uids]


class Wire:
    def __init__(self):
        self.parser = codec.LineParser(codec.HUB_FRAMES)
        self.frames = []

    def __call__(self, data):
        self.frames += self.parser.feed(data)

    def take(self):
        out = [(f.verb, f.fields) for f in self.frames]
        self.frames = []
        return out


def host(seq, verb, fields=()):
    return codec.encode(seq, verb, fields)


def hub_loop():
    cfg = config.parse({"format": 1, "name": "mp", "scan_ms": 10, "heartbeat_ms": 100, "debounce_hits": 2,
                        "fault_after": 2, "readers": [{"cs": "GP17", "section": 1}, {"cs": "GP20", "section": 2}]})
    good, bad = Reader(["04A1B2C3D4E5F6"]), Reader([])
    bad.broken = True
    wire = Wire()
    h = hub.Hub([good, bad], cfg, wire)
    h.tick(0)
    h.feed(b"0 snap *0000\r\n" + bytes(range(256)) + b"\n" + host(1, "hello", (("proto", 1),)))
    sent = wire.take()
    check("boot hello", sent[0] == ("hello", {"fw": FIRMWARE_VERSION, "proto": PROTOCOL_VERSION, "readers": 2,
                                              "sections": [1, 2], "name": "mp"}), repr(sent))
    check("no snapshot before the readers were read", [verb for verb, _ in sent] == ["hello", "hello"], repr(sent))
    h.tick(10)
    sent = wire.take()
    check("snapshot once known", sent == [("snap", {"tags": [(0, "04A1B2C3D4E5F6")], "faults": [1]})], repr(sent))
    check("drops counted", h.parser.drops == {"bad_checksum": 1, "not_text": 2}, repr(h.parser.drops))
    bad.broken = False
    bad.uids = ["DEADBEEF"]
    h.tick(20)
    h.tick(30)
    sent = wire.take()
    check("recovered after debouncing", sent == [("recovered", {"r": 1}), ("arrived", {"r": 1, "uid": "DEADBEEF"})],
          repr(sent))
    h.tick(200)
    sent = wire.take()
    check("heartbeat", sent and sent[-1][0] == "hb" and sent[-1][1]["drops"] == 3, repr(sent))


class Encoder:
    position = 0


def long_turns():
    """An encoder that moved further between two polls than one `turn` frame carries (codec.MAX_TURN:
    the loop held up while the PIO counted on) is reported in several frames of at most MAX_TURN,
    their positions counting on to where it stands, never in one frame the host would ignore."""
    most = codec.MAX_TURN
    cfg = config.parse({"format": 1, "readers": [{"cs": "GP17", "section": 1}]})
    wire = Wire()
    enc = Encoder()
    h = hub.Hub([Reader([])], cfg, wire, encoders=encoders.EncoderWatch([enc]))
    h.tick(0)
    wire.take()
    enc.position = 2 * most + 5
    h.tick(10)
    sent = wire.take()
    check("a long turn in several frames", sent == [("turn", {"enc": 0, "delta": most, "pos": most}),
                                                     ("turn", {"enc": 0, "delta": most, "pos": 2 * most}),
                                                     ("turn", {"enc": 0, "delta": 5, "pos": 2 * most + 5})], repr(sent))
    enc.position = -most
    h.tick(20)
    sent = wire.take()
    check("a long turn back in several frames", sent == [("turn", {"enc": 0, "delta": -most, "pos": most + 5}),
                                                         ("turn", {"enc": 0, "delta": -most, "pos": 5}),
                                                         ("turn", {"enc": 0, "delta": -most, "pos": 5 - most}),
                                                         ("turn", {"enc": 0, "delta": -5, "pos": -most})], repr(sent))
    enc.position = 0
    h.tick(30)
    sent = wire.take()
    check("a whole MAX_TURN in one frame", sent == [("turn", {"enc": 0, "delta": most, "pos": 0})], repr(sent))
    check("the long turns are settled", h.encoders.settled())


class FlakyStrip:
    def __init__(self):
        self.fails = 2

    def render(self, now):
        if self.fails:
            self.fails -= 1
            raise RuntimeError("strip")


class Port:
    def __init__(self, chunks):
        self.chunks = chunks

    @property
    def in_waiting(self):
        return len(self.chunks[0]) if self.chunks else 0

    def read(self, count):
        return self.chunks.pop(0)


def serve_loop():
    cfg = config.parse({"format": 1, "readers": [{"cs": "GP17", "section": 1}]})
    wire = Wire()
    h = hub.Hub([Reader([])], cfg, wire, lamps=FlakyStrip())
    said = []
    ticks = [0]

    def clock():
        ticks[0] += 20
        return ticks[0]

    hub.serve(h, Port([b"\xff\xfe\n", host(0, "hello", (("proto", 1),))]), clock, report=said.append, rounds=5)
    check("serve carries on", h.errors == 2 and len(said) == 2, repr(said))
    check("serve still answers", [verb for verb, _ in wire.take()] == ["hello", "snap", "hello", "snap"])


# -- errors the firmware raises and catches ------------------------------------------------------
class DeadPort:
    def transfer(self, out):
        return bytes(len(out))


def errors():
    exc = raises(lambda: codec.decode(b"0 snap *0000"), codec.FrameError)
    check("FrameError", exc is not None and exc.reason == "bad_checksum")
    exc = raises(lambda: mfrc522.MFRC522(DeadPort()).init(), mfrc522.ReaderError)
    check("ReaderError", exc is not None and exc.code == "no_chip", repr(exc))
    exc = raises(lambda: pn532.parse_targets(b"\x03"), pn532.PN532Error)
    check("PN532Error", exc is not None and exc.code == "bad_response")
    exc = raises(lambda: config.parse({"format": 1, "readers": [{"cs": "GP1", "section": 9}]}), config.ConfigError)
    check("ConfigError", exc is not None and "readers[0].section" in str(exc))
    sc = scanner.Scanner([mfrc522.MFRC522(DeadPort())], fault_after=1)
    check("scanner names the chip's error", sc.scan() == [("fault", 0, "stuck")])


# -- the MFRC522 driver against a recorded register transcript ----------------------------------
class Replay:
    """Answers each SPI transaction with what the chip model answered on CPython."""

    def __init__(self, steps):
        self.steps = steps
        self.at = 0
        self.wrong = 0

    def transfer(self, out):
        sent, answer = self.steps[self.at]
        self.at += 1
        if bytes.fromhex(sent) != bytes(out):
            self.wrong += 1
        return bytes.fromhex(answer)


def transcript(data):
    port = Replay(data["steps"])
    driver = mfrc522.MFRC522(port)
    driver.init()
    found = sorted(codec.uid_hex(uid) for uid in driver.scan())
    check("driver replays the transcript", port.wrong == 0 and port.at == len(data["steps"]),
          f"{port.wrong} wrong of {port.at}")
    check("driver enumerates the tags", found == sorted(data["uids"]), repr(found))


def main():
    vectors(load(sys.argv[1]))
    garbage()
    hub_loop()
    serve_loop()
    long_turns()
    errors()
    if len(sys.argv) > 2:
        transcript(load(sys.argv[2]))
    print("checks", COUNT[0], "failed", len(FAILED))
    sys.exit(1 if FAILED else 0)


main()
