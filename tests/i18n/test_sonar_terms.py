"""Captain Sonar in German and Russian says each rulebook term one way, in every message of its package,
its screens, its console and its command line (digest §1-§7 as the German base rules word them):

- German: the posts Kapitän, Erster Offizier, Maschinist, Funker ([B], not the quick reference's Kommandant,
  Wachoffizier, Ingenieur); the call "Stop!" and "Bereit zum Tauchen!"; symbols are "durchgekreuzt"; the
  grey ones are the reactor's ("Reaktorsymbole"); a gauge is an "Anzeige" (the quick reference's word, as
  every gauge on the screens); the sonar's two "Angaben".
- Russian: the captain is "капитан" (U-BOOT's "командир" is another post), the Engineer's board is the
  "планшет механика", the sonar's two statements are "утверждения".

The console's second typed words (context `Captain Sonar console, also typed`: the quick reference's `stopp`,
`weiter`, `auslösen`, `durchkreuzen`) are taken from a crew that types them, never said to one: they are not
checked here.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from kaleun.catalogue import extract
from kaleun.i18n import catalogue_path

#: words of another edition, another game or an older wording that a Captain Sonar text must not use
NOT_SAID = {
    "de": r"Kommandant|Wachoffizier|Ingenieur|Strahlung|gestrichen|streich|Stopp|Klar zum Tauchen|Aussage"
          r"|Drehschalter",
    "ru": r"командир|сведени|листе механика",
}

#: the words a console takes beside its own and never prints
TYPED_ONLY = "Captain Sonar console, also typed"


def sonar_messages() -> list[str]:
    """The message ids that only Captain Sonar's code uses (its package, screens, console, front end)."""
    def sonar(where: str) -> bool:
        path = where.split(":")[0]
        return "/sonar/" in path or "/ui/sonar_" in path or path.endswith("fronts/sonar.py")

    return [m[0] if isinstance(m, tuple) else m for m, where in extract().items() if all(map(sonar, where))]


@pytest.mark.parametrize("code", ["de", "ru"])
def test_1_7_captain_sonar_says_each_rulebook_term_one_way(code):
    with open(catalogue_path(code), "rb") as fh:
        catalogue = read_po(fh, locale=code)
    messages = sonar_messages()
    assert len(messages) > 300
    wrong = []
    for key in messages:
        context, _, msgid = key.rpartition("\x04")
        if context == TYPED_ONLY:
            continue
        message = catalogue.get(msgid, context=context or None)
        assert message is not None, key
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        wrong += [(msgid, s) for s in strings if re.search(NOT_SAID[code], s, re.IGNORECASE)]
    assert not wrong


def test_5_a_refused_stop_names_the_call_as_the_rulebook_and_the_telegraph_keeps_its_stop():
    """[B] "Er hebt die Faust und ruft „Stop!“": a refusal names the command "Stop" in German; U-BOOT's
    engine telegraph keeps its "Stopp" (the same English word without Captain Sonar's context)."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.sonar.referee import Referee

    german = language("de")
    refused = Msg("{team}: {command} refused: {reason}.", team="Gelb", command=Referee.COMMAND_NAMES["stop"],
                  reason="x")
    assert german.render(refused) == "Gelb: Stop abgelehnt: x."
    assert german.render(Msg.term("stop")) == "Stopp"
    assert str(refused) == "Gelb: stop refused: x."  # the event log's English is unchanged


def test_5_a_refused_go_names_the_button_the_crew_touched():
    """The window's button that lifts the own Stop! is "Los" at a German table: a refusal of it says "Los"."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.sonar.referee import Referee

    german = language("de")
    assert german.render(Referee.COMMAND_NAMES["go"]) == german.render(Msg("Go")) == "Los"
