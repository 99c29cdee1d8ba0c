"""The First Officer's console at a Russian table: a contact is named `c3`, and the key that types a Latin c types
the Russian с on a Russian keyboard (the two look alike). `цель с2`, `цель С2` are `цель c2`: the contact's target
data, not a refusal saying "a contact such as c3, not «с2»" of what looks the same."""

from __future__ import annotations

import pytest
from kit import console_typed
from test_guns import TARGET, _first_contact, _surfaced_with


@pytest.mark.parametrize("line", ["цель {c}", "цель {C}", "опознать {c}", "срп {c}"])
def test_a_contact_typed_with_the_russian_c_is_that_contact(line):
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    russian = line.format(c="с" + cid[1:], C="С" + cid[1:])
    latin = line.format(c=cid, C=cid)
    g2 = _surfaced_with([TARGET], seed=3)
    assert _first_contact(g2) == cid
    said = console_typed("ru", russian, game=g)
    assert said == console_typed("ru", latin, game=g2)
    assert not [out for out in said.splitlines() if out.startswith("!")], said
