"""The hub commands as a maker meets them with a preferred board set and a hub that is not there."""

from __future__ import annotations

import json

from kaleun import cli
from kaleun.boards.loader import load_board
from kaleun.hub.options import hub_config
from kaleun.uboot.figures import FIGURES
from kit import BOARDS


def test_hub_config_takes_the_preferred_board_like_the_other_hub_commands(tmp_path, monkeypatch, capsys):
    """`kaleun hub config` alone required --board, while `hub status`, `hub trust`, `figures enroll` and
    `firmware install` take the preferred board of `kaleun config`."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["config", "set", "board", str(BOARDS / "pico-hub.toml")]) == 0
    capsys.readouterr()
    assert cli.main(["hub", "config"]) == 0
    assert json.loads(capsys.readouterr().out) == hub_config(load_board(BOARDS / "pico-hub.toml"))
    assert cli.main(["config", "unset", "board"]) == 0
    capsys.readouterr()
    assert cli.main(["hub", "config"]) == 2  # no preferred board: the default one has no deck hub
    assert "the board has no [hub] with a url (give --board a board with a deck hub)" in capsys.readouterr().err


def test_figures_enroll_says_why_a_hub_is_not_there_once(tmp_path, monkeypatch, capsys):
    """Waiting for a hub that is not plugged in, enroll printed "(deck hub offline: ...)" and then refused with
    the same reason: the offline news is for a hub that was online and went away."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    board_path = tmp_path / "table.toml"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{tmp_path / "no-hub"}"')
    board_path.write_text(text.replace("[hub]\n", "[hub]\nstart_timeout_ms = 300\n", 1))
    assert cli.main(["figures", "enroll", "--board", str(board_path), "--figure", FIGURES[0]]) == 1
    said = capsys.readouterr()
    assert "did not come online within 0.3 s (cannot open" in said.err and "no such port" in said.err, said.err
    assert "deck hub offline" not in said.out, said.out


def test_a_hub_url_that_is_no_serial_port_is_named_so(tmp_path, monkeypatch, capsys):
    """`--url /dev/null` (or a board's hub.url naming a plain file) said pyserial's "Could not configure port:
    (25, 'Inappropriate ioctl for device')"."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    plain = tmp_path / "not-a-port"
    plain.write_text("")
    assert cli.main(["hub", "status", "--board", str(BOARDS / "pico-hub.toml"), "--url", str(plain), "--wait",
                     "0.5"]) == 1
    out = capsys.readouterr().out
    assert f"cannot open {plain}: not a serial port (--url names a file or another kind of device)" in out, out
    assert "ioctl" not in out


def test_a_port_given_by_url_that_is_not_there_is_blamed_on_the_url_typed_not_on_hub_url(tmp_path, monkeypatch,
                                                                                          capsys):
    """`kaleun hub status --url /dev/ttyS99` said "(the hub is not plugged in, or hub.url names another port)":
    the maker typed --url and wrote no hub.url. The reason names where the port was given; the board's port is
    still blamed on hub.url."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    missing = tmp_path / "ttyACM-gone"
    assert cli.main(["hub", "status", "--url", str(missing), "--wait", "0.5"]) == 1
    out = capsys.readouterr().out
    assert f"cannot open {missing}: no such port (the hub is not plugged in, or --url names another port)" in out, out
    board = tmp_path / "table.toml"
    board.write_text((BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{missing}"'))
    assert cli.main(["hub", "status", "--board", str(board), "--wait", "0.5"]) == 1
    out = capsys.readouterr().out
    assert "(the hub is not plugged in, or hub.url names another port)" in out, out


def test_the_flashing_steps_mount_the_drive_on_a_pi_without_desktop_where_the_install_writes():
    """firmware/README.md, steps 2-3: Raspberry Pi OS Lite (the system service's Pi) mounts no USB
    drive, so `/media/$USER/CIRCUITPY` never appeared and the install refused it ("is not a folder").
    The steps mount the drive by its label at the very folder step 3 installs to, owned by the
    maker (vfat has no owners of its own: mounted by root it is root's, and the install runs
    without sudo), and unmount it after."""
    import re
    import shlex

    from kit import ROOT

    text = (ROOT / "firmware" / "README.md").read_text(encoding="utf-8")
    steps = text[text.index("2. **Install CircuitPython**"):text.index("4. **Reset the Pico**")]
    lines = [line.strip() for line in steps.splitlines()]
    folder = next(shlex.split(line) for line in lines if line.startswith("kaleun firmware install"))[3]
    mount = next(line for line in lines if line.startswith("sudo mount "))
    assert re.fullmatch(r"sudo mount -o uid=\$\(id -u\),gid=\$\(id -g\) /dev/disk/by-label/CIRCUITPY (\S+)",
                        mount).group(1) == folder
    assert f"sudo mkdir -p {folder}" in steps and f"sudo umount {folder}" in steps
    assert "sudo kaleun firmware install" not in steps  # the install itself runs as the maker


def test_the_makers_tools_keep_the_terminal_to_their_own_report(tmp_path):
    """The physical table, bring-up: `hub status` of a hub not plugged in, `hub fake` plugged out and in again and
    `hw check` against the fake hub printed the hub link's and the fake hub's INFO lines beside their report, saying
    again what it says ("deck hub link ...: cannot open ...", "fake hub plugged in on ..."). The terminal shows the
    report (and any warning); `--verbose` shows every line."""
    from kit import run_kaleun

    status = run_kaleun("hub", "status", "--board", str(BOARDS / "pico-hub.toml"), home=tmp_path)
    assert status.returncode == 1 and "no such port" in status.stdout, status
    assert "INFO" not in status.stderr, status.stderr
    verbose = run_kaleun("-v", "hub", "status", "--board", str(BOARDS / "pico-hub.toml"), home=tmp_path)
    assert "INFO kaleun.hub.link: deck hub link" in verbose.stderr, verbose.stderr
    script = tmp_path / "replug.txt"
    script.write_text("unplug\nplug\nstatus\nquit\n", encoding="utf-8")
    fake = run_kaleun("hub", "fake", "--board", str(BOARDS / "fake-hub.toml"), "--script", str(script),
                      "--no-stdin", home=tmp_path)
    assert fake.returncode == 0 and "ok plugged in on" in fake.stdout, fake
    assert "INFO" not in fake.stderr, fake.stderr
    check = run_kaleun("hw", "check", "--board", str(BOARDS / "fake-hub.toml"), "--auto", "--only", "lamps",
                       home=tmp_path)
    assert check.returncode == 0 and "Bring-up report" in check.stdout, check
    assert "INFO" not in check.stderr + check.stdout, check.stderr


def test_hub_status_by_url_alone_tells_where_to_name_the_hub_not_that_a_board_names_nothing(tmp_path, monkeypatch,
                                                                                            capsys):
    """`kaleun hub status --url PATH` with no board said "the board names no hub.id", though the maker gave no
    board, only a URL. It says that no board with a deck hub was given and where the id goes; with a board it
    still speaks of that board."""
    from kaleun.hub.fake import FAKE_UID, FakeHub

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    link = tmp_path / "ttyACM-hub"
    with FakeHub(hub_config(load_board(BOARDS / "fake-hub.toml")), link=link):
        assert cli.main(["hub", "status", "--url", str(link), "--wait", "10"]) == 0
        said = capsys.readouterr().out
        assert "the board names no hub.id" not in said, said
        assert (f'no board with a deck hub was given, only --url, so nothing names this hub yet: the table remembers '
                f'the first hub it meets and refuses any other; to name this one, put id = "{FAKE_UID}" into the '
                f"[hub] section of your table's board file") in said, said
        assert cli.main(["hub", "status", "--board", str(BOARDS / "fake-hub.toml"), "--url", str(link),
                         "--wait", "10"]) == 0
        assert "the board names no hub.id" in capsys.readouterr().out


def test_url_fake_reaches_a_fake_hub_inside_kaleun_as_a_boards_hub_url_fake_does(tmp_path, monkeypatch, capsys):
    """`--url fake` passed the URL check (which offers "fake" beside device paths) and then opened a serial port
    named "fake": "cannot open fake: no such port (the hub is not plugged in, or hub.url names another port)". It
    is the fake hub inside Kaleun, as hub.url = "fake" is: `hub status` shows it (with the shipped fake hub's
    readers when no board has a hub), offers no hub.id for a hub no board names or remembers, and `figures enroll`
    refuses it as it refuses a board's fake hub, pointing at `kaleun hub fake`."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["hub", "status", "--url", "fake", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["state"] == "online" and status["readers"] == len(hub_config(load_board(BOARDS / "fake-hub.toml"))
                                                                     ["readers"])
    for command in (["hub", "status", "--url", "fake"], ["hub", "status", "--board", str(BOARDS / "fake-hub.toml")]):
        assert cli.main(command) == 0
        said = capsys.readouterr().out
        assert "a fake hub inside Kaleun: made anew at every start, so no board names or remembers it" in said, said
        assert "hub.id" not in said and "put id =" not in said, said
    assert cli.main(["figures", "enroll", "--url", "fake", "--figure", FIGURES[0]]) == 2
    said = capsys.readouterr()
    assert "--url fake is a fake hub inside Kaleun, whose readers no hand reaches: run `kaleun hub fake --link PATH`" \
        in said.err and "no such port" not in said.err, said.err


def test_an_empty_url_is_refused_as_naming_no_port_not_asked_for(tmp_path, monkeypatch, capsys):
    """`kaleun hub status --url ""` said "the board has no [hub] with a url (give --url or another --board)" to a
    maker who had given --url."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["hub", "status", "--url", ""]) == 2
    said = capsys.readouterr().err
    assert "--url must name a serial port" in said and "give --url" not in said, said
