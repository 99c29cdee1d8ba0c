# SPDX-License-Identifier: MIT
"""PN532 through adafruit_pn532: up to two ISO 14443A tags per reader.

The Adafruit driver's `read_passive_target` asks for one target; `scan` sends
InListPassiveTarget with MaxTg = 2 through its public `call_function` and releases the
targets afterwards, so the next scan finds them again. The PN532 object is made by
`hardware.py` (adafruit_pn532.spi.PN532_SPI); this module imports nothing of it.
"""

IN_LIST_PASSIVE_TARGET = 0x4A
IN_RELEASE = 0x52
GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
MAX_TARGETS = 2
#: seconds the hub waits for a PN532 to answer a set-up command. adafruit_pn532 waits 1 s for
#: SAMConfiguration and 0.5 s for GetFirmwareVersion; a chip answers in milliseconds, and a
#: missing one made every retry stall the hub's loop past the host's timeout (our choice)
SETUP_TIMEOUT = 0.1


class PN532Error(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def parse_targets(response):
    """UIDs (bytes) from an InListPassiveTarget answer (106 kbps type A)."""
    if response is None or len(response) == 0:
        return []
    count = response[0]
    if count > MAX_TARGETS:
        raise PN532Error("bad_response")
    uids = []
    offset = 1
    for _ in range(count):
        # Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID, [ATS when SEL_RES says ISO 14443-4]
        if offset + 5 > len(response):
            raise PN532Error("bad_response")
        sel_res = response[offset + 3]
        length = response[offset + 4]
        start = offset + 5
        if length not in (4, 7, 10) or start + length > len(response):
            raise PN532Error("bad_response")
        uids.append(bytes(response[start:start + length]))
        offset = start + length
        if sel_res & 0x20:
            if offset >= len(response) or response[offset] < 1:
                raise PN532Error("bad_response")
            offset += response[offset]
    return uids


def quick(base):
    """A subclass of adafruit_pn532's PN532 class `base` (PN532_SPI) whose set-up commands wait
    SETUP_TIMEOUT, through its public `call_function`: its constructor and `reset()` run them, and
    the hub retries both while a reader is missing. A chip that does not answer is `no_chip`."""

    class QuickPN532(base):
        def SAM_configuration(self):
            # normal mode, virtual card timeout 20 x 50 ms, IRQ pin used: adafruit_pn532's values
            self.call_function(SAM_CONFIGURATION, params=[0x01, 0x14, 0x01], timeout=SETUP_TIMEOUT)

        @property
        def firmware_version(self):
            response = self.call_function(GET_FIRMWARE_VERSION, 4, timeout=SETUP_TIMEOUT)
            if response is None:
                raise PN532Error("no_chip")
            return tuple(response)

    return QuickPN532


class PN532Reader:
    def __init__(self, pn532, timeout=0.05):
        self.pn532 = pn532
        self.timeout = timeout

    def init(self):
        self.pn532.SAM_configuration()

    def reset(self):
        """adafruit_pn532's own reset: a pulse on its reset pin when it was given one, then
        the wake-up and SAM configuration."""
        self.pn532.reset()

    def scan(self):
        response = self.pn532.call_function(IN_LIST_PASSIVE_TARGET, params=[MAX_TARGETS, 0x00],
                                            response_length=64, timeout=self.timeout)
        uids = parse_targets(response)
        if uids:
            self.pn532.call_function(IN_RELEASE, params=[0x00], response_length=1, timeout=self.timeout)
        return uids
