"""What the console prints about the game: the boat's state, contacts, target data, crew, repairs,
weapons and the order assistant's answer, as readable tables in the table's language.

Everything is read from the game's public status (`boat.status()`, `navigation`, `weather`,
`sea.status()` — the crew's estimates, never the truth —, `crew.status()`, `technical`,
`weapons.status()`) and rendered with `kaleun.i18n.Language`; nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, When, join
from kaleun.i18n import Language
from kaleun.uboot.crew.bars import field_term
from kaleun.uboot.figures import ROLES, figure_term
from kaleun.uboot.weapons.arsenal import load_name
from kaleun.uboot.weapons.fire_control import pistol_name
from kaleun.ui.actions import FIGURE, in_words
from kaleun.ui.console_words import LATIN_LOOKALIKES, UBOOT

DASH = "-"

#: words from the game's state the views print through `Msg.term` (here so the catalogues hold them):
#: propulsion, the weather's kinds (`weather.toml`), the daylight phases, the attack disc's rings
#: what the TDC was set from when no contact names it (the console's weapons view: "TDC on manual input: ...")
SOURCES = {"manual": N_("manual input"), "disc": N_("attack disc input")}
TERMS = (N_("diesel"), N_("electric"), N_("clear"), N_("fair"), N_("cloudy"), N_("overcast"), N_("rain"),
         N_("storm"), N_("fog"), N_("day"), N_("civil twilight"), N_("nautical twilight"), N_("night"), N_("disc"),
         N_("own course"), N_("enemy course"))


def columns(headers: Sequence[str], rows: Sequence[Sequence[Any]], indent: str = "  ",
            width: int | None = None) -> list[str]:
    """Rows under their headers, each column as wide as its widest cell. With `width` (a terminal's), a table
    wider than it keeps the first columns that fit on each row and goes on with the rest on a row of its own under
    it, two further in (the header likewise), as often as it takes."""
    cells = [[str(h) for h in headers]] + [[DASH if c is None or c == "" else str(c) for c in r] for r in rows]
    return [line for group in _laid_out(cells, indent, width) for line in group]


def _laid_out(cells: list[list[str]], indent: str, width: int | None) -> list[list[str]]:
    """Each row's lines (the header first): the columns that fit `width` on the first, the rest below, further in."""
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]

    def line(row: Sequence[str], sizes: Sequence[int]) -> str:
        return indent + "  ".join(c.ljust(w) for c, w in zip(row, sizes, strict=True)).rstrip()

    fits = len(widths)
    if width is not None:
        fits = 1
        while fits < len(widths) and len(indent) + sum(widths[:fits + 1]) + 2 * fits <= width:
            fits += 1
    if fits == len(widths):
        return [[line(r, widths)] for r in cells]
    rest = _laid_out([r[fits:] for r in cells], indent + "  ", width)
    return [[line(r[:fits], widths[:fits]), *more] for r, more in zip(cells, rest, strict=True)]


def _words(lang: Language, *labels: str) -> list[str]:
    return [lang.text(label) for label in labels]


def _mmss(seconds: float) -> str:
    seconds = max(0, round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def _has(game: Any, name: str) -> bool:
    return bool(game.has_module(name))


# -- status ------------------------------------------------------------------------------------------
def status(game: Any, lever: str, lang: Language) -> list[str]:
    """The clock, the telegraph, speed, course, depth, battery, fuel, position, weather, bars, the mission."""
    from kaleun.uboot.boat import TELEGRAPH_NAMES
    from kaleun.uboot.compression import MODE_NAMES

    r = lang.render
    boat = game.module("boat").status()
    watch = game.module("watch").status()
    helm: list[str] = []
    mode = game.module("compression").mode
    out = [r(Msg("{when}  {watch} watch on duty  time: {mode}", when=When.moment(game.now_iso, seconds=True),
                 watch=Msg.term(str(watch["on_duty"])), mode=Msg.term(MODE_NAMES[mode]))),
           r(Msg("telegraph: {answered} (lever at {lever})  speed {speed:.1f} kn of {target:.1f} kn ({propulsion}, "
                 "{state})  distance run {run:.2f} nm", answered=Msg.term(TELEGRAPH_NAMES[boat["telegraph"]]),
                 lever=Msg.term(TELEGRAPH_NAMES[lever]), speed=float(boat["speed_kn"]),
                 target=float(boat["target_kn"]), propulsion=Msg.term(str(boat["propulsion"])),
                 state=Msg.term("surfaced" if boat["surfaced"] else "submerged"),
                 run=float(boat["distance_nm"])))]
    if "course" in boat:
        where = game.module("navigation").status() if _has(game, "navigation") else {}
        depth = (Msg.term("surfaced") if boat["surfaced"]
                 else Msg("depth {depth} m (ordered {ordered} m)", depth=f"{boat['depth_m']:.0f}",
                          ordered=f"{boat['ordered_depth_m']:.0f}"))
        out.append(r(Msg("course {course}  {depth}  battery {battery} %  square {square} (dead reckoning)",
                         course=f"{boat['course']:03d}", depth=depth, battery=f"{boat['battery_pct']:.0f}",
                         square=where.get("dr_square") or _off_map(where))))
        if "fuel_pct" in boat:
            # numbers, not text: the table's language writes them with its decimal sign
            out.append(r(Msg("fuel {pct} % ({tonnes} t)", pct=round(float(boat["fuel_pct"])),
                             tonnes=round(float(boat["fuel_t"]), 1))))
        if "seabed_m" in boat and not boat["surfaced"]:
            out.append(r(Msg("echo sounder: {seabed} m of water", seabed=f"{boat['seabed_m']:.0f}")))
        helm = _helm(boat, where, lang)
    if _has(game, "weather"):
        w = game.module("weather").status()
        out.append(r(Msg("weather: {kind}, visibility {vis:g} nm, cloud {cloud}/8, sea state {sea}, {daylight}",
                         kind=Msg.term(str(w["kind"])), vis=float(w["visibility_nm"]), cloud=w["cloud_oktas"],
                         sea=w["sea_state"], daylight=Msg.term(str(w["daylight"]).replace("_", " ")))))
    if _has(game, "crew"):
        crew = game.module("crew").status()
        bars = crew["bars"]
        line = r(Msg("command bar {command}  morale {morale}", command=field_term(str(bars["command"])),
                     morale=field_term(str(bars["morale"]))))
        extra = []  # an exhausted crew's morale field says so itself ("blank (exhausted)")
        if crew.get("mobilization"):
            extra.append(r(Msg("mobilization open")))
        if crew.get("unsettled"):
            extra.append(r(Msg.plural("{n} unsettled move", "{n} unsettled moves", n=len(crew["unsettled"]))))
        if crew.get("lookouts"):
            extra.append(r(Msg.plural("{n} lookout", "{n} lookouts", n=crew["lookouts"])))
        out.append("  ".join([line, *extra]))
    out += helm
    if _has(game, "mission"):
        mission = game.module("mission").status()
        if mission["result"] is not None:
            from kaleun.uboot.missions.debrief import why

            # the reason in the table's words, as the debrief says it ("rammed": gerammt, таран)
            out.append(r(Msg("The mission is over ({result}): {reason}.", result=Msg.term(str(mission["result"])),
                             reason=why(mission.get("reason"), mission["result"],
                                        game.module("mission").practice))))
    return out


def _helm(boat: Mapping[str, Any], where: Mapping[str, Any], lang: Language) -> list[str]:
    """What the window's helm shows beside the status's first lines: test and crush depth submerged,
    the heading while the boat turns, the last sextant fix."""
    from kaleun.uboot.sea.boat import CRUSH_M, TEST_M

    r = lang.render
    out = []
    if not boat["surfaced"]:
        out.append(r(Msg("test depth {test} m, crush depth {crush} m", test=round(TEST_M), crush=round(CRUSH_M))))
    if round(float(boat.get("heading", boat["course"]))) % 360 != boat["course"]:
        out.append(r(Msg("Heading {heading:03d}°", heading=round(float(boat["heading"])) % 360)))
    if where.get("fix_square") is not None:
        out.append(r(Msg("Fix {square}, {h} h ago", square=where["fix_square"], h=where.get("fix_age_h"))))
    elif where:
        out.append(r(Msg("No fix yet")))
    return out


# -- contacts and target data ---------------------------------------------------------------------------
def _class(c: Mapping[str, Any], lang: Language) -> str:
    if not c.get("identified"):
        return lang.text(N_("not identified"))
    name = Msg.term(str(c.get("class_name") or c.get("class") or ""))
    if not c.get("grt"):
        return lang.render(name)
    return lang.render(Msg("{name} ({grt} GRT)", name=name, grt=Msg("{n:,}", n=int(c["grt"]))))


def _tenths(lang: Language, value: float) -> str:
    """A number to one decimal with the table's decimal sign (a German crew reads 1,2 sm)."""
    return lang.render(Msg("{n:.1f}", n=float(value)))


def contacts(game: Any, lang: Language, order: str = "nearest", width: int | None = None) -> list[str]:
    """The crew's contact picture: estimates (bearing, range, course, speed), their age and sensor, in the
    window's list's order (nearest, newest or identified first); then the groups of ships sailing together,
    as the window's list shows each (`kaleun.ui.contact_list`)."""
    from kaleun.ui import contact_list

    if not _has(game, "sea"):
        return [lang.render(Msg("This game has no sea: no contacts."))]
    shown = contact_list.ordered(game.module("sea").status()["contacts"], order)
    if not shown:
        return [lang.render(Msg("No contacts."))]
    rows = [[c["contact"], lang.text(c["kind"]), f"{c['bearing']:03d}", f"{c['rel_bearing']:03d}",
             _tenths(lang, c["range_nm"]), None if c.get("course") is None else f"{c['course']:03d}",
             None if c.get("speed_kn") is None else _tenths(lang, c["speed_kn"]), _mmss(c["age_s"]),
             lang.text(c["sensor"]),
             _class(c, lang)] for c in shown]
    heads = _words(lang, N_("contact"), N_("kind"), N_("bearing"), N_("relative"), N_("range nm"), N_("course"),
                   N_("speed kn"), N_("age"), N_("sensor"), N_("class"))
    title = Msg.plural("{n} contact (the crew's estimates):", "{n} contacts (the crew's estimates):", n=len(shown))
    together = []
    for members in contact_list.groups(shown):
        first, last = contact_list.span([float(c["bearing"]) for c in members])
        nearest = min(members, key=lambda c: float(c["range_nm"]))
        together.append(lang.render(Msg.plural(
            "Sailing together, group {first}: {n} ship bearing {a:03d} to {b:03d}, {near} to {far} nm; nearest {c}.",
            "Sailing together, group {first}: {n} ships bearing {a:03d} to {b:03d}, {near} to {far} nm; nearest {c}.",
            n=len(members), first=members[0]["contact"], a=round(first) % 360, b=round(last) % 360,
            near=_tenths(lang, min(float(c["range_nm"]) for c in members)),
            far=_tenths(lang, max(float(c["range_nm"]) for c in members)), c=nearest["contact"])))
    return [lang.render(title), *columns(heads, rows, width=width), *together]


def target(data: Mapping[str, Any], lang: Language, game: Any = None) -> list[str]:
    """The target data screen of one contact (a `target_data` event's fields); a contact lost because the crew saw
    her go down (`game`'s tally) is said to have sunk, not to be lost; one the crew was told is settling, to be going
    down (`going_down`)."""
    r = lang.render
    sunk = bool(data.get("lost")) and game is not None and _has(game, "weapons") \
        and game.module("weapons").seen_sunk(data["contact"])
    head = r(Msg("Target data {contact} ({kind}){lost}:", contact=data["contact"], kind=Msg.term(str(data["kind"])),
                 lost=Msg(", sunk: her last data") if sunk else Msg(", lost") if data.get("lost")
                 else Msg(", going down") if data.get("going_down") else ""))
    rows = [
        (N_("bearing"), f"{data['bearing']:03d}"),
        (N_("relative bearing"), f"{data['rel_bearing']:03d}"),
        (N_("range"), lang.render(Msg("{range:.1f} nm", range=float(data["range_nm"])))),
        (N_("course"), DASH if data.get("course") is None else f"{data['course']:03d}"),
        (N_("speed"), DASH if data.get("speed_kn") is None
         else lang.render(Msg("{speed:.1f} kn", speed=float(data["speed_kn"])))),
        (N_("age"), _mmss(data["age_s"])),
        (N_("sensor"), lang.text(str(data["sensor"]))),
        (N_("class"), _class(data, lang)),
    ]
    width = max(18, *(len(lang.text(k)) for k, _v in rows))  # the longest label in the table's language
    return [head] + [f"  {lang.text(k).ljust(width)} {v}" for k, v in rows]


def _task(task: Mapping[str, Any] | None, lang: Language) -> str | None:
    if not task:
        return None
    if task.get("kind") == "repair" and task.get("component"):
        from kaleun.uboot.crew.technical import component_name

        return lang.render(Msg("repair: {component}", component=Msg.term(component_name(str(task["component"])))))
    return lang.text(str(task.get("kind")))


def disc(data: Mapping[str, Any], lang: Language) -> list[str]:
    """The attack disc's rings and what they show (an `attack_disc` event's fields)."""
    from kaleun.uboot.weapons.tdc import angle_said

    ring = {k: DASH if data.get(k) is None else f"{int(data[k]) % 360:03d}" for k in ("own_course", "enemy_course",
                                                                                        "bearing", "true_bearing")}
    aob: Msg | str = DASH
    if data.get("aob") is not None:
        aob = angle_said(float(data["aob"]))
    return [lang.render(Msg("attack disc: own course {own}, enemy course {enemy}, bearing {bearing}: true bearing "
                            "{true}, angle on the bow {aob}", own=ring["own_course"], enemy=ring["enemy_course"],
                            bearing=ring["bearing"], true=ring["true_bearing"], aob=aob))]


# -- crew -------------------------------------------------------------------------------------------
def in_hand(game: Any) -> set[str]:
    """The figures lifted off the model and not put down yet: the crew keeps their section until one is placed,
    the crew views show them lifted (a sailor's figure in the First Officer's hand)."""
    if not _has(game, "figures"):
        return set()
    return {figure for figure, where in game.module("figures").where.items() if where is None}


def crew(game: Any, lang: Language, width: int | None = None) -> list[str]:
    """The sailors on duty (section, chips, task, ailments), the bars, waiting injuries, supplies, food."""
    if not _has(game, "crew"):
        return [lang.render(Msg("This game has no crew engine."))]
    from kaleun.uboot.crew.roster import SYMBOL_NAMES

    r = lang.render
    s = game.module("crew").status()
    rows = []
    lifted = in_hand(game)
    for figure, sailor in s["sailors"].items():
        ailments = ", ".join(f"{a['id']}:{lang.text(a['deck'])}{'' if a.get('treated') else '*'}"
                             for a in sailor.get("ailments", []))
        symbols = ", ".join(lang.text(SYMBOL_NAMES.get(x, x)) for x in sailor.get("symbols", []))
        typed = FIGURE.choice_local(figure, lang)  # as the table types it (`navigator-quadrat`; the id in English)
        where = (DASH if sailor["dead"] else r(Msg("lifted from {section}", section=sailor["section"]))
                 if figure in lifted else sailor["section"])
        rows.append([typed, lang.text(sailor["name"]), where,
                     " ".join(sailor["chips"]), _task(sailor.get("task"), lang),
                     lang.text(N_("dead")) if sailor["dead"] else ailments or None, symbols])
    heads = _words(lang, N_("figure"), N_("sailor"), N_("section"), N_("chips"), N_("task"), N_("ailments"),
                   N_("symbols"))
    bars = s["bars"]
    # an exhausted crew's morale field says so itself ("blank (exhausted)")
    out = [r(Msg("Crew of watch {watch}: command bar {command}, morale {morale}; crew rules: {rules}.",
                 watch=s["watch"], command=field_term(str(bars["command"])), morale=field_term(str(bars["morale"])),
                 rules=Msg.term(str(s["rules"]))))]
    out += columns(heads, rows, width=width)
    out.append(r(Msg("  (chips: A activation, O lookout, T repair job, W red cross, E exhaustion; the number after W "
                     "or E is its ailment)")))
    out.append(r(Msg("  (* an ailment not yet treated)")))
    for fig, move in s.get("unsettled", {}).items():
        out.append(r(Msg("  unsettled move: {figure} {move}", figure=figure_term(fig), move=str(move))))
    health = s.get("health", {})
    for injury in health.get("injuries_waiting", []):
        line = in_words(f"ailment injury={injury['id']} deck={injury['deck']} ...", lang)  # as the table types it
        out.append(r(Msg("  injury {id} waiting for its card: {figure}, deck {deck} ({line})", id=injury["id"],
                         figure=figure_term(str(injury["figure"])), deck=Msg.term(str(injury["deck"])), line=line)))
    supplies = ", ".join(f"{lang.text(k.replace('_', ' '))} {v}" for k, v in health.get("supplies", {}).items())
    if supplies:
        out.append(r(Msg("  medical supplies: {supplies}; refill kits {kits}", supplies=supplies,
                         kits=health.get("kits", 0))))
    cigarettes = s.get("cigarettes")
    if cigarettes:  # as the window's stores page counts them (§6.13: each role's for the smoke break)
        each = join([Msg("{role} {n}", role=Msg.term(role), n=cigarettes.get(role, 0)) for role in ROLES])
        out.append(r(Msg("  cigarettes: {each}", each=each)))
    food = s.get("food")
    if food:
        from kaleun.uboot.crew.food import NAMES as FOOD_NAMES

        pyramid = " ".join(f"{i}:{lang.text(FOOD_NAMES.get(x, x)) if x else DASH}"
                           for i, x in enumerate(food["pyramid"], 1))
        out.append(r(Msg("  provisions: {pyramid}; {supply} in supply{waiting}", pyramid=pyramid, supply=food["supply"],
                         waiting=Msg(", a meal is waiting") if food.get("waiting") else "")))
        from kaleun.uboot.crew.food import MEAL_HOUR

        cooked = int(food.get("cooked", 0))
        out.append(r(Msg.plural("  meal call at {hour}:00: {n} ingredient cooked since the last one",
                                "  meal call at {hour}:00: {n} ingredients cooked since the last one", n=cooked,
                                hour=MEAL_HOUR)))
    return out


# -- repairs ----------------------------------------------------------------------------------------
def repairs(game: Any, lang: Language, width: int | None = None) -> list[str]:
    """Everything to repair: technical jobs, conditions, hull breaches; each with the line that orders it."""
    r = lang.render
    out: list[str] = []
    now = game.t
    if _has(game, "crew"):
        from kaleun.uboot.crew.hazards import CONDITIONS

        s = game.module("crew").status()
        for section, breach in sorted(s.get("breaches", {}).items(), key=lambda kv: int(kv[0])):
            state = (Msg("puzzle failed: get everybody out") if breach.get("result") == "failed"
                     else Msg("repair crew at work") if breach.get("crewed") else Msg("no repair crew yet"))
            # next: a failed puzzle, the evacuation (§10.3.7: a mobilization); the puzzle's result (§10.3.8); else a
            # repair crew; the line to type, in the table's words
            line = ("mobilize" if breach.get("result") == "failed"
                    else f"puzzle {section} solved|failed" if breach.get("crewed") else f"repair breach={section}")
            out.append(r(Msg("HULL BREACH in section {section}: {left} left, {state}.  {line}", section=section,
                             left=_mmss(float(breach["deadline"]) - now), state=state, line=in_words(line, lang))))
        if s.get("flooded"):
            out.append(r(Msg("Flooded: sections {sections}.", sections=", ".join(str(x) for x in s["flooded"]))))
        rows = []
        carried: list[str] = []
        for c in s.get("conditions", []):
            spec = CONDITIONS.get(c["condition"], {})
            item = spec.get("equipment")
            at = s.get("items", {}).get(item) if item else None
            thing = Msg.term(str(item).replace("_", " "))
            needs = (DASH if not item else r(Msg("{item} (in section {section})", item=thing, section=at))
                     if at is not None else r(Msg("{item} (lost)", item=thing)))
            rows.append([lang.text(str(spec.get("name", c["condition"]))), c["section"], needs,
                         in_words(f"repair condition={c['condition']} section={c['section']}", lang)])
            if at is not None and at != c["section"]:
                carried.append(_carry_hint(s, str(item), int(at), int(c["section"]), lang))
        if rows:
            out.append(r(Msg("Conditions:")))
            out += columns(_words(lang, N_("condition"), N_("section"), N_("equipment needed"), N_("to order")), rows,
                           width=width)
            out += [f"  {hint}" for hint in dict.fromkeys(carried)]
    if _has(game, "technical"):
        from kaleun.uboot.crew.technical import component_name

        jobs = game.module("technical").status()["jobs"]
        rows = [[lang.text(component_name(j["component"])), lang.text(j["severity"].replace("_", " ")),
                 lang.text(j["colour"]), j["section"], f"{j['sailors']}/{j['crew']}" + (f" +{j['bonus']}" if j["bonus"]
                                                                                          else ""),
                 f"{j['progress'] * 100:.0f} %",
                 lang.text(N_("working") if j["active"] else N_("paused") if j["sailors"] else N_("waiting")),
                 in_words(f"repair component={j['component']}", lang) if not j["sailors"] else
                 in_words(f"join repair component={j['component']}", lang) if not j["active"] else ""] for j in jobs]
        if rows:
            out.append(r(Msg("Technical conditions:")))
            out += columns(_words(lang, N_("component"), N_("severity"), N_("colour"), N_("section"), N_("crew"),
                                  N_("progress"), N_("state"), N_("to order")), rows, width=width)
    return out or [r(Msg("Nothing to repair."))]


def _carry_hint(crew: Mapping[str, Any], item: str, at: int, section: int, lang: Language) -> str:
    """How an equipment chip lying in another section comes to the repair (§6.4: a sailor moved in a mobilization
    takes it along): the lines to type, with a sailor who stands by the chip (one with the repair symbol and no task
    first), else FIGURE for the sailor to send there."""
    there = [(figure, sailor) for figure, sailor in crew.get("sailors", {}).items()
             if sailor.get("section") == at and not sailor.get("dead")]
    there.sort(key=lambda fs: ("repair" not in fs[1].get("symbols", ()), fs[1].get("task") is not None))
    figure = there[0][0] if there else "FIGURE"
    lines = ", ".join(in_words(line, lang) for line in ("mobilize", f"place {figure} {section}",
                                                        f"carry {figure} {item}"))
    if not there:  # the placeholder as the table's help writes it (`FIGUR`, `ФИГУРКА`)
        lines = lines.replace("FIGURE", FIGURE.local(lang).upper())
    return lang.render(Msg("The {item} lies in section {where}: a sailor moved in a mobilization carries it to section "
                           "{section} ({lines}).", item=Msg.term(item.replace("_", " ")), where=at, section=section,
                           lines=lines))


# -- weapons ----------------------------------------------------------------------------------------
def _beyond_reach(game: Any, facing: str, sol: Mapping[str, Any]) -> bool:
    """The TDC's run is longer than the range of the torpedo it is made for (it would stop short)."""
    from kaleun.ui.order_warnings import beyond_reach

    return beyond_reach(game, facing, sol) is not None

def cold_torpedoes(game: Any, facings: Sequence[str]) -> list[Msg]:
    """For each facing whose TDC solution is made for a cold torpedo (a G7e whose battery is not warm yet: 28 kn,
    3,000 m), what the console's `weapons` view says under the solution: the lead and the range are that
    torpedo's."""
    out: list[Msg] = []
    for facing in facings:
        torpedo = game.module("weapons").torpedo_for(facing)
        if torpedo is None or torpedo["warm"]:
            continue
        solved = Msg("  {facing}: the {torpedo} in tube {tube} is cold: solved for {speed:g} kn, {reach:,} m",
                     facing=Msg.term(facing), torpedo=Msg.term(torpedo["name"]), tube=torpedo["tube"],
                     speed=torpedo["speed_kn"], reach=round(torpedo["range_m"]))
        if torpedo.get("warm_in_s") is not None:
            solved = Msg("{solved} (warm in {time})", solved=solved, time=_mmss(torpedo["warm_in_s"]))
        out.append(solved)
    return out


def running(run: Mapping[str, Any]) -> Msg:
    """A torpedo in the water (`weapons.status()["running"]`) as the console prints it: the hit the TDC's
    solution expects, or once that time has passed (or the run is beyond its range, or its target was seen to
    sink) the run it has left."""
    time = _mmss(run["hit_in_s"] if run.get("hit_in_s") is not None else run["run_left_s"])
    if run.get("contact") and run.get("target_sunk"):  # the crew saw her go down: no hit is expected on her
        return Msg("  running: tube {tube}, its target {target} has sunk, {time} of its run left", tube=run["tube"],
                   target=run["contact"], time=time)
    if run.get("contact"):
        if run.get("hit_in_s") is not None:
            return Msg("  running: tube {tube} at {target}, hit expected in {time} by the TDC's solution",
                       tube=run["tube"], target=run["contact"], time=time)
        if run.get("past_hit"):  # the solution's time has gone by with no report: not a time to a hit
            return Msg("  running: tube {tube} at {target}, past the expected hit time: running on, {time} of its "
                       "run left", tube=run["tube"], target=run["contact"], time=time)
        return Msg("  running: tube {tube} at {target}, beyond its range by the TDC's solution: {time} of its run "
                   "left", tube=run["tube"], target=run["contact"], time=time)
    if run.get("hit_in_s") is not None:
        return Msg("  running: tube {tube}, hit expected in {time} by the TDC's solution", tube=run["tube"], time=time)
    if run.get("past_hit"):
        return Msg("  running: tube {tube}, past the expected hit time: running on, {time} of its run left",
                   tube=run["tube"], time=time)
    return Msg("  running: tube {tube}, beyond its range by the TDC's solution: {time} of its run left",
               tube=run["tube"], time=time)


def _ready_in(tube: dict[str, Any], lang: Language) -> str | None:
    """A tube's "ready in" column: the time its loading or flooding still takes, or, once the mission has ended with
    it unfinished, what it still needed."""
    if tube.get("ready_in_s") is not None:
        return _mmss(tube["ready_in_s"])
    if tube.get("left_s") is not None:
        return lang.render(Msg("unfinished, {time} left", time=_mmss(tube["left_s"])))
    return None


def _loads(kinds: Sequence[str], lang: Language) -> str:
    """A room's reloads as the tubes name them, counted in the order they lie (`3× G7e (T III), 3× G7a (T I)`), the
    names the crew types to reload one (`reload 1 torpedo=T3`)."""
    counted = {kind: kinds.count(kind) for kind in kinds}
    return ", ".join(f"{n}× {lang.render(Msg.term(load_name(kind)))}" for kind, n in counted.items()) or DASH


def weapons(game: Any, lang: Language, width: int | None = None) -> list[str]:
    """Tubes, reloads, the TDC's solution, the attack disc, the guns and the tally."""
    if not _has(game, "weapons"):
        return [lang.render(Msg("This game has no weapons."))]
    r = lang.render
    w = game.module("weapons").status()
    names = [t.get("name") or t.get("torpedo") for t in w["tubes"]]
    rows = [[t["tube"], lang.text(t["facing"]), lang.text(t["state"]), lang.text(str(name)) if name else None,
             None if t.get("warm") is None else lang.text(N_("warm") if t["warm"] else N_("cold")),
             _ready_in(t, lang)] for t, name in zip(w["tubes"], names, strict=True)]
    out = [r(Msg("Torpedoes left: {n}.", n=w["torpedoes_left"]))]
    if w.get("mines_left") or w.get("mines_laid"):
        out.append(r(Msg("Mines aboard: {n}; laid: {laid}.", n=w.get("mines_left", 0), laid=w.get("mines_laid", 0))))
    out += columns(_words(lang, N_("tube"), N_("facing"), N_("state"), N_("torpedo"), N_("battery"), N_("ready in")),
                   rows, width=width)
    from kaleun.ui.weapon_faults import weapon_faults

    faults = weapon_faults(game)  # what a major failure put out of action, as the window's attack screen says
    said = dict.fromkeys(r(why) for why in (*faults.tubes.values(), faults.tdc, *faults.guns.values()) if why)
    out += [r(Msg("Out of action until repaired: {why}.", why=why)) for why in said]
    racks = "; ".join(r(Msg("section {room}: {kinds}", room=room, kinds=_loads(kinds, lang)))
                      for room, kinds in w["racks"].items())
    out.append(r(Msg("  reloads: {racks}; deck containers: {deck}", racks=racks, deck=_loads(w["deck"], lang))))
    for down in w.get("stowing", []):
        out.append(r(Msg("  coming down from the deck containers into section {room}: {kind}, in {time}",
                         room=down["room"], kind=Msg.term(load_name(down["torpedo"])),
                         time=_mmss(down["ready_in_s"]))))
    for run in w.get("running", []):  # the crew's reckoning from the TDC's solution until the result comes in
        out.append(r(running(run)))
    tdc = w["tdc"]
    from kaleun.ui.weapon_faults import sunk_target, target_gone

    gone = target_gone(game)
    if gone is not None:  # as the window's attack screen says
        out.append(r(gone))
    if tdc.get("programmed") and sunk_target(game) is None:  # a sunk target's solution aims at nothing
        from kaleun.ui.order_warnings import too_close

        out.append(r(Msg("TDC on {target}: course {course}, speed {speed} kn, depth {depth} m, {pistol} pistol, "
                         "spread {spread}°",
                         target=tdc.get("contact") or Msg(SOURCES.get(str(tdc.get("source")), DASH)),
                         course=f"{tdc['course']:03.0f}", speed=Msg("{n:.1f}", n=float(tdc["speed_kn"])),
                         depth=Msg("{n:g}", n=float(tdc["depth_m"])),
                         pistol=pistol_name(str(tdc["pistol"])), spread=f"{tdc['spread_deg']:g}")))
        rows = []
        for room in ("bow", "stern"):
            sol = tdc.get(room)
            if sol:
                # no torpedo in a tube that way (all fired, or none loaded): nothing to fire on this solution
                ok = (N_("no torpedo") if game.module("weapons").torpedo_for(room) is None
                      else N_("out of reach") if not sol["reachable"] else N_("beyond the gyro limit")
                      if not sol["within_limit"] else N_("beyond the torpedo's range")
                      if _beyond_reach(game, room, sol) else N_("too close to arm")
                      if too_close(sol) is not None else N_("ok"))
                rows.append([lang.text(room), lang.render(Msg("{n:,}", n=int(sol["range_m"]))), f"{sol['aob']:+.0f}",
                             lang.render(Msg("{n:+.1f}", n=float(sol["gyro"]))),
                             f"{sol['run_s']:.0f}", f"{sol['track_angle']:.0f}", lang.text(ok)])
        out += columns(_words(lang, N_("tubes"), N_("range m"), N_("AOB"), N_("gyro"), N_("run s"), N_("track"),
                              N_("solution")), rows, width=width)
        out += [r(line) for line in cold_torpedoes(game, [room for room in ("bow", "stern") if tdc.get(room)])]
    elif not tdc.get("programmed"):
        out.append(r(Msg("TDC: not programmed.")))
    if any(v is not None for v in w.get("disc", {}).values()):
        out += disc(w["disc"], lang)
    from kaleun.uboot.weapons.guns import GUN

    for gun, g in w["guns"].items():
        # the flak may fire at an aircraft its gunners see before the lookouts report it (no contact yet)
        firing = ("" if not g.get("firing") else Msg(", firing at {target}", target=g["target"]) if g.get("target")
                  else Msg(", firing at an aircraft") if gun == "gun_20" else Msg(", firing"))
        out.append(r(Msg("{gun}: {rounds}{firing}", gun=Msg.term(str(GUN[gun]["name"])) if gun in GUN else gun,
                         rounds=Msg.plural("{n:,} round", "{n:,} rounds", n=g["rounds"]), firing=firing)))
    grt = w.get("grt_sunk", 0)
    out.append(r(Msg.plural("Tally: {n} torpedo fired, {hits}, {sunk} ({grt:,} GRT).",
                            "Tally: {n} torpedoes fired, {hits}, {sunk} ({grt:,} GRT).", n=w["fired"],
                            hits=Msg.plural("{n} hit", "{n} hits", n=w["hits"]),
                            sunk=Msg.plural("{n} ship sunk", "{n} ships sunk", n=len(w["sunk"])), grt=int(grt))))
    from kaleun.ui.gun_tally import gun_hits_line

    hit = gun_hits_line(w["guns"])
    if hit is not None:  # each gun's hits of the patrol once it has fired, as the window's attack screen shows them
        out.append(r(hit))
    return out


# -- the order assistant --------------------------------------------------------------------------------
def preview(answer: Mapping[str, Any], name: Msg | str, lang: Language, game: Any = None,
            mobilize: Msg | None = None, width: int | None = None) -> list[str]:
    """The order desk's preview: who would carry the order out with how many chips, or what is missing,
    and what to mind before giving it (`order_warnings`: sailors outside in a dive, a depth below test
    depth, a run beyond the torpedo's range; `mobilize`: the Mobilize order as the table types it)."""
    from kaleun.ui.order_warnings import order_warnings

    r = lang.render
    warnings = [r(w) for w in order_warnings(game, answer, mobilize)] if game is not None else []
    if not answer["accepted"]:
        return [r(Msg("{order}: would be refused: {reason}.", order=name, reason=answer["reason"])), *warnings]
    paid = answer.get("paid")
    how = (Msg("paid from the command bar") if paid == "command"
           else Msg("paid from the morale bar") if paid == "morale" else Msg("no bar pays for it"))
    activated = answer.get("activated") or []
    if answer.get("missing"):
        out = [r(Msg("{order}: would go ahead without its full crew ({how}): {missing}.", order=name, how=how,
                     missing=answer["missing"]))]
    elif activated:
        out = [r(Msg("{order}: would be carried out ({how}) by:", order=name, how=how))]
    else:
        out = [r(Msg("{order}: would be carried out ({how}); no sailor needs a chip.", order=name, how=how))]
    # each sailor by his name in the table's language, as `crew` prints him (his id "navigator-square/1" is the
    # game's own word); the figure as the table types it, as `crew` prints it (`kapitän-dreieck`; in English its id)
    sailors = game.module("crew").status().get("sailors", {}) if game is not None and _has(game, "crew") else {}
    rows = [[FIGURE.choice_local(str(a["figure"]), lang),
             lang.text(str(sailors.get(a["figure"], {}).get("name", a["sailor"]))), a["section"],
             a["chips"], lang.text(N_("yes") if a["specialist"] else N_("no"))] for a in activated]
    if rows:
        out += columns(_words(lang, N_("figure"), N_("sailor"), N_("section"), N_("chips"), N_("specialist")), rows,
                       width=width)
    return out + warnings


#: dials the status tells on a line of their own: the telegraph's lever ("telegraph: stop (lever at stop)")
TOLD_BY_STATUS = ("telegraph",)


def rings(table: Any, lang: Language, held: Collection[str] | Mapping[str, Any] = (),
          told: Collection[str] = TOLD_BY_STATUS) -> list[str]:
    """The dials of each dial group on the table (the attack disc's rings, and every dial declared since), as the
    table reads them; a group of one dial by its name (`periscope bearing ring: bearing 045`, `trim selector: stern
    heavy`). The dials in `told` are left out (the telegraph: the status's own line says where its lever stands).
    A ring that has not fed the game is left out when the game holds its field already (`held`: set by the `disc`
    command): the game's disc says it, and dialling the ring would only overwrite it. When every ring shown reads
    what the game holds (`held` with its values: the rings set by hand and fed to the game), the group's line is
    left out: the game's disc line says the same, with the true bearing and the angle on the bow."""
    from kaleun.boards.dials import DIALS, groups, position_name

    out = []
    for group, dials in groups().items():
        parts: list[Msg] = []
        unset: list[str] = []  # what sets the rings the game's disc does not have yet (one hint for them all)
        agree = 0  # rings set that read what the game holds
        for decl in dials:
            if decl.name in told:
                continue
            value = table.reading(decl.name)
            what = Msg.term(decl.field.replace("_", " "))
            if value is not None and not decl.is_ring:  # a dial with positions: where it stands
                parts.append(position_name(str(value)) if len(dials) == 1 else
                             Msg("{field} at {position}", field=what, position=position_name(str(value))))
            elif value is None:
                # a switch or an index pulse finds the zero as the ring passes it: `home` is the crew's
                # calibration, refused for such a ring on a real table
                board = getattr(table, "board", None)
                sensed = board is not None and board.dial(decl.name).homing in ("switch", "index")
                if decl.reference is not None and getattr(table, "steps", {}).get(decl.name) is not None:
                    # homed itself, but read against a ring that is not: homing this one again helps nothing
                    ref = Msg.term(DIALS[decl.reference].field.replace("_", " "))
                    parts.append(Msg("{ring} ? (read against the {reference} ring, which is not homed yet)",
                                     ring=what, reference=ref))
                else:
                    # the line to type in the table's words (`nullstellen scheibe_peilung`), as `repairs` shows its
                    parts.append(Msg("{ring} ? (not homed: turn it past its zero mark)", ring=what) if sensed else
                                 Msg("{ring} ? (not homed: {line})", ring=what,
                                     line=in_words(f"home {decl.name}", lang)))
            elif table.unset(decl.name):
                if decl.field in held:
                    continue
                parts.append(Msg("{ring} not set yet", ring=what))
                unset.append(in_words(f"dial {decl.name} {int(value)}", lang))  # as the table types it
            else:
                parts.append(Msg("{ring} {value:03d}", ring=what, value=int(value)))
                game_value = held.get(decl.field) if isinstance(held, Mapping) else None
                agree += game_value is not None and int(value) % 360 == int(game_value) % 360
        if not parts or agree == len(parts):
            continue
        line = Msg("not set yet") if len(unset) == len(parts) else join(parts)
        if unset:
            line = Msg.plural("{rings} (turn the ring, or: {commands})", "{rings} (turn the rings, or: {commands})",
                              n=len(unset), rings=line, commands=", ".join(unset))
        # a group of one dial by the dial's name (a catalogue term), the attack disc's by its group's
        heading = lang.render(Msg.term(dials[0].label)) if len(dials) == 1 else lang.text(group)
        out.append(f"{heading}: {lang.render(line)}")
    return out


def disc_held(game: Any) -> dict[str, Any]:
    """The fields of the attack disc the game holds (set by the table's rings or the `disc` command), with their
    values."""
    if not _has(game, "weapons"):
        return {}
    return {k: v for k, v in game.module("weapons").status().get("disc", {}).items() if v is not None}


def game_disc(game: Any, lang: Language) -> list[str]:
    """The attack disc as the game holds it (set by the table's rings or the `disc` command), once set."""
    if not _has(game, "weapons"):
        return []
    data = game.module("weapons").status().get("disc", {})
    return disc(data, lang) if any(v is not None for v in data.values()) else []


# -- the time and the chart -------------------------------------------------------------------------------
def compression(data: Mapping[str, Any]) -> Msg:
    """A `time_compression` event as one line: the new mode and how fast game time runs."""
    from kaleun.uboot.compression import MODE_NAMES

    mode = Msg.term(MODE_NAMES[str(data["mode"])])
    if data["mode"] == "pause":
        return Msg("Time: {mode}.", mode=mode)
    if data.get("reason") == "feed":
        return Msg("Time: {mode} again (a new line in the info feed).", mode=mode)
    return Msg("Time: {mode} ({factor} s of game time per second).", mode=mode, factor=f"{data['factor']:g}")


def chart(game: Any, words: Sequence[str], lang: Language) -> list[str]:
    """The protractor and the range ruler of the strategic map (rulebook §9): course and distance between
    square centres, from the boat's square by dead reckoning, and the hours it takes at full ahead
    (`kaleun.ui.reckoning`, which the window's map uses too)."""
    from kaleun.uboot.sea.grid import GridError
    from kaleun.ui import reckoning

    r = lang.render
    if not _has(game, "navigation"):
        return [r(Msg("This game has no strategic map."))]
    if len(words) > 1:
        raise CommandError(Msg("{chart}: give one square of the strategic map, e.g. {chart} AL28", chart=CHART))
    if not words:
        return _chart_areas(game, lang)
    try:  # a Russian keyboard's letters that look like the grid's (АЕ76 typed for AE76) are those letters
        leg = reckoning.to_square(game, words[0].translate(LATIN_LOOKALIKES))
    except GridError:
        raise CommandError(Msg("{chart}: square '{square}' is not on the strategic map (a square is two letters and "
                               "two digits, e.g. AL28)", square=words[0], chart=CHART)) from None
    return [r(leg.line if isinstance(leg, reckoning.Leg) else leg)]


def _off_map(where: Mapping[str, Any]) -> Msg | str:
    """The boat's reckoned position where the strategic map has no square for it: its latitude and longitude."""
    from kaleun.uboot.sea.geo import where as position

    if "dr_lat" not in where:
        return "?"
    return Msg("none, off the strategic map at {where}", where=position(float(where["dr_lat"]), float(where["dr_lon"])))


#: the `chart` command as the table types it (`karte`, `карта`), for its refusals
CHART = Msg.pterm(UBOOT, "chart")


def _chart_areas(game: Any, lang: Language) -> list[str]:
    """Course and distance from the boat (dead reckoning) to the area of each objective HQ has given, and to
    each square named in a signal of HQ's the crew has decoded ("convoy reported in AL28": the target area)."""
    from kaleun.uboot.sea.grid import GridError
    from kaleun.ui import reckoning

    lines: list[Msg] = [reckoning.to_area(game, objective).line
                        for objective in reckoning.objectives_with_areas(game)]
    for square, message in reckoning.signalled_squares(game):
        try:
            leg = reckoning.to_square(game, square)
        except GridError:
            continue  # a square off the strategic map: nothing to lay off
        lines.append(Msg("Target area from HQ's signal {signal}: {leg}", signal=message.id,
                         leg=leg.line if isinstance(leg, reckoning.Leg) else leg))
    if not lines:  # nothing to steer for yet: where the boat is, the way home, and how to lay off a course
        way_home = reckoning.home(game)
        lines = [reckoning.here(game), *([way_home.line] if way_home is not None else []),
                 Msg("No objective names an area yet: {chart} SQUARE lays off a course, e.g. {chart} AL28.",
                     chart=CHART)]
    return [lang.render(line) for line in lines]
