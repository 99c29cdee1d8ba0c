"""The debrief: what a finished (or running) mission comes to, as plain data and as lines to read.

`debrief(engine)` is JSON-ready: the window's debrief screen, the saved debrief (PNG and JSON, the
runtime writes them into the session folder) and the console all read it. Its fields (stable):

    mission, name, base, base_at ([lat, lon] of the port), start, end (ship's time), days, result, reason
    practice   (a mission without objectives: the kind of practice piece, "training", "exercise" or "patrol"
                (missions/practice.py); None: a mission with objectives)
    grade, score, fame, grt, grt_fame, par, thresholds ({grade: least score})
    objectives: [{id, kind, text, primary, fame, state, met, progress, target, coded}]
    sunk: [{t, ship, class, class_name, type, grt, cause, convoy, lat, lon}]
    crew_lost: [{t, sailor, figure, name, cause}]   (name: the sailor as the feed names him, a Msg as JSON)
    track: [[t, lat, lon, dr_lat, dr_lon]]   (true and dead-reckoned position)
    fixes: [{t, lat, lon, square, true}]     (sextant fixes: the measured position, the true one)
    attacks: [{t, lat, lon, kind, target, class_name}]   (salvoes, guns opening fire; target: the contact the TDC's
                                             solution or the gun was laid on, None for a manual or attack disc
                                             solution; class_name: its class as the crew had identified it, or None)
    passages: [{t, event, why}]              (return to base: start, interrupted, arrived)
    mines: [{t, field, type, count, lat, lon, water_m}]   (fields laid: where they truly lie, their middle)
    signals: [{id, state, kind, text}], reports: [{id, report, t, square, ...}]
    distance_nm, fuel_used_t, fuel_left_pct   (diesel oil burnt since the boat sailed, or since the part began; left)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Engine
from kaleun.core.messages import N_, Msg, When, from_json, to_json
from kaleun.uboot import data
from kaleun.uboot.figures import FIGURES, figure_term
from kaleun.uboot.missions import passage, scoring
from kaleun.uboot.missions.practice import ended_reason, home_reason, run_line, so_far

#: the codes the debrief reads out (results, objective states, why a mission ended, what sank a
#: ship), as words; a code not listed is read as it is, underscores as spaces
#: more sailors than this lost for one cause are one line of the debrief ("32 sailors: lost with the boat")
LOST_ONE_BY_ONE = 4

WORDS: dict[str, str] = {
    "won": N_("won"), "lost": N_("lost"), "returned": N_("returned"), "ended": N_("ended"), "running": N_("running"),
    "open": N_("open"), "met": N_("met"), "failed": N_("failed"),
    "time_limit": N_("the patrol time ran out"), "crew_dead": N_("the whole crew is dead"),
    "all_hands_lost": N_("all hands lost"), "flooded": N_("a second section flooded"),
    "crushed": N_("crushed below the crush depth"), "grounded": N_("run aground"), "rammed": N_("rammed"),
    "collision": N_("a collision"), "torpedo": N_("torpedo"), "gunfire": N_("gunfire"), "damage": N_("damage"),
    "mine": N_("mine"),
    "merchant": N_("merchant"), "escort": N_("escort"), "small": N_("small craft"),
    "torpedoes": N_("torpedoes"), "gun_88": N_("88 mm gun"), "gun_20": N_("20 mm gun"),
}


#: a sailor's cause of death that reads for one man only ("утонул", a singular verb), as the debrief's line of
#: many sailors lost the same way says it: its own wording, in a context, for every number of sailors
CAUSES_TOGETHER: dict[str, Msg] = {
    "drowned in flooded section {section}":
        Msg.pterm("sailors lost together", "drowned in flooded section {section}"),
    "left outside when the boat dived": Msg.pterm("sailors lost together", "left outside when the boat dived"),
}


def cause_together(cause: Msg | str) -> Msg | str:
    """A cause of death as the line of many sailors lost to it says it (`CAUSES_TOGETHER`)."""
    if not isinstance(cause, Msg) or cause.template not in CAUSES_TOGETHER:
        return cause
    out = Msg(cause.template, **cause.values)
    out.context = CAUSES_TOGETHER[cause.template].context
    return out


#: why a mission ended, where the code is also a result's word ("won (returned)" says nothing)
REASONS: dict[str, str] = {"returned": N_("home after a return to base"),
                           "objectives_met": N_("every primary objective met")}
#: why a mission ended where its result's word says it already: the result "returned" is the boat home after a
#: return to base without the mission won ("returned (home after a return to base)" says it twice)
REASONS_AFTER: dict[tuple[str, str], str] = {("returned", "returned"): N_("the mission not won")}


def why(reason: str | None, result: str | None, practice: str | None = None) -> Msg | str:
    """Why the mission ended, as words in the table's language, beside the `result` it is said with; the crew's end
    of a practice piece in its kind's words (`practice`: missions/practice.py, the debrief's `practice`)."""
    if reason == "exercise_ended":
        return ended_reason(practice)
    if reason == "returned" and practice is not None:  # nothing to win: not "the mission not won"
        return home_reason(practice)
    if result is not None and reason is not None and (result, reason) in REASONS_AFTER:
        return Msg.term(REASONS_AFTER[(result, reason)])
    return Msg.term(REASONS[reason]) if reason in REASONS else word(reason)


def word(code: str | None) -> Msg | str:
    """A code of the debrief as words in the table's language."""
    if not code:
        return ""
    return Msg.term(WORDS[code]) if code in WORDS else code.replace("_", " ")


def debrief(engine: Engine) -> dict[str, Any]:
    mission = engine.module("mission")
    spec = mission.spec
    end = engine.t if mission.ended_at is None else mission.ended_at
    out: dict[str, Any] = {
        "mission": mission.mission, "name": spec.get("name"),
        "base": passage.base(spec["base"]).name if "base" in spec else None,
        "base_at": list(passage.base(spec["base"]).port) if "base" in spec else None,
        "start": engine.clock.iso(0.0), "end": engine.clock.iso(end), "days": round(end / 86400.0, 2),
        "result": mission.result, "reason": mission.reason, "practice": mission.practice,
    }
    if mission.scored:
        score = mission.final or mission.outcome()
        out.update({k: score[k] for k in ("grade", "score", "fame", "grt", "grt_fame", "par", "objectives")})
        out["thresholds"] = scoring.thresholds(int(score["par"]))
    else:
        out.update(grade=None, score=None, fame=0, grt=sum(int(s["grt"]) for s in mission.log["sunk"]),
                   grt_fame=0, par=0, objectives=[], thresholds={})
    log = mission.log
    out["sunk"] = [dict(s) for s in log["sunk"]]
    out["crew_lost"] = [_named(engine, d) for d in log["deaths"]]
    out["track"] = [list(p) for p in log["track"]]
    out["fixes"] = [dict(f) for f in log["fixes"]]
    out["attacks"] = [{"class_name": None, **a} for a in log["attacks"]]  # a save from before class_name: none
    out["passages"] = [dict(p) for p in log["passages"]]
    out["mines"] = [dict(m) for m in log.get("mines", [])]
    out["signals"] = [{"id": m.id, "state": m.state, "kind": m.kind,
                       "text": str(m.text_msg()) if m.state == "decoded" else None} for m in mission.messages]
    out["reports"] = [dict(r) for r in mission.reports]
    if mission.end_distance is not None:
        out["distance_nm"] = mission.end_distance
    else:
        out["distance_nm"] = round(engine.module("boat").distance_at(engine.t), 1) if engine.has_module("boat") else 0
    if engine.has_module("boat"):
        from kaleun.uboot.sea.boat import FUEL_CAPACITY_T

        boat = engine.module("boat")
        left = boat.fuel_at(engine.t)
        out["fuel_used_t"] = round(max(0.0, boat.fuel_start - left), 1)
        out["fuel_left_pct"] = round(100.0 * left / FUEL_CAPACITY_T, 1)
    return out


def _named(engine: Engine, death: dict[str, Any]) -> dict[str, Any]:
    """A death of the log with the sailor's name as the feed says it ("engineer-square (Chief mechanic)",
    in the table's language), never his id alone."""
    out = dict(death)
    figure, _, watch = str(death.get("sailor") or "").partition("/")
    if engine.has_module("crew") and figure in engine.module("crew").states[0] and watch in ("1", "2"):
        out["name"] = to_json(engine.module("crew").label(figure, int(watch) - 1))
    else:
        out["name"] = to_json(figure_term(figure)) if figure in FIGURES else death.get("sailor")
    return out


def crew_lost_lines(d: dict[str, Any]) -> list[Msg]:
    """The sailors lost, each by name with the cause, in the order of the first death of each cause; more
    than LOST_ONE_BY_ONE lost for one cause (the whole crew with the boat) are one line, not 32. Each line
    starts with two spaces (the console's indent; the chart strips them)."""
    out: list[Msg] = []
    causes: dict[str, list[dict[str, Any]]] = {}
    for death in d["crew_lost"]:
        causes.setdefault(json.dumps(death["cause"], sort_keys=True), []).append(death)
    for deaths in causes.values():
        cause = from_json(deaths[0]["cause"]) or ""
        if len(deaths) > LOST_ONE_BY_ONE:
            out.append(Msg.plural("  {n} sailor: {cause}", "  {n} sailors: {cause}", n=len(deaths),
                                  cause=cause_together(cause)))
            continue
        for death in deaths:
            out.append(Msg("  {sailor}: {cause}", sailor=from_json(death.get("name")) or death["sailor"], cause=cause))
    return out


def still_running(d: dict[str, Any]) -> bool:
    """The debrief `d` is of a patrol not over yet (`kaleun run --debrief` before its end): its grade is
    provisional and the track ends where the boat is now."""
    return d.get("result") is None


def lines(d: dict[str, Any]) -> list[Msg]:
    """The debrief read out (the console prints it when the mission ends)."""
    running = still_running(d)
    # the mission by its title (the id is not typed here); a patrol not over says so first
    told: dict[str, Any] = {"n": d["days"], "name": Msg.term(d["name"] or d["mission"]),
                            "start": When.moment(d["start"]), "end": When.moment(d["end"])}
    out = [so_far(d.get("practice"), told) if running
           else Msg.plural("Debrief: {name}, {start} to {end}, {n:g} day at sea.",
                           "Debrief: {name}, {start} to {end}, {n:g} days at sea.", **told)]
    result = word(d["result"] or "running")
    score = {"grade": d["grade"], "score": d["score"], "par": d["par"], "fame": d["fame"],
             "grt_fame": d["grt_fame"], "grt": d["grt"]}
    if d["grade"] is not None and d["reason"]:
        out.append(Msg("Result: {result} ({reason}). Grade {grade}: score {score:,} of par {par:,} "
                       "({fame:,} fame from objectives, {grt_fame:,} for {grt:,} GRT sunk).", result=result,
                       reason=why(d["reason"], d["result"], d.get("practice")), **score))
    elif d["grade"] is not None and running:  # the grade so far, which the rest of the patrol may change
        out.append(Msg("Result: not yet, the patrol is still running. Provisional grade {grade}: score {score:,} so "
                       "far of par {par:,} ({fame:,} fame from objectives, {grt_fame:,} for {grt:,} GRT sunk).",
                       **score))
    elif d["grade"] is not None:
        out.append(Msg("Result: {result}. Grade {grade}: score {score:,} of par {par:,} "
                       "({fame:,} fame from objectives, {grt_fame:,} for {grt:,} GRT sunk).", result=result, **score))
    else:
        out.append(Msg("Result: {result} ({reason}).", result=result,
                       reason=why(d["reason"], d["result"], d.get("practice")))
                   if d["reason"] else Msg("Result: {result}.", result=result))
    for obj in d["objectives"]:
        mark = "[x]" if obj["met"] else "[ ]"
        kind = Msg("Primary") if obj["primary"] else Msg("Secondary")
        if obj["coded"]:
            # its fame is part of the par (HQ sent it): said, as the chart says it, so the par adds up
            out.append(Msg("  {mark} {kind}: a signal never decoded ({fame:,} fame)", mark=mark, kind=kind,
                           fame=obj["fame"]))
            continue
        out.append(Msg("  {mark} {kind}: {text} ({fame:,} fame)", mark=mark, kind=kind, text=Msg.term(obj["text"]),
                       fame=obj["fame"]))
    total = sum(int(s["grt"]) for s in d["sunk"])
    out.append(Msg.plural("Ships sunk: {n}, {grt:,} GRT.", "Ships sunk: {n}, {grt:,} GRT.", n=len(d["sunk"]),
                          grt=total))
    for s in d["sunk"]:
        out.append(Msg("  {name} ({grt:,} GRT, {cause})", name=Msg.term(s["class_name"]), grt=s["grt"],
                       cause=word(s["cause"])) if s["grt"]  # an escort carries no GRT
                   else Msg("  {name} ({cause})", name=Msg.term(s["class_name"]), cause=word(s["cause"])))
    laid = d.get("mines", [])
    if laid:
        out.append(Msg("Mines laid: {mines} in {fields}.", mines=sum(int(m["count"]) for m in laid),
                       fields=Msg.plural("{n} field", "{n} fields", n=len(laid))))
    out.append(Msg.plural("Crew lost: {n}.", "Crew lost: {n}.", n=len(d["crew_lost"])))
    out.extend(crew_lost_lines(d))
    # headed by what was played: an exercise's is not a patrol's (the debrief's `practice`)
    out.append(run_line(d.get("practice"), round(d["distance_nm"]),
                        Msg.plural("{n} sextant fix", "{n} sextant fixes", n=len(d["fixes"])),
                        Msg.plural("{n} attack", "{n} attacks", n=len(d["attacks"]))))
    out.extend(attack_line(d, a) for a in d["attacks"])
    if "fuel_used_t" in d:  # a debrief saved before fuel was kept has none
        out.append(fuel_used(d))
    return out


def fuel_used(d: dict[str, Any]) -> Msg:
    """The debrief's fuel line (the numbers as numbers: each language writes them with its decimal sign)."""
    return Msg("Fuel used: {used} t (left: {left} %).", used=round(float(d["fuel_used_t"]), 1),
               left=round(float(d["fuel_left_pct"])))


def attack_target(attack: dict[str, Any]) -> Msg:
    """What an attack was aimed at as the crew knew it: the contact and its class, the contact alone (not
    identified), or how the TDC's solution was made when no contact was chosen (the attack disc, by hand;
    a save from before that was kept: that none was chosen)."""
    target, known = attack.get("target"), attack.get("class_name")
    if target is None:
        aimed = attack.get("aimed")
        if aimed == "disc":
            return Msg("aimed with the attack disc")
        if aimed == "manual":
            return Msg("aimed by hand")
        return Msg("no target chosen")
    if known:
        return Msg("{contact} ({class_name})", contact=target, class_name=Msg.term(known))
    return Msg("{contact}", contact=target)


def attack_line(d: dict[str, Any], attack: dict[str, Any]) -> Msg:
    """One attack of the debrief: when (ship's time), with what, at what."""
    from datetime import datetime, timedelta

    try:
        when: When | str = When.moment((datetime.fromisoformat(d["start"])
                                        + timedelta(seconds=float(attack["t"]))).isoformat(timespec="seconds"))
    except (TypeError, ValueError):
        when = str(attack["t"])
    return Msg("  {when}  {kind}: {target}", when=when, kind=word(attack["kind"]), target=attack_target(attack))


def mission_lines(engine: Engine) -> list[Msg]:
    """The mission as it stands: briefing, base, start and time limit, objectives and their progress, HQ's
    signals, time left (the console's `mission` command and the window's mission sheet)."""
    mission = engine.module("mission")
    spec = mission.spec
    out = [Msg("{name} ({mission}).", name=Msg.term(spec.get("name", "")), mission=mission.mission)]
    played = _played_as(mission.mission, spec)
    if played is not None:
        out.append(played)
    if spec.get("briefing"):
        out.append(Msg("Briefing: {text}", text=Msg.term(spec["briefing"])))
    elif spec.get("summary"):
        out.append(Msg.term(spec["summary"]))
    if not mission.has_hq:
        out.append(Msg("A practice mission: no objectives, no HQ."))
        return out
    if "base" in spec and "time_limit_h" in spec:  # what the briefing's paper gave: the base, the start, the time
        limit = float(spec["time_limit_h"])
        out.append(Msg.plural("Base: {base}. Start: {start} in square {square}. Time limit: {n} hour.",
                              "Base: {base}. Start: {start} in square {square}. Time limit: {n} hours.",
                              base=Msg.term(passage.base(spec["base"]).name), start=When.moment(engine.clock.iso(0.0)),
                              square=spec.get("square", "?"),
                              n=int(limit) if limit.is_integer() else limit))
    for obj in mission.objectives.values():
        if obj.state == "pending":
            continue
        kind = Msg("Primary") if obj.primary else Msg("Secondary")
        # once the mission is over an objective still open was not met: failed, not "open"
        shown = "failed" if obj.state == "given" and mission.over else obj.state
        state = word({"given": "open", "met": "met", "failed": "failed"}[shown])
        if obj.kind in ("reach", "return"):  # there or not: the state says it all ("0 of 1" says nothing)
            out.append(Msg("  {kind} ({state}): {text}", kind=kind, state=state, text=Msg.term(obj.text)))
            continue
        out.append(Msg("  {kind} ({state}): {text} - {progress}", kind=kind, state=state,
                       text=Msg.term(obj.text), progress=_progress(obj.kind, round(obj.progress, 1), obj.target)))
    for m in mission.messages:
        if m.state == "coded":
            out.append(Msg("  Signal {id}: coded (decode it with the Enigma order).", id=m.id))
        elif m.state == "decoded":
            out.append(Msg("  Signal {id}: {text}", id=m.id, text=m.text_msg()))
    if mission.limit_at is not None and not mission.over:
        hours = round((mission.limit_at - engine.t) / 3600, 1)
        out.append(Msg.plural("Patrol time left: {n} hour.", "Patrol time left: {n} hours.",
                              n=int(hours) if hours.is_integer() else hours))
    if mission.passage is not None:
        out.append(Msg("On passage home to {base}.", base=Msg.term(passage.base(mission.passage["base"]).name)))
    way = _way_home(engine)
    if way is not None:
        out.append(way)
    return out


def _played_as(mission: str, spec: Mapping[str, Any]) -> Msg | None:
    """How the mission is played when it is more than a single mission (rulebook §4.3, §5.2): the part of its linked
    patrol, or its place in the campaign (None: a single mission)."""
    from kaleun.uboot.missions.catalogue import patrol_titled
    from kaleun.uboot.missions.setup import campaign_order, patrol_parts

    mode = (spec.get("setup") or {}).get("mode")
    if mode == "linked" and spec.get("patrol"):
        parts = patrol_parts(str(spec["patrol"]))
        if mission in parts:
            return Msg("Linked patrol {patrol}: part {part} of {parts}.", patrol=patrol_titled(spec["patrol"]),
                       part=parts.index(mission) + 1, parts=len(parts))
    if mode == "campaign":
        order = campaign_order()
        if mission in order:
            return Msg("Campaign: mission {n} of {total}.", n=order.index(mission) + 1, total=len(order))
    return None


def _way_home(engine: Engine) -> Msg | None:
    """What the way home takes, by the navigator's reckoning along the route home, when the mission orders the boat
    home (an objective of kind `return` open, §4.2) and it is neither on its way nor in its home waters yet."""
    mission = engine.module("mission")
    if mission.over or mission.passage is not None or "base" not in mission.spec \
            or not engine.has_module("navigation") \
            or not any(o.kind == "return" and o.active for o in mission.objectives.values()):
        return None
    lat, lon = engine.module("navigation").dr_position()
    home = passage.base(mission.spec["base"])
    distance = _miles_home(home.id, round(lat, 1), round(lon, 1))
    if distance <= float(data.load("mission_rules")["passage"]["arrive_nm"]):
        return None
    # at full ahead as the diesels give it now (degraded, they give less), as the return to base reckons
    speed = engine.module("boat").passage_kn() if engine.has_module("boat") \
        else float(data.load("boat")["surfaced"]["speed_kn"]["full_ahead"])
    hours = distance / speed
    return Msg.plural("Way home to {base} by dead reckoning: {distance}, about {n} hour at full ahead.",
                      "Way home to {base} by dead reckoning: {distance}, about {n} hours at full ahead.",
                      base=Msg.term(home.name), n=round(hours), distance=Msg.plural("{n:,} nm", "{n:,} nm",
                                                                                   n=round(distance)))


@functools.lru_cache(maxsize=256)
def _miles_home(base_id: str, lat: float, lon: float) -> float:
    """The route home's length from a position rounded to a tenth of a degree (about 6 nm): the window's mission
    sheet reads the mission every game second, and a route round the coasts takes a while to find."""
    return passage.distance(lat, lon, passage.route(passage.base(base_id), lat, lon))


def _progress(kind: str, progress: float, target: float) -> Msg:
    """An objective's progress with its unit: "0 of 10,000 GRT", "1.5 of 3 hours", "0 of 2 ships", "3 of 9 mines"."""
    if kind == "grt":
        return Msg("{done:,g} of {goal:,g} GRT", done=progress, goal=target)
    if kind in ("station", "shadow"):
        return Msg.plural("{done:,g} of {goal:,g} hour", "{done:,g} of {goal:,g} hours", n=int(target), done=progress,
                          goal=target)
    if kind == "sink":
        return Msg.plural("{done:,g} of {goal:,g} ship", "{done:,g} of {goal:,g} ships", n=int(target), done=progress,
                          goal=target)
    if kind == "rendezvous":
        return Msg.plural("{done:,g} of {goal:,g} minute", "{done:,g} of {goal:,g} minutes", n=int(target),
                          done=progress, goal=target)
    if kind == "mines":
        return Msg.plural("{done:,g} of {goal:,g} mine", "{done:,g} of {goal:,g} mines", n=int(target), done=progress,
                          goal=target)
    if kind == "report":
        return Msg.plural("{done:,g} of {goal:,g} report", "{done:,g} of {goal:,g} reports", n=int(target),
                          done=progress, goal=target)
    return Msg("{done:,g} of {goal:,g}", done=progress, goal=target)
