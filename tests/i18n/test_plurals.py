"""The First Officer's console, languages: every count a player reads agrees with its number, in English, German and
Russian (Russian has three forms: 1 моряк, 2 моряка, 5 моряков, and 21 takes the form of 1). Sentences with
several counts are one plural on their main count with the other counts as nested plural phrases."""

from __future__ import annotations

import json

import pytest
from kaleun.career import career_messages
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, from_json, of_error, to_json
from kaleun.i18n import language
from kaleun.uboot.crew.health import describe_chips
from kaleun.uboot.missions.debrief import crew_lost_lines
from kaleun.ui.typed import MAX_LINE, line_text

COUNTS = (1, 2, 5, 21)


def hits(n: int) -> Msg:
    return Msg.plural("{n} hit", "{n} hits", n=n)


def tally(n: int) -> Msg:
    """The debrief's weapons line (ui/screens/debrief.py): torpedoes fired, with the hits nested."""
    return Msg.plural("{n} torpedo fired, {hits}", "{n} torpedoes fired, {hits}", n=n, hits=hits(n))


def needs(n: int) -> Msg:
    """The damage screen's line for a repair without its crew (ui/screens/damage.py)."""
    return Msg.plural("needs {n} sailor in section {s}", "needs {n} sailors in section {s}", n=n, s=3)


def hours(n: int | float) -> Msg:
    """The console's `mission` command (uboot/missions/debrief.py)."""
    return Msg.plural("Patrol time left: {n} hour.", "Patrol time left: {n} hours.", n=n)


def rounds(n: int) -> Msg:
    """The 88 mm gun's order in the feed (uboot/weapons/module.py)."""
    return Msg.plural("88 mm gun: open fire on {target}, {n} round.", "88 mm gun: open fire on {target}, {n} rounds.",
                      target="c1", n=n)


EXPECTED = {
    "tally": (tally, {
        "en": ["1 torpedo fired, 1 hit", "2 torpedoes fired, 2 hits", "5 torpedoes fired, 5 hits",
               "21 torpedoes fired, 21 hits"],
        "de": ["1 Torpedo abgefeuert, 1 Treffer", "2 Torpedos abgefeuert, 2 Treffer",
               "5 Torpedos abgefeuert, 5 Treffer", "21 Torpedos abgefeuert, 21 Treffer"],
        "ru": ["выпущена 1 торпеда, 1 попадание", "выпущено 2 торпеды, 2 попадания", "выпущено 5 торпед, 5 попаданий",
               "выпущена 21 торпеда, 21 попадание"]}),
    "needs": (needs, {
        "en": ["needs 1 sailor in section 3", "needs 2 sailors in section 3", "needs 5 sailors in section 3",
               "needs 21 sailors in section 3"],
        "de": ["braucht 1 Matrosen in Sektion 3", "braucht 2 Matrosen in Sektion 3", "braucht 5 Matrosen in Sektion 3",
               "braucht 21 Matrosen in Sektion 3"],
        "ru": ["нужен 1 моряк в отсеке 3", "нужно 2 моряка в отсеке 3", "нужно 5 моряков в отсеке 3",
               "нужен 21 моряк в отсеке 3"]}),
    "hours": (hours, {
        "en": [f"Patrol time left: {n} hour{'s' if n != 1 else ''}." for n in COUNTS],
        "de": [f"Verbleibende Zeit der Feindfahrt: {n} Stunde{'n' if n != 1 else ''}." for n in COUNTS],
        "ru": ["Осталось времени похода: 1 час.", "Осталось времени похода: 2 часа.",
               "Осталось времени похода: 5 часов.", "Осталось времени похода: 21 час."]}),
    "rounds": (rounds, {
        "en": ["88 mm gun: open fire on c1, 1 round.", "88 mm gun: open fire on c1, 2 rounds.",
               "88 mm gun: open fire on c1, 5 rounds.", "88 mm gun: open fire on c1, 21 rounds."],
        "de": [f"88-mm-Geschütz: Feuer frei auf c1, {n} Schuss." for n in COUNTS],
        "ru": ["88-мм орудие: огонь по c1, 1 выстрел.", "88-мм орудие: огонь по c1, 2 выстрела.",
               "88-мм орудие: огонь по c1, 5 выстрелов.", "88-мм орудие: огонь по c1, 21 выстрел."]}),
}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_count_takes_the_form_of_its_number_in_each_language(name, code):
    build, wanted = EXPECTED[name]
    assert [language(code).render(build(n)) for n in COUNTS] == wanted[code]


def test_the_hits_alone_read_1_hit_2_hits_and_russian_keeps_three_forms():
    assert [str(hits(n)) for n in COUNTS] == ["1 hit", "2 hits", "5 hits", "21 hits"]
    assert language("de").render(hits(1)) == "1 Treffer"
    assert [language("ru").render(hits(n)) for n in COUNTS] == [
        "1 попадание", "2 попадания", "5 попаданий", "21 попадание"]


def test_a_number_with_a_fraction_reads_like_two_and_survives_a_save():
    """1.5 hours, 1,5 Stunden, 1,5 часа: a fraction takes the form of two in all three languages."""
    assert str(hours(1.5)) == "Patrol time left: 1.5 hours."
    assert language("de").render(hours(1.5)) == "Verbleibende Zeit der Feindfahrt: 1,5 Stunden."
    assert language("ru").render(hours(1.5)) == "Осталось времени похода: 1,5 часа."
    back = from_json(json.loads(json.dumps(to_json(hours(1.5)))))
    assert back == hours(1.5) and str(back) == "Patrol time left: 1.5 hours."
    assert str(from_json(json.loads(json.dumps(to_json(hours(1)))))) == "Patrol time left: 1 hour."


def test_the_chips_of_a_sailor_are_counted():
    """§6.9: a sailor's chips as the feed names them (red crosses, exhaustion and activation chips)."""
    assert str(describe_chips(1, 1, 2)) == "1 red cross, 1 exhaustion chip, 2 activation chips"
    assert language("de").render(describe_chips(0, 2, 1)) == "2 Erschöpfungs-Chips, 1 Aktivierungs-Chip"
    assert [language("ru").render(describe_chips(0, 0, n)) for n in COUNTS] == [
        "1 жетон активации", "2 жетона активации", "5 жетонов активации", "21 жетон активации"]


def test_the_debrief_counts_the_sailors_lost_for_one_cause():
    """§8.4: many sailors lost the same way are one line, counted in the table's language."""
    cause = {"msg": "lost with the boat", "values": {}}
    for n, ru in ((5, "  5 моряков"), (21, "  21 моряк"), (22, "  22 моряка")):
        d = {"crew_lost": [{"sailor": f"s{i}", "name": None, "cause": cause} for i in range(n)]}
        line = crew_lost_lines(d)[0]
        assert str(line) == f"  {n} sailors: lost with the boat"
        assert language("ru").render(line).split(":")[0] == ru


def test_the_career_lines_count_missions_ships_and_sailors():
    """§8.6: the career record read out: one mission, one ship, one sailor read in the singular."""
    record = {"totals": {"missions": 1, "score": 500, "fame": 20, "grt": 4800, "ships": 1, "crew_lost": 21},
              "campaign": {"state": "complete", "started": "1941-03-01T00:00", "done": ["a", "b"], "grades": ["A", "B"],
                           "score": 900, "fame": 500, "grt": 9000},
              "missions": [{"played": "1941-03-02T10:00", "mission": "m", "mode": "x", "result": "y", "grade": "A",
                            "score": 500, "grt": 4800, "ships_sunk": 1, "crew_lost": 2}]}
    en = [str(m) for m in career_messages(record)]
    assert en[0].startswith("Career: 1 mission, ") and en[0].endswith("in 1 ship sunk, 21 sailors lost.")
    assert "complete. 2 missions (A B)" in en[1]
    assert en[-1].endswith("4,800 GRT  1 ship sunk  2 sailors lost")
    ru = [language("ru").render(m) for m in career_messages(record)]
    assert "2 миссии (A B)" in ru[1]
    assert ru[-1].endswith("1 судно потоплено  потеряно 2 моряка")
    assert ru[0].endswith("1 судно потоплено, потерян 21 моряк.")


def test_a_refused_console_line_counts_its_characters():
    with pytest.raises(CommandError) as refused:
        line_text("x" * (MAX_LINE + 1))
    said = of_error(refused.value)
    assert str(said) == f"that line is {MAX_LINE + 1} characters long; the console takes {MAX_LINE}"
    assert language("ru").render(said) == "в строке 4097 символов; консоль принимает 4096"
