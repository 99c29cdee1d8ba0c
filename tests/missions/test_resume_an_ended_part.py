"""The next evening of a linked patrol (rulebook §5.2) or a campaign (§4.3): a group that ended the last
evening at the debrief and types `kaleun resume` is told how its patrol or campaign goes on (`kaleun play
--linked`, `--campaign`): "start a new game with kaleun play" alone would start a single training mission. A save
other than the autosave may have been written at the table or by a table script (`kaleun run --linked ... --save`):
the resume of it names both ways, `kaleun run --linked` for a group that plays by script."""

from __future__ import annotations

from pathlib import Path

from kaleun.career import load_career, record_mission, save_career, start_configured
from kaleun.saves import save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import run_kaleun
from missionkit import advance, one

H = 3600.0
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def ended_and_saved(home: Path, mission: str, mode: str) -> None:
    """The mission shortened to an hour, its objective out of reach, booked and saved as the table leaves it."""
    setup = GameSetup(mission=mission, seed=3, mode=mode)
    g = new_game(3, mission, {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                              "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [FAR]})
    g.take_events()
    assert one(advance(g, 2 * H), "mission_end")["reason"] == "time_limit"
    assert record_mission(g) is not None
    save_game(g, home / "autosave.json")


def test_5_2_resuming_an_ended_part_of_a_linked_patrol_says_to_go_on_with_kaleun_play_linked(home):
    ended_and_saved(home, "sc_convoy_1940", "linked")
    assert load_career()["patrol"]["next"] == "weather_1940"
    result = run_kaleun("resume", "--console", home=home)
    assert result.returncode == 2
    assert "that mission is over (won: the patrol time ran out) and cannot be played on" in result.stderr
    assert "the linked patrol Autumn 1940 goes on with Weather boat: kaleun play --linked." in result.stderr, \
        result.stderr
    german = run_kaleun("resume", "--console", "--language", "de", home=home)
    assert "kaleun play --linked" in german.stderr and "Wetterboot" in german.stderr
    assert "Feindfahrt" in german.stderr, german.stderr


def test_4_3_resuming_the_mission_that_ended_the_campaign_says_so(home):
    start_configured(GameSetup(mission="", mode="campaign"))  # the record's campaign, as kaleun play --campaign
    ended_and_saved(home, "prize_rules_1939", "campaign")
    assert load_career()["campaign"]["state"] == "failed"
    result = run_kaleun("resume", "--console", home=home)
    assert result.returncode == 2
    assert ("the campaign ended there (a mission graded below E, kaleun career shows it); a new one begins with "
            "kaleun play --campaign.") in result.stderr, result.stderr
    kept = home / "kept.json"
    kept.write_bytes((home / "autosave.json").read_bytes())  # a save elsewhere: the table's or a script's
    result = run_kaleun("resume", "--console", "--save", str(kept), home=home)
    assert ("the campaign ended there (a mission graded below E, kaleun career shows it); a new one begins with "
            "kaleun play --campaign (by table script: kaleun run --campaign --script SCRIPT --events EVENTS).") \
        in result.stderr, result.stderr


def test_4_3_resuming_an_ended_campaign_mission_names_the_next_one(home):
    start_configured(GameSetup(mission="", mode="campaign"))
    ended_and_saved(home, "prize_rules_1939", "campaign")
    record = load_career()
    record["campaign"].update(state="running", next="minefield_1939")  # as if it had passed with an E
    save_career(record)
    result = run_kaleun("resume", "--console", "--language", "ru", home=home)
    assert result.returncode == 2 and "kaleun play --campaign" in result.stderr
    assert "Заграждение у Хартлпула" in result.stderr  # the next mission by its title in Russian
    kept = home / "kept.json"
    kept.write_bytes((home / "autosave.json").read_bytes())
    result = run_kaleun("resume", "--console", "--language", "ru", "--save", str(kept), home=home)
    assert "kaleun play --campaign (по сценарию стола: kaleun run --campaign --script SCRIPT --events EVENTS)" \
        in result.stderr, result.stderr


def test_5_2_a_linked_part_played_by_script_and_resumed_names_kaleun_run_linked(home):
    """Part 1 of autumn_1940 played by `kaleun run --linked ... --save`, then `kaleun resume --save` of that save:
    the group that plays by table script is shown the command it goes on with, `kaleun run --linked`."""
    save, script = home / "part1.json", Path(__file__).resolve().parent / "scripts" / "sc_convoy_1940.win.jsonl"
    played = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script", str(script), "--events",
                        str(home / "e.jsonl"), "--save", str(save), home=home)
    assert played.returncode == 0, played.stderr
    result = run_kaleun("resume", "--console", "--save", str(save), home=home)
    assert result.returncode == 2
    assert "the linked patrol Autumn 1940 goes on with Weather boat: " in result.stderr
    assert "kaleun run --linked --script SCRIPT --events EVENTS" in result.stderr, result.stderr


def test_4_3_resuming_an_earlier_campaign_mission_does_not_say_the_campaign_ended_there(home):
    """§4.3: the campaign went on after prize_rules_1939 and ended at minefield_1939. Resuming the save of
    prize_rules_1939 says where the campaign ended, not that it ended there; resuming the one that ended it still
    says it ended there."""
    start_configured(GameSetup(mission="", mode="campaign"))
    ended_and_saved(home, "prize_rules_1939", "campaign")
    earlier = home / "earlier.json"
    earlier.write_bytes((home / "autosave.json").read_bytes())
    record = load_career()
    record["campaign"].update(state="running", next="minefield_1939")  # as if it had passed with an E
    save_career(record)
    ended_and_saved(home, "minefield_1939", "campaign")
    assert load_career()["campaign"]["state"] == "failed"
    result = run_kaleun("resume", "--console", "--save", str(earlier), home=home)
    assert result.returncode == 2
    assert "ended there" not in result.stderr, result.stderr
    assert ("the campaign ended at The Hartlepool field, not at this mission (a mission graded below E, kaleun career "
            "shows it); a new one begins with kaleun play --campaign") in result.stderr, result.stderr
    last = run_kaleun("resume", "--console", home=home)
    assert "the campaign ended there (a mission graded below E" in last.stderr, last.stderr


def test_4_3_resuming_the_last_mission_of_a_complete_campaign_says_it_is_complete(home):
    from kaleun.uboot.missions.setup import campaign_order

    start_configured(GameSetup(mission="", mode="campaign"))
    record = load_career()
    last = campaign_order()[-1]
    record["campaign"].update(next=last)  # as if every mission before it had passed
    save_career(record)
    ended_and_saved(home, last, "campaign")
    record = load_career()
    record["campaign"].update(state="complete", next=None)  # as if it had passed with an E
    save_career(record)
    result = run_kaleun("resume", "--console", home=home)
    assert ("the campaign is complete (kaleun career shows it); a new one begins with kaleun play --campaign.") \
        in result.stderr, result.stderr
