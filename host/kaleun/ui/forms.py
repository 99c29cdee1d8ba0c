"""Every order and crew action the window gives, as a form: its fields and the choices each offers
from the game as it stands (the crew's contacts, the tubes, the jobs to repair ...).

An order's fields are declared once, by the console's `Action` (`ui/actions.py`): its command key,
its bounds, whether it takes one value or several, and its help. A form names that action (the one
giving its `order`, or sending its `command`) and each of its fields names one of the action's
fields; the form adds only what the window needs: the label on the sheet (default: the field's
help), the options read from the game, a default, when the field applies, a stepper's steps. A
form field that names no field of its action, or declares bounds of its own, is refused when the
form is made (at import).

A form builds exactly the command a table script would send (`{"do": "order", "order": "tdc",
"contact": "c3", "spread_deg": 4}`); the order sheet (`screens/sheet.py`) shows the fields as
buttons and, for an order, asks the order desk's `preview` who would carry it out before it is
given. A field left empty is not sent, so the desk's default applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.crew.health import DECKS, SUPPLIES, SUPPLY_NAMES
from kaleun.uboot.crew.technical import component_name
from kaleun.uboot.figures import figure_term
from kaleun.uboot.missions.practice import end_label, how_to_end_in_the_window
from kaleun.uboot.missions.radio import MAX_MESSAGES
from kaleun.uboot.sea.boat import PERISCOPE_M
from kaleun.uboot.sea.sensors import ENEMY
from kaleun.uboot.weapons.arsenal import load_name
from kaleun.ui import actions, only_target
from kaleun.ui.telegraph import POSITION_NAMES

Values = dict[str, Any]

#: the action field kinds a form field takes several values of (its kind is "multi")
MULTI_KINDS = ("choices", "wholes", "words")
#: the action field kinds a stepper may count (its kind is "number")
NUMBER_KINDS = ("whole", "number")


class FormError(ValueError):
    """A form that does not agree with the console's action it gives (raised at import)."""


@dataclass(frozen=True)
class Option:
    value: Any
    label: Msg | str
    note: Msg | str | None = None


@dataclass(frozen=True)
class Fixed:
    """Options that do not depend on the game (a test checks each against the action's field)."""

    options: tuple[Option, ...]

    def __call__(self, game: Any, values: Values) -> list[Option]:
        return list(self.options)


@dataclass(frozen=True)
class Field:
    #: the action field it is (its name or its command key); once the form is made, the command key
    key: str
    #: what the sheet calls it (None: the action field's help)
    label: Msg | None = None
    #: (game, the values chosen so far) -> the options
    options: Callable[[Any, Values], list[Option]] | None = None
    #: a stepper (kind "number") with these steps, the biggest last (): buttons of options
    steps: tuple[int, ...] = ()
    #: a button for each whole number of the action field's bounds (the options)
    each: bool = False
    #: the number wraps round (a course)
    wrap: bool = False
    #: (game, values) -> the starting value (None: not sent until chosen)
    default: Callable[[Any, Values], Any] | None = None
    #: the value is a dict of command fields merged into the command (a repair job): the action's
    #: fields its values may set; the field's own `key` is the window's name for it, never sent
    fills: tuple[str, ...] = ()
    #: the field applies only when this holds for the values
    when: Callable[[Values], bool] | None = None
    #: most options a "multi" takes (0: any)
    most: int = 0
    #: a choice may be cleared again (it is sent only when chosen)
    optional: bool = True
    #: what the sheet says when there is nothing to choose (None: "nothing to choose now")
    empty: Msg | None = None
    #: fewest options a "multi" takes once any is chosen (a swap takes two)
    least: int = 0
    #: the field is left off the sheet while it has no options (a lemon only when there is one)
    hide_empty: bool = False
    #: a choice no longer among the options (they follow another field's choice) is dropped: a medic chosen
    #: for patients in one section is not kept for patients in another
    follows: bool = False
    #: (values) -> the field must be chosen, while it has options, though the action can go without it (the TDC's
    #: target while its data comes from the contact: the sheet asks for it instead of showing a refusal)
    needed: Callable[[Values], bool] | None = None
    # -- from the action's field, when the form is made (never declared here) -------------------
    #: "choice" (one of the options), "multi" (several), "number" (a stepper)
    kind: str = ""
    lo: float | None = None
    hi: float | None = None

    @property
    def merge(self) -> bool:
        return bool(self.fills)

    @property
    def title(self) -> Msg:
        """The label the sheet shows."""
        assert self.label is not None, f"{self.key}: a form field is made by its Form"
        return self.label


def _action_of(form: str, order: str | None, command: str | None, word: str) -> actions.Action:
    """The console's action a form gives: named by its word, or the one giving the order or sending the command."""
    if word:
        found = actions.find(word)
        if found is None:
            raise FormError(f"form {form}: no console command '{word}'")
    elif order is not None:
        found = actions.for_order(order)
        if found is None:
            raise FormError(f"form {form}: no console action gives the order '{order}'")
    else:
        sending = [a for a in actions.ACTIONS if command is not None and a.command == command]
        if len(sending) != 1:
            raise FormError(f"form {form}: {len(sending)} console actions send '{command}' (name one as action=)")
        found = sending[0]
    if (order is not None and found.order != order) or (order is None and found.command != command):
        raise FormError(f"form {form}: the console's '{found.name}' does not give what the form does")
    return found


def _declared(form: str, action: actions.Action, name: str) -> actions.Field:
    got = action._field(name)
    if got is None:
        known = ", ".join(f.name for f in action.fields) or "none"
        raise FormError(f"form {form}: field '{name}' is no field of the console's '{action.name}' (fields: {known})")
    return got


def _made(form: str, action: actions.Action, f: Field) -> Field:
    """A form field with what its action field declares: the command key, bounds, kind and label."""
    if f.kind or f.lo is not None or f.hi is not None:
        raise FormError(f"form {form}: field '{f.key}' declares its kind or bounds; they are the console's "
                        f"'{action.name}' action's")
    if f.fills:  # a window-only field whose options set several of the action's fields (a repair job)
        for name in f.fills:
            _declared(form, action, name)
        if f.label is None or f.steps or f.each:
            raise FormError(f"form {form}: field '{f.key}' fills fields: it needs a label and options")
        return replace(f, kind="choice")
    a = _declared(form, action, f.key)
    kind = "multi" if a.kind in MULTI_KINDS else "number" if f.steps else "choice"
    if (f.steps or f.each) and (a.kind not in NUMBER_KINDS or a.lo is None or a.hi is None):
        raise FormError(f"form {form}: field '{f.key}' counts, but the console's '{action.name}' declares it "
                        f"{a.kind} from {a.lo} to {a.hi}")
    options = f.options
    if f.each:
        assert a.lo is not None and a.hi is not None
        options = Fixed(tuple(Option(n, str(n)) for n in range(int(a.lo), int(a.hi) + 1)))
    return replace(f, key=a.field, kind=kind, lo=a.lo, hi=a.hi, options=options,
                   label=f.label if f.label is not None else Msg(a.help))


@dataclass(frozen=True)
class Form:
    id: str
    title: Msg
    #: an order id: the sheet gives an order and the assistant previews it
    order: str | None = None
    #: otherwise the game command the sheet sends
    command: str | None = None
    fields: tuple[Field, ...] = ()
    #: fixed fields of the command
    fixed: Mapping[str, Any] = field(default_factory=dict)
    #: a crew action's own check (game -> why the game would refuse it now, or None), shown before
    #: it is sent as an order's refusal is
    refusal: Callable[[Any], Msg | None] | None = None
    #: what the order does that the crew would not see on the sheet (shown under its fields)
    note: Msg | None = None
    #: the console command whose fields these are (default: the action giving `order` or sending `command`)
    action: str = ""
    #: the sheet's title as the game has it (game -> words; default: `title`)
    titled: Callable[[Any], Msg] | None = None

    def __post_init__(self) -> None:
        declared = _action_of(self.id, self.order, self.command, self.action)
        object.__setattr__(self, "action", declared.name)
        object.__setattr__(self, "fields", tuple(_made(self.id, declared, f) for f in self.fields))
        for key in self.fixed:
            if key != "via":
                _declared(self.id, declared, key)

    def title_in(self, game: Any) -> Msg:
        """The sheet's title in this game."""
        return self.titled(game) if self.titled is not None else self.title

    @property
    def declared(self) -> actions.Action:
        """The console's action whose fields these are."""
        found = actions.find(self.action)
        assert found is not None
        return found

    def build(self, values: Values) -> dict[str, Any]:
        """The command's fields (without "do") from the values chosen."""
        out: dict[str, Any] = dict(self.fixed)
        for f in self.fields:
            if f.when is not None and not f.when(values):
                continue
            value = values.get(f.key)
            if value is None or value == []:
                continue
            if f.merge and isinstance(value, Mapping):
                out.update(value)
            else:
                out[f.key] = value
        return out

    def command_for(self, values: Values) -> dict[str, Any]:
        body = self.build(values)
        if self.order is not None:
            return {"do": "order", "order": self.order, **body}
        return {"do": self.command, **body}


# -- reading the game for the options -------------------------------------------------------------
def status(game: Any, module: str) -> dict[str, Any]:
    return game.module(module).status() if game.has_module(module) else {}


def contacts(game: Any, kind: str | None = None) -> list[dict[str, Any]]:
    """The crew's contacts (estimates), nearest first."""
    found = status(game, "sea").get("contacts", [])
    return sorted((c for c in found if kind is None or c.get("kind") == kind), key=lambda c: float(c["range_nm"]))


#: the order sheets with a target field for the contact chosen on the plot: the field and the kind of contact it takes
CONTACT_FIELDS = {"tdc": ("contact", "ship"), "gun_88": ("target", "ship"), "gun_20": ("target", "aircraft")}


def chosen_contact_preset(game: Any, form: str, contact: Any) -> dict[str, Any]:
    """The contact chosen on the plot as the target of an order sheet that takes one (the TDC's and the 88 mm gun's a
    ship, the 20 mm gun's an aircraft) while the crew still has it in contact, whichever screen opens the sheet (the
    attack screen's buttons or the orders screen's)."""
    found = CONTACT_FIELDS.get(form)
    if found is None or not isinstance(contact, str):
        return {}
    key, kind = found
    return {key: contact} if any(c["contact"] == contact for c in contacts(game, kind)) else {}


def target_preset(game: Any, form: str, contact: Any) -> tuple[dict[str, Any], Msg | None]:
    """An order sheet's target as both the attack and the orders screen open it: the contact chosen on the plot
    (`chosen_contact_preset`); with none chosen, the only ship in reach of the 88 mm gun or of the torpedoes (the
    TDC; `only_target`, the console's rule too), with the words that say why it is chosen (None: nothing to
    say)."""
    preset = chosen_contact_preset(game, form, contact)
    if preset or form not in ("gun_88", "tdc"):
        return preset, None
    return only_target.typed_target(game, form, {})


def contact_label(c: Mapping[str, Any]) -> str:
    return f"{c['contact']} {int(c['bearing']):03d}°"


def contact_note(c: Mapping[str, Any]) -> Msg:
    name = c.get("class_name")
    if name:
        return Msg("{range:.1f} nm · {name}", range=float(c["range_nm"]), name=Msg.term(str(name)))
    return Msg("{range:.1f} nm", range=float(c["range_nm"]))


def _contacts(kind: str | None) -> Callable[[Any, Values], list[Option]]:
    return lambda game, values: [Option(c["contact"], contact_label(c), contact_note(c)) for c in contacts(game, kind)]


def tubes(game: Any) -> list[dict[str, Any]]:
    return list(status(game, "weapons").get("tubes", []))


def _tubes(states: tuple[str, ...], mines: bool = False) -> Callable[[Any, Values], list[Option]]:
    """The tubes in these states that hold mines (`mines`) or not."""
    def options(game: Any, values: Values) -> list[Option]:
        return [Option(t["tube"], Msg("Tube {n}", n=t["tube"]), Msg.term(str(t["name"])) if t["name"] else None)
                for t in tubes(game) if t["state"] in states and bool(t.get("mines")) == mines]
    return options


def _return_refusal(game: Any) -> Msg | None:
    """Why the return to base is refused now; on a practice piece, which has no base, where its own end is (a crew
    that wants to stop there looks for it here first)."""
    if not game.has_module("mission"):
        return None
    mission = game.module("mission")
    why = mission.why_not_return()
    if why is not None and mission.why_not_end_exercise() is None and "base" not in mission.spec:
        return how_to_end_in_the_window(mission.practice, why)
    return why


def _end_of_practice(game: Any) -> Msg:
    """The title of the sheet that ends a practice piece: the piece as its file names it (the patrol, the exercise)."""
    return end_label(game.module("mission").practice if game.has_module("mission") else None)


def _reload_types(game: Any, values: Values) -> list[Option]:
    weapons = status(game, "weapons")
    tube = values.get("tube")
    room = next((t["room"] for t in weapons.get("tubes", []) if t["tube"] == tube), 1)
    stock = weapons.get("deck", []) if values.get("from") == "deck" else weapons.get("racks", {}).get(str(room), [])
    return [Option(kind, Msg.term(load_name(kind)), Msg("{n} left", n=stock.count(kind)))  # as the tubes show it
            for kind in sorted(set(stock))]


def _tdc_sources(game: Any, values: Values) -> list[Option]:
    """Where the TDC's target data comes from: a choice once a ring of the attack disc has been set (a disc never
    set gives the TDC nothing; none chosen, the TDC takes the contact's data)."""
    disc = status(game, "weapons").get("disc", {})
    if all(disc.get(ring) is None for ring in ("own_course", "enemy_course", "bearing")):
        return []
    return [Option("contact", Msg("the contact")), Option("disc", Msg("the attack disc"))]


def _pistols(game: Any, values: Values) -> list[Option]:
    """The pistols issued on the game's day (torpedoes.toml [[periods]]), as a choice only while there are two
    (until June 1940, from December 1942); none chosen, the TDC sets the first of them."""
    if not game.has_module("weapons"):
        return []
    from kaleun.uboot.weapons.fire_control import pistol_name

    issued = game.module("weapons").period().pistols
    return [Option(p, pistol_name(p)) for p in issued] if len(issued) > 1 else []


def _tdc_setting(key: str) -> Callable[[Any, Values], Any]:
    """The TDC's setting `key` (depth, pistol, spread) as it stands, shown chosen on its sheet when it is one of the
    sheet's options: a crew turning the TDC to the next ship keeps them unless it chooses others (a setting the
    sheet does not offer, or a TDC never programmed, is not chosen: the order leaves the TDC's own)."""
    def kept(game: Any, values: Values) -> Any:
        tdc = status(game, "weapons").get("tdc", {})
        if not tdc.get("programmed"):
            return None
        value = tdc.get(key)
        form = FORMS["tdc"]
        field = next(f for f in form.fields if f.key == key)
        assert field.options is not None
        return next((o.value for o in field.options(game, values) if o.value == value), None)
    return kept


def _sailor_name(crew: Mapping[str, Any], figure: str) -> str:
    return str(crew.get("sailors", {}).get(figure, {}).get("name", figure))


def _patients(game: Any, values: Values) -> list[Option]:
    crew = status(game, "crew")
    out = []
    for figure, s in crew.get("sailors", {}).items():
        if s["dead"] or s["section"] is None:
            continue
        if any(not a.get("treated") for a in s["ailments"]):
            out.append(Option(figure, Msg.term(str(s["name"])), Msg("section {n}", n=s["section"])))
    return out


def _medics(game: Any, values: Values) -> list[Option]:
    """Who may give the first aid (§8.6: the medic stands with his patients): the living sailors in the chosen
    patients' section, those with the first aid symbol first (one chip a patient; the others take two)."""
    sailors = status(game, "crew").get("sailors", {})
    chosen = [p for p in values.get("patients") or [] if p in sailors]
    if not chosen:
        return []
    section = sailors[chosen[0]]["section"]
    there = [(f, s) for f, s in sailors.items() if s["section"] == section and section is not None and not s["dead"]]
    there.sort(key=lambda fs: "first_aid" not in fs[1].get("symbols", ()))
    return [Option(f, Msg.term(str(s["name"])), figure_term(f) if "first_aid" in s.get("symbols", ()) else
                   Msg("{figure}, no symbol", figure=figure_term(f))) for f, s in there]


def _on_bridge(game: Any, values: Values) -> list[Option]:
    crew = status(game, "crew")
    return [Option(f, Msg.term(str(s["name"])), figure_term(f)) for f, s in crew.get("sailors", {}).items()
            if s.get("section") == 8 and not s["dead"]]


def _on_duty(game: Any) -> list[Option]:
    crew = status(game, "crew")
    return [Option(f, Msg.term(str(s["name"])), figure_term(f)) for f, s in crew.get("sailors", {}).items()
            if not s["dead"]]


def _movers(game: Any, values: Values) -> list[Option]:
    """The sailors moved in the open mobilization: only they carry a chip on their way (§6.4)."""
    crew = status(game, "crew")
    if not crew.get("mobilization"):
        return []
    moved = getattr(getattr(game.module("crew"), "moves", None), "start", None)
    return [o for o in _on_duty(game) if moved is None or o.value in moved]


def _items(game: Any, values: Values) -> list[Option]:
    """The equipment chips and toolboxes aboard, each with the section it lies in."""
    from kaleun.uboot.crew.hazards import Hazards

    items = status(game, "crew").get("items", {})
    return [Option(item, Hazards.item_term(item), Msg("section {n}", n=where))
            for item, where in items.items() if where is not None]


def _ailing(game: Any, values: Values) -> list[Option]:
    """The sailors with an ailment card to discard (the others have none: the sheet offered all sixteen)."""
    sailors = status(game, "crew").get("sailors", {})
    return [o for o in _on_duty(game) if sailors.get(o.value, {}).get("ailments")]


def _ailments(game: Any, values: Values) -> list[Option]:
    sailor = status(game, "crew").get("sailors", {}).get(values.get("figure"), {})
    return [Option(a["id"], Msg("{deck} card", deck=Msg.term(str(a.get("deck")))),
                   Msg("treated") if a.get("treated") else Msg("untreated")) for a in sailor.get("ailments", [])]


def _injuries(game: Any, values: Values) -> list[Option]:
    crew = status(game, "crew")
    return [Option(i["id"], Msg.term(_sailor_name(crew, i["figure"])), Msg("{deck} card",
                                                                           deck=Msg.term(str(i["deck"]))))
            for i in crew.get("health", {}).get("injuries_waiting", [])]


#: a technical condition's severity as the repair list says it (§10.3.1)
SEVERITY_WORDS: dict[str, Msg] = {"maintenance": Msg("maintenance"), "failure": Msg("failure"),
                                  "major_failure": Msg("major failure")}

CONDITION_NAMES: dict[str, Msg] = {"fire": Msg("fire"), "electrical_fault": Msg("electrical fault"),
                                   "toxic_gas": Msg("toxic gas"), "leak": Msg("leak"),
                                   "light_failure": Msg("light failure")}


def _jobs(game: Any, values: Values) -> list[Option]:
    """What can be repaired: conditions, hull breaches, technical jobs."""
    crew = status(game, "crew")
    out: list[Option] = []
    for s, b in sorted(crew.get("breaches", {}).items()):
        if not b.get("crewed") and b.get("result") != "failed":
            out.append(Option({"breach": int(s)}, Msg("Breach in {n}", n=s), Msg("seal it")))
    for cond in crew.get("conditions", []):
        name = CONDITION_NAMES.get(cond["condition"], Msg.term(str(cond["condition"])))
        out.append(Option({"condition": cond["condition"], "section": cond["section"]},
                          Msg("{what} in {n}", what=name, n=cond["section"])))
    for job in status(game, "technical").get("jobs", []):
        severity = SEVERITY_WORDS.get(str(job["severity"]), Msg.term(str(job["severity"])))
        if not job.get("sailors"):
            # the crew it needs, and an engineer card still in play on it (a paused repair's), as the
            # console's `repairs` shows them (`0/2 +1`)
            needed = (Msg("{severity}, {crew} needed, card +{bonus} played", severity=severity, crew=job["crew"],
                          bonus=job["bonus"]) if job.get("bonus") else
                      Msg("{severity}, {crew} needed", severity=severity, crew=job["crew"]))
            out.append(Option({"component": job["component"]}, Msg.term(component_name(str(job["component"]))),
                              needed))
    return out


def _pyramid(game: Any, values: Values) -> list[Option]:
    food = status(game, "crew").get("food", {})
    return [Option(i + 1, f"{i + 1}", Msg.term(str(kind).replace("_", " "))) for i, kind in
            enumerate(food.get("pyramid", [])) if kind is not None and kind != "lemon"]


def _places(game: Any, values: Values) -> list[Option]:
    """Every filled place of the pyramid (a swap or a replacement may take any, a lemon too)."""
    food = status(game, "crew").get("food", {})
    return [Option(i + 1, f"{i + 1}", Msg.term(str(kind).replace("_", " "))) for i, kind in
            enumerate(food.get("pyramid", [])) if kind is not None]


def meal_form(game: Any) -> str:
    """The form a Meal button opens: the order, or, after a swap or a replacement, the cooking."""
    return "cook" if status(game, "crew").get("food", {}).get("waiting") else "prepare_meal"


def _lemons(game: Any, values: Values) -> list[Option]:
    food = status(game, "crew").get("food", {})
    return [Option(i + 1, f"{i + 1}", Msg("lemon")) for i, kind in enumerate(food.get("pyramid",
                                                                                      [])) if kind == "lemon"]


#: the roles' titles on the smoke break's sheet, typed at the console too (`kaleun.ui.actions.ROLE_TITLES`)
ROLE_WORDS: dict[str, Msg] = actions.ROLE_TITLES


def _roles(game: Any, values: Values) -> list[Option]:
    left = status(game, "crew").get("cigarettes", {})
    return [Option(role, ROLE_WORDS[role], Msg("{n} left", n=left.get(role, 0))) for role in ROLE_WORDS]


#: the reports the Enigma order sends to HQ (`kaleun.uboot.missions.radio.REPORT_KINDS`)
REPORT_WORDS: dict[str, Msg] = {"convoy": Msg("convoy report"), "contact": Msg("contact report"),
                                "weather": Msg("weather report"), "position": Msg("position report")}


def _coded(game: Any, values: Values) -> list[Option]:
    """HQ's signals received and not yet decoded, oldest first."""
    return [Option(m["id"], str(m["id"]), Msg("coded")) for m in status(game, "mission").get("signals", [])
            if m["state"] == "coded"]


def _reports(game: Any, values: Values) -> list[Option]:
    """The reports to HQ, in a mission with HQ (an exercise has nobody to send them to)."""
    if "signals" not in status(game, "mission"):
        return []
    return [Option(kind, word) for kind, word in REPORT_WORDS.items()]


def _fixed(*options: tuple[Any, Msg | str] | tuple[Any, Msg | str, Msg]) -> Fixed:
    """Options the game does not change: (value, label) or (value, label, note)."""
    return Fixed(tuple(Option(*o) for o in options))


def _heading(game: Any, values: Values) -> int:
    return int(status(game, "boat").get("course", 0))


def _disc_ring(ring: str) -> Callable[[Any, Values], int]:
    """The attack disc's `ring` where the crew last set it (0 on a disc never set): turning one ring
    leaves the others as they stand (§12)."""
    def where(game: Any, values: Values) -> int:
        value = status(game, "weapons").get("disc", {}).get(ring)
        return int(value) if isinstance(value, int | float) else 0
    return where


def _depth(game: Any, values: Values) -> int:
    """The depth ordered last, or periscope depth (the shallowest a depth order takes)."""
    boat = status(game, "boat")
    ordered = round(float(boat.get("ordered_depth_m", 0.0)))
    return max(round(PERISCOPE_M), ordered)


#: a ring of degrees (a course, the attack disc's rings) steps by 1, 10 and a quarter turn, so any reading is at most
#: 12 touches from any other by finger (our choice: with 1 and 10 alone the opposite course took 18)
DEGREE_STEPS = (1, 10, 90)

CARDS = _fixed((1, "+1"), (2, "+2"))


def _cards(game: Any, values: Values) -> list[Option]:
    """The engineer cards to play on the chosen job: none while one is in play on it (§10.3.3: one card per
    repair, and it stays until the repair is done)."""
    job = values.get("job")
    component = job.get("component") if isinstance(job, Mapping) else None
    if any(j["component"] == component and j.get("bonus") for j in status(game, "technical").get("jobs", [])):
        return []
    return CARDS(game, values)


def _only_technical(values: Values) -> bool:
    job = values.get("job")
    return isinstance(job, Mapping) and "component" in job


def _takes_a_card(values: Values) -> bool:
    """A technical repair, or a hull breach being sealed (§10.3.8: the First Engineer may play one card then)."""
    job = values.get("job")
    return isinstance(job, Mapping) and ("component" in job or "breach" in job)


def _speed(game: Any, values: Values) -> str:
    return str(status(game, "boat").get("telegraph", "stop"))


FORMS: dict[str, Form] = {f.id: f for f in (
    Form("mobilize", Msg("Mobilize"), order="mobilize"),
    Form("new_speed", Msg("New speed"), order="new_speed", fields=(
        Field("speed", Msg("Telegraph"), options=lambda g, v: [Option(p, POSITION_NAMES[p]) for p in TELEGRAPH],
              default=_speed, optional=False),)),
    Form("new_course", Msg("New course"), order="new_course", fields=(
        Field("course", Msg("Course (degrees)"), steps=DEGREE_STEPS, wrap=True, default=_heading),)),
    Form("new_depth", Msg("New depth"), order="new_depth", fields=(
        Field("depth_m", Msg("Depth (metres)"), steps=(10, 50), default=_depth),)),
    Form("dive", Msg("Dive"), order="dive", note=Msg(
        "The boat dives to periscope depth ({depth} m), where an escort can still ram it (shallower than {ram} m): "
        "order a new depth to go deeper.", depth=round(PERISCOPE_M), ram=round(float(ENEMY["ram_depth_m"])))),
    Form("surface", Msg("Surface"), order="surface"),
    Form("observe", Msg("Assign observation sectors"), order="observe", fields=(
        Field("figures", Msg("Who (none chosen: the observation specialists on the bridge)"),
              options=_on_bridge, most=6),
        Field("count", Msg("Or how many"), each=True, when=lambda v: not v.get("figures")),
    )),
    Form("periscope", Msg("Periscope"), order="periscope"),
    Form("hydrophone", Msg("Hydrophone"), order="hydrophone"),
    Form("sextant", Msg("Sextant"), order="sextant"),
    Form("enigma", Msg("Enigma"), order="enigma", fields=(
        Field("messages", Msg("Coded signals to decode"), steps=(1,),
              default=lambda g, v: 1, when=lambda v: not v.get("decode") and not v.get("report")),
        Field("decode", Msg("Signals to decode (none chosen: the oldest)"), options=_coded,
              most=MAX_MESSAGES, hide_empty=True),
        Field("report", Msg("Report to send to HQ (on the surface)"), options=_reports, hide_empty=True),
        Field("contact", Msg("Contact reported (none chosen: the nearest ship)"), options=_contacts("ship"),
              when=lambda v: v.get("report") in ("convoy", "contact"),
              empty=Msg("no ship in contact: the report needs one")),
    )),
    Form("tdc", Msg("Program the TDC"), order="tdc", fields=(
        Field("contact", Msg("Target"), options=_contacts("ship"),
              needed=lambda v: v.get("source") in (None, "contact")),
        Field("source", Msg("Target data from"), options=_tdc_sources, hide_empty=True),
        # the pistol before depth and spread: with the disc's source shown too, the sheet has room for four fields
        # and the spread (as the TDC holds it) is the one left off (the console's `tdc` takes every field)
        # the settings stand as the TDC holds them (none chosen: unchanged; on a TDC never set 3 m, no spread, contact)
        Field("pistol", Msg("Pistol (none chosen: the TDC's setting, or contact if it has none)"), options=_pistols,
              hide_empty=True, default=_tdc_setting("pistol")),
        Field("depth_m", Msg("Depth setting (metres)"), options=_fixed(*((d, str(d)) for d in (2, 3, 4, 5, 6, 8))),
              default=_tdc_setting("depth_m")),
        Field("spread_deg", Msg("Spread (degrees)"), options=_fixed(*((d, str(d)) for d in (0, 2, 4, 6, 8, 10))),
              default=_tdc_setting("spread_deg")),
    )),
    Form("flood_tubes", Msg("Flood tubes"), order="flood_tubes", fields=(
        Field("tubes", Msg("Tubes (none chosen: the loaded bow tubes)"), options=_tubes(("loaded",))),)),
    Form("fire_torpedoes", Msg("Fire torpedoes"), order="fire_torpedoes", fields=(
        Field("tubes", Msg("Tubes (none chosen: the lowest flooded)"), options=_tubes(("flooded",))),)),
    Form("reload_torpedo", Msg("Reload torpedo"), order="reload_torpedo", fields=(
        Field("from", Msg("From"), options=_fixed(("racks", Msg(actions.RELOAD_SOURCES["racks"])),
                                                  ("deck", Msg(actions.RELOAD_SOURCES["deck"]),
                                                   Msg("into a room's racks")))),
        Field("tube", Msg("Tube (none chosen: the lowest empty)"), options=_tubes(("empty", "fired")),
              when=lambda v: v.get("from") != "deck"),
        Field("room", Msg("Into the racks of (none chosen: the first with room)"),
              options=_fixed((1, "1", Msg("the bow room")), (6, "6", Msg("the stern room"))),
              when=lambda v: v.get("from") == "deck"),
        Field("torpedo", Msg("Torpedo (none chosen: the first in store)"), options=_reload_types),
    )),
    Form("lay_mines", Msg("Lay mines"), order="lay_mines", fields=(
        Field("tubes", Msg("Tubes (none chosen: every tube loaded with mines)"),
              options=_tubes(("loaded",), mines=True)),)),
    Form("gun_88", Msg("88 mm gun"), order="gun_88", fields=(
        Field("target", Msg("Target"), options=_contacts("ship"), optional=False),
        Field("rounds", Msg("Rounds"), options=_fixed(*((n, str(n)) for n in (5, 10, 20, 40)))),
    )),
    Form("gun_20", Msg("20 mm gun"), order="gun_20", fields=(
        Field("target", Msg("Aircraft (none chosen: the nearest)"), options=_contacts("aircraft")),
        Field("bursts", Msg("Bursts"), options=_fixed(*((n, str(n)) for n in (5, 10, 20)))),
    )),
    Form("repair", Msg("Repair"), order="repair", fields=(
        Field("job", Msg("Job"), options=_jobs, fills=("component", "breach", "condition", "section"), optional=False),
        Field("card", Msg("Engineer card"), options=_cards, when=_takes_a_card,
              empty=Msg("an engineer card is already in play on this repair (one card per repair)")),
        # §10.3: the card's advanced effect needs the most experienced sailor in the repair crew
        Field("advanced", Msg("The card's effect (none chosen: its basic one)"),
              options=_fixed((True, Msg("advanced effect"), Msg("needs the most experienced sailor"))),
              when=lambda v: _only_technical(v) and bool(v.get("card"))),
    )),
    Form("first_aid", Msg("First aid"), order="first_aid", fields=(
        Field("patients", Msg("Patients (in one section)"), options=_patients, optional=False,
              empty=Msg("Nobody waits for first aid: enter an injured sailor's card first.")),
        # §8.6: the players choose who gives it; none chosen, the crew engine takes a specialist there
        Field("medic", Msg("Medic (none chosen: one with the first aid symbol there)"), options=_medics,
              when=lambda v: bool(v.get("patients")), follows=True),
    )),
    Form("address_crew", Msg("Address the crew"), order="address_crew"),
    Form("prepare_meal", Msg("Prepare a meal"), order="prepare_meal", fields=(
        # §9.4: the cook may first swap two chips or replace one from the supply (one more activation);
        # after a replacement the chips are taken with "cook", once the new chip is seen
        Field("swap", Msg("First swap two places (+1 activation)"), options=_places, most=2,
              least=2),
        Field("replace", Msg("Or replace one from the supply (+1 activation)"), options=_places,
              when=lambda v: not v.get("swap")),
        Field("take", Msg("Ingredients (1 to 3 touching places of the pyramid)"), options=_pyramid, most=3,
              when=lambda v: v.get("replace") is None),
        Field("lemon", Msg("Lemon"), options=_lemons, when=lambda v: v.get("replace") is None, hide_empty=True),
    )),
    Form("cook", Msg("Cook the meal"), command="cook", fields=(
        Field("take", Msg("Ingredients (1 to 3 touching places of the pyramid)"), options=_pyramid, most=3,
              optional=False),
        Field("lemon", Msg("Lemon"), options=_lemons, hide_empty=True),
    )),
    # crew actions: free, no order
    Form("smoke", Msg("Smoke break"), command="smoke", fields=(
        Field("roles", Msg("Who spends a cigarette"), options=_roles, optional=False),)),
    Form("join_lookouts", Msg("More lookouts"), command="join_task", fixed={"task": "observation"}, fields=(
        Field("count", Msg("Lookouts"), each=True),)),
    Form("ailment", Msg("Enter an injury or ailment card"), command="ailment", fields=(
        Field("injury", Msg("Injured"), options=_injuries, optional=False, when=lambda v: not v.get("figure")),
        # §6.14: a card no injury brought (an event or morale card) is entered for the sailor named
        Field("figure", Msg("Sailor"), options=lambda g, v: _on_duty(g), optional=False,
              when=lambda v: v.get("injury") is None and bool(v.get("figure"))),
        Field("deck", Msg("The card's deck"), options=_fixed(*((deck, Msg.term(deck)) for deck in ("event", "morale",
                                                                                                  *DECKS))),
              when=lambda v: v.get("injury") is None and bool(v.get("figure"))),
        Field("wounds", Msg("Wounds"), options=_fixed((1, "1"), (2, "2"))),
        Field("exhaustion", Msg("Exhaustion chips"), options=_fixed((1, "1"), (2, "2"), (3, "3"))),
        Field("supplies", Msg("Medical supplies the card asks for"), options=_fixed(
            *((supply, Msg.term(SUPPLY_NAMES[supply])) for supply in SUPPLIES))),
    )),
    Form("attack_disc", Msg("Attack disc"), command="attack_disc", fixed={"via": "window"}, fields=(
        Field("own_course", Msg("Own course ring"), steps=DEGREE_STEPS, wrap=True, default=_heading),
        Field("enemy_course", Msg("Enemy course ring"), steps=DEGREE_STEPS, wrap=True,
              default=_disc_ring("enemy_course")),
        Field("bearing", Msg("Bearing ring (from the bow)"), steps=DEGREE_STEPS, wrap=True,
              default=_disc_ring("bearing")),
    )),
    Form("carry", Msg("Carry equipment"), command="carry", fields=(
        Field("figure", Msg("Who carries it (moved in this mobilization)"), options=_movers, optional=False,
              empty=Msg("Nobody has moved in an open mobilization: mobilize, move a sailor past the chip, "
                        "then carry it.")),
        Field("item", Msg("What"), options=_items, optional=False),
        Field("to", Msg("To section (none chosen: where he stands)"), each=True),
    )),
    Form("cure", Msg("Discard an ailment card"), command="cure", fields=(
        Field("figure", Msg("Sailor"), options=_ailing, optional=False),
        Field("ailment", Msg("Ailment"), options=_ailments, optional=False),
    )),
    Form("kill", Msg("A sailor is dead"), command="kill", fields=(
        Field("figure", Msg("Sailor"), options=lambda g, v: _on_duty(g), optional=False),)),
    Form("return_to_base", Msg("Return to base"), command="return_to_base", refusal=_return_refusal),
    Form("end_exercise", Msg("End the exercise"), command="end_exercise",
         refusal=lambda game: game.module("mission").why_not_end_exercise() if game.has_module("mission") else None,
         titled=_end_of_practice),
)}

#: the orders, by group, as the orders screen lists them
ORDER_GROUPS: tuple[tuple[Msg, tuple[str, ...]], ...] = (
    (Msg("Crew"), ("mobilize", "repair", "first_aid", "address_crew", "prepare_meal")),
    (Msg("Helm"), ("new_speed", "new_course", "new_depth", "dive", "surface")),
    (Msg("Sensors"), ("observe", "periscope", "hydrophone", "sextant", "enigma")),
    (Msg("Weapons"), ("tdc", "flood_tubes", "fire_torpedoes", "reload_torpedo", "lay_mines", "gun_88", "gun_20")),
)
