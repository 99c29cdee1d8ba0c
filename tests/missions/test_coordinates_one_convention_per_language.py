"""A place in a mission's words (rulebook §4.1: the briefing and the objectives a crew reads aloud) is written one
way per language, in every briefing, objective and HQ signal of every shipped mission: English and German
"51°45'N 10°24'W" (German east is O), Russian "51°45' с. ш. 10°24' з. д." (no-break spaces: the saved debrief's
chart once broke an objective's line between "з." and "д."). A Russian objective once read
"западнее 10°42'W" where its own briefing said "10°24' з. д.", and the Strait's "5° West" stood beside
"14°30'W" in English and German."""

from __future__ import annotations

import re

import pytest
from kaleun.catalogue import data_terms
from kaleun.i18n import language

#: a latitude or longitude: degrees, maybe minutes, then whatever names the hemisphere
COORDINATE = re.compile(r"\d+°(?:\d+(?:[.,]\d+)?')?(?P<hemisphere>\s*(?:[а-яё]\.\s*[а-яё]\.|[A-Za-z]+))")

#: the one way each language names the hemisphere, right after the degrees or minutes
HEMISPHERES = {
    "en": {"N", "S", "E", "W"},
    "de": {"N", "S", "O", "W"},
    # with no-break spaces, as the Russian thousands ("10 000 БРТ"): a line never breaks inside "з. д."
    "ru": {"\u00a0с.\u00a0ш.", "\u00a0ю.\u00a0ш.", "\u00a0в.\u00a0д.", "\u00a0з.\u00a0д."},
}


def player_texts() -> list[str]:
    """Every text of the data files a player reads (briefings, objectives, HQ's signals, names ...)."""
    return [text for texts in data_terms().values() for text in texts]


def test_the_shipped_missions_name_places_with_coordinates():
    """The check below has something to check: the briefings of the Kerry landing, the Hartlepool field, the
    dinghy, the Bay and the Strait name their places by latitude and longitude."""
    found = [m for text in player_texts() for m in COORDINATE.finditer(text)]
    assert len(found) >= 10


@pytest.mark.parametrize("code", sorted(HEMISPHERES))
def test_4_1_every_place_in_a_mission_text_is_written_the_languages_one_way(code):
    lang = language(code)
    wrong = []
    for text in player_texts():
        shown = lang.text(text)
        for match in COORDINATE.finditer(shown):
            if match.group("hemisphere") not in HEMISPHERES[code]:
                wrong.append(shown[max(0, match.start() - 30):match.end() + 10])
    assert not wrong, wrong


def test_4_1_a_report_refused_for_its_place_names_the_area_as_the_objective_does():
    """The game's own words for an objective's area follow the same one way per language (§8, a report sent from
    outside the area is told why it does not count): agents_1941's "west of 10°42'W" was refused with "it was not
    sent from 50.00°N-54.00°N and 16.00°W-10.70°W", in German and Russian too (a decimal point, N and W)."""
    from kaleun.core.events import Event
    from kaleun.uboot.missions.catalogue import catalogue
    from missionkit import game, order, until_event

    spec = catalogue().missions["agents_1941"]
    signal = next(r for r in spec["radio"] if r.get("objective", {}).get("id") == "clear")
    radio = [{"at_h": 0.1, "text": signal["text"], "objective": signal["objective"]}]
    # forty miles south-east of the landing point: east of the line
    g = game("agents_1941", changes={"position": [51.3, -9.6], "objective": [], "encounter": [], "radio": radio})
    until_event(g, "radio_message", 3600, step=60)
    order(g, "enigma")
    sent: list[Event] = [e for e in g.apply({"do": "order", "order": "enigma", "report": "position"})
                         if e.name == "radio_message"]
    said = {code: language(code).render(sent[0].feed) for code in HEMISPHERES}
    assert said["en"].endswith("it was not sent from 50°N to 54°N, 16°W to 10°42'W.")
    assert said["de"].endswith("(50°N bis 54°N, 16°W bis 10°42'W).")
    assert said["ru"].endswith("(от 50°\u00a0с.\u00a0ш. до 54°\u00a0с.\u00a0ш., от 16°\u00a0з.\u00a0д. до "
                               "10°42'\u00a0з.\u00a0д.).")
    for code, text in said.items():
        found = [m.group("hemisphere") for m in COORDINATE.finditer(text)]
        assert len(found) == 5 and set(found) <= HEMISPHERES[code], (code, text)
