"""The First Officer's console typed on the keyboard at hand: a German word with an umlaut or ß typed with its two
letters (`rueckgaengig`, `pruefen`, `fahrt zurueck`, `kapitaen-quadrat`, `faecher_grad`), a Russian word in capitals
or with е for ё, and a whole number written with the decimal comma (`kurs 90,0`, as `course 90.0` in English) give
what the word as the window writes it gives; the game sees the same ids (the same event log)."""

from __future__ import annotations

import pytest
from kit import console_played, console_typed

START = ["mobilize", "place navigator-square 8", "end_mobilize"]


@pytest.mark.parametrize(("code", "written", "typed"), [
    ("de", ["prüfen kurs 90", "fahrt zurück", "kurs 90", "rückgängig", "setzen kapitän-quadrat 4",
            "tdc quelle=manual entfernung_sm=1,5 peilung=40 kurs=90 fächer_grad=2,5"],
           ["pruefen kurs 90", "Fahrt ZURUECK", "kurs 90,0", "Rueckgaengig", "setzen kapitaen-quadrat 4",
            "tdc quelle=manual entfernung_sm=1,5 peilung=40 kurs=90 faecher_grad=2,5"]),
    ("ru", ["проверить курс 90", "скорость средний", "курс 90", "помощь отчёт", "отменить"],
           ["ПРОВЕРИТЬ курс 90", "Скорость СРЕДНИЙ", "КУРС 90,0", "помощь ОТЧЕТ", "Отменить"]),
])
def test_a_word_typed_without_its_special_letters_gives_what_it_gives(code, written, typed):
    said, log = console_played(code, START + typed)
    assert not [line for line in said.splitlines() if line.startswith("!")], said
    assert (said, log) == console_played(code, START + written)
    assert '"course": 90' in log


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "kurs 90,5", "! kurs: kurs muss eine ganze Zahl von 0 bis 359 sein, nicht „90,5“"),
    ("ru", "курс 90,5", "! курс: курс — целое число от 0 до 359, а не «90,5»"),
])
def test_a_fraction_with_the_decimal_comma_is_no_whole_number(code, line, said):
    assert console_typed(code, line).strip() == said


@pytest.mark.parametrize("typed", ["АЕ76", "ае76", "AЕ76"])
def test_9_a_square_typed_with_russian_letters_that_look_latin_is_that_square(typed):
    """§9 the strategic map's squares are named in Latin letters (AE76); a Russian keyboard has letters that look the
    same (А, Е, К, М, Н, О, Р, С, Т, Х): the chart's protractor takes them as the square they look like."""
    said = console_typed("ru", f"карта {typed}")
    assert said == console_typed("ru", "карта AE76") and not said.startswith("!"), said


@pytest.mark.parametrize(("code", "typed", "plain"), [
    ("en", "?course 090°", "?course 90"), ("en", "?course COURSE=90°", "?course 90"),
    ("en", "?depth DEPTH_M=80", "?depth depth_m=80"), ("de", "?kurs 90°", "?kurs 90"),
    ("de", "?tiefe TIEFE_M=80", "?tiefe 80"), ("ru", "?курс 90°", "?курс 90"),
])
def test_a_course_with_its_degree_sign_or_a_field_as_usage_writes_it(code, typed, plain):
    """The window and the feed write a course as 090°; `usage` writes a field in capitals (`depth DEPTH_M`): typed so,
    they are the course and the field."""
    said = console_typed(code, typed)
    assert said == console_typed(code, plain) and not said.startswith("!"), said


def test_a_missing_field_is_named_in_good_russian_whatever_its_case():
    """`first_aid` without its patients: the Russian refusal names the field after a colon ("не указано: пациенты"),
    never as an object in the wrong case ("укажите пациенты")."""
    said = console_typed("ru", "первая_помощь")
    assert said.startswith("! первая_помощь: не указано: пациенты; вызов: первая_помощь"), said


@pytest.mark.parametrize(("code", "typed", "plain"), [
    ("en", "time x4", "time action"), ("en", "time ×30", "time fast_forward"), ("en", "time X360", "time transit"),
    ("de", "zeit x4", "zeit gefecht"), ("ru", "время ×1", "время реальное_время"),
])
def test_a_time_compression_typed_as_the_windows_button_shows_it(code, typed, plain):
    """The window's top bar shows the time compressions as ×1, ×4, ×30, ×360: typed so (or with a plain x), they are
    those compressions."""
    said = console_typed(code, typed)
    assert said == console_typed(code, plain) and not said.startswith("!"), said


@pytest.mark.parametrize(("code", "spaced", "joined"), [
    ("en", "speed half ahead", "speed half_ahead"), ("en", "speed Full Astern", "speed full_astern"),
    ("en", "dial telegraph slow ahead", "dial telegraph slow_ahead"),
    ("de", "fahrt halbe Fahrt voraus", "fahrt halbe"), ("de", "fahrt halb voraus", "fahrt halbe"),
    ("ru", "скорость средний вперёд", "скорость средний"),
])
def test_a_value_named_in_several_words_typed_with_spaces(code, spaced, joined):
    """The telegraph's positions are shown in several words (HALF AHEAD, "halbe Fahrt voraus"): typed so, with spaces,
    they are the position."""
    said, log = console_played(code, [*START, spaced])
    assert (said, log) == console_played(code, [*START, joined]) and '"speed"' in log, said
