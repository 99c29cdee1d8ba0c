"""The crew engine: the tabletop bookkeeping of U-BOOT driven by where the figures stand.

Sailors, orders and their staffing, activation chips, watch changes, the command and morale
bars, health and crew damage, environmental conditions, hull breaches, food, cigarettes and
corrections (rulebook §2-§10), plus the technical conditions of the boat's components.
The engine modules are `Crew` (module name "crew", `crew.module`) and `Technical` ("technical",
`crew.technical`); the other files are the rules they are built from.
"""
