"""Environmental conditions, the equipment chips and the toolboxes (rulebook §6.4, §6.11-6.12,
§10.3.4-10.3.5).

A condition chip lies in a hull section: morale -1 when placed (all hands lost if the crew is
already exhausted, except a light failure), then crew damage for the sailors there if it is
hazardous. It is repaired by one repair sailor with the matching equipment chip in the same
section (+2 morale). Toxic gas cannot be repaired: surfacing vents it, a breathing set in the
section protects the crew. A light failure makes every order in its section need one more sailor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import N_, Msg
from kaleun.uboot import data
from kaleun.uboot.crew import sections
from kaleun.uboot.crew.bars import MORALE_CHANGES
from kaleun.uboot.crew.damage import crew_damage

if TYPE_CHECKING:
    from kaleun.uboot.crew.module import Crew

CONDITIONS_DATA = data.load("conditions")
CONDITIONS: Mapping[str, Mapping[str, Any]] = CONDITIONS_DATA["conditions"]
EQUIPMENT: Mapping[str, str] = CONDITIONS_DATA["equipment"]
TOOLBOXES: Mapping[str, int] = CONDITIONS_DATA["toolboxes"]
ITEMS: tuple[str, ...] = (*EQUIPMENT, *TOOLBOXES)
#: a condition's name at the start of a sentence
CAPITALISED: Mapping[str, str] = {"fire": N_("Fire"), "electrical_fault": N_("Electrical fault"),
                                  "toxic_gas": N_("Toxic gas"), "light_failure": N_("Light failure"),
                                  "leak": N_("Leak")}


def condition_term(condition: str, capital: bool = False) -> Msg:
    """A condition's name as the feed says it ("fire"; "Fire" to begin a sentence)."""
    name = str(CONDITIONS[condition]["name"])
    return Msg.term(CAPITALISED.get(condition, name.capitalize()) if capital else name)


class Hazards:
    def __init__(self, crew: Crew) -> None:
        self.crew = crew
        self.chips: list[dict[str, Any]] = []  # {"id", "condition", "section"}
        self.next_id = 1
        self.items: dict[str, int | None] = {k: int(v) for k, v in CONDITIONS_DATA["equipment_start"].items()}
        self.items.update({k: int(v) for k, v in TOOLBOXES.items()})

    # -- reading ----------------------------------------------------------------------------------
    def in_section(self, section: int, condition: str | None = None) -> list[dict[str, Any]]:
        return [c for c in self.chips if c["section"] == section and (condition is None or c["condition"] == condition)]

    def light_failure(self, section: int) -> bool:
        return any(c["section"] == section and CONDITIONS[c["condition"]].get("extra_sailor") for c in self.chips)

    def hazardous_sections(self) -> dict[int, dict[str, int]]:
        out: dict[int, dict[str, int]] = {}
        for c in self.chips:
            if CONDITIONS[c["condition"]]["hazardous"]:
                kinds = out.setdefault(c["section"], {})
                kinds[c["condition"]] = kinds.get(c["condition"], 0) + 1
        return out

    def item_section(self, item: str) -> int | None:
        return self.items.get(item)

    @staticmethod
    def item_name(item: str) -> str:
        return EQUIPMENT.get(item) or item.replace("_", " ")

    @staticmethod
    def item_term(item: str) -> Msg:
        """An equipment chip or toolbox as players read it ("breathing set", "toolbox 1")."""
        if item in EQUIPMENT:
            return Msg.term(EQUIPMENT[item])
        kind, _, number = item.rpartition("_")
        if kind == "toolbox":
            return Msg("toolbox {number}", number=number)
        return Msg.term(item.replace("_", " "))

    def find(self, condition: str, section: int) -> dict[str, Any] | None:
        found = self.in_section(section, condition)
        return found[0] if found else None

    # -- conditions -------------------------------------------------------------------------------
    def place(self, condition: str, section: int, cause: str) -> None:
        crew = self.crew
        spec = CONDITIONS[condition]
        where = Msg("section {section} ({name})", section=section, name=Msg.term(sections.name(section)))
        big = condition_term(condition, capital=True)
        if section in crew.flooded:
            crew.emit("condition_ignored", feed=Msg("{condition} in flooded {where}: no effect.", condition=big,
                                                    where=where),
                      condition=condition, section=section, cause=cause)
            return
        if spec.get("vented_by_surfacing") and crew.surfaced:
            crew.emit("condition_vented", feed=Msg("{condition} in {where} while surfaced: it vents at once; crew "
                                                   "damage once.", condition=big, where=where),
                      condition=condition, section=section, cause=cause)
            self._damage(section, condition, 1, cause)
            return
        if crew.bars.exhausted and not spec.get("spares_exhausted_crew"):
            crew.all_hands_lost(Msg("{condition} in {where} struck an exhausted crew",
                                    condition=condition_term(condition), where=where))
            return
        chip = {"id": self.next_id, "condition": condition, "section": section}
        self.next_id += 1
        self.chips.append(chip)
        crew.emit("condition_placed", feed=Msg("{condition} in {where}!", condition=big, where=where),
                  condition=condition,
                  section=section, id=chip["id"], cause=cause, hazardous=bool(spec["hazardous"]))
        crew.change_morale(MORALE_CHANGES["condition_placed"], Msg("{condition} in section {section}",
                                                                   condition=condition_term(condition),
                                                                   section=section))
        if spec["hazardous"]:
            self._damage(section, condition, len(self.in_section(section, condition)), cause)

    def _damage(self, section: int, condition: str, chips: int, cause: str,
                exposed: list[str] | None = None) -> None:
        crew = self.crew
        spec = CONDITIONS[condition]
        if exposed is None:
            exposed = [m.figure for m in crew.members(section)]
        if not exposed:
            return
        if spec.get("equipment_protects") and self.items.get(spec["equipment"]) == section:
            crew.emit("crew_protected", feed=Msg("{condition} in section {section}: the {item} protects the crew.",
                                                 condition=condition_term(condition, capital=True), section=section,
                                                 item=self.item_term(spec["equipment"])),
                      condition=condition, section=section)
            return
        crew_damage(crew, (section,), exposed, chips, spec["injuries"], condition_term(condition), cause)

    def remove(self, chip: dict[str, Any], how: str, morale: int | None = None) -> None:
        crew = self.crew
        self.chips.remove(chip)
        condition, section = chip["condition"], chip["section"]
        if how == "vented by surfacing":
            feed = Msg("{condition} in section {section} vented by surfacing.",
                       condition=condition_term(condition, capital=True), section=section)
            cause = Msg("{condition} vented by surfacing", condition=condition_term(condition))
        else:
            feed = Msg("{condition} in section {section} repaired.", condition=condition_term(condition, capital=True),
                       section=section)
            cause = Msg("{condition} repaired", condition=condition_term(condition))
        crew.emit("condition_removed", feed=feed, condition=condition, section=section, id=chip["id"], how=how)
        change = MORALE_CHANGES["condition_removed"] if morale is None else morale
        if change:
            crew.change_morale(change, cause)

    def vent_gas(self) -> None:
        for chip in [c for c in self.chips if CONDITIONS[c["condition"]].get("vented_by_surfacing")]:
            self.remove(chip, "vented by surfacing", MORALE_CHANGES["gas_vented"])

    def flood(self, section: int) -> list[str]:
        """A flooded section loses its chips (they go back in the box, §10.3.7). Returns the items lost."""
        for chip in self.in_section(section):
            self.chips.remove(chip)
        lost = [k for k, s in self.items.items() if s == section]
        for k in lost:
            self.items[k] = None
        return lost

    # -- crew damage from standing in hazardous sections -------------------------------------------
    def exposure(self, exposed_by_section: Mapping[int, list[str]], cause: str) -> None:
        for section, kinds in sorted(self.hazardous_sections().items()):
            exposed = exposed_by_section.get(section, [])
            for condition, chips in sorted(kinds.items()):
                self._damage(section, condition, chips, cause, exposed)

    def after_mobilization(self, start: Mapping[str, int], visited: Mapping[str, list[int]]) -> None:
        """Everyone who entered or crossed a hazardous section, or is in it now; movers who left it
        are spared (§6.4, §6.12)."""
        crew = self.crew
        exposed: dict[int, list[str]] = {}
        for section in self.hazardous_sections():
            here = [m.figure for m in crew.members(section)]
            passed = [f for f, path in visited.items() if section in path and f not in here
                      and not crew.sailor(f).dead]
            exposed[section] = here + sorted(passed)
        self.exposure(exposed, "mobilization")

    def at_watch_change(self) -> None:
        crew = self.crew
        self.exposure({s: [m.figure for m in crew.members(s)] for s in self.hazardous_sections()}, "watch change")

    # -- equipment and toolboxes --------------------------------------------------------------------
    def move_item(self, item: str, section: int, how: Msg | str) -> None:
        crew = self.crew
        before = self.items.get(item)
        self.items[item] = section
        if before is None:
            feed = Msg("Put in section {section}: the {item} ({how}).", item=self.item_term(item), section=section,
                       how=how)
        else:
            feed = Msg("Moved from section {before} to section {section}: the {item} ({how}).",
                       item=self.item_term(item), before=before, section=section, how=how)
        crew.emit("item_moved", feed=feed,
                  item=item, section=section, previous=before, how=how)

    # -- state --------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        return {"conditions": [dict(c) for c in self.chips], "items": dict(self.items)}

    def to_state(self) -> dict[str, Any]:
        return {"chips": [dict(c) for c in self.chips], "next_id": self.next_id, "items": dict(self.items)}

    def load_state(self, state: Mapping[str, Any]) -> None:
        chips = [dict(c) for c in state["chips"]]
        for c in chips:
            if c["condition"] not in CONDITIONS:
                raise ValueError(f"unknown condition {c['condition']!r}")
        self.chips = chips
        self.next_id = int(state["next_id"])
        self.items = {k: None if v is None else int(v) for k, v in state["items"].items()}
