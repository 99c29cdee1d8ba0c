"""The labels of the window's buttons that give a console command, by the command (`kaleun.ui.actions`): a First
Officer who types the word a button shows is understood at the text console, in the table's language (the German
"Smoke break" button's `Zigarettenpause` is `rauchen`, the "Attack disc" sheet's `Angriffsscheibe` is `scheibe`, English
`more_lookouts` is `join`). A label of several words is typed with `_` for each space, as every
console word is (`smoke_break`, `mehr_beobachter`), a closing "!" left off (`Fire!` is `fire`).

Kept apart from the drawing so the console reads them without loading the window; the window's own labels are the
same catalogue messages, and `tests/window/test_every_button_typed_at_the_console.py` walks every screen so a
button whose label is missing here (or names another command) fails. The command's own word, its English id and
the order's name stay first: a label that is already one of those is no new word, and a label two commands share
names neither."""

from __future__ import annotations

from kaleun.core.messages import Msg
from kaleun.i18n import Language
from kaleun.ui.console_words import typed_word

#: console command -> the labels of the buttons that give it (the orders screen, the crew actions, the attack
#: panel, the helm, the crew view's sailor card, the plot's target card, the optics, the damage screen's rows, the tabs)
BUTTON_WORDS: dict[str, tuple[Msg, ...]] = {
    "mobilize": (Msg("Mobilize"),),
    "end_mobilize": (Msg("End mobilization"),),
    "undo": (Msg("Undo"),),
    "return": (Msg("Return to base"),),
    "end_exercise": (Msg("End the exercise"), Msg("End the patrol"), Msg("End the training patrol")),
    "speed": (Msg("Speed"),),
    "course": (Msg("Course"),),
    "depth": (Msg("Depth"),),
    "dive": (Msg("Dive"),),
    "surface": (Msg("Surface"),),
    "sextant": (Msg("Sextant"),),
    "observe": (Msg("Lookouts"),),
    "join": (Msg("More lookouts"), Msg("Join")),
    "periscope": (Msg("Periscope"), Msg("Raise")),
    "hydrophone": (Msg("Hydrophone"),),
    "enigma": (Msg("Enigma"),),
    "target": (Msg("Target data"),),
    "identify": (Msg("Identify"),),
    "disc": (Msg("Disc"), Msg("Attack disc")),
    "tdc": (Msg("TDC"),),
    "flood": (Msg("Flood"),),
    "fire": (Msg("Fire!"),),
    "reload": (Msg("Reload"),),
    "mines": (Msg("Mines"),),
    "gun": (Msg("88 mm"),),
    "flak": (Msg("20 mm"),),
    "repair": (Msg("Repair"), Msg("Seal")),
    "first_aid": (Msg("First aid"),),
    "kit": (Msg("First aid kit"),),
    "address": (Msg("Address"), Msg("Speech")),
    "meal": (Msg("Meal"),),
    "smoke": (Msg("Smoke break"), Msg("Smoke")),
    "stop_task": (Msg("Stand down"),),
    "ailment": (Msg("Injury card"), Msg("Ailment card")),
    "cure": (Msg("Cure card"),),
    "kill": (Msg("Dead"),),
    # the damage screen's rows: a chip carried along in a mobilization, or moved there as a correction
    "carry": (Msg("Carry"),),
    "move_item": (Msg("Moved here"),),
    "mission": (Msg("Mission"),),
    # the tabs whose screen a console view prints (`plot` lists the contacts as `contacts` does); the Damage tab's
    # word is the referee's `damage` in English and German, so `repairs` keeps its own
    "contacts": (Msg("Plot"),),
    "weapons": (Msg("Attack"),),
    "chart": (Msg("Map"),),
    "status": (Msg("Helm"),),
}


def button_word(label: Msg, lang: Language) -> str:
    """A button's label as the console takes it typed: lower case, `_` for a space, without a closing "!"."""
    return typed_word(label, lang).rstrip("!")
