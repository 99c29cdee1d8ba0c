# SPDX-License-Identifier: MIT
"""Line frames of the deck hub protocol (see firmware/README.md).

A frame is one line of printable ASCII::

    <seq> <verb> [<key>=<value> ...] *<CRC>\\r\\n

`seq` counts 0..65535 and wraps, one counter per sender. CRC is CRC-16/CCITT-FALSE
(polynomial 0x1021, initial value 0xFFFF) of every byte before " *", as four hex digits.
Values hold no spaces and no '*'. A line holds at most MAX_LINE bytes, not counting its
CR LF. The receiver drops (and counts, by reason) anything that is not a valid frame of a
verb it knows; nothing a line contains raises out of `LineParser.feed`.

Runs on CircuitPython and MicroPython too: exceptions call `super().__init__` (those
interpreters have no `Exception.__init__` to call by name), no typing, no dataclasses.
"""

MAX_LINE = 1024
#: the most counts one `turn` frame carries either way (`delta`, and `pos` moved since the last
#: frame): a whole revolution of the finest ring a board file may declare (its
#: steps_per_revolution). A hand turns a dial well under one revolution between two polls of the
#: hub (a scan of its readers); an encoder that moved further (the main loop held up while the
#: PIO counted on) is reported in several frames (encoders.py). A frame claiming more is a garbled
#: count: the fake hub refuses such a hand, and the host ignores such a frame (its dial does not move).
MAX_TURN = 100000
POLY = 0x1021

# drop reasons, in the order the checks run
EMPTY = "empty"
TOO_LONG = "too_long"
NOT_TEXT = "not_text"
NO_CHECKSUM = "no_checksum"
BAD_CHECKSUM = "bad_checksum"
BAD_SEQ = "bad_seq"
BAD_SYNTAX = "bad_syntax"
UNKNOWN_VERB = "unknown_verb"
BAD_FIELDS = "bad_fields"
REASONS = (EMPTY, TOO_LONG, NOT_TEXT, NO_CHECKSUM, BAD_CHECKSUM, BAD_SEQ, BAD_SYNTAX, UNKNOWN_VERB, BAD_FIELDS)

_HEX = "0123456789ABCDEF"
_LOWER = "abcdefghijklmnopqrstuvwxyz_"


def _make_table():
    table = []
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ POLY) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
        table.append(crc)
    return table


_TABLE = _make_table()


def crc16_table(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE computed with a 256-entry table (what runs on the hub)."""
    for byte in data:
        crc = ((crc << 8) & 0xFF00) ^ _TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


try:  # CPython has the same CRC in C; CircuitPython's binascii may lack it
    from binascii import crc_hqx as _crc_hqx

    def crc16(data, crc=0xFFFF):
        """CRC-16/CCITT-FALSE of `data` (bytes)."""
        return _crc_hqx(data, crc)
except ImportError:  # pragma: no cover - CircuitPython
    crc16 = crc16_table


class FrameError(ValueError):
    """A line is not a valid frame; `reason` is one of REASONS."""

    def __init__(self, reason, detail=""):
        super().__init__(reason + (": " + detail if detail else ""))
        self.reason = reason
        self.detail = detail


class Frame:
    """One decoded frame. `fields` maps keys to text values, or to typed values after `check`."""

    def __init__(self, seq, verb, fields):
        self.seq = seq
        self.verb = verb
        self.fields = fields

    def __repr__(self):
        return "Frame(%d, %r, %r)" % (self.seq, self.verb, self.fields)

    def __eq__(self, other):
        return (isinstance(other, Frame) and self.seq == other.seq and self.verb == other.verb
                and self.fields == other.fields)


# -- values ---------------------------------------------------------------------------------
def uid_hex(uid):
    """A tag UID (bytes) as the protocol writes it: upper-case hex, no separators."""
    return "".join("%02X" % b for b in uid)


def _is_hex(text):
    if not text:
        return False
    for ch in text:
        if ch not in _HEX:
            return False
    return True


def _int(text):
    body = text[1:] if text[:1] == "-" else text
    if not body or not body.isdigit() or len(body) > 9:
        raise FrameError(BAD_FIELDS, "not a whole number: " + text)
    return int(text)


#: hex digits of a 4-, 7- or 10-byte tag UID
UID_DIGITS = (8, 14, 20)


def _uid(text):
    if len(text) not in UID_DIGITS or not _is_hex(text):
        raise FrameError(BAD_FIELDS, "a tag UID is 8, 14 or 20 upper-case hex digits, got " + text)
    return text


def _ints(text):
    if text == "-":
        return []
    return [_int(part) for part in text.split(",")]


def _tags(text):
    if text == "-":
        return []
    out = []
    for part in text.split(","):
        reader, sep, uid = _split_once(part, ":")
        if not sep:
            raise FrameError(BAD_FIELDS, "a tag entry needs reader:UID, got " + part)
        out.append((_int(reader), _uid(uid)))
    return out


def _color(text):
    text = text.upper()
    if len(text) != 6 or not _is_hex(text):
        raise FrameError(BAD_FIELDS, "a colour is six hex digits RRGGBB, got " + text)
    return text


def _word(text):
    return text


#: hex digits a device id may have (an RP2040's unique id is 8 bytes: 16 digits)
ID_DIGITS = (4, 64)


def _hex_id(text):
    if not ID_DIGITS[0] <= len(text) <= ID_DIGITS[1] or not _is_hex(text):
        raise FrameError(BAD_FIELDS, "a device id is 4 to 64 upper-case hex digits, got " + text)
    return text


def _words(text):
    if text == "-":
        return []
    parts = text.split(",")
    for part in parts:
        if not part:
            raise FrameError(BAD_FIELDS, "an empty word in " + text)
    return parts


PARSE = {"int": _int, "uid": _uid, "ints": _ints, "tags": _tags, "color": _color, "word": _word,
         "words": _words, "hex": _hex_id}


def format_ints(values):
    return ",".join(str(v) for v in values) if values else "-"


def format_tags(tags):
    return ",".join("%d:%s" % (r, uid) for r, uid in tags) if tags else "-"


def format_words(words):
    return ",".join(words) if words else "-"


# -- what each side may send. Keys ending in "?" are optional. Unknown extra keys are
# -- ignored (newer senders may add some). The "hello" frames never change shape.
HUB_FRAMES = {
    "hello": {"fw": "word", "proto": "int", "readers": "int", "sections?": "ints", "name?": "word",
              "id?": "hex", "setup?": "words"},
    "snap": {"tags": "tags", "faults?": "ints"},
    "arrived": {"r": "int", "uid": "uid"},
    "left": {"r": "int", "uid": "uid"},
    "hb": {"up": "int", "scans?": "int", "ms?": "int", "drops?": "int", "errs?": "int"},
    "fault": {"r": "int", "err": "word"},
    "recovered": {"r": "int"},
    "turn": {"enc": "int", "delta": "int", "pos?": "int"},
    "home": {"enc": "int", "pos?": "int"},
}
HOST_FRAMES = {
    "hello": {"proto": "int", "host?": "word"},
    "snap": {},
    "lamp": {"first": "int", "count": "int", "color": "color", "pattern?": "word"},
    "dark": {},
}


# -- encoding -------------------------------------------------------------------------------
def encode(seq, verb, fields=()):
    """The bytes of one frame. `fields` is a sequence of (key, value) pairs, kept in order."""
    parts = [str(seq & 0xFFFF), verb]
    for key, value in fields:
        value = str(value)
        if not value or " " in value or "*" in value:
            raise ValueError("bad value for %s: %r" % (key, value))
        parts.append(key + "=" + value)
    body = " ".join(parts).encode()
    return body + (" *%04X\r\n" % crc16(body)).encode()


# -- decoding -------------------------------------------------------------------------------
try:
    _FAST_TEXT = "a".isascii() and "a".isprintable()
except AttributeError:  # pragma: no cover - CircuitPython
    _FAST_TEXT = False


def _is_text(text):
    if _FAST_TEXT:
        return text.isascii() and text.isprintable()
    for ch in text:  # pragma: no cover - CircuitPython
        code = ord(ch)
        if code < 32 or code > 126:
            return False
    return True


def decode(line, max_line=MAX_LINE):
    """Decode one line (bytes, without its LF; a CR before it is allowed). Raises FrameError
    with the reason. The checks run in the order of REASONS."""
    if line[-1:] == b"\r":
        line = line[:-1]
    if not line:
        raise FrameError(EMPTY)
    if len(line) > max_line:
        raise FrameError(TOO_LONG)
    try:
        text = line.decode()
    except UnicodeError:
        raise FrameError(NOT_TEXT) from None
    if not _is_text(text):
        raise FrameError(NOT_TEXT)
    star = text.rfind(" *")
    if star < 0 or len(text) != star + 6 or not _is_hex(text[star + 2:]):
        raise FrameError(NO_CHECKSUM)
    if crc16(line[:star]) != int(text[star + 2:], 16):
        raise FrameError(BAD_CHECKSUM)
    tokens = text[:star].split(" ")
    seq = tokens[0]
    if not seq.isdigit() or len(seq) > 5 or int(seq) > 0xFFFF:
        raise FrameError(BAD_SEQ)
    if len(tokens) < 2:
        raise FrameError(BAD_SYNTAX, "no verb")
    verb = tokens[1]
    if not verb or not _all_in(verb, _LOWER):
        raise FrameError(BAD_SYNTAX, "bad verb")
    fields = {}
    for token in tokens[2:]:
        key, sep, value = _split_once(token, "=")
        if not sep or not key or not value or not _all_in(key, _LOWER) or key in fields or "*" in value:
            raise FrameError(BAD_SYNTAX, "bad field " + token)
        fields[key] = value
    return Frame(int(seq), verb, fields)


def _split_once(text, sep):
    """str.partition, which small CircuitPython builds may leave out."""
    at = text.find(sep)
    if at < 0:
        return text, "", ""
    return text[:at], sep, text[at + len(sep):]


def _all_in(text, allowed):
    for ch in text:
        if ch not in allowed:
            return False
    return True


def check(frame, schemas):
    """Type the fields of `frame` with its verb's schema (in place). Raises FrameError."""
    schema = schemas.get(frame.verb)
    if schema is None:
        raise FrameError(UNKNOWN_VERB, frame.verb)
    typed = {}
    for key, kind in schema.items():
        optional = key.endswith("?")
        name = key[:-1] if optional else key
        value = frame.fields.get(name)
        if value is None:
            if not optional:
                raise FrameError(BAD_FIELDS, "%s needs %s" % (frame.verb, name))
            continue
        typed[name] = PARSE[kind](value)
    frame.fields = typed
    return frame


class LineParser:
    """Bytes in, checked frames out. Every line that is not a valid frame is counted in
    `drops` by reason (an over-long line once, however many reads it arrives in); `frames`
    counts the good ones. Never raises on any input."""

    def __init__(self, schemas, max_line=MAX_LINE):
        self.schemas = schemas
        self.max_line = max_line
        self.buf = b""
        #: True while the rest of an over-long line (already counted) is being thrown away
        self.skipping = False
        self.frames = 0
        self.drops = {}

    def drop(self, reason):
        self.drops[reason] = self.drops.get(reason, 0) + 1

    @property
    def dropped(self):
        return sum(self.drops.values())

    def reset(self):
        """Forget a half-received line (a new connection)."""
        self.buf = b""
        self.skipping = False

    def feed(self, data):
        """Parse what arrived; returns the good frames in order."""
        out = []
        if not data:
            return out
        data = bytes(data)
        if self.skipping:
            end = data.find(b"\n")
            if end < 0:
                return out  # still inside the over-long line
            self.skipping = False
            data = data[end + 1:]
        parts = (self.buf + data).split(b"\n")
        self.buf = parts.pop()
        for line in parts:
            frame = self.parse(line)
            if frame is not None:
                out.append(frame)
        # a line may hold max_line bytes plus the CR of its line end
        if len(self.buf) > self.max_line + 1:
            self.drop(TOO_LONG)
            self.buf = b""
            self.skipping = True
        return out

    def parse(self, line):
        """One line (without the newline) -> Frame, or None (counted as a drop)."""
        try:
            frame = check(decode(line, self.max_line), self.schemas)
        except FrameError as exc:
            self.drop(exc.reason)
            return None
        self.frames += 1
        return frame
