"""A save whose content is damaged (a value of another kind, an unknown key, a missing key) is refused by its place
and its reason; at a German or Russian table that reason was English inside the translated sentence
("der Spielstand ... modules.boat.depth: a number from 0 to 300 was expected, found 'x'"). What was expected
and what was found now read in the table's language; the place (the save's own keys) stays as written."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from faultkit import MISSIONS, played
from i18n.test_file_refusals_in_the_tables_words import english_left
from kaleun.core.errors import SaveError
from kaleun.core.messages import of_error
from kaleun.i18n import language
from kaleun.saves import open_save


def _first(value: Any, wanted: type, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first value of type `wanted` within the game's modules (depth first)."""
    if isinstance(value, wanted) and not isinstance(value, bool) and path[:1] == ("modules",) and len(path) > 2:
        return path
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        found = _first(child, wanted, (*path, key))
        if found is not None:
            return found
    return None


def _damaged(state: dict[str, Any], how: str) -> dict[str, Any]:
    state = json.loads(json.dumps(state))
    module = state["modules"][next(iter(state["modules"]))]  # a part's own state: an object of named keys
    if how == "kind":
        number = _first(state, float) or _first(state, int)
        assert number is not None
        holder = state
        for key in number[:-1]:
            holder = holder[key]
        holder[number[-1]] = "x"
    elif how == "unknown key":
        module["zz_unknown"] = 1
    else:
        module.pop(next(iter(module)))
    return state


@pytest.mark.parametrize("code", ["de", "ru"])
@pytest.mark.parametrize("how", ["kind", "unknown key", "missing key"])
def test_a_damaged_save_is_refused_with_its_reason_in_the_tables_language(tmp_path, code, how):
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(_damaged(played(MISSIONS[0], 1).to_state(), how)))
    with pytest.raises(SaveError) as refused:
        open_save(path)
    english = str(refused.value)
    said = language(code).render(of_error(refused.value))
    assert said != english, said
    places = re.findall(r"modules[\w.\[\]]*", english)  # the save's own keys, as written
    assert english_left(said, code, path, *places) == [], said
