"""Technical conditions of the boat's components (rulebook §6.11, §10.3.1-10.3.3).

Module name `technical`. Components are data (technical.toml). A condition opens by random wear
or by damage (`damage` events of kind "technical"), escalates maintenance -> failure -> major
failure while nobody repairs it, and is repaired by a crew the crew engine activates with
technical-condition chips: progress runs while the crew (sailors plus an engineer card's bonus)
is at least the colour's crew size and pauses below it. A major failure puts the component out of
action until repaired: `disabled(component)`. Any open condition: `degraded(component)`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Module
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg
from kaleun.uboot import data

log = logging.getLogger(__name__)

TECH = data.load("technical")
SEVERITIES: tuple[str, ...] = tuple(TECH["severities"])
SEVERITY: Mapping[str, Mapping[str, Any]] = TECH["severity"]
COLOURS: Mapping[str, Mapping[str, Any]] = TECH["colours"]
COLOUR_ORDER: tuple[str, ...] = tuple(TECH["colour_order"])
COMPONENTS: Mapping[str, Mapping[str, Any]] = TECH["components"]
DAY_S = 86400.0
#: a repair's colour as the feed says it
COLOUR_NAMES: Mapping[str, str] = {"green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}


def component_name(component: str) -> str:
    """What the feed calls a component: "electric motors", not "e_motors"."""
    return str(COMPONENTS[component]["name"])


def is_plural(component: str) -> bool:
    """Whether a component's name is a plural ("diesels"), for sentences that agree with it."""
    return bool(COMPONENTS[component].get("plural"))


def agree(component: str, singular: str, plural: str) -> str:
    """The verb form that agrees with the component: agree("diesels", "is", "are") -> "are"."""
    return plural if COMPONENTS[component].get("plural") else singular


def mission_over(engine: Any) -> bool:
    """The mission has ended: conditions no longer open, escalate or get repaired."""
    if engine.has_module("mission"):
        return bool(engine.module("mission").over)
    return bool(engine.has_module("crew") and engine.module("crew").over)


def colour_of(component: str, severity: str) -> str:
    base = COLOUR_ORDER.index(SEVERITY[severity]["colour"])
    return COLOUR_ORDER[min(len(COLOUR_ORDER) - 1, base + int(COMPONENTS[component].get("harder", 0)))]


class Job:
    """One open technical condition and the state of its repair."""

    __slots__ = ("anchor", "bonus", "cause", "colour", "component", "done", "escalate_at", "sailors", "severity")

    def __init__(self, component: str, severity: str, cause: str, now: float) -> None:
        self.component = component
        self.cause = cause
        self.sailors = 0
        self.bonus = 0
        self.anchor = now
        self.set_severity(severity, now)

    def set_severity(self, severity: str, now: float) -> None:
        self.severity = severity
        self.colour = colour_of(self.component, severity)
        self.done = 0.0
        self.anchor = now
        hours = SEVERITY[severity].get("escalate_h")
        self.escalate_at = None if hours is None or self.active else now + float(hours) * 3600

    @property
    def required(self) -> int:
        return int(COLOURS[self.colour]["crew"])

    @property
    def work(self) -> float:
        return float(COLOURS[self.colour]["work_min"]) * 60

    @property
    def active(self) -> bool:
        return self.sailors >= 1 and self.sailors + self.bonus >= self.required

    @property
    def rate(self) -> float:
        return (self.sailors + self.bonus) / self.required if self.active else 0.0

    def done_at(self, t: float) -> float:
        return min(self.work, self.done + self.rate * max(0.0, t - self.anchor))

    def finish_time(self) -> float | None:
        if not self.active:
            return None
        return self.anchor + (self.work - self.done) / self.rate

    def to_state(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Job:
        job = cls.__new__(cls)
        for k in cls.__slots__:
            setattr(job, k, state[k])
        if job.component not in COMPONENTS or job.severity not in SEVERITY:
            raise ValueError(f"unknown technical condition {job.component}/{job.severity}")
        return job


class Technical(Module):
    name = "technical"
    subscribes = ("damage",)

    def __init__(self, wear: bool = True) -> None:
        self.jobs: dict[str, Job] = {}
        self.wear = wear
        self.wear_factor = 1.0
        self.next_wear: float | None = None

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        self._schedule_wear(engine.t)

    # -- the sea's and the crew's API ------------------------------------------------------------
    def disabled(self, component: str) -> bool:
        job = self.jobs.get(component)
        return job is not None and job.severity == SEVERITIES[-1]

    def degraded(self, component: str) -> bool:
        return component in self.jobs

    def job(self, component: str) -> Job | None:
        return self.jobs.get(component)

    def section(self, component: str) -> int:
        return int(COMPONENTS[component]["section"])

    def progress(self, component: str) -> float:
        job = self.jobs[component]
        return job.done_at(self.engine.t) / job.work

    def blocks(self, order: str, surfaced: bool, rooms: tuple[int, ...] = (),
               condition: str | None = None) -> Msg | None:
        """Why a major failure makes this order impossible now, or None."""
        for component, job in self.jobs.items():
            if job.severity != SEVERITIES[-1]:
                continue
            for rule in COMPONENTS[component].get("disables", []):
                if rule["order"] != order:
                    continue
                when = rule.get("when")
                if when is not None and (when == "surfaced") != surfaced:
                    continue
                if "room" in rule and rule["room"] not in rooms:
                    continue
                if "condition" in rule and rule["condition"] != condition:
                    continue
                return Msg("major failure of the {component}: {effect}",
                           component=Msg.term(COMPONENTS[component]["name"]),
                           effect=Msg.term(COMPONENTS[component]["effect"]))
        return None

    def add_condition(self, component: str, severity: str, cause: str) -> Job | None:
        """A new condition, or a worse one on an open job. Returns the job if anything changed."""
        self.engine.touch(self)  # the crew engine calls it
        if component not in COMPONENTS:
            raise ValueError(f"unknown component {component!r}")
        now = self.engine.t
        job = self.jobs.get(component)
        if job is None:
            job = self.jobs[component] = Job(component, severity, cause, now)
            self._announce(job, escalated=False)
            return job
        if SEVERITIES.index(severity) <= SEVERITIES.index(job.severity):
            return None
        job.cause = cause
        self._settle(job, now)
        job.set_severity(severity, now)
        self._announce(job, escalated=True)
        return job

    def set_crew(self, component: str, sailors: int, bonus: int | None = None) -> None:
        """The crew engine's count of sailors repairing `component` (and the engineer card's bonus)."""
        self.engine.touch(self)  # the crew engine calls it
        job = self.jobs.get(component)
        if job is None:
            return
        now = self.engine.t
        self._settle(job, now)
        job.sailors = sailors
        if bonus is not None:
            job.bonus = bonus
        if job.active:
            job.escalate_at = None
        elif job.escalate_at is None:
            hours = SEVERITY[job.severity].get("escalate_h")
            job.escalate_at = None if hours is None else now + float(hours) * 3600

    def set_wear(self, on: bool, factor: float) -> None:
        self.engine.touch(self)  # the crew engine calls it
        self.wear, self.wear_factor = on, factor
        self._schedule_wear(self.engine.t)

    # -- internals --------------------------------------------------------------------------
    def _settle(self, job: Job, now: float) -> None:
        job.done = job.done_at(now)
        job.anchor = now

    def _announce(self, job: Job, escalated: bool) -> None:
        spec = COMPONENTS[job.component]
        crew = job.required
        where = Msg.plural("{colour}: {n} sailor, section {section}", "{colour}: {n} sailors, section {section}",
                           n=crew, colour=Msg.term(COLOUR_NAMES.get(job.colour, job.colour)), section=spec["section"])
        name = Msg.term(spec["name"])
        if job.severity == "maintenance":
            feed = Msg("Technical condition: maintenance needed on the {component} ({where}).", component=name,
                       where=where)
        elif job.severity == "failure":
            feed = Msg("Technical failure: {component} ({where}).", component=name, where=where)
        else:
            feed = Msg("Major failure: {component} out of action, {effect} ({where}).", component=name,
                       effect=Msg.term(spec["effect"]), where=where)
        self.emit("technical_condition", feed=feed, component=job.component, severity=job.severity,
                  colour=job.colour, crew=crew, section=int(spec["section"]), escalated=escalated, cause=job.cause)

    def _wear_rate(self) -> float:
        return sum(float(c["wear_per_day"]) for k, c in COMPONENTS.items() if k not in self.jobs) * self.wear_factor

    def _schedule_wear(self, now: float) -> None:
        rate = self._wear_rate()
        self.next_wear = None if not self.wear or rate <= 0 else now + self.rng.expovariate(rate / DAY_S)

    def next_wake(self) -> float | None:
        if mission_over(self.engine):
            return None
        times = [t for t in (self.next_wear,) if t is not None]
        for job in self.jobs.values():
            if job.escalate_at is not None:
                times.append(job.escalate_at)
            done = job.finish_time()
            if done is not None:
                times.append(done)
        return min(times) if times else None

    def wake(self, now: float) -> None:
        for component in sorted(self.jobs):
            job = self.jobs[component]
            done = job.finish_time()
            if done is not None and done <= now:
                del self.jobs[component]
                self.emit("technical_repaired", feed=Msg("Repair complete: {component}.",
                                                         component=Msg.term(COMPONENTS[component]["name"])),
                          component=component, severity=job.severity)
            elif job.escalate_at is not None and job.escalate_at <= now:
                nxt = SEVERITIES[SEVERITIES.index(job.severity) + 1]
                job.cause = "ignored"
                self._settle(job, now)
                job.set_severity(nxt, now)
                self._announce(job, escalated=True)
        if self.next_wear is not None and self.next_wear <= now:
            free = [k for k in COMPONENTS if k not in self.jobs]
            if free:
                weights = [float(COMPONENTS[k]["wear_per_day"]) for k in free]
                component = self.rng.choices(free, weights)[0]
                self.add_condition(component, SEVERITIES[0], "wear")
            self._schedule_wear(now)

    def on_event(self, event: Event) -> None:
        if event.name != "damage" or event.data.get("kind") != "technical" or mission_over(self.engine):
            return
        component, severity = event.data.get("component"), event.data.get("severity")
        if not isinstance(component, str) or not isinstance(severity, str) or component not in COMPONENTS \
                or severity not in SEVERITY:
            log.warning("ignored technical damage with component %r severity %r", component, severity)
            return
        self.add_condition(component, severity, str(event.data.get("cause", "damage")))

    # -- state ------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        t = self.engine.t
        return {"jobs": [{"component": j.component, "severity": j.severity, "colour": j.colour,
                          "crew": j.required, "sailors": j.sailors, "bonus": j.bonus,
                          "section": self.section(j.component), "active": j.active,
                          "progress": round(j.done_at(t) / j.work, 3)} for j in self.jobs.values()]}

    def check_state(self, state: Any, path: str) -> None:
        from kaleun.uboot.crew.saved import check_technical_state

        check_technical_state(state, path)

    def to_state(self) -> dict[str, Any]:
        return {"jobs": {k: j.to_state() for k, j in self.jobs.items()}, "wear": self.wear,
                "wear_factor": self.wear_factor, "next_wear": self.next_wear}

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.jobs = {k: Job.from_state(j) for k, j in state["jobs"].items()}
        self.wear = bool(state["wear"])
        self.wear_factor = float(state["wear_factor"])
        self.next_wear = None if state["next_wear"] is None else float(state["next_wear"])
