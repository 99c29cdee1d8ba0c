"""Captain Sonar: Kaleun as the referee of both teams (turn-based and real-time, scenarios Alpha-Echo).

Pure game core like `kaleun.uboot` (which it never imports, and which never imports it): one
engine module, `referee.Referee`, keeps both teams' hidden state and answers every command with
events tagged for one team or for everybody (`Event.audience`). The rules live in small modules:

| module | rules (digest section) |
|---|---|
| `grid.py` | cells, coordinates, directions (§2) |
| `maps.py` | the text map format, sectors per mode, scenario features (§2, §7) |
| `route.py` | route legality, silence paths, forced surfacing (§2, §5) |
| `gauges.py` | the First Mate's six gauges (§3) |
| `engineer.py` | the Engineer's board: breakdowns, circuits, radiation (§4) |
| `systems.py` | activation gating, torpedo, mine, drone, sonar, silence (§5) |
| `damage.py` | blast damage on both boats, sinking (§1, §5) |
| `scenarios.py` | scenario rules and scenario systems (Echo's Archer mines, Delta's ice) (§7) |
| `team.py` | one team's state: boat, route, mines, gauges, board, damage, surfacing |
| `crew.py` | crew sizes and who holds which role (§1) |
| `turns.py` | turn order, the 3-turn bonus, the real-time handshake and the Stop! freeze (§6) |
| `visibility.py` | which event is public and which belongs to one team |
| `address.py` | how a team's own screen speaks to it ("You are at C2", not "Yellow is at C2") (§9) |
| `plot.py` | the opt-in training aid: each boat's possible cells from public events (§9) |
| `savecheck.py` | what a saved game must hold together (a save that does not is refused) |
| `game.py` | building and loading a game |
"""
