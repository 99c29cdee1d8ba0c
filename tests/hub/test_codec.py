"""The line protocol: test vectors (shared with the firmware) and a parser that never breaks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.hub.proto import codec


def _schemas(side: str) -> dict[str, Any]:
    return codec.HUB_FRAMES if side == "hub" else codec.HOST_FRAMES


def test_crc16_vectors_with_both_implementations(vectors):
    for case in vectors["crc16"]:
        data = case["ascii"].encode()
        assert f"{codec.crc16(data):04X}" == case["crc"]
        assert f"{codec.crc16_table(data):04X}" == case["crc"]  # the one CircuitPython runs


def test_good_frames_decode_to_the_vector_fields(vectors):
    for case in vectors["frames"]:
        frame = codec.check(codec.decode(case["line"].encode()), _schemas(case["from"]))
        fields = {k: [list(t) for t in v] if k == "tags" else v for k, v in frame.fields.items()}
        assert (frame.seq, frame.verb, fields) == (case["seq"], case["verb"], case["fields"]), case["line"]


def test_encoding_gives_the_vector_lines_byte_for_byte(vectors):
    for case in vectors["frames"]:
        tokens = case["line"].rsplit(" *", 1)[0].split(" ")[2:]
        pairs = [tuple(token.split("=", 1)) for token in tokens]
        assert codec.encode(case["seq"], case["verb"], pairs) == case["line"].encode() + b"\r\n"


def test_bad_lines_are_dropped_with_their_reason(vectors):
    for case in vectors["bad"]:
        raw = bytes.fromhex(case["hex"]) if "hex" in case else case["line"].encode()
        parser = codec.LineParser(_schemas(case["from"]))
        assert parser.feed(raw + b"\n") == []
        assert parser.drops == {case["reason"]: 1}, case


def test_frames_split_across_reads_are_joined():
    line = codec.encode(3, "arrived", [("r", 1), ("uid", "04A1B2C3D4E5F6")])
    parser = codec.LineParser(codec.HUB_FRAMES)
    got = []
    for i in range(len(line)):
        got += parser.feed(line[i:i + 1])
    assert [f.fields for f in got] == [{"r": 1, "uid": "04A1B2C3D4E5F6"}]
    assert parser.dropped == 0


def test_an_overlong_line_counts_once_and_the_next_frame_still_parses():
    parser = codec.LineParser(codec.HUB_FRAMES, max_line=64)
    good = codec.encode(1, "recovered", [("r", 2)])
    assert parser.feed(b"x" * 50) == []
    assert parser.feed(b"y" * 50) == []  # now over the limit: dropped, rest of the line skipped
    assert parser.feed(b"z" * 10 + b"\n" + good) == [codec.Frame(1, "recovered", {"r": 2})]
    assert parser.drops == {"too_long": 1}


def test_an_overlong_line_arriving_in_many_reads_counts_once():
    parser = codec.LineParser(codec.HUB_FRAMES, max_line=64)
    good = codec.encode(1, "recovered", [("r", 2)])
    for _ in range(5):  # each read alone would overflow the buffer again
        assert parser.feed(b"x" * 100) == []
    assert parser.feed(b"y\r\n" + good) == [codec.Frame(1, "recovered", {"r": 2})]
    assert parser.drops == {"too_long": 1}


def _frame_of_length(size: int) -> bytes:
    """A good hb frame whose line, without its line end, is exactly `size` bytes."""
    pad = 1
    while True:
        line = codec.encode(7, "hb", [("up", 1), ("pad", "p" * pad)]).rstrip(b"\r\n")
        if len(line) >= size:
            assert len(line) == size
            return line
        pad += size - len(line)


def test_the_line_limit_does_not_depend_on_the_line_end():
    """At most MAX_LINE bytes before the line end, whether it is CR LF or a lone LF, and
    whether the line comes in one read or byte by byte."""
    longest = _frame_of_length(codec.MAX_LINE)
    too_long = _frame_of_length(codec.MAX_LINE + 1)
    for end in (b"\r\n", b"\n"):
        for chunk in (len(longest) + 2, 1):
            parser = codec.LineParser(codec.HUB_FRAMES)
            frames = []
            data = longest + end + too_long + end
            for i in range(0, len(data), chunk):
                frames += parser.feed(data[i:i + chunk])
            assert [f.seq for f in frames] == [7], (end, chunk)
            assert parser.drops == {"too_long": 1}, (end, chunk)


def test_the_drop_reasons_run_in_the_documented_order():
    assert codec.REASONS[:2] == ("empty", "too_long")
    parser = codec.LineParser(codec.HUB_FRAMES, max_line=4)
    parser.feed(b"\r\n" + b"12345\n")
    assert parser.drops == {"empty": 1, "too_long": 1}


def test_uids_are_upper_case_hex_of_4_7_or_10_bytes():
    for good in ("DEADBEEF", "04A1B2C3D4E5F6", "04A1B2C3D4E5F6A1B2C3"):
        assert codec.PARSE["uid"](good) == good
    for bad in ("04a1b2c3d4e5f6", "04A1B2C3D4", "04A1B2C3D4E5F6A1", "04A1B2C3D4E5F6A1B2", "DEADBEE",
                "04A1B2C3D4E5F6A1B2C3D4"):
        with pytest.raises(codec.FrameError) as caught:
            codec.PARSE["uid"](bad)
        assert caught.value.reason == "bad_fields", bad


def test_whole_numbers_in_fields_have_at_most_nine_digits():
    assert codec.PARSE["int"]("-123456789") == -123456789 and codec.PARSE["int"]("999999999") == 999999999
    for bad in ("1234567890", "-1234567890", "12a", "-", ""):
        with pytest.raises(codec.FrameError) as caught:
            codec.PARSE["int"](bad)
        assert caught.value.reason == "bad_fields", bad


def test_unknown_extra_fields_are_ignored_for_newer_senders():
    body = b"4 left r=2 uid=DEADBEEF why=lifted"
    line = body + f" *{codec.crc16(body):04X}".encode()
    frame = codec.check(codec.decode(line), codec.HUB_FRAMES)
    assert frame.fields == {"r": 2, "uid": "DEADBEEF"}


# -- the parser never raises and counts every line ------------------------------------------
frame_strategy = st.builds(
    lambda seq, r, uid: codec.encode(seq, "arrived", [("r", r), ("uid", uid)]),
    st.integers(0, 0xFFFF), st.integers(0, 15), st.binary(min_size=7, max_size=7).map(lambda b: b.hex().upper()))


def _mangle(frame: bytes, how: str, data: st.DataObject) -> bytes:
    body = frame.rstrip(b"\r\n")
    if how == "truncate":
        return body[:data.draw(st.integers(0, len(body) - 1))]
    if how == "flip":
        i = data.draw(st.integers(0, len(body) - 1))
        bit = 1 << data.draw(st.integers(0, 6))
        return body[:i] + bytes((body[i] ^ bit,)) + body[i + 1:]
    if how == "noise":
        return data.draw(st.binary(max_size=80)).replace(b"\n", b"")
    return body


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_truncated_and_corrupt_frames_never_raise_and_every_drop_is_counted(data):
    """Host parser property: each line fed is either one good frame or one counted drop."""
    lines = []
    good = 0
    for _ in range(data.draw(st.integers(1, 12))):
        frame = data.draw(frame_strategy)
        how = data.draw(st.sampled_from(["good", "truncate", "flip", "noise"]))
        line = _mangle(frame, how, data)
        if how == "good":
            good += 1
        lines.append(line)
    stream = b"\n".join(lines) + b"\n"
    lines = stream.split(b"\n")[:-1]  # a flipped bit may have made a newline of a '*'
    parser = codec.LineParser(codec.HUB_FRAMES)
    out = []
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        out += parser.feed(stream[start:end])
    assert parser.frames == len(out)
    assert parser.frames + parser.dropped == len(lines)  # every line: one frame or one counted drop
    assert parser.frames == sum(_is_frame(line) for line in lines)
    assert parser.frames >= good  # mangling can only lose frames (CRC-16 catches every single-bit flip)


def _is_frame(line: bytes) -> bool:
    try:
        codec.check(codec.decode(line), codec.HUB_FRAMES)
    except codec.FrameError:
        return False
    return True


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000))
def test_arbitrary_bytes_never_raise(blob):
    parser = codec.LineParser(codec.HUB_FRAMES)
    parser.feed(blob)
    parser.feed(b"\n")
    assert parser.frames + parser.dropped >= blob.count(b"\n")
    assert set(parser.drops) <= set(codec.REASONS)


# -- firmware/README.md: the protocol as the maker reads it ----------------------------------------
def _readme() -> str:
    from kit import ROOT

    return (ROOT / "firmware" / "README.md").read_text(encoding="utf-8")


def test_the_readmes_session_is_valid_frames_of_each_side():
    """"A session": every line shown (`>` host, `<` hub) decodes with its checksum and its verb's fields."""
    import re

    lines = re.findall(r"^([<>]) (\d+ .*)$", _readme(), re.M)
    assert len(lines) >= 10
    for side, line in lines:
        frame = codec.decode(line.encode())
        codec.check(frame, _schemas("hub" if side == "<" else "host"))


def test_the_readmes_verb_tables_are_the_codecs():
    """"Hub → host" and "Host → hub": the verbs and their fields are those the codec checks."""
    import re

    text = _readme()
    for title, side in (("### Hub → host", "hub"), ("### Host → hub", "host")):
        table = text[text.index(title):].split("\n\n")[0]
        rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| ([^|]*) \|", table, re.M)}
        schema = _schemas(side)
        assert set(rows) == set(schema), f"{title}: verbs"
        for verb, fields in schema.items():
            shown = set(re.findall(r"`(\w+)`", rows[verb]))
            assert {k.rstrip("?") for k in fields} <= shown, f"{title}: {verb} fields"
