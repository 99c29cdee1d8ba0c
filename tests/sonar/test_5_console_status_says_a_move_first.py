"""§5 [B] "Systeme aktivieren" ("Ein Team darf nicht 2 Systeme direkt nacheinander aktivieren. Dazwischen muss sich
das U-Boot bewegen") at a team console: the window's system buttons say `a move first` after an activation; the
console's `status` showed full gauges and nothing else, so a Captain learnt it only from the refusal. `status` now
says it until the boat has moved."""

from __future__ import annotations

from sonarkit import printed, seated

WAIT = "The systems wait for a move: never two activations without a move in between."



def test_5_status_says_the_systems_wait_for_a_move_after_an_activation():
    """§5: a torpedo fired: `status` says the systems wait for a move; after the next course it says nothing of it."""
    runtime, seats, outs = seated("charlie", cells=("A1", "O15"), seed=0)
    yellow, out = seats["yellow"], outs["yellow"]
    for line in ("e mark=torpedo cross=E5", "e mark=torpedo cross=E6", "e mark=torpedo cross=E3"):
        yellow.handle(line)
    runtime.step()
    assert WAIT not in printed(runtime, yellow, out, "status")
    assert "Stop! You fire a torpedo: impact at D3!" in printed(runtime, yellow, out, "torpedo D3")
    assert WAIT in printed(runtime, yellow, out, "status")
    printed(runtime, yellow, out, "s mark=mine cross=S6")
    assert WAIT not in printed(runtime, yellow, out, "status")
