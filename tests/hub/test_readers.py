"""The reader drivers against simulated chips: MFRC522 anticollision enumeration on a
register model (REQA/WUPA, bit collisions, cascade levels, SELECT, HLTA), PN532's two
targets, and the firmware scanner behind them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kaleun.hub.proto import mfrc522, pn532, scanner
from kaleun.hub.simchips import HALT, SimMFRC522, SimPN532, make_reader


def chip_with(*uids: str) -> tuple[SimMFRC522, mfrc522.MFRC522]:
    chip = SimMFRC522()
    driver = mfrc522.MFRC522(chip)
    driver.init()
    for uid in uids:
        chip.put(uid)
    return chip, driver


def hexes(uids: list[bytes]) -> list[str]:
    return sorted(u.hex().upper() for u in uids)


def test_crc_a_matches_the_iso_14443_example():
    # ISO/IEC 14443-3 annex: CRC_A of 0x00 0x00 is 0xA0 0x1E
    assert mfrc522.crc_a(b"\x00\x00") == b"\xa0\x1e"
    assert mfrc522.crc_a(bytes((0x50, 0x00))) == b"\x57\xcd"  # HLTA


@pytest.mark.parametrize("uid", ["DEADBEEF", "04A1B2C3D4E5F6", "04112233445566778899"])
def test_one_tag_of_each_uid_length_is_read_over_its_cascade_levels(uid):
    chip, driver = chip_with(uid)
    assert hexes(driver.scan()) == [uid]
    kinds = [kind for kind, *_ in chip.exchanges]
    levels = len(bytes.fromhex(uid)) // 3  # 4 -> 1, 7 -> 2, 10 -> 3
    assert kinds.count("select") == levels and kinds[0] == "wupa" and "hlta" in kinds


def test_several_tags_at_once_are_all_enumerated_through_collisions():
    uids = ["04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "04A1B2C3D4E5F8", "04FF0000000001", "DEADBEEF", "DEADBEEE"]
    chip, driver = chip_with(*uids)
    assert hexes(driver.scan()) == sorted(uids)
    assert chip.regs[mfrc522.COLL] & 0x20  # the last exchange had no collision
    assert any(kind == "anticollision" and answered for kind, _, _, answered in chip.exchanges)


def test_halted_tags_answer_wupa_on_the_next_scan_but_not_reqa():
    chip, driver = chip_with("04A1B2C3D4E5F6", "04A1B2C3D4E5F7")
    assert len(driver.scan()) == 2
    assert all(tag.state == HALT for tag in chip.field)
    assert driver.request(wake=False) is False  # REQA: halted tags stay silent
    assert hexes(driver.scan()) == ["04A1B2C3D4E5F6", "04A1B2C3D4E5F7"]  # WUPA wakes them


def test_a_tag_taken_away_is_no_longer_seen_and_a_new_one_is():
    chip, driver = chip_with("04A1B2C3D4E5F6")
    driver.scan()
    chip.remove("04A1B2C3D4E5F6")
    assert driver.scan() == []
    chip.put("04000000000009")
    assert hexes(driver.scan()) == ["04000000000009"]


def test_antenna_off_means_no_tags():
    _chip, driver = chip_with("DEADBEEF")
    driver.write(mfrc522.TX_CONTROL, 0x80)
    assert driver.scan() == []


def test_a_dead_chip_fails_init_with_a_reason():
    chip = SimMFRC522()
    chip.broken = True
    with pytest.raises(mfrc522.ReaderError, match="no_chip"):
        mfrc522.MFRC522(chip).init()


def test_interleaved_readers_find_the_same_tags_as_one_by_one():
    readers = [make_reader("mfrc522", seed=i) for i in range(4)]
    for i, reader in enumerate(readers):
        for k in range(i):
            reader.uids_field.put(f"04{i:02X}{k:02X}000000AA")
    assert hasattr(readers[0], "scan_steps")  # the scanner steps the drivers in turn
    present = scanner.Scanner(readers, misses=1).scan()
    assert present == [("arrived", i, f"04{i:02X}{k:02X}000000AA") for i in range(4) for k in range(i)]


def test_with_a_timeline_the_answer_only_arrives_after_its_air_time():
    from kaleun.hub.simchips import Timeline

    timeline = Timeline()
    chip = SimMFRC522(timeline=timeline)
    driver = mfrc522.MFRC522(chip)
    driver.init()
    chip.put("DEADBEEF")
    steps = driver.request_steps(wake=True)
    next(steps)  # WUPA sent: the first poll finds the radio still busy and yields
    start = timeline.now
    for _ in steps:
        pass
    assert driver.answer is not None and timeline.now - start >= timeline.frame_delay


def test_scanner_reports_a_dead_mfrc522_as_a_fault_by_its_error_code():
    reader = make_reader("mfrc522")
    reader.uids_field.put("DEADBEEF")
    sc = scanner.Scanner([reader], misses=2, fault_after=2)
    assert sc.scan() == [("arrived", 0, "DEADBEEF")]
    reader.uids_field.broken = True  # MISO stuck low: the driver's interrupt poll never ends
    assert sc.scan() == []
    assert sc.scan() == [("fault", 0, "stuck")]
    reader.uids_field.broken = False
    assert sc.scan() == [("recovered", 0, "")]
    assert sc.present() == [(0, "DEADBEEF")]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.binary(min_size=7, max_size=7).map(lambda b: b"\x04" + b[1:]), min_size=0, max_size=10),
       st.sets(st.binary(min_size=4, max_size=4).filter(lambda b: b[0] != 0x88), max_size=4))
def test_anticollision_enumerates_exactly_the_tags_in_the_field(long_uids, short_uids):
    uids = [u.hex().upper() for u in (*long_uids, *short_uids)]
    _chip, driver = chip_with(*uids)
    for _ in range(2):  # and again after they were halted
        assert hexes(driver.scan()) == sorted(uids)


def test_flaky_tags_are_missed_sometimes_but_never_invented():
    chip, driver = chip_with("04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "DEADBEEF")
    chip.flaky = 0.3
    seen = [set(hexes(driver.scan())) for _ in range(40)]
    assert all(s <= {"04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "DEADBEEF"} for s in seen)
    assert any(len(s) < 3 for s in seen) and any(len(s) == 3 for s in seen)


def test_register_operations_are_counted_per_transaction():
    chip, driver = chip_with("04A1B2C3D4E5F6")
    before = chip.transactions
    driver.scan()
    # WUPA, 2 x (anticollision + select), HLTA, final REQA: 7 exchanges. An answered one costs
    # 6 writes (Idle, clear IRQs, flush FIFO, FIFO burst, Transceive, framing + StartSend) +
    # IRQ poll + ErrorReg + FIFOLevel + FIFO burst = 10 transactions; the last REQA, that
    # times out, 6 writes + the poll that sees the timer = 7; HLTA goes out with Transmit
    # (nobody answers it): 5 writes + the poll that sees TxIRq = 6
    assert [answered for *_, answered in chip.exchanges] == [True] * 5 + [False] * 2
    assert chip.transactions - before == 5 * 10 + 7 + 6


# -- PN532 ----------------------------------------------------------------------------------
def test_pn532_answer_parsing_handles_two_targets_and_an_ats():
    answer = bytes([2,
                    1, 0x44, 0x00, 0x00, 7, 0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6,
                    2, 0x04, 0x00, 0x20, 4, 0xDE, 0xAD, 0xBE, 0xEF, 3, 0x78, 0x80])
    assert hexes(pn532.parse_targets(answer)) == ["04A1B2C3D4E5F6", "DEADBEEF"]
    assert pn532.parse_targets(b"\x00") == [] and pn532.parse_targets(None) == []
    with pytest.raises(pn532.PN532Error):
        pn532.parse_targets(answer[:9])


def test_pn532_reports_at_most_two_tags():
    sim = SimPN532()
    for uid in ("04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "04A1B2C3D4E5F8"):
        sim.chip.put(uid)
    reader = pn532.PN532Reader(sim)
    reader.init()
    assert len(reader.scan()) == 2


# -- collision position (CollReg) as the data sheets count it ---------------------------------
class Tap:
    """An SPI port in front of the chip model that keeps the frames the driver sends
    (FIFO writes) and the CollReg values it reads."""

    def __init__(self, chip: SimMFRC522) -> None:
        self.chip = chip
        self.frames: list[bytes] = []
        self.coll: list[int] = []

    def transfer(self, out: bytes) -> bytes:
        answer = self.chip.transfer(out)
        if out[0] == (mfrc522.FIFO_DATA << 1) & 0x7E:
            self.frames.append(bytes(out[1:]))
        if out[0] == 0x80 | (mfrc522.COLL << 1):
            self.coll.append(answer[1])
        return answer


def test_collpos_counts_rxalign_in_as_the_datasheet_example_says():
    """MFRC631 data sheet, RxColl: RxAlign = 4 and a collision in the 4th received bit ->
    the 8th bit (0-based 7h there; the MFRC522 counts from 1, so 8)."""
    chip = SimMFRC522()
    driver = mfrc522.MFRC522(chip)
    driver.init()
    chip.put("1F000022")  # UID CL1 bits 0-3 known (1111), bit 7 is where they differ
    chip.put("9F000022")
    assert driver.request(wake=True)
    answer = driver.transceive(bytes((0x93, 0x24, 0x0F)), tx_bits=4, rx_align=4)
    assert answer is not None and answer[1]  # a collision
    assert driver.read(mfrc522.COLL) == 8


def test_after_a_collision_past_the_first_byte_the_driver_asks_for_the_right_bit():
    """Tags that first differ in bit 9 and then in bit 20 of UID CL1: after the first round
    10 bits are known (NVB 0x32, RxAlign 2); the second collision, received bit 10 (0-based),
    comes as CollPos = 2 + 10 + 1 = 13, i.e. bit 1 * 8 + 13 - 1 = 20 of UID CL1: the next
    round knows 21 bits (NVB 0x45). Counted from the start of UID CL1 instead, CollPos 13
    would point at bit 12, which both tags already agreed on."""
    chip = SimMFRC522()
    tap = Tap(chip)
    driver = mfrc522.MFRC522(tap)
    driver.init()
    for uid in ("11000022", "11020022", "11021022"):
        chip.put(uid)
    assert hexes(driver.scan()) == ["11000022", "11020022", "11021022"]
    rounds = [frame[1] for frame in tap.frames if frame[:1] == b"\x93" and frame[1] != 0x70]
    assert rounds[:3] == [0x20, 0x32, 0x45]
    assert tap.coll[:2] == [10, 13]  # bit 9 with nothing known; then bit 20 with RxAlign 2


def test_a_collision_beyond_bit_32_is_not_a_valid_position():
    """CollPos has five bits: a collision the chip cannot place sets CollPosNotValid, and the
    driver gives up on that exchange with a reader error, never a wrong branch."""
    from kaleun.hub.simchips import SimTag

    class Counterfeit(SimTag):
        def cascade(self, level: int) -> bytes:  # same UID CL1 as a real tag, wrong BCC
            return super().cascade(level)[:4] + b"\x00"

    chip, driver = chip_with("DEADBEEF")
    chip.field.append(Counterfeit(bytes.fromhex("DEADBEEF")))
    with pytest.raises(mfrc522.ReaderError, match="position not valid"):
        driver.scan()
    assert chip.regs[mfrc522.COLL] & 0x20
