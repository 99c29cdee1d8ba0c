"""Nothing lost, the hub is ours, the remembered hub identities (`hubs.json`, kaleun.hub.known) under faults: two
commands writing it at once keep both their hubs; an entry no hub could say (an id that is not 4 to 64
upper-case hex digits, a name of a thousand characters) is damage, named and relearned, never printed
back into the table's refusal; a folder, a link, a device or a pipe at its place is named and never a
crash; a mutation campaign of damaged files always ends in a warning or the hubs it holds."""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from kaleun.hub.known import RememberedHub

ID = "E6614103E7396B29"

WRITER = """
import sys
from pathlib import Path
from kaleun.hub.known import RememberedHub
path, who, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
for i in range(n):
    RememberedHub(path, f"/boards/{who}{i}.toml @ /dev/ttyACM0").remember("deck", "%04X" % i)
"""


def test_two_commands_remembering_hubs_at_once_keep_every_hub(tmp_path):
    """Two `kaleun hub trust` (or a table's start and a trust) for other boards at the same moment: each
    read the file, added its hub and replaced the file, so the one that wrote last dropped the other's."""
    path = tmp_path / "hubs.json"
    n = 60
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), who, str(n)]) for who in ("a", "b", "c")]
    assert [w.wait(timeout=120) for w in writers] == [0, 0, 0]
    hubs = json.loads(path.read_text())["hubs"]
    missing = [f"{who}{i}" for who in "abc" for i in range(n) if f"/boards/{who}{i}.toml @ /dev/ttyACM0" not in hubs]
    assert not missing, f"{len(missing)} of {3 * n} hubs lost: {missing[:6]}"
    assert not [p.name for p in tmp_path.iterdir() if p.name != "hubs.json"]  # no temporary file left


@pytest.mark.parametrize("entry", [
    {"name": "deck", "id": "e6614103e7396b29"}, {"name": "deck", "id": "\u202e" * 40},
    {"name": "deck", "id": "X" * 100_000}, {"name": "x" * 100_000, "id": ID}, {"name": "deck", "id": "ABC"},
    {"name": "deck\nline", "id": ID}, {"name": "deck", "id": ID + "\x00"}])
def test_an_identity_no_hub_could_say_is_damage_named_and_relearned(tmp_path, caplog, entry):
    path = tmp_path / "hubs.json"
    key = "/boards/uboot.toml @ /dev/ttyACM0"
    path.write_text(json.dumps({"version": 1, "hubs": {key: entry}}))
    known = RememberedHub(path, key)
    with caplog.at_level(logging.WARNING):
        assert known.identity() is None
    assert f"{path}: not a file of remembered deck hubs" in caplog.text
    known.remember("deck", ID)
    assert known.identity() == {"name": "deck", "id": ID}


def test_a_version_that_is_true_is_not_version_1(tmp_path, caplog):
    path = tmp_path / "hubs.json"
    path.write_text(json.dumps({"version": True, "hubs": {"k": {"name": "deck", "id": ID}}}))
    with caplog.at_level(logging.WARNING):
        assert RememberedHub(path, "k").identity() is None
    assert "not a file of remembered deck hubs" in caplog.text


def _odd_place(kind: str, path: Path) -> None:
    if kind == "a folder":
        path.mkdir()
        (path / "x").write_text("1")
    elif kind == "a dangling link":
        path.symlink_to(path.parent / "nowhere" / "hubs.json")
    elif kind == "a link to itself":
        path.symlink_to(path)
    elif kind == "a link to a device":
        path.symlink_to("/dev/zero")
    elif kind == "a pipe":
        os.mkfifo(path)


@pytest.mark.parametrize("kind", ["a folder", "a dangling link", "a link to itself", "a link to a device", "a pipe"])
def test_something_else_at_the_files_place_is_named_and_never_a_crash(tmp_path, caplog, kind):
    path = tmp_path / "hubs.json"
    _odd_place(kind, path)
    known = RememberedHub(path, "k")
    with caplog.at_level(logging.WARNING):
        assert known.identity() is None
        known.remember("deck", ID)  # a warning when it cannot, never an exception
    if kind == "a folder":
        assert path.is_dir() and (path / "x").read_text() == "1"  # a folder is never replaced
        assert f"{path}: cannot remember the deck hub {ID}" in caplog.text
    else:
        assert not path.is_symlink() and known.identity() == {"name": "deck", "id": ID}
    assert (Path("/dev/zero").exists())


def test_a_config_folder_that_is_a_file_is_named(tmp_path, caplog):
    (tmp_path / "config").write_text("x")
    with caplog.at_level(logging.WARNING):
        RememberedHub(tmp_path / "config" / "hubs.json", "k").remember("deck", ID)
    assert f"cannot remember the deck hub {ID} ({tmp_path / 'config'} is not a folder)" in caplog.text
    assert (tmp_path / "config").read_text() == "x"


def test_a_link_to_a_file_elsewhere_leaves_that_file_alone(tmp_path):
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("keep me")
    path = tmp_path / "home" / "hubs.json"
    path.parent.mkdir()
    path.symlink_to(elsewhere)
    RememberedHub(path, "k").remember("deck", ID)
    assert elsewhere.read_text() == "keep me" and not path.is_symlink()


@pytest.mark.slow
def test_a_few_hundred_damaged_memories_of_hubs_warn_or_give_their_hubs(tmp_path, caplog):
    """A mutation campaign: a file of three remembered hubs cut short, a byte changed, values of other
    kinds. Each reading ends in the hubs it holds (each a hub could say) or a warning, never a crash."""
    from faultkit import OTHER_TYPES

    keys = [f"/boards/b{i}.toml @ /dev/ttyACM{i}" for i in range(3)]
    good = {"version": 1, "hubs": {k: {"name": f"deck-{i}", "id": f"{ID[:-1]}{i}"} for i, k in enumerate(keys)}}
    text = json.dumps(good, indent=2)
    rng = random.Random(6)
    outcomes: Counter[str] = Counter()
    path = tmp_path / "hubs.json"
    for _ in range(300):
        kind = rng.choice(["cut", "byte", "type", "type"])
        if kind == "cut":
            damaged = text[:rng.randrange(len(text))]
        elif kind == "byte":
            at = rng.randrange(len(text))
            damaged = text[:at] + rng.choice(["\x00", "}", '"', "\\", "\ufffd", "a", "0"]) + text[at + 1:]
        else:
            state = json.loads(text)
            target = rng.choice([state, state["hubs"], *state["hubs"].values()])
            target[rng.choice(list(target))] = rng.choice(OTHER_TYPES)
            damaged = json.dumps(state)
        path.write_text(damaged)
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            found = [RememberedHub(path, k).identity() for k in keys]
        if caplog.records:
            outcomes["warned"] += 1
            continue
        for identity in found:
            assert identity is None or (isinstance(identity["id"], str) and 4 <= len(identity["id"]) <= 64), found
        outcomes["read"] += 1
    print(f"\nhubs.json damaged: 300 files: {dict(outcomes)}")


def test_a_file_that_cannot_be_read_is_named_with_why(tmp_path, caplog, monkeypatch):
    """An unreadable hubs.json (permissions: the tests run as root here, so the refusal is injected)."""
    import kaleun.hub.known as known

    def refused(path, limit):
        raise PermissionError(13, "Permission denied", str(path))

    path = tmp_path / "hubs.json"
    path.write_text(json.dumps({"version": 1, "hubs": {"k": {"name": "deck", "id": ID}}}))
    monkeypatch.setattr(known, "read_file", refused)
    with caplog.at_level(logging.WARNING):
        assert RememberedHub(path, "k").identity() is None
    assert f"{path}: the deck hubs remembered there cannot be read (Permission denied)" in caplog.text
