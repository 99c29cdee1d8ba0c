"""§4 the TDC order (§9.2, §12 of the digest: the attack) at the console: a field named with its unit (`depth_m`,
`speed_kn`, `spread_deg`, German `tiefe_m`, Russian `глубина_м`) is typed without it too, where that names one field
of the command; a name two fields share before their units (`range`: `range_m`, `range_nm`) is refused naming both.
Driven through the console, as a First Officer types it."""

from __future__ import annotations

import pytest
from kaleun.ui.actions import find
from kit import console_typed


@pytest.mark.parametrize(("code", "typed", "full"), [
    ("en", "tdc manual depth=4 speed=7 spread=6", "tdc manual depth_m=4 speed_kn=7 spread_deg=6"),
    ("de", "tdc manuell tiefe=4 fahrt=7 fächer=6", "tdc manuell tiefe_m=4 fahrt_kn=7 fächer_grad=6"),
    ("ru", "срп ручной глубина=4 скорость=7 веер=6", "срп ручной глубина_м=4 скорость_уз=7 веер_град=6"),
])
def test_9_2_the_tdcs_fields_typed_without_their_unit(code, typed, full):
    """`tdc c1 depth=4` was refused with "no field 'depth'": it now sets the depth, as `depth_m=4` does, at every
    table in its own words; the console answers both lines alike."""
    said = console_typed(code, typed)
    assert "no field" not in said and "kein Feld" not in said and "нет поля" not in said, said
    assert said == console_typed(code, full)


def test_9_2_one_declaration_serves_every_command():
    """The unit is dropped where fields are read, not per command: the depth order's `depth_m` is `depth` too."""
    depth = find("depth")
    tdc = find("tdc")
    assert depth is not None and tdc is not None
    assert depth.read(["depth=50"]) == depth.read(["depth_m=50"]) == {"depth_m": 50}
    assert tdc.read(["depth=4", "speed=7", "spread=6"]) == {"depth_m": 4, "speed_kn": 7, "spread_deg": 6}


@pytest.mark.parametrize(("code", "line", "told"), [
    ("en", "tdc manual range=1000", "! tdc: 'range' could be range_m or range_nm"),
])
def test_9_2_a_name_two_fields_share_is_refused_naming_both(code, line, told):
    """`range` is metres or nautical miles: the console names both and sends nothing."""
    heard: list = []
    said = console_typed(code, line, heard=heard)
    assert said.startswith(told), said
    assert not [e for e in heard if e.name.startswith("tdc")]


@pytest.mark.parametrize(("code", "line", "note"), [
    ("en", "help tdc", "depth_m: torpedo depth setting, metres [from 1 to 15; also as depth=value]"),
    ("de", "hilfe tdc", "tiefe_m: Tiefeneinstellung des Torpedos, Meter [von 1 bis 15; auch als depth_m=Wert; auch als "
                        "tiefe=Wert]"),
])
def test_9_2_help_says_the_field_may_be_typed_without_its_unit(code, line, note):
    """`help tdc` tells the First Officer what the console takes: the depth as `depth=`; `range` (two fields) is not
    offered."""
    said = console_typed(code, line)
    assert f"  {note}" in said.splitlines(), said
    assert "also as range=value" not in said and "auch als entfernung=Wert" not in said
