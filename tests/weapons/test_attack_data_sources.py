"""The attack, torpedo stores and tubes and "rules as data": every value of the attack's data is a fact with its source
or our choice marked "[gap]" — torpedo types by date, the boat's tubes and handling, the loadouts by date,
the guns and their ammunition, and the hull figures a torpedo strikes (ships.toml: GRT, length, beam,
draught). A value put in without either fails here, naming its file and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kaleun.uboot import data

DATA = Path(data.__file__).parent
#: the sources named by the files besides their [Tag]s declared in a header
SOURCE_WORDS = ("wikipedia", "uboat.net", "kgbudge", "thehistoryfiles", "navsource", "u-boote.fr")
#: (file, the tables whose values are checked, the keys checked in them; None: every key)
CHECKED = [
    ("ships.toml", r"classes\.\w+", ("grt", "length_m", "beam_m", "draft_m")),
    ("torpedoes.toml", r"types\.\w+", ("settings", "cold", "warm_h", "warhead_kg", "from", "until")),
    ("torpedoes.toml", r"boat", None),
    ("torpedoes.toml", r"loadout", ("from",)),
    ("guns.toml", r"gun_(88|20)", ("rounds", "burst", "rate_per_min", "seconds_per_burst", "range_nm", "hit_p_close",
                                   "hit_p_far", "night_factor", "sea_factor", "damage", "drive_off_p",
                                   "max_rounds_per_order", "max_bursts_per_order")),
]


def _tags(text: str) -> set[str]:
    """The source tags a file declares in its header comments (`#   [G7a]    en.wikipedia ...`)."""
    return set(re.findall(r"^#\s+\[([A-Za-z0-9/ -]+)\]\s+\S", text, flags=re.M))


def _undocumented(name: str, table: str, keys: tuple[str, ...] | None) -> list[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    tags = _tags(text)
    current = None
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.match(r"^\[\[?([^\]]+)\]\]?", line)
        if header:
            current = header.group(1)
            continue
        key = re.match(r"^(\w+)\s*=", line)
        if current is None or key is None or not re.fullmatch(table, current):
            continue
        if keys is not None and key.group(1) not in keys:
            continue
        comment = line.split("#", 1)[1] if "#" in line else ""
        cited = re.findall(r"\[([A-Za-z0-9/ -]+)\]", comment)
        if "[gap" in comment or any(c in tags for c in cited) or any(w in comment.lower() for w in SOURCE_WORDS):
            continue
        out.append(f"{name}:{number}: [{current}] {key.group(1)} has no source and is not marked [gap]")
    return out


@pytest.mark.parametrize("name, table, keys", CHECKED, ids=[f"{n}:{t}" for n, t, _k in CHECKED])
def test_every_value_of_the_attacks_data_has_its_source_or_is_our_choice(name, table, keys):
    assert _undocumented(name, table, keys) == []
