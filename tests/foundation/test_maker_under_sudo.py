"""The physical table, set up by a maker who uses sudo where the wiring guide says so (`sudo kaleun hw check` for a
strip driven by PWM, `sudo kaleun service install`): which settings a command under sudo reads, and what the
service install says about who it would run as."""

from __future__ import annotations

import dataclasses
import json
import pwd
from pathlib import Path

import pytest
from kaleun import settings
from kaleun.cli import main
from kaleun.i18n import language
from kaleun.service import plan, refusal
from kit import BOARDS


@pytest.fixture
def under_sudo(tmp_path, monkeypatch) -> Path:
    """This command runs as root through `sudo`, typed by the maker `pi` (SUDO_USER), whose home is a folder of the
    test's; root's own folders are others of the test's, so nothing of the real user's is read or written."""
    maker_home = tmp_path / "pi"
    (maker_home / ".config" / "kaleun").mkdir(parents=True)
    real = pwd.getpwnam

    def getpwnam(name: str) -> pwd.struct_passwd:
        if name == "pi":
            return pwd.struct_passwd(("pi", "x", 1000, 1000, "", str(maker_home), "/bin/bash"))
        return real(name)

    monkeypatch.setattr("kaleun.paths.pwd.getpwnam", getpwnam)
    monkeypatch.setattr("kaleun.paths.os.geteuid", lambda: 0)
    monkeypatch.delenv("KALEUN_HOME", raising=False)
    monkeypatch.setenv("SUDO_USER", "pi")
    for env, folder in (("XDG_CONFIG_HOME", "root-config"), ("XDG_STATE_HOME", "root-state"),
                        ("XDG_CACHE_HOME", "root-cache")):
        monkeypatch.setenv(env, str(tmp_path / folder))
    return maker_home / ".config" / "kaleun"


def test_sudo_hw_check_reads_the_makers_preferred_board_and_language(under_sudo, tmp_path, capsys):
    """§ the physical table, bring-up: `sudo kaleun hw check` (PWM NeoPixels need root) read root's settings and
    checked boards/sim.toml in English; it checks the board the maker set, in the maker's language."""
    board = tmp_path / "my-table.toml"
    board.write_text((BOARDS / "mock-gpio.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (under_sudo / "settings.json").write_text(json.dumps({"board": str(board), "language": "de"}), encoding="utf-8")
    assert main(["hw", "check", "--auto", "--only", "buttons"]) == 0
    out = capsys.readouterr().out
    assert str(board) in out and "bestanden" in out, out
    assert not (tmp_path / "root-config").exists()  # root's settings were not read (nor made)


def test_sudo_hw_check_names_a_figure_the_maker_enrolled_read_only(under_sudo, tmp_path, capsys):
    """§ the physical table, bring-up: under sudo the figure tags read are root's, so a figure the maker enrolled
    (as the guide says, without sudo) was called "not enrolled yet". The maker's tags are read too, never written:
    the check names the figure and says a table run as root has tags of its own; root's own still count."""
    from kaleun.hub.tags import FigureTags

    makers = under_sudo / "figures.json"
    FigureTags({"04C0FFEE000005": "captain-square", "04C0FFEE000006": "officer-circle"}, path=makers).save()
    before = makers.read_bytes()
    root = tmp_path / "root-config" / "kaleun" / "figures.json"
    FigureTags({"04C0FFEE000006": "engineer-hexagon"}, path=root).save()
    assert main(["hw", "check", "--board", str(BOARDS / "fake-hub.toml"), "--auto", "--only", "readers"]) == 0
    out = capsys.readouterr().out
    assert ("PASS  reader 5 (section 5): tag 04C0FFEE000005, enrolled as captain-square by pi (a table run as root, "
            "with sudo or as a service --as root, has figure tags of its own: sudo kaleun figures enroll)") in out, out
    assert "PASS  reader 6 (section 6): tag 04C0FFEE000006, enrolled as engineer-hexagon\n" in out, out
    assert "reader 4 (section 4): tag 04C0FFEE000004, not enrolled yet: kaleun figures enroll" in out, out
    assert makers.read_bytes() == before and sorted(p.name for p in under_sudo.iterdir()) == ["figures.json"]


def test_sudo_config_set_changes_nothing_and_says_to_run_it_without_sudo(under_sudo, tmp_path, capsys):
    """A file root wrote into the maker's config folder would be root's: the maker could not change it again."""
    (under_sudo / "settings.json").write_text('{"language": "de"}', encoding="utf-8")
    assert main(["config", "set", "language", "ru"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kaleun config set: unter sudo liest Kaleun die Einstellungen von pi"), err
    assert (under_sudo / "settings.json").read_text(encoding="utf-8") == '{"language": "de"}'
    assert main(["config", "unset", "language"]) == 2
    assert sorted(p.name for p in under_sudo.iterdir()) == ["settings.json"]
    assert not (tmp_path / "root-config").exists()
    assert main(["config", "show"]) == 0  # shows the maker's, read-only
    assert f"{under_sudo / 'settings.json'}" in capsys.readouterr().out


def test_a_table_under_sudo_does_not_keep_the_volume_in_the_makers_folder(under_sudo):
    problem = settings.remember_volume(0.4)
    assert problem is not None and "unter sudo" in language("de").render(problem)
    assert not (under_sudo / "settings.json").exists()
    loaded = settings.Settings.load()
    loaded.set("volume", "0.4")
    with pytest.raises(settings.SettingsError, match="without sudo"):
        loaded.save()
    assert not (under_sudo / "settings.json").exists()


def test_under_sudo_the_makers_settings_are_read_only_however_they_were_reached(under_sudo, tmp_path):
    """Whether settings may be written is judged from their file, in one place: settings loaded by the path of the
    maker's file (as the service install reads the service user's), or made by hand, were writable under sudo
    and root wrote a file of its own into the maker's folder. Root's own settings stay writable."""
    makers = under_sudo / "settings.json"
    for made in (settings.Settings.load(makers), settings.Settings(makers, {}),
                 settings.Settings(under_sudo / ".." / "kaleun" / "settings.json", {})):
        assert made.read_only
        made.set("language", "de")
        with pytest.raises(settings.SettingsError, match="without sudo"):
            made.save()
    assert not makers.exists()
    roots = settings.Settings.load(tmp_path / "root-config" / "kaleun" / "settings.json")
    assert not roots.read_only
    roots.set("language", "de")
    roots.save()
    assert json.loads(roots.path.read_text(encoding="utf-8")) == {"language": "de"}


def test_without_sudo_the_settings_are_writable(tmp_path, monkeypatch):
    monkeypatch.delenv("SUDO_USER", raising=False)
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    loaded = settings.Settings.load()
    assert not loaded.read_only
    loaded.set("language", "ru")
    loaded.save()
    assert settings.Settings.load().get("language") == "ru"


def test_sudo_hw_check_notices_the_makers_outdated_user_service_not_roots(under_sudo, tmp_path, monkeypatch, capsys):
    """`sudo kaleun hw check` (a strip on PWM) looked for the user service in root's home (sudo sets HOME to it), so an
    outdated user service of the maker's went unnoticed where the guide sends the maker; `kaleun service status` under
    sudo looks there too."""
    from kaleun import service

    monkeypatch.setattr(service, "SYSTEM_DIR", tmp_path / "etc-systemd-system")
    monkeypatch.setenv("HOME", str(tmp_path / "root-home"))
    unit = under_sudo.parent / "systemd" / "user" / "kaleun.service"
    unit.parent.mkdir(parents=True)
    text = service.unit_text("user", service.command_line(None))
    unit.write_text(text.replace("Environment=KALEUN_SERVICE=user\n", ""), encoding="utf-8")
    assert main(["hw", "check", "--board", str(BOARDS / "sim.toml"), "--auto", "--only", "dials:telegraph"]) == 0
    err = capsys.readouterr().err
    assert f"note: the service's unit {unit} was written by an older Kaleun" in err, err
    assert main(["service", "status"]) == 1
    out = capsys.readouterr().out
    assert f"user service ({unit}):" in out and "as root, systemctl --user would ask root's own systemd" in out, out


def _as_pi(monkeypatch) -> None:
    """This command runs as the user pi (uid 1000), not as root."""
    entry = pwd.struct_passwd(("pi", "x", 1000, 1000, "", "/home/pi", "/bin/bash"))
    real_nam, real_uid = pwd.getpwnam, pwd.getpwuid
    monkeypatch.setattr("kaleun.service.pwd.getpwnam", lambda name: entry if name == "pi" else real_nam(name))
    monkeypatch.setattr("kaleun.service.pwd.getpwuid", lambda uid: entry if uid == 1000 else real_uid(uid))
    monkeypatch.setattr("kaleun.service.os.geteuid", lambda: 1000)


def test_sudo_to_another_user_installs_for_that_user_not_for_the_one_who_typed_sudo(monkeypatch):
    """`sudo -u pi kaleun service install --user` typed by the user maker was refused "install it as yourself
    (without --as pi)" although no --as was given: the command runs as pi, so the service is pi's."""
    _as_pi(monkeypatch)
    monkeypatch.setenv("SUDO_USER", "maker")
    p = plan("user", None)
    assert (p.user, p.named) == ("pi", False)
    assert refusal(p) is None


def test_a_refusal_says_only_what_was_typed(monkeypatch):
    _as_pi(monkeypatch)
    named = plan("user", None, "root")
    assert named.named and "without --as root" in str(refusal(named))
    unnamed = dataclasses.replace(named, named=False)
    said = str(refusal(unnamed))
    assert "--as" not in said.split("system service")[0] and "you are pi, not root" in said


def test_a_dry_run_of_an_install_that_would_be_refused_says_so(home, monkeypatch, capsys):
    """`--user --as OTHER --dry-run` printed the unit as if it would be installed."""
    _as_pi(monkeypatch)
    assert main(["service", "install", "--user", "--as", "root", "--dry-run"]) == 0
    done = capsys.readouterr()
    assert "[Service]" in done.out
    assert ("note: without --dry-run this install would be refused: a user service runs in the systemd of the user "
            "who installs it, and you are pi, not root: install it as yourself (without --as root)") in done.err
    assert main(["service", "install", "--user", "--as", "pi", "--dry-run"]) == 0
    assert "would be refused" not in capsys.readouterr().err


def test_an_empty_board_and_the_language_list_read_as_meant(home, capsys):
    for empty in ("", "  "):
        assert main(["config", "set", "board", empty]) == 2
        err = capsys.readouterr().err
        assert "not an empty value" in err and "kaleun config unset board" in err, err
    assert main(["config", "set", "language", "fr"]) == 2
    assert "en (English), de (German, Deutsch), ru (Russian, Русский)" in capsys.readouterr().err


def test_a_service_as_root_without_a_board_is_told_to_name_one(tmp_path, monkeypatch):
    """§ the physical table, a Pi that starts by itself: a PWM strip needs root, so the install advised `--as root`,
    then said "set one as root, without sudo (kaleun config set board FILE)": a maker reaches root's settings only
    through sudo, which reads the maker's own and changes none. `--board FILE` is the way."""
    from kaleun.service import board_warnings, starting_board

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "root-home"))
    warn, line = starting_board(plan("system", None, "root"), None)
    said = str(line)
    assert warn and said.startswith("root has no preferred board") and said.endswith("install the service with "
                                                                                      "--board FILE")
    pwm = tmp_path / "pwm.toml"
    text = (BOARDS / "pi4-basic.toml").read_text(encoding="utf-8")
    pwm.write_text(text.replace('driver = "neopixel_spi"', 'driver = "neopixel"\npin = 18')
                   .replace('output = "analog"', 'output = "hdmi"'), encoding="utf-8")  # PWM takes the jack's clock
    advice = board_warnings(plan("system", str(pwm), "nobody"), str(pwm))
    assert advice and "sudo kaleun service install --as root --board FILE" in str(advice[0])


@pytest.mark.parametrize("argv", [["play", "--board", "", "--headless"], ["hw", "check", "--board", " ", "--auto"],
                                  ["service", "install", "--dry-run", "--board", ""], ["board", "check", ""],
                                  ["firmware", "install", "CIRCUITPY", "--board", ""],
                                  ["hub", "status", "--board", ""]])
def test_an_empty_board_argument_is_refused_not_taken_for_none(home, capsys, argv):
    """`--board "$BOARD"` with BOARD unset checked, played or installed the preferred board or the simulated table,
    as if no --board had been given; `kaleun board check ""` said "." is a folder."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "the value is empty: name a board file (my-table.toml) or a shipped board" in err, err
