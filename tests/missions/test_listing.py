"""`kaleun missions`: one true line per mission, in the table's language (rulebook §4.1 the briefing's base
and start, §5.2 linked missions)."""

from __future__ import annotations

from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.missions.setup import mission_lines


def lines() -> dict[str, str]:
    return {m.id: str(m.line()) for m in mission_lines()}


def test_5_2_a_later_part_of_a_linked_patrol_is_at_sea_and_names_the_base_it_goes_home_to():
    """weather_1940 goes on from the Lorient patrol of sc_convoy_1940: the boat does not sail from Bergen, it
    is at sea and puts into Bergen at the end. The first part sails from its base."""
    shown = lines()
    assert "Weather boat (at sea in AL31, home to Bergen) [linked patrol Autumn 1940, part 2 of 2]: " \
        in shown["weather_1940"]
    assert "Two passengers (at sea in AM76, home to St-Nazaire) [linked patrol Spring 1941, part 2 of 2]: " \
        in shown["agents_1941"]
    assert "Slow convoy (from Lorient) [linked patrol Autumn 1940, part 1 of 2]: " in shown["sc_convoy_1940"]
    assert "Through the Strait (from Lorient): " in shown["gibraltar_1941"]
    assert not [mid for mid, line in shown.items() if "[part 2" in line and "(from " in line]


def test_5_2_the_linked_part_s_line_in_german_and_russian():
    """A part's line names its linked patrol by its title, so the parts of two patrols are told apart."""
    (weather,) = [m for m in mission_lines() if m.id == "weather_1940"]
    assert "(auf See in AL31, Rückmarsch nach Bergen) [verknüpfte Feindfahrt „Herbst 1940“, Teil 2 von 2]" \
        in language("de").render(weather.line())
    assert "(в море в квадрате AL31, база возвращения: Берген) [связанный поход «Осень 1940», часть 2 из 2]" \
        in language("ru").render(weather.line())


def test_4_1_a_practice_mission_is_called_one_once_on_its_line_in_every_language():
    """The exercises read "Exercise: aircraft (in AL15): Practice: a Sunderland ..." - in German "Übung: ...
    Übung: ...", the word twice. A name that carries a label ("Exercise:") is not followed by a summary that
    carries one again; practice missions whose names do not say so still say "Practice:" once."""
    practice = [m for m in mission_lines() if not m.scored]
    assert {m.id for m in practice} >= {"exercise_aircraft", "exercise_escort", "training", "patrol_atlantic"}
    for code in ("en", "de", "ru"):
        lang = language(code)
        for m in practice:
            shown, name = lang.render(m.line()), lang.render(Msg.term(m.name))
            labels = [w[:-1] for w in shown.split() if w.endswith(":")]
            assert len(labels) == len(set(labels)), (code, shown)
            if ":" in name:
                assert shown.count(name.split(":")[0]) == 1, (code, shown)
    shown = lines()
    assert "Exercise: aircraft (in AL15): A Sunderland finds the boat on the surface." in shown["exercise_aircraft"]
    assert "Training patrol (in AF76): Practice: an empty sea (ships come in the exercises);" in shown["training"]
    assert all(not ("Exercise:" in line and "Practice:" in line) for line in shown.values())


def test_4_1_the_names_start_in_one_column_whatever_the_date_s_length_in_every_language():
    """`kaleun missions` (and the terminal set-up, and `kaleun play --help`): "4 July 1942" is shorter than "22
    September 1939", yet every mission's name starts in the same column, so a group reads the list down."""
    from kaleun.mission_commands import listed

    missions = mission_lines()
    for code in ("en", "de", "ru"):
        lang = language(code)
        shown = dict(zip([m.id for m in missions], listed(lang, missions), strict=True))
        columns = {shown[m.id].index(lang.render(Msg.term(m.name))) for m in missions}
        assert len(columns) == 1, (code, columns)
        assert shown["arctic_1942"].startswith(f"{'arctic_1942':<24} ")
