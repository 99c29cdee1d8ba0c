"""Weapons: the five tubes and their states (touch tubes to choose them for flooding or firing),
torpedoes left, the TDC's solution for the bow and the stern tubes, the attack disc's reading,
the guns and their ammunition, and the tally."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.messages import Msg
from kaleun.ui import icons, theme
from kaleun.ui.forms import target_preset
from kaleun.ui.gun_tally import gun_hits, gun_hits_line
from kaleun.ui.order_warnings import beyond_reach, too_close
from kaleun.ui.scene import freeze
from kaleun.ui.screens.base import Screen
from kaleun.ui.touch import call, simple
from kaleun.ui.weapon_faults import WeaponFaults, lost_target, sunk_target, target_gone, weapon_faults
from kaleun.ui.widgets import NARROWEST, Canvas

#: a tube's state: its word, its colour, and whether its box is filled (colour is never alone)
TUBE_LOOKS: dict[str, tuple[Msg, theme.Color, str]] = {
    "empty": (Msg("empty"), (90, 96, 104), "outline"),
    "loading": (Msg("loading"), (236, 180, 64), "stripes"),
    "loaded": (Msg("loaded"), (110, 200, 120), "fill"),
    "flooding": (Msg("flooding"), (70, 140, 255), "stripes"),
    "flooded": (Msg("flooded, door open"), (70, 140, 255), "fill"),
    "fired": (Msg("fired"), (90, 96, 104), "cross"),
}


def _clock(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class AttackScreen(Screen):
    id = "attack"
    title = Msg("Attack")
    icon = "torpedo"

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.weapons: dict[str, Any] = {}
        self.short: set[str] = set()
        self.close: set[str] = set()
        #: what a major failure has put out of action (tubes, TDC, guns): shown where the weapons are
        self.faults = WeaponFaults()
        #: the TDC's target when it has left the crew's picture (sunk or lost)
        self.lost: str | None = None
        #: the TDC's target when the crew saw her go down: the TDC has no target
        self.sunk: str | None = None
        #: what the panel says of a target that has left the crew's picture
        self.gone: Msg | None = None
        #: facing -> the cold torpedo its TDC solution is made for (a G7e not warm yet: slower, shorter)
        self.cold: dict[str, dict[str, Any]] = {}

    @property
    def chosen(self) -> list[int]:
        return list(self.win.ui.get("tubes", []))

    def read(self) -> Hashable:
        game = self.game
        self.weapons = game.module("weapons").status() if game.has_module("weapons") else {}
        # the facings whose TDC solution runs longer than the torpedo goes (it would stop short)
        tdc = self.weapons.get("tdc") or {}
        self.short = {facing for facing in ("bow", "stern")
                      if tdc.get(facing) and beyond_reach(game, facing, tdc[facing]) is not None}
        # the facings whose solution runs shorter than a pistol needs to arm (the torpedo would not explode)
        self.close = {facing for facing in ("bow", "stern") if tdc.get(facing) and too_close(tdc[facing]) is not None}
        self.faults = weapon_faults(game)
        self.lost = lost_target(game)
        self.sunk = sunk_target(game)
        self.gone = target_gone(game)
        weapons = game.module("weapons") if game.has_module("weapons") else None
        self.cold = {facing: torpedo for facing in ("bow", "stern") if weapons is not None
                     and (torpedo := weapons.torpedo_for(facing)) is not None and not torpedo["warm"]}
        return (freeze(self.weapons), tuple(self.chosen), tuple(sorted(self.short)), tuple(sorted(self.close)),
                self.faults.key(), self.lost, self.sunk,
                tuple((f, t["tube"], t["speed_kn"]) for f, t in sorted(self.cold.items())))

    def toggle(self, tube: int) -> None:
        chosen = self.chosen
        if tube in chosen:
            chosen.remove(tube)
        else:
            chosen.append(tube)
        self.win.ui["tubes"] = sorted(chosen)
        self.win.touch()

    def draw(self, c: Canvas, area: Rect) -> None:
        s = c.size
        c.surface.fill(theme.PANEL, area)
        if not self.weapons:
            c.text(Msg("This game has no weapons."), area.center, theme.TEXT_SIZE, theme.TEXT_DIM, "center")
            return
        tubes = Rect(area.x + s(4), area.y + s(4), s(290), area.h - s(8))
        tdc = Rect(tubes.right + s(6), area.y + s(4), s(264), area.h - s(8))
        right = Rect(tdc.right + s(6), area.y + s(4), area.right - tdc.right - s(10), area.h - s(8))
        self._tubes(c, tubes)
        self._tdc(c, tdc)
        self._actions(c, right)

    def _tubes(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        w = self.weapons
        top = c.panel(rect, Msg("TUBES"))
        y = top
        runs = {int(r["tube"]): r for r in w.get("running", [])}  # the last torpedo each tube fired, still running
        for tube in w.get("tubes", []):
            number = int(tube["tube"])
            row = Rect(rect.x + s(4), y, rect.w - s(8), s(47))
            word, color, style = TUBE_LOOKS.get(tube["state"], (Msg.term(str(tube["state"])), theme.TEXT_DIM,
                                                                "outline"))
            chosen = number in self.chosen
            pygame.draw.rect(c.surface, theme.BUTTON_ACTIVE if chosen else theme.BUTTON, row, border_radius=s(6))
            pygame.draw.rect(c.surface, theme.TEXT if chosen else theme.PANEL_EDGE, row, s(3) if chosen else 1,
                             border_radius=s(6))
            mark = Rect(row.x + s(6), row.y + s(6), s(34), row.h - s(12))
            if style == "fill":
                pygame.draw.rect(c.surface, color, mark, border_radius=s(4))
            elif style == "stripes":
                pygame.draw.rect(c.surface, theme.PANEL_DARK, mark, border_radius=s(4))
                for x in range(mark.x, mark.right, s(8)):
                    pygame.draw.line(c.surface, color, (x, mark.bottom - 1), (min(mark.right, x + s(8)), mark.y), s(3))
            pygame.draw.rect(c.surface, color, mark, s(2), border_radius=s(4))
            if style == "cross":
                icons.x_mark(c.surface, mark.inflate(-s(8), -s(4)), color)
            text_color = theme.TEXT_DARK if chosen else theme.TEXT
            c.text(str(number), mark.center, 22, theme.TEXT_DARK if style == "fill" else theme.TEXT, "center",
                   bold=True)
            facing = Msg("bow") if tube.get("facing") == "bow" else Msg("stern")
            name = tube.get("name")
            head = Msg("{facing} · {torpedo}", facing=facing,
                       torpedo=Msg.term(str(name)) if name else Msg("no torpedo"))
            broken = number in self.faults.tubes
            run = runs.get(number)
            if run is not None:  # its torpedo in the water: its target here, the countdown on the line below
                head = (Msg("{facing} · → {target}", facing=facing, target=run["contact"]) if run.get("contact")
                        else Msg("{facing} · torpedo running", facing=facing))
            if broken:  # a major failure of its tubes (§10.3.1): said in words, not by colour alone
                head = Msg("{facing} · out of action", facing=facing)
            state: Msg | str = word
            if tube["state"] == "loading" and tube.get("ready_in_s") is not None:
                state = Msg("loading, ready in {t}", t=_clock(float(tube["ready_in_s"])))
            elif tube["state"] == "flooding" and tube.get("ready_in_s") is not None:
                state = Msg("flooding, {t}", t=_clock(float(tube["ready_in_s"])))
            elif tube.get("left_s") is not None:  # the mission ended with the tube's work unfinished
                still = _clock(float(tube["left_s"]))
                state = (Msg("flooding unfinished, {t} left", t=still) if tube["state"] == "flooding"
                         else Msg("loading unfinished, {t} left", t=still))
            width = row.right - mark.right - s(12)
            if tube.get("warm") is False and run is None:  # a G7e not warm yet (torpedoes.toml warm_h): said
                cold = Msg("{state} (cold)", state=state)
                if c.text_width(cold, theme.MIN_TEXT) * NARROWEST <= width:
                    state = cold
                elif not broken:  # no room after the state (Russian): on the line above, the torpedo by its type
                    head = Msg("{facing} · {torpedo}, cold", facing=facing, torpedo=str(tube.get("torpedo") or name))
            if run is not None:  # while its torpedo runs (even with the tube being reloaded): the countdown
                state = self._running(run)
            c.text(head, (mark.right + s(8), row.y + s(2)), theme.MIN_TEXT,
                   theme.WARNING if broken and not chosen else theme.ACCENT if run and not chosen else text_color,
                   bold=True, width=width)
            c.text(state, (mark.right + s(8), row.bottom - s(2)), theme.MIN_TEXT,
                   theme.ACCENT if run and not chosen else text_color, "bottomleft",
                   width=row.right - mark.right - s(12))
            c.targets.add(f"tube.{number}", row, call(self.toggle, number))
            y += s(49)
        racks = w.get("racks", {})
        counts = {"n": w.get("torpedoes_left", 0), "bow": len(racks.get("1", [])),
                  "stern": len(racks.get("6", [])), "deck": len(w.get("deck", []))}
        coming = len(w.get("stowing", []))  # on its way down from the deck containers: not in a rack yet
        if coming:
            left = Msg.plural("{n} torpedo: bow {bow}, stern {stern}, deck {deck}, {coming} coming in",
                              "{n} torpedoes: bow {bow}, stern {stern}, deck {deck}, {coming} coming in",
                              coming=coming, **counts)
        else:
            left = Msg.plural("{n} torpedo: bow {bow}, stern {stern}, deck {deck}",
                              "{n} torpedoes: bow {bow}, stern {stern}, deck {deck}", **counts)
        c.paragraph(left, Rect(rect.x + s(6), y, rect.w - s(12), rect.bottom - y - s(2)), theme.MIN_TEXT,
                    theme.TEXT_DIM)

    @staticmethod
    def _running(run: dict[str, Any]) -> Msg:
        """A tube's torpedo in the water: the crew's reckoning, not the truth: the time to the hit the TDC's
        solution expects, and once that has passed (or the run is beyond its range) the run it has left, said
        as what it is, so that nobody reads it as the time to a hit."""
        due = run.get("hit_in_s")
        left = _clock(float(run.get("run_left_s", 0)))
        if run.get("target_sunk"):  # the crew saw her go down: no hit is expected on a ship that is gone
            return Msg("target sunk, {t} of run left", t=left)
        if due is not None:
            return Msg("hit expected in {t}", t=_clock(float(due)))
        if run.get("past_hit"):  # the solution's time has gone by with no report: it runs on
            return Msg("past hit time, {t} of run left", t=left)
        return Msg("out of reach, {t} of run left", t=left)  # the TDC's run was longer than its range

    def _tdc(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        tdc = self.weapons.get("tdc", {})
        top = c.panel(rect, Msg("TDC"))
        x, w = rect.x + s(8), rect.w - s(16)
        y = top
        if self.faults.tdc is not None:
            icons.warning(c.surface, Rect(x, y + s(2), s(18), s(18)), theme.WARNING)
            y = c.paragraph(Msg("Out of action until repaired: the TDC holds no solution and cannot be set."),
                            Rect(x + s(24), y, w - s(24), s(150)), theme.MIN_TEXT, theme.WARNING, bold=True) + s(2)
        elif not tdc.get("programmed"):
            y = c.paragraph(Msg("Not programmed. Choose a target on the plot, or set the attack disc."),
                            Rect(x, y, w, s(110)), theme.MIN_TEXT, theme.TEXT_DIM) + s(2)
        elif self.sunk is not None and self.gone is not None:  # she went down: the TDC aims at nothing
            icons.warning(c.surface, Rect(x, y + s(2), s(18), s(18)), theme.WARNING)
            y = c.paragraph(self.gone, Rect(x + s(24), y, w - s(24), s(150)), theme.MIN_TEXT, theme.WARNING,
                            bold=True) + s(2)
        else:
            head = Msg("Target {contact}: course {course:03d}°, {kn} kn", contact=tdc.get("contact") or "—",
                       course=int(tdc.get("course", 0)), kn=tdc.get("speed_kn"))
            # on a second line when the target's speed takes the room ("course 118°, 10.5 kn" was cut after "10.5")
            y = self._lines(c, head, x, y, w, theme.TEXT, bold=True) + s(1)
            c.text(Msg("depth {d} m · spread {sp}°", d=tdc.get("depth_m"), sp=tdc.get("spread_deg")), (x, y),
                   theme.MIN_TEXT, theme.TEXT_DIM, width=w)
            y += s(24)
            if self.gone is not None:  # the target has left the crew's picture: the solution is a guess, or none
                icons.warning(c.surface, Rect(x, y + s(2), s(18), s(18)), theme.WARNING)
                y = self._lines(c, self.gone, x + s(24), y, w - s(24), theme.WARNING, bold=True, rows=3)
                y += s(4)
            shown = self.facing()
            for facing, word in (("bow", Msg("Bow")), ("stern", Msg("Stern"))):
                sol = tdc.get(facing) or {}
                # the torpedo would stop short of the target: the console's weapons view says the same
                good = (bool(sol.get("reachable")) and bool(sol.get("within_limit")) and facing not in self.short
                        and facing not in self.close)
                mark = icons.check if good else icons.warning
                mark(c.surface, Rect(x, y + s(2), s(18), s(18)), theme.GOOD if good else theme.WARNING)
                gyro = float(sol.get("gyro", 0.0))
                side = Msg("starboard") if gyro >= 0 else Msg("port")
                # each reading on as many lines as it needs (German and Russian are long): the whole
                # solution of the facing of the chosen tubes, the other one's gyro angle and verdict
                y = self._lines(c, Msg("{word}: gyro {g}° {side}", word=word, g=round(abs(gyro)), side=side),
                                x + s(24), y, w - s(24), theme.TEXT, bold=True)
                cold = self.cold.get(facing) if facing == shown else None
                if cold is not None:  # the lead and the run are a cold torpedo's: the console says the same
                    # one short line (the panel is full in Russian): the tube list shows which tube and type it is
                    y = self._lines(c, Msg("cold {torpedo}: {speed:g} kn, {reach:,} m",
                                           torpedo=str(cold["name"]).split(" (")[0], speed=cold["speed_kn"],
                                           reach=round(cold["range_m"])), x + s(24), y, w - s(24), theme.WARNING)
                if facing == shown and self.lost is None:  # a lost target's solution is a guess: its angle will do
                    y = self._lines(c, Msg("range {m:,} m · run {t} s", m=int(sol.get("range_m", 0)),
                                           t=round(float(sol.get("run_s", 0)))), x + s(24), y, w - s(24), theme.TEXT)
                    aob = float(sol.get("aob", 0.0))
                    y = self._lines(c, Msg("angle on the bow {a}° · track {tr}°", a=round(aob),
                                           tr=round(float(sol.get("track_angle", 0)))),
                                    x + s(24), y, w - s(24), theme.TEXT_DIM)
                if not good:
                    why = (Msg("the torpedo cannot reach it") if not sol.get("reachable") else
                           Msg("beyond the gyro limit") if not sol.get("within_limit") else
                           Msg("beyond the torpedo's range") if facing in self.short else
                           Msg("too close: the pistol would not arm"))
                    y = self._lines(c, why, x + s(24), y, w - s(24), theme.WARNING)
                y += s(4)
        disc = self.weapons.get("disc", {})
        if disc.get("own_course") is not None or disc.get("enemy_course") is not None:
            # the attack disc's reading at the panel's foot, on the lines it needs
            texts: list[tuple[Msg, theme.Color]] = [
                (Msg("Disc: own {o}°, enemy {e}°, bearing {b}°", o=disc.get("own_course"), e=disc.get("enemy_course"),
                     b=disc.get("bearing")), theme.TEXT_DIM)]
            if disc.get("aob") is not None:
                texts.append((Msg("true bearing {tb}°, angle on the bow {a}°", tb=disc.get("true_bearing"),
                                  a=disc.get("aob")), theme.TEXT))
            blocks = [[(line, color) for line in c.rows(text, theme.MIN_TEXT, w)] for text, color in texts]
            room = (rect.bottom - s(4) - y) // s(20)
            while blocks and sum(map(len, blocks)) > room:
                # no room under a long solution (German, Russian): the rings go first, then the reading
                # (the console's `status` prints it; the disc's sheet sets it)
                blocks.pop(0)
            laid = [row for block in blocks for row in block]
            y = max(y, rect.bottom - s(4) - len(laid) * s(20))
            for line, color in laid:
                c.text(line, (x, y), theme.MIN_TEXT, color, width=w)
                y += s(20)

    def facing(self) -> str:
        """The facing whose whole TDC solution the panel shows: the stern when every chosen tube is a
        stern tube, else the bow."""
        facings = {str(t.get("facing")) for t in self.weapons.get("tubes", []) if int(t["tube"]) in self.chosen}
        return "stern" if facings == {"stern"} else "bow"

    @staticmethod
    def _lines(c: Canvas, text: Msg, x: int, y: int, width: int, color: theme.Color, bold: bool = False,
               rows: int = 2) -> int:
        """`text` on one line, or more (up to `rows`) when too wide for one; returns the y below it."""
        for line in c.rows(text, theme.MIN_TEXT, width, rows=rows, bold=bold):
            c.text(line, (x, y), theme.MIN_TEXT, color, bold=bold, width=width)
            y += c.size(20)
        return y

    def _actions(self, c: Canvas, rect: Rect) -> None:
        s = c.size
        win = self.win
        chosen = self.chosen
        tubes = {int(t["tube"]): t["state"] for t in self.weapons.get("tubes", [])}
        flood = [t for t in chosen if tubes.get(t) == "loaded"]
        fire = [t for t in chosen if tubes.get(t) == "flooded"]
        buttons = [
            ("weapon.flood", Msg("Flood"), lambda: win.open_form("flood_tubes", {"tubes": flood} if flood else {})),
            ("weapon.fire", Msg("Fire!"), lambda: win.open_form("fire_torpedoes", {"tubes": fire} if fire else {})),
            ("weapon.tdc", Msg("TDC"), lambda: win.open_form("tdc", *self._target_preset("tdc"))),
            ("weapon.reload", Msg("Reload"), lambda: win.open_form("reload_torpedo", self._reload_preset(tubes))),
            ("weapon.disc", Msg("Disc"), lambda: win.open_form("attack_disc")),
            self._gun_button("gun_88", Msg("88 mm"), lambda: win.open_form("gun_88", *self._target_preset("gun_88"))),
            self._gun_button("gun_20", Msg("20 mm"), lambda: win.open_form("gun_20", *self._target_preset("gun_20"))),
            ("weapon.plot", Msg("Plot"), lambda: win.show("plot")),
        ]
        bw = (rect.w - s(4)) // 2
        for i, (bid, label, action) in enumerate(buttons):
            if bid.endswith("gun_88") and not self._aboard("gun_88"):
                continue  # a gun landed before the patrol: its place stays empty
            box = Rect(rect.x + (i % 2) * (bw + s(4)), rect.y + (i // 2) * s(51), bw, s(47))
            tone = (200, 70, 60) if (bid == "weapon.fire" and fire) or bid.startswith("weapon.cease") else None
            c.button(bid, box, label, simple(action), tone=tone, size=theme.MIN_TEXT)
        y = rect.y + 4 * s(51) + s(2)
        guns = self.weapons.get("guns", {})
        # each gun's hits apart (the 88 mm gun's rounds at ships, the flak's bursts at aircraft): on one line where
        # it reads whole, else a line each
        line = gun_hits_line(guns)
        hit_lines = ([line] if line is not None and c.text_width(line, theme.MIN_TEXT) <= rect.w
                     else gun_hits(guns))
        # the guns, the torpedoes' count, the guns' hits and the ships sunk: closer together where a line more than
        # the panel has room for at full spacing would run into the feed; where even that is too many (both guns
        # firing, their fire on lines of their own), a count of nothing (no torpedo fired, no ship sunk) gives way
        sunk = self.weapons.get("sunk", [])
        fired = int(self.weapons.get("fired", 0))
        room = max(1, (rect.bottom - y - s(21)) // s(18) + 1)
        least = int(fired > 0) + len(hit_lines) + int(bool(sunk))  # the counts of something
        gun_lines = self._gun_lines(c, guns, rect.w)
        if len(gun_lines) + least > room:  # no room for the guns' fire on lines of its own: cut short, as before
            gun_lines = self._gun_lines(c, guns, rect.w, split=False)
        lines: list[tuple[Msg, theme.Color, bool]] = list(gun_lines)
        torpedoes = (Msg("Torpedoes {f} · hits {h}", f=fired, h=self.weapons.get("hits", 0)), theme.TEXT_DIM, False)
        total = (Msg("Sunk {n} · {grt:,} GRT", n=len(sunk), grt=int(self.weapons.get("grt_sunk", 0))),
                 theme.ACCENT if sunk else theme.TEXT_DIM, False)
        keep_torpedoes = fired > 0 or len(gun_lines) + 2 + len(hit_lines) <= room
        keep_total = bool(sunk) or len(gun_lines) + 1 + int(keep_torpedoes) + len(hit_lines) <= room
        # the torpedoes' count, and under it the guns' once they have fired: the 88 mm gun's hits on a ship are
        # never hidden behind a torpedo tally of nothing
        if keep_torpedoes:
            lines.append(torpedoes)
        lines += [(part, theme.TEXT, False) for part in hit_lines]
        if keep_total:
            lines.append(total)
        pitch = max(s(18), min(s(21), (rect.bottom - y - s(21)) // max(1, len(lines) - 1)))
        for line, color, bold in lines:
            c.text(line, (rect.x + s(2), y), theme.MIN_TEXT, color, bold=bold, width=rect.w)
            y += pitch

    def _gun_lines(self, c: Canvas, guns: dict[str, Any], width: int,
                   split: bool = True) -> list[tuple[Msg, theme.Color, bool]]:
        """Each gun aboard: its rounds and whether (and at what) it fires, or that it is out of action; (line, colour,
        bold). A firing gun's line too long for the panel ("20 мм: 3 980 снар., ведёт огонь" was cut to "ведёт о…")
        says its rounds on one line and its fire on the next (unless `split` is False)."""
        out: list[tuple[Msg, theme.Color, bool]] = []
        for gun, word in (("gun_88", Msg("88 mm")), ("gun_20", Msg("20 mm"))):
            if not self._aboard(gun):
                continue
            if gun in self.faults.guns:
                out.append((Msg("{gun}: out of action", gun=word), theme.WARNING, True))
                continue
            g = guns.get(gun, {})
            rounds = int(g.get("rounds", 0))
            if not g.get("firing"):
                out.append((Msg("{gun}: {n:,} {state}", gun=word, n=rounds, state=Msg("rounds")), theme.TEXT, False))
                continue
            # the flak may fire at an aircraft its gunners see before the lookouts report it (no contact yet)
            target = g.get("target")
            line = Msg("{gun}: {n:,} {state}", gun=word, n=rounds,
                       state=Msg("firing at {t}", t=target) if target else Msg("firing"))
            if not split or c.text_width(line, theme.MIN_TEXT) <= width:
                out.append((line, theme.WARNING, False))
                continue
            out.append((Msg("{gun}: {n:,} {state}", gun=word, n=rounds, state=Msg("rounds")), theme.WARNING, False))
            out.append((Msg("now firing at {t}", t=target) if target else Msg("now firing"), theme.WARNING, False))
        return out

    def _aboard(self, gun: str) -> bool:
        """Is the gun in the weapons' status (a gun landed before the patrol is not)?"""
        return "guns" not in self.weapons or gun in self.weapons["guns"]

    def _gun_button(self, gun: str, word: Msg, order: Callable[[], None]) -> tuple[str, Msg, Callable[[], None]]:
        """A gun's button: its order sheet, or while the gun fires the Captain's "cease fire!" (a word to
        the gun crew: the command cease_fire, no order)."""
        if self.weapons.get("guns", {}).get(gun, {}).get("firing"):
            return (f"weapon.cease.{gun}", Msg("{gun}: cease fire", gun=word),
                    lambda: self.win.submit({"do": "cease_fire", "gun": gun, "via": "window"}))
        return f"weapon.{gun}", word, order

    def _target_preset(self, form: str) -> tuple[dict[str, Any], Msg | None]:
        """The sheet's target as the orders screen opens it too: for the TDC and the 88 mm gun the ship chosen on the
        plot (or the only one in their reach), for the 20 mm gun the aircraft chosen there."""
        return target_preset(self.game, form, self.win.ui.get("contact"))

    def _reload_preset(self, tubes: dict[int, str]) -> dict[str, Any]:
        empty = [t for t in self.chosen if tubes.get(t) in ("empty", "fired")]
        return {"tube": empty[0]} if empty else {}
