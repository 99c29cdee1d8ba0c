"""The boat's instruments in German and Russian are called as the seeds' rulebooks call them, one word each in
every message: a German First Officer read "Periskop" on the order button and "Sehrohr" in the feed and the
refusals, "Hydrofon" on the button and "Horchgerät" in the reports, and typed `sehrohr` at the console.

- German (U-BOOT Das Brettspiel, §8.4 "Periskop", "Periskop-EPP", "Periskoptiefe"; "Hydrofon (passives Sonar)";
  the order table's "88-mm-Geschütz" and "20-mm-Geschütz"): "Periskop", "Hydrofon", "88-mm-Geschütz",
  "20-mm-Geschütz" (never "Sehrohr", "Horchgerät", "8,8-cm-Geschütz", "2-cm-Flak"); §8.3 and §9.3 "Beobachter auf
  der Brücke", "Beobachter-EPP": the lookouts are "Beobachter" (never "Ausguck", which read beside it in the feed)
- Russian («Подлодка», «перископ», «перископная глубина», «гидрофон»): "перископ", "гидрофон" (never
  "шумопеленгатор", "акустик")

The crew's bookkeeping is named as the rulebooks name it too: the sailors ("Matrosen"), their ailments
("Gesundheitsprobleme"), the medical supplies and refill kits, the food and dishes, the injury decks, the smoke break
and "Alle Mann verloren".
"""

from __future__ import annotations

import re

import pytest
from kit import console_typed, translations

#: (language, English word in a message id, the seed's word its translation must use, words it must not use)
TERMS = [
    ("de", r"periscope", r"periskop", r"sehrohr"),
    ("de", r"hydrophone", r"hydrofon", r"horchgerät|hydrophon"),
    ("de", r"\b88 mm gun", r"88-mm-Geschütz", r"8,8|2-cm|\b2 cm\b"),
    ("de", r"\b20 mm gun", r"20-mm-Geschütz", r"8,8|2-cm|\b2 cm\b"),
    ("de", r"\blookouts?\b", r"beobacht", r"ausguck"),
    ("ru", r"periscope", r"перископ", r"зрительн\w* труб"),
    ("ru", r"hydrophone", r"гидрофон", r"шумопеленг|акустик"),
    # the TDC (German §7.5 "TDC", "TDC-EPP"; Russian «СРП»): the component a failure or repair names was
    # "Torpedovorhaltrechner" and «торпедный счётно-решающий прибор» beside the order's "TDC" and «СРП»
    ("de", r"\btdc\b|torpedo data computer", r"\bTDC\b", r"vorhaltrechner"),
    ("ru", r"\btdc\b|torpedo data computer", r"\bСРП\b", r"счётно-решающ"),
]


@pytest.mark.parametrize(("code", "english", "word", "other"), TERMS, ids=[f"{t[0]}-{t[1]}" for t in TERMS])
def test_each_instrument_has_the_rulebooks_word(code, english, word, other):
    every = translations(code)
    naming = [(msgid, text) for msgid, text in every  # a placeholder ({hydrophone}: the command's word) aside
              if re.search(english, re.sub(r"\{[^}]*\}", "", msgid), re.IGNORECASE)]
    assert len(naming) >= 5  # the search finds the instrument's messages
    wrong = [(msgid, text) for msgid, text in naming if not re.search(word, text, re.IGNORECASE)]
    assert wrong == []
    elsewhere = [(msgid, text) for msgid, text in every
                 if re.search(other, re.sub(r"\{[^}]*\}", "", text), re.IGNORECASE)]
    assert elsewhere == []


def test_the_german_console_word_is_the_buttons_word():
    """`periskop` and `hydrofon` are typed as the order buttons show them, and `hilfe` lists them so."""
    assert console_typed("de", "periskop") == console_typed("de", "periscope")
    assert console_typed("de", "hydrofon") == console_typed("de", "hydrophone")
    listed = console_typed("de", "hilfe")
    assert "periskop" in listed and "hydrofon" in listed and "sehrohr" not in listed and "horchgerät" not in listed
    assert "Befehl: Periskop ausfahren (Periskoptiefe)" in console_typed("de", "hilfe periskop")


def test_the_german_command_bar_is_typed_as_the_rulebook_names_it():
    """§7.2 "Befehls-Leiste": the bar is "Befehls-Leiste" on the screen and in every message, and it was typed
    `kommandoleiste`; the correction is typed `befehlsleiste`, as the bar is called."""
    said = console_typed("de", "befehlsleiste 1")
    assert "Befehls-Leiste" in said and "unbekannt" not in said
    assert "befehlsleiste" in console_typed("de", "hilfe") and "kommandoleiste" not in console_typed("de", "hilfe")


def test_6_12_german_crew_damage_draws_the_rulebooks_crew_chips():
    """§6.12 "Der Kapitän zieht so viele Besatzungs-Chips, wie Matrosen in der betroffenen Sektion sind": the feed
    said "7 Plättchen gezogen" beside the "Chips" of every other line; a "Plättchen" is only a crew tile
    ("Mannschaftsplättchen")."""
    every = translations("de")
    drawn = [text for msgid, text in every if re.search(r"\bchips? drawn", msgid)]
    assert len(drawn) >= 4 and all("Besatzungs-Chip" in text for text in drawn), drawn
    assert [text for _msgid, text in every if re.search(r"(?<!mannschafts)plättchen", text, re.IGNORECASE)] == []


#: (English word as the data and messages name it, the German rulebook's word, its section)
CREW_WORDS = [
    ("pills", "Tabletten", "§8.6"), ("ointment", "Salben", "§8.6"), ("bandages", "Bandagen", "§8.6"),
    ("injections", "Injektionen", "§8.6"), ("surgical instruments", "chirurgische Instrumente", "§8.6"),
    ("onion", "Zwiebel", "§9.4"), ("bread", "Brot", "§9.4"), ("lemon", "Zitrone", "§9.4"), ("egg", "Ei", "§9.4"),
    ("canned fish", "Dosenfisch", "§9.4"), ("meat", "Fleisch", "§9.4"), ("potato", "Kartoffel", "§9.4"),
    ("sausage bread", "Wurstbrot", "§9.4.1"), ("fish roll", "Fischbrötchen", "§9.4.1"),
    ("scrambled eggs", "Rührei", "§9.4.1"), ("bacon omelette", "Omelett mit Speck", "§9.4.1"),
    ("sausages and potatoes", "Würstchen & Kartoffeln", "§9.4.1"), ("casserole", "Auflauf", "§9.4.1"),
    ("stew", "Eintopf", "§9.4.1"), ("potato pancakes", "Reibekuchen", "§9.4.1"),
    ("burns", "Verbrennungen", "§6.12"), ("shock", "Elektroschock", "§6.12"), ("poisoning", "Vergiftung", "§6.12"),
    ("wounds", "Wunden", "§6.12"), ("Smoke break", "Zigarettenpause", "§6.13"),
]


@pytest.mark.parametrize(("english", "german", "section"), CREW_WORDS, ids=[w[0] for w in CREW_WORDS])
def test_the_crews_supplies_food_injuries_and_smoke_break_have_the_german_rulebooks_words(english, german, section):
    """The chips and cards of the crew's bookkeeping are named on screen as the German rulebook names them, so a table
    reading its box and its rulebook finds them: §8.6 "Tabletten, Salben, Bandagen, Injektionen und chirurgische
    Instrumente" (the screen said "Verbände", "Spritzen", "chirurgisches Besteck"), §9.4 "Dosenfisch" (not
    "Fischkonserve"), §9.4.1's dishes "Omelett mit Speck", "Würstchen & Kartoffeln", "Reibekuchen" (not
    "Speckomelett", "Kartoffelpuffer"), §6.12 and §10.3.5 "Elektroschock" (not "Stromschlag"), §6.13 "pro
    Zigarettenpause" (not "Rauchpause")."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language

    said = language("de").render(Msg.term(english))
    assert said == german, (section, said)


def test_8_6_german_medical_supplies_are_the_rulebooks_medizinvorraete_everywhere():
    """§8.6 "Medizinvorräte gehen zu Ende", "die für die Behandlung verwendeten Medizinvorräte": one word on every
    line, where the crew view and the injury card said "Sanitätsmaterial" beside the refill line's "Medizinvorräte";
    and no line keeps the replaced words of §6.13 and §8.6 either."""
    every = translations("de")
    supplies = [text for msgid, text in every if re.search(r"medical supplies", msgid, re.IGNORECASE)]
    assert len(supplies) >= 5 and all("Medizinvorräte" in text for text in supplies), supplies
    stale = (r"Sanitätsmaterial|Rauchpause|Stromschlag|Spritzen|Verbände|chirurgisches Besteck|Fischkonserve"
             r"|Ausrüstungs-Chip")  # §10.3.5 "Ausrüstungsvorrat-Chips"
    assert [text for _msgid, text in every if re.search(stale, text, re.IGNORECASE)] == []


def test_7_4_german_all_hands_lost_is_the_rulebooks_alle_mann_verloren():
    """§7.4 "der Erste Offizier drückt im App-Menü auf ‚Alle Mann verloren‘": the feed line that replaces the app's
    button says so, where it read "Mit Mann und Maus verloren"."""
    every = translations("de")
    lost = [text for msgid, text in every if msgid.startswith("All hands lost: {what}.")]
    assert len(lost) == 2 and all(text.startswith("Alle Mann verloren: {what}.") for text in lost), lost


def test_6_2_german_sailors_are_the_rulebooks_matrosen():
    """§6.2 "Matrosen", §6.5 "befehlsausführende Matrosen", §6.10 "Im Kampf gefallene Matrosen": the German screens
    said "Seemann" and "Seeleute" on 74 lines and "Matrose" on two; every line that speaks of a sailor now says
    "Matrose", as the rulebook and the crew tiles do, and the console's field is `matrose`."""
    every = translations("de")
    sailors = [(msgid, text) for msgid, text in every if re.search(r"\bsailors?\b", re.sub(r"\{[^}]*\}", "", msgid))]
    assert len(sailors) >= 50
    others = r"matros|niemand|keiner|jeder|\bwer\b"  # "nobody", "whoever" need no noun
    assert [(msgid, text) for msgid, text in sailors if not re.search(others, text, re.IGNORECASE)] == []
    assert [text for _msgid, text in every if re.search(r"seemann|seeleut", text, re.IGNORECASE)] == []
    assert "matrose: ein Matrose einer der beiden Wachen" in console_typed("de", "hilfe leiden")


def test_6_9_german_ailments_are_the_rulebooks_gesundheitsprobleme():
    """§6.9 "Gesundheitsproblem-Karte", "Gesundheitsproblem-Chips", §8.6 "Gesundheitsprobleme behandeln": the German
    screens called a sailor's ailment "Leiden" (a "Leidenskarte" with "Leidens-Chips") on 26 lines. Every line now
    says "Gesundheitsproblem"; the console still takes the short command `leiden` beside the button's word."""
    every = translations("de")
    ailments = [(msgid, text) for msgid, text in every
                if re.search(r"\bailments?\b", re.sub(r"\{[^}]*\}", "", msgid)) and text != "leiden"]
    assert len(ailments) >= 20
    assert [(msgid, text) for msgid, text in ailments if "gesundheitsproblem" not in text.lower()] == []
    assert [text for _msgid, text in every if re.search(r"\bleiden", text) and text != "leiden"] == []
    assert [text for _msgid, text in every if re.search(r"Leiden|Krankheit", text)] == []


def test_6_9_russian_ailments_are_the_rulebooks_nedomoganiya():
    """§6.9 «Недомогания», «карта недомогания», «жетоны недомоганий» of the Russian rulebook: the Russian screens
    and the console's crew view called a sailor's ailment «недуг» («карта недуга», «жетоны недугов», the column
    «недуги») on 26 lines. Every line now says «недомогание»; the console still takes the short command `недуг`."""
    every = translations("ru")
    ailments = [(msgid, text) for msgid, text in every
                if re.search(r"\bailments?\b", re.sub(r"\{[^}]*\}", "", msgid)) and text != "недуг"]
    assert len(ailments) >= 20
    assert [(msgid, text) for msgid, text in ailments if "недомогани" not in text.lower()] == []
    assert [text for _msgid, text in every if re.search(r"недуг", text, re.IGNORECASE) and text != "недуг"] == []
    said = console_typed("ru", "экипаж")
    assert "недомогания" in said.splitlines()[1] and "недуг" not in said
    assert console_typed("ru", "недуг") == console_typed("ru", "ailment")


def test_8_6_russian_medical_supplies_are_the_rulebooks_meditsinskie_sredstva():
    """§8.6 «Всего в игре 5 видов медицинских средств», «жетоны медицинских средств»: the Russian crew view, the injury
    card's sheet and the help said «медикаменты» on five lines beside «медицинских средств» on the sixth; every line
    now says it as the rulebook does (the console's field is still typed `медикаменты`)."""
    every = translations("ru")
    supplies = [text for msgid, text in every if re.search(r"medical supplies|bars, supplies", msgid, re.IGNORECASE)]
    assert len(supplies) >= 5 and all("медицинск" in text.lower() and "средств" in text for text in supplies), supplies
    assert [text for _msgid, text in every if "медикамент" in text.lower() and text != "медикаменты"] == []
    assert "  медицинские средства: таблетки 4," in console_typed("ru", "экипаж")


def test_5_2_8_6_german_refill_kits_are_the_rulebooks_verbandkaesten():
    """§5.2 "Verbandkasten-Chips (nur im Kampagnen-/Verknüpften Modus)", "Legt alle Medizinvorräte auf das
    ‚Verbandkasten‘-Feld", §8.6 "Dazu wirft er 1 Verbandkasten ab": a refill kit is a "Verbandkasten" and the medical
    chest the "Verbandkasten-Feld", where the screens said "Nachfüllset" for the one and "Verbandkasten" for the
    other; the button's word `verbandkasten` opens a kit at the console."""
    every = translations("de")
    kits = [text for msgid, text in every if re.search(r"refill kit|first aid kit", msgid, re.IGNORECASE)]
    chests = [text for msgid, text in every if re.search(r"\bthe chest\b|medical chest", msgid, re.IGNORECASE)]
    assert len(kits) >= 8 and all(re.search(r"Verbandk[aä]st", text) for text in kits), kits
    assert len(chests) >= 4 and all("Verbandkasten-Feld" in text for text in chests), chests
    assert [text for _msgid, text in every if re.search(r"nachfüllset", text, re.IGNORECASE)] == []
    assert console_typed("de", "verbandkasten") == console_typed("de", "kit")


def test_8_6_the_german_stores_pages_short_words_are_the_rulebooks_words_cut():
    """The crew view's stores page shows the supplies and kits in short ("Verb. 4", "Spr. 3", "Best. 2", "Sets 2":
    the replaced words, cut); each short word is now the start of the rulebook's word."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language

    german = language("de")
    for short, word in (("oint.", "Salben"), ("band.", "Bandagen"), ("inj.", "Injektionen"),
                        ("instr.", "chirurgische Instrumente"), ("kits", "Verbandkästen")):
        said = german.render(Msg(short)).rstrip(".")
        assert said and (said in word or said.lower() in word.lower()), (short, said, word)


#: §9.4 «Возможные комбинации жетонов провизии» and §8.6 «таблетки, мази, бинты, уколы и хирургические инструменты» of
#: the Russian rulebook
RUSSIAN_CREW_WORDS = [
    ("sausage bread", "бутерброды с колбасой"), ("fish roll", "рыбные сэндвичи"), ("scrambled eggs", "яичница"),
    ("bacon omelette", "омлет с беконом"), ("sausages and potatoes", "сосиски с пюре"),
    ("casserole", "мясная запеканка"), ("stew", "мясное рагу"), ("potato pancakes", "картофельные оладьи"),
    ("pills", "таблетки"), ("ointment", "мази"), ("bandages", "бинты"), ("injections", "уколы"),
    ("surgical instruments", "хирургические инструменты"),
]


@pytest.mark.parametrize(("english", "russian"), RUSSIAN_CREW_WORDS, ids=[w[0] for w in RUSSIAN_CREW_WORDS])
def test_9_4_8_6_russian_dishes_and_supplies_have_the_rulebooks_words(english, russian):
    """The Russian screens named the dishes in words of their own («драники», «булочка с рыбой», «омлет с салом»,
    «яичница-болтунья», «сосиски с картошкой»), not the rulebook's list, and the ointment «мазь» beside its «мази»."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language

    assert language("ru").render(Msg.term(english)) == russian
