"""The First Officer's console, languages: every message of the code and the data files has a German and a Russian
translation in the committed catalogues, with the template's placeholders; numbers and plurals
follow each language; messages survive a save."""

from __future__ import annotations

import fnmatch
import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from kaleun.catalogue import DATA_TERMS, PACKAGE, catalogue_problems, data_terms, extract
from kaleun.core.messages import Msg, from_json, to_json
from kaleun.i18n import LANGUAGES, catalogue_path, language

TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(scope="module")
def extracted() -> dict:
    return extract()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_a_translation_with_the_same_placeholders(code, extracted):
    """A message of the code (Msg, Msg.plural, Msg.term, N_) or a name from the data files without a
    translation, or one whose placeholders differ from the template's, fails here: run `make i18n`
    and translate it (host/README.md, "Languages")."""
    problems = catalogue_problems(code, extracted)
    assert problems == [], "\n".join(problems)


def test_the_check_finds_a_missing_translation_a_fuzzy_one_and_a_wrong_placeholder(tmp_path):
    catalog = Catalog(locale="de")
    catalog.add("Tube {tube} loaded ({torpedo}).", "Rohr {rohr} geladen ({torpedo}).")
    catalog.add("The battery is fully charged.", "Die Batterie ist voll geladen.", flags=["fuzzy"])
    catalog.add(("{n} ship", "{n} ships"), ("{n} Schiff", "{n} Schiffe"))
    path = tmp_path / "kaleun.po"
    with open(path, "wb") as fh:
        write_po(fh, catalog)
    wanted = ["Tube {tube} loaded ({torpedo}).", "The battery is fully charged.", ("{n} ship", "{n} ships"),
              "Depth charges!", "{a}{b}"]
    problems = catalogue_problems("de", wanted, path)
    assert len(problems) == 3, problems
    assert any("placeholders ['rohr', 'torpedo'] instead of ['torpedo', 'tube']" in p for p in problems)
    assert any("no translation" in p and "fully charged" in p for p in problems)
    assert any("not in the catalogue" in p and "Depth charges!" in p for p in problems)


def test_the_committed_template_lists_what_the_code_and_data_hold_now(extracted):
    """kaleun.pot is what `make i18n` extracted: a message added since is missing from it."""
    with open(PACKAGE / "locale" / "kaleun.pot", "rb") as fh:
        pot = read_po(fh)
    in_pot = {(f"{m.context}\x04{m.id}" if m.context else m.id) if isinstance(m.id, str) else tuple(m.id)
              for m in pot if m.id}
    assert set(extracted) == in_pot


def test_a_word_with_a_context_has_its_own_translation(extracted, tmp_path):
    """`Msg.pterm(context, word)` is extracted with its context (msgctxt), beside the same word without one:
    Captain Sonar's "Captain" and U-BOOT's are two messages, each checked for its translation."""
    assert "Captain Sonar\x04Captain" in extracted and "Captain" in extracted
    po = catalogue_path("ru").read_text(encoding="utf-8")
    gap = po.replace('msgctxt "Captain Sonar"\nmsgid "Captain"\nmsgstr "Капитан"',
                     'msgctxt "Captain Sonar"\nmsgid "Captain"\nmsgstr ""')
    assert gap != po
    (tmp_path / "ru.po").write_text(gap, encoding="utf-8")
    problems = catalogue_problems("ru", ["Captain", "Captain Sonar\x04Captain"], path=tmp_path / "ru.po")
    assert len(problems) == 1 and "no translation" in problems[0] and "Captain Sonar" in problems[0]


def test_names_from_the_data_files_are_extracted_and_every_declared_key_path_finds_some(extracted):
    terms = data_terms()
    for name in DATA_TERMS:  # every entry names files that are there, and finds texts in each
        files = [relative for relative in terms if fnmatch.fnmatchcase(relative, name)]
        assert files, f"{name}: no such data file"
        for relative in files:
            assert terms[relative], f"{relative}: no text matches {DATA_TERMS[name]}"
    for relative, texts in terms.items():
        for text in texts:
            assert text in extracted, (relative, text)
    assert {"Liberty ship", "diesels", "control room", "Mobilize", "Kaleun", "Dogger Bank", "Lorient",
            "Contact keeper", "Send a convoy contact report."} <= set(extracted)


def test_a_call_with_a_variable_is_no_message(extracted):
    """`Msg.term(COMPONENTS[c]["name"])` names data, not a template: its subscript strings are not messages."""
    assert "name" not in extracted and "effect" not in extracted and "_ " not in extracted
    assert "conditionname" not in extracted


def test_the_catalogues_compile_on_first_use_into_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    language.cache_clear()
    try:
        german = language("de")
        assert list((tmp_path / "cache" / "locale" / "de" / "LC_MESSAGES").glob("kaleun*.mo"))
        assert german.render(Msg("Depth charges")) == "Wasserbomben"
    finally:
        language.cache_clear()


def test_russian_has_three_plural_forms_and_german_two():
    lookouts = [Msg.plural("{n} lookout", "{n} lookouts", n=n) for n in (1, 3, 5, 21, 22, 11)]
    assert [language("ru").render(m) for m in lookouts] == [
        "1 сигнальщик", "3 сигнальщика", "5 сигнальщиков", "21 сигнальщик", "22 сигнальщика", "11 сигнальщиков"]
    assert [language("de").render(m) for m in lookouts[:2]] == ["1 Beobachter", "3 Beobachter"]
    with open(catalogue_path("ru"), "rb") as fh:
        assert read_po(fh, locale="ru").num_plurals == 3


def test_numbers_take_each_languages_decimal_and_grouping_signs():
    grt = Msg("{grt:,} GRT in sight", grt=10448)
    assert str(grt) == "10,448 GRT in sight"
    assert language("de").render(grt) == "10.448 BRT in Sicht"
    assert language("ru").render(grt) == "в поле зрения 10\u00a0448 БРТ"
    close = Msg("a merchant sighted a U-boat at {range:.1f} nm", range=4.25)
    assert language("de").render(close) == "ein Handelsschiff sichtete ein U-Boot auf 4,2 sm"
    course = Msg("new course {course:03d}", course=7)
    assert language("de").render(course) == "neuer Kurs 007"


def test_english_is_the_templates_themselves():
    msg = Msg("Torpedo {number} (tube {tube})", number=2, tube=1)
    assert language("en").render(msg) == str(msg) == "Torpedo 2 (tube 1)"
    assert language("en").missing(msg) == []


def test_an_unknown_language_falls_back_to_english():
    assert language("xx").code == "en"


def test_a_message_kept_in_a_save_renders_in_any_language_later():
    label = Msg("{figure} killed", figure=Msg("{role}-{shape}", role=Msg.term("engineer"), shape=Msg.term("square")))
    plural = Msg.plural("{n} task handed over", "{n} tasks handed over", n=2)
    for msg in (label, plural):
        back = from_json(json.loads(json.dumps(to_json(msg))))
        assert isinstance(back, Msg) and back == msg and str(back) == str(msg)
    assert language("de").render(from_json(json.loads(json.dumps(to_json(label))))) == "Maschinist-Quadrat gefallen"
    assert from_json("plain text from an older save") == "plain text from an older save"


def test_the_undo_label_survives_a_save_and_says_what_it_undoes_in_german():
    """§6.14: the undo entry of an order, kept in the save, is read in the table's language."""
    from kaleun.uboot.game import load_game, new_game

    game = new_game(0, "training")
    game.apply({"do": "order", "order": "new_speed", "speed": "half_ahead"})
    state = json.loads(json.dumps(game.to_state()))
    again = load_game(state)
    label = again.module("crew").status()["undo"]
    assert str(label) == "New speed order"
    assert language("de").render(label) == "Befehl Neue Geschwindigkeit"
    undone = again.apply({"do": "undo"})
    feed = next(e.feed for e in undone if e.name == "undone")
    assert language("ru").render(feed) == ("Отменено: «Новая скорость»: его жетоны и оплата. То, что он сделал с "
                                           "лодкой, её оружием или приборами, остаётся: чтобы изменить это, отдайте "
                                           "новый приказ.")


def test_the_package_ships_every_catalogue():
    for code in TRANSLATED:
        assert catalogue_path(code).is_file()
    assert Path(PACKAGE / "locale" / "kaleun.pot").is_file()
