"""The console's crew view (the crew view) and rulebook §6.14 (corrections): a sailor's page greys
what cannot be done to him and a touch on a greyed button says why in the feed. A dead sailor's
"Chip +1" was open (the game then refused it) and his greyed "Dead" did nothing at all when touched."""

from __future__ import annotations

from kaleun.core.messages import Msg

from window.fingers import Table_


def sailor_page(figure: str = "officer-square") -> Table_:
    table = Table_(mission="exercise_convoy", seed=0)
    table.window.dismiss_alarms()
    table.tap("tab.crew")
    table.tap(f"sailor.{figure}")
    return table


def said_last(table: Table_) -> str:
    return table.window.tr(table.window.scene().feed[-1].words)


def test_6_14_a_dead_sailors_page_says_he_is_dead() -> None:
    table = sailor_page()
    table.tap("sailor.kill")
    table.tap("sheet.give")
    assert table.named("sailor_killed")
    table.window.dismiss_alarms()
    for button in ("sailor.chip+", "sailor.kill", "sailor.first_aid", "sailor.cure"):
        assert table.target(button).action is None, button  # greyed
        table.tap(button)
        assert said_last(table) == table.window.tr(Msg("He is dead.")), button
    assert not table.named("action_refused")  # nothing reached the game to be refused


def test_6_14_a_living_sailors_greyed_buttons_say_why() -> None:
    table = sailor_page()
    for button, why in (("sailor.chip-", "He has no chips."), ("sailor.stop", "He has no task."),
                        ("sailor.cure", "He has no ailment."),
                        ("sailor.first_aid", "No ailment of his waits for first aid.")):
        assert table.target(button).action is None, button
        table.tap(button)
        assert said_last(table) == why, button
    table.tap("sailor.chip+")
    assert not table.named("action_refused")  # a living sailor takes a chip


def test_6_14_a_dead_sailors_page_says_where_he_lies() -> None:
    """A dead sailor has no section of his own in the crew's state; his page said "section —" while
    the boat drawing shows his figure (crossed out) in the control room. It names the section his
    figure stands in."""
    from window.fingers import shown

    table = sailor_page()
    table.tap("sailor.kill")
    table.tap("sheet.give")
    table.window.dismiss_alarms()
    assert table.game.module("figures").where["officer-square"] == 3
    said = shown(table)
    assert "section 3, 0 chips" in said and "section —, 0 chips" not in said, said
