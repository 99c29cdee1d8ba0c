"""The text console keeps parity with the window (the First Officer's console, console parity): every action is declared
once (kaleun.ui.actions) and is a console command; `help COMMAND` shows its fields from that declaration;
the views print readable tables; the order assistant previews an order; a line that cannot be read
says what is wrong and changes nothing. Driven through the Console object with an input stream."""

from __future__ import annotations

import io
import json
import re

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.engine import Engine
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.uboot.figures import figure_term
from kaleun.uboot.game import new_game
from kaleun.uboot.orders import ORDER_NAMES
from kaleun.ui.actions import ACTIONS, GROUPS, NOT_ACTIONS, find, for_order
from kaleun.ui.console import CONSOLE, Console


class Desk:
    """A console on a game, typed into line by line (as its input thread hands lines to the loop)."""

    def __init__(self, game: Engine) -> None:
        self.game = game
        self.out = io.StringIO()
        self.runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)  # game time: `wait`
        self.console = Console(self.runtime, stdin=io.StringIO(), stdout=self.out, interactive=False)
        self.runtime.step()
        self.seen = len(self.out.getvalue())  # the mission's opening lines
        self.events: list = []
        self.runtime.listeners.append(self.events.append)

    def type(self, *lines: str) -> str:
        """Type lines; what the console printed meanwhile."""
        for line in lines:
            self.console.handle(line)
            self.runtime.step()
        text = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        return text

    def wait(self, seconds: float) -> str:
        """Let game time pass (as the loop would, compressed)."""
        self.runtime._dispatch(self.game.advance(seconds))
        return self.type()

    def state(self) -> str:
        return json.dumps(self.game.to_state(), sort_keys=True)


@pytest.fixture
def desk() -> Desk:
    return Desk(new_game(0))


# -- one declaration ------------------------------------------------------------------------------
def test_every_action_is_a_console_command():
    """The window builds its controls from ACTIONS; the console has a command for each one."""
    console = Desk(new_game(0)).console
    for action in ACTIONS:
        for word in action.words:
            assert word in console.commands, f"{word}: no console command"
    words = [w for a in (*ACTIONS, *CONSOLE) for w in a.words]
    assert len(words) == len(set(words)), "a command word is used twice"
    assert {a.group for a in ACTIONS} <= set(GROUPS)


def test_host_readme_lists_every_console_command():
    """host/README.md, "The text console", "Commands": a command the console knows is in its table."""
    from kit import HOST

    text = (HOST / "README.md").read_text(encoding="utf-8")
    table = text[text.index("### Commands\n"):text.index("Any table-script line as JSON")]
    listed = set(re.findall(r"`\??([a-z_0-9]+)", table))
    missing = [a.name for a in (*ACTIONS, *CONSOLE) if a.name not in listed]
    assert not missing, f"console commands missing from host/README.md's table: {missing}"


def test_every_order_and_game_command_has_an_action():
    """A new order or crew action added to the game without an action fails here."""
    for order in ORDER_NAMES:
        assert for_order(order) is not None, f"order {order} has no action"
    reached = {a.command or a.hand for a in ACTIONS} | {"order"}
    game = new_game(0)
    missing = set(game.command_names) - reached - set(NOT_ACTIONS)
    assert not missing, f"game commands without an action: {sorted(missing)}"


def test_the_windows_hands_are_actions():
    """What the window does today (drag a figure, the telegraph dial, the compression buttons, Space)."""
    assert find("place").hand == "place" and find("lift").hand == "lift"  # type: ignore[union-attr]
    assert find("telegraph").hand == "telegraph"  # type: ignore[union-attr]
    assert dict(find("time").fixed) == {"action": "time_compression"}  # type: ignore[union-attr]
    assert dict(find("pause").fixed) == {"action": "toggle_pause"}  # type: ignore[union-attr]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.name)
def test_every_example_is_read_and_the_game_knows_its_fields(action):
    """Each action's example (what `help` shows) is read without error, and the game accepts the form
    of what it sends: no unknown or missing field (the game may still refuse it for the situation)."""
    fields = action.read(action.example.split()[1:])
    desk = Desk(new_game(0, "exercise_convoy"))
    printed = desk.type(action.example)
    for wrong in ("unknown field", "needs the field", "usage:", "is not key=value", "no field"):
        assert wrong not in printed, printed
    if action.order:
        answer = desk.game.module("orders").preview({"order": action.order, **fields})
        assert answer["order"] == action.order


@pytest.mark.parametrize("action", [*ACTIONS, *CONSOLE], ids=lambda a: a.name)
def test_help_shows_each_commands_fields_from_its_declaration(action, desk):
    shown = desk.type(f"help {action.name}")
    assert shown.splitlines()[0] == action.usage()
    for field in action.fields:
        assert f"  {field.name}" in shown and field.help in shown
        for choice in field.choices:
            assert choice in shown
    assert action.example in shown


def test_help_lists_the_commands_by_group(desk):
    shown = desk.type("help")
    for title in GROUPS.values():
        assert f"\n{title}:\n" in shown
    assert "  disc [key=value ...]" in shown and "  course COURSE" in shown and "  check ORDER" in shown


# -- reading typed lines ---------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "said"), [
    ("course abc", "! course: course must be a whole number from 0 to 359, not 'abc'"),
    ("course 400", "! course: course must be from 0 to 359, not 400"),
    ("course", "! course: give course; usage: course COURSE"),
    ("course 10 20", "! course: what is '20'? usage: course COURSE"),
    ("course heading=10", "! course: no field 'heading' (fields: course); usage: course COURSE"),
    ("course course=10 course=20", "! course: course is given twice"),
    # the words the table takes, as `help speed` lists them (the short words, not the long ids)
    ("speed warp", "! speed: speed 'warp' is not one of: astern, stop, slow, half, full"),
    ("flood 1,,2", "! flood: '1,,2' is not a list: write it as a,b,c"),
    ("observe figures=captain-square,bosun", "! observe: figures 'bosun' is not one of:"),
    ("target 3", "! target: contact must be a contact such as c3, not '3'"),
    ("crew_options wear=maybe", "! crew_options: wear must be true or false, not 'maybe'"),
    ("disc own=", "! disc: own has no value: write own=OWN"),
    ('place "engineer-square 5', "! the line cannot be read as words: No closing quotation"),
    ("check warp", "! check: 'warp' is not an order (orders: mobilize, speed,"),
    ("help warp", "! help: no command 'warp': type help"),
    ("fly away", "! unknown command 'fly': type help"),
])
def test_a_line_that_cannot_be_read_says_what_is_wrong_and_changes_nothing(desk, line, said):
    before = desk.state()
    printed = desk.type(line)
    assert printed.startswith(said), printed
    assert desk.state() == before


def test_fields_by_name_key_or_position_give_the_same_command(desk):
    action = find("disc")
    assert action is not None
    assert action.read(["own=290", "enemy=70", "bearing=40"]) == action.read(
        ["own_course=290", "enemy_course=70", "bearing=40"]) == {"own_course": 290, "enemy_course": 70, "bearing": 40}
    assert find("course").read(["270"]) == find("course").read(["course=270"]) == {"course": 270}  # type: ignore
    assert find("flood").read(["1,2"]) == {"tubes": [1, 2]}  # type: ignore[union-attr]
    assert find("observe").values({"figures": ["navigator-square"]}) == {  # type: ignore[union-attr]
        "figures": ["navigator-square"]}


def test_orders_commands_and_hands_reach_the_game(desk):
    shown = desk.type("time fast_forward")
    assert desk.game.module("compression").mode == "fast_forward"
    shown += desk.type("mobilize", "place engineer-square 5", "place engineer-triangle 5", "speed half_ahead",
                       "course 270", "morale -1 why=card", "undo", "disc own=290 enemy=70 bearing=40")
    boat = desk.game.module("boat").status()
    assert boat["telegraph"] == "half_ahead" and boat["course"] == 270
    assert desk.game.module("figures").where["engineer-square"] == 5
    assert desk.game.module("crew").status()["bars"]["morale"] == "XI"  # the correction undone
    assert "Order: half ahead." in shown
    assert ("attack disc: own course 290, enemy course 070, bearing 040: true bearing 330, angle on the bow 80°"
            " starboard") in shown
    accepted = [e.data for e in desk.events if e.name == "order_accepted"]
    assert [(a["order"], a["via"]) for a in accepted] == [
        ("mobilize", "console"), ("new_speed", "console"), ("new_course", "console")]


def test_json_lines_and_do_still_work(desk):
    desk.type('{"do": "order", "order": "new_course", "course": 90}', "do adjust_command by=-1")
    assert desk.game.module("boat").status()["course"] == 90
    assert desk.game.module("crew").status()["bars"]["command"] == "VI"


def test_a_json_line_naming_a_field_twice_is_refused_and_changes_nothing(desk):
    """JSON keeps the last of two equal keys silently: a line typed with the course twice turned the boat to the
    second. It is refused as a script line is, and the boat keeps its course."""
    shown = desk.type('{"do": "order", "order": "new_course", "course": 90, "course": 180}')
    assert "the field 'course' is given twice" in shown
    assert desk.game.module("boat").status()["course"] == 0
    assert not [e for e in desk.events if e.name == "order_accepted"]


# -- the order assistant ---------------------------------------------------------------------------
def test_the_order_assistant_says_who_would_carry_an_order_out_and_changes_nothing(desk):
    desk.type("do crew_options rules=enforce", "mobilize", "place engineer-square 5")
    before = desk.state()
    short = desk.type("check speed half_ahead")
    assert short.startswith("New speed: would be refused: 2 sailors with the engines symbol needed in section 5")
    assert desk.state() == before
    desk.type("place engineer-triangle 5")
    ready = desk.type("?speed half_ahead")
    assert ready.splitlines()[0] == "New speed: would be carried out (paid from the command bar) by:"
    assert re.search(r"engineer-square\s+Chief mechanic\s+5\s+1\s+yes", ready)  # each sailor by his name
    assert re.search(r"engineer-triangle\s+Diesel mechanic\s+5\s+1\s+yes", ready)
    given = desk.type("speed half_ahead")
    assert "Order: half ahead." in given


def test_the_order_assistant_in_advise_mode_says_what_is_missing(desk):
    said = desk.type("check observe count=2")
    assert said.startswith("Assign observation sectors: would go ahead without its full crew (paid from the command "
                           "bar): ")
    assert desk.type("check fire_torpedoes").startswith("Fire torpedoes: would be refused: no TDC solution")


# -- the views -------------------------------------------------------------------------------------
def test_contacts_and_target_data_are_the_crews_estimates():
    desk = Desk(new_game(0, "exercise_convoy"))
    assert desk.type("contacts") == "No contacts.\n"
    desk.type("mobilize", "place navigator-square 8", "place navigator-triangle 8", "observe")
    shown = desk.wait(600)
    assert "Lookouts report" in shown and " in all)." in shown  # each report added to says the ships added
    table = desk.type("contacts").splitlines()
    picture = desk.game.module("sea").status()["contacts"]
    assert table[0] == f"{len(picture)} contacts (the crew's estimates):"
    assert table[1].split() == ["contact", "kind", "bearing", "relative", "range", "nm", "course", "speed", "kn", "age",
                                "sensor", "class"]
    first = min(picture, key=lambda c: (float(c["range_nm"]), int(c["contact"][1:])))  # nearest first, as the plot
    assert table[2].split()[:5] == [first["contact"], "ship", f"{first['bearing']:03d}", f"{first['rel_bearing']:03d}",
                                    f"{first['range_nm']:.1f}"]
    target = desk.type(f"target {first['contact']}").splitlines()
    assert target[0] == f"Target data {first['contact']} (ship):"
    assert target[3].split() == ["range", f"{first['range_nm']:.1f}", "nm"]
    assert target[-1].split()[-2:] == ["not", "identified"]


def test_status_shows_the_boat_the_sea_and_the_bars(desk):
    shown = desk.type("status").splitlines()
    assert shown[0].endswith("first watch on duty  time: real time")
    assert shown[1].startswith("telegraph: stop (lever at stop)  speed 0.0 kn of 0.0 kn (diesel, surfaced)")
    assert shown[2] == "course 000  surfaced  battery 100 %  square AF76 (dead reckoning)"
    assert shown[3] == "fuel 100 % (113.5 t)"
    assert shown[4].startswith("weather: ")
    bars = desk.game.module("crew").status()["bars"]
    assert shown[5].startswith(f"command bar {bars['command']}  morale XI")


def test_repairs_lists_breaches_conditions_and_jobs_with_the_line_that_orders_each(desk):
    assert desk.type("repairs") == "Nothing to repair.\n"
    desk.type("damage hull_breach section=4", "damage environmental condition=fire section=5",
              "damage technical component=periscope severity=failure")
    shown = desk.type("repairs")
    assert re.search(r"HULL BREACH in section 4: 3:00 left, no repair crew yet\.  repair breach=4", shown)
    assert re.search(r"fire\s+5\s+extinguisher \(in section \d\)\s+repair condition=fire section=5", shown)
    assert re.search(r"periscope\s+failure\s+yellow\s+3\s+0/2\s+0 %\s+waiting\s+repair component=periscope", shown)
    desk.wait(30)
    assert "HULL BREACH in section 4: 2:30 left" in desk.type("repairs")  # the countdown ticks


def test_repairs_says_how_equipment_lying_elsewhere_comes_to_the_repair(desk):
    """§10.3 conditions are repaired with their equipment chip in the section, and §6.4 a chip travels with a sailor
    moved in a mobilization: `repairs` says so with the lines to type, naming a sailor who stands by the chip, and the
    lines do what they say (the repair the view shows is then given, not refused for the chip)."""
    desk.type("damage environmental condition=light_failure section=5")
    bulb = desk.game.module("crew").status()["items"]["light_bulb"]
    assert bulb == 3
    shown = desk.type("repairs")
    hint = re.search(r"The light bulb lies in section 3: a sailor moved in a mobilization carries it to section 5 "
                     r"\(mobilize, place (\S+) 5, carry (\S+) light_bulb\)\.", shown)
    assert hint is not None and hint.group(1) == hint.group(2), shown
    figure = hint.group(1)
    assert desk.game.module("crew").status()["sailors"][figure]["section"] == 3
    desk.type("mobilize", f"place {figure} 5", f"carry {figure} light_bulb", "end_mobilize")
    assert "lies in section" not in desk.type("repairs")
    desk.type("repair condition=light_failure section=5")
    refused = [e for e in desk.events if e.name in ("order_refused", "action_refused")]
    assert not any("light bulb" in json.dumps(e.to_json()) for e in refused)
    assert desk.type("repairs") == "Nothing to repair.\n"


def test_crew_shows_sailors_tasks_ailments_and_waiting_injuries(desk):
    desk.type("ailment engineer-square deck=wounds wounds=1", "damage crew sections=3")
    shown = desk.type("crew")
    bars = desk.game.module("crew").status()["bars"]
    assert shown.startswith(f"Crew of watch 1: command bar {bars['command']}, morale XI; crew rules: advise.")
    assert re.search(r"engineer-square\s+Chief mechanic\s+\d\s+W\S*\s+-\s+\d+:wounds\*", shown)
    waiting = desk.game.module("crew").status()["health"]["injuries_waiting"]
    assert waiting  # the crew damage in section 3 injured somebody (seed 0)
    for injury in waiting:
        figure = figure_term(injury["figure"])  # the figure as a player reads it: "square engineer"
        assert f"injury {injury['id']} waiting for its card: {figure}, deck {injury['deck']}" in shown
    assert "medical supplies: pills 4" in shown


def test_crew_says_what_each_chip_letter_is(desk):
    """§6.2, §6.7, §6.9: the chips column's letters are read with the legend under the table."""
    desk.type("mobilize", "place navigator-square 8", "observe", "ailment engineer-square deck=wounds wounds=1")
    shown = desk.type("crew")
    assert re.search(r"navigator-square\s+Navigator\s+8\s+O\s", shown)  # a busy lookout's chip
    assert re.search(r"engineer-square\s+Chief mechanic\s+\d\s+W\d", shown)
    assert ("  (chips: A activation, O lookout, T repair job, W red cross, E exhaustion; the number after W or E is "
            "its ailment)") in shown


def test_weapons_show_tubes_tdc_guns_and_tally():
    desk = Desk(new_game(0, "exercise_convoy_battle"))
    shown = desk.type("weapons")
    assert shown.startswith("Torpedoes left: 14.\n")
    assert re.search(r"1\s+bow\s+\w+\s+G7", shown) and re.search(r"5\s+stern", shown)
    assert "TDC: not programmed." in shown and "88 mm gun: 220 rounds" in shown
    assert "Tally: 0 torpedoes fired, 0 hits, 0 ships sunk (0 GRT)." in shown
    desk.type("tdc source=manual bearing=30 range_m=2000 course=120 speed_kn=8")
    shown = desk.type("weapons")
    assert re.search(r"TDC on manual input: course 120, speed 8.0 kn", shown)
    assert re.search(r"bow\s+2,000\s+", shown)


def test_the_console_plays_the_night_attack_by_commands_alone():
    """The README's night attack (host/README.md, "The attack") typed at the console: the TDC from the
    target data, a fan of three, a hit, then a dive away from the escorts."""
    desk = Desk(new_game(0, "exercise_convoy_battle"))
    steps = [(0, ["mobilize"]), (2, ["place navigator-square 8"]), (4, ["place navigator-triangle 8"]),
             (6, ["place engineer-square 5"]), (8, ["place engineer-triangle 6"]), (9, ["place engineer-circle 6"]),
             (10, ["observe"]), (20, ["flood 1,2,3"]), (290, ["target c3"]), (300, ["tdc c3 spread_deg=6"]),
             (302, ["fire 1,2,3"]), (310, ["mobilize"]), (312, ["place navigator-square 3"]),
             (314, ["place navigator-triangle 3"]), (320, ["dive"]), (360, ["depth 100"]), (365, ["speed slow_ahead"])]
    shown = ""
    for t, lines in steps:
        shown += desk.wait(t - desk.game.t) if t > desk.game.t else ""
        shown += desk.type(*lines)
    shown += desk.wait(1800 - desk.game.t)
    assert "Tubes 1, 2, 3: torpedoes away!" in shown
    assert "Torpedo 1 (tube 1): hit after" in shown and "has gone down!" in shown
    assert "Target data c3 (ship):" in shown
    assert "refused" not in shown
    assert re.search(r"Tally: 3 torpedoes fired, 1 hit, 1 ship sunk \(\d[\d,]* GRT\)\.", desk.type("weapons"))


def test_a_choice_typed_with_capitals_is_the_one_it_names(desk):
    """A newcomer's first `place Navigator-Square 8` (a capital typed) moves the navigator; a word
    that names no choice is still refused with the choices."""
    desk.type("mobilize")
    desk.type("place Navigator-Square 8", "telegraph Half_Ahead")
    assert desk.game.module("crew").status()["sailors"]["navigator-square"]["section"] == 8
    assert desk.game.module("boat").status()["telegraph"] == "half_ahead"
    assert "! place: figure 'navigator' is not one of: captain-square" in desk.type("place navigator 8")


def test_a_contact_typed_with_a_capital_is_the_one_it_names():
    """`target C3` or `gun C3` (a capital typed) names contact c3, as a choice typed with capitals does; a word
    that is no contact is still refused."""
    for name in ("target", "tdc", "gun", "identify"):
        action = find(name)
        assert action is not None
        assert action.read(["C3"]) == action.read(["c3"]) == {"contact" if name != "gun" else "target": "c3"}


def test_a_list_typed_with_spaces_after_its_commas_is_one_list(desk):
    """`flood 1, 2` (a space after the comma, as one writes a list) floods tubes 1 and 2 rather than asking what '2'
    is; a comma with nothing after it is still refused, and a field that is no list never swallows the next word."""
    flood = find("flood")
    observe = find("observe")
    assert flood is not None and observe is not None
    assert flood.read(["1,", "2"]) == flood.read(["1", ",2"]) == flood.read(["1", ",", "2"]) == {"tubes": [1, 2]}
    assert flood.read(["tubes=1,", "2,", "3"]) == {"tubes": [1, 2, 3]}
    assert observe.read(["figures=navigator-square,", "navigator-triangle"]) == {
        "figures": ["navigator-square", "navigator-triangle"]}
    assert desk.type("flood 1,").startswith("! flood: '1,' is not a list: write it as a,b,c")
    assert desk.type("course 10, 20").startswith("! course: what is '20'? usage: course COURSE")


@pytest.mark.parametrize(("language", "figure"), [("de", "offizier-dreieck"), ("ru", "старпом-треугольник")])
def test_the_order_assistant_names_each_figure_as_the_table_types_it(language, figure):
    """A German table reads `check dive`'s sailors by the figure it types (`offizier-dreieck`), as `crew` prints
    them; the assistant's table named them by the English id (`officer-triangle`), which `crew` never shows."""
    from kit import console_typed

    said = console_typed(language, "check dive")
    assert re.search(rf"^\s+{figure}\s", said, re.M), said
    assert "officer-triangle" not in said
    assert figure in console_typed(language, "crew")
