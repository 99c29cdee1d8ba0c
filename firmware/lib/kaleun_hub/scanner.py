# SPDX-License-Identifier: MIT
"""One pass over every reader: debounced arrivals and departures, reader health.

A reader is anything with `scan()` returning the UIDs (bytes) of the tags in its field,
raising an exception when the chip does not answer; or with `scan_steps()`, a generator
that leaves the UIDs in `reader.found` (see mfrc522.py). After `fault_after` failed scans in a
row the reader is reported faulty, and `reset()` is tried on each further failure. It is
reported recovered once it has had `hits` good scans again, so its debounced view is whole
by then. A failing or faulty reader keeps its tags: a loose wire must not lift figures.

A reader is *known* once it has had `hits` good scans since start-up (or since it last
turned faulty), or while it is faulty: `ready()` is true when every reader is known, and only
then does a snapshot tell the whole truth (the hub holds its first snapshot back until then).
At most MAX_PRESENT tags are reported present at once, so a snapshot always fits in one line.
"""

from kaleun_hub.codec import uid_hex
from kaleun_hub.config import SETTINGS
from kaleun_hub.debounce import Debouncer

ARRIVED = "arrived"
LEFT = "left"
FAULT = "fault"
RECOVERED = "recovered"
#: most tags reported present over all readers (a snapshot of this many 10-byte UIDs on
#: readers 10-23, with 24 faulty readers, still fits in codec.MAX_LINE); more tags wait
MAX_PRESENT = 32


def error_name(exc):
    """A short word for a reader error, for the `fault` frame."""
    word = getattr(exc, "code", None) or type(exc).__name__
    return "".join(ch if ch.isalpha() or ch.isdigit() or ch == "_" else "_" for ch in str(word)) or "error"


class Scanner:
    # the defaults are the declared ones (settings.json); the hub passes those of its config
    def __init__(self, readers, misses=SETTINGS["debounce_misses"][0], hits=SETTINGS["debounce_hits"][0],
                 fault_after=SETTINGS["fault_after"][0], max_present=MAX_PRESENT):
        self.readers = list(readers)
        self.fault_after = fault_after
        self.hits = hits
        self.max_present = max_present
        self.debouncers = [Debouncer(misses, hits) for _ in self.readers]
        self.failures = [0] * len(self.readers)
        #: good scans since start-up, or since the reader last turned faulty
        self.good = [0] * len(self.readers)
        self.faulty = [False] * len(self.readers)
        self.last_error = [""] * len(self.readers)
        #: what each reader saw in its last good scan (hex UIDs)
        self.seen = [[] for _ in self.readers]
        self.scans = 0

    def scan(self, idle=None):
        """Scan every reader once. Returns events: (ARRIVED|LEFT, reader, uid_hex),
        (FAULT, reader, error word), (RECOVERED, reader, "").

        Readers with `scan_steps()` (MFRC522) are stepped in turn, so their RF exchanges
        overlap; the others are scanned one after the other. Events come in reader order.
        `idle()`, when given, is called after each reader scanned whole and after each round
        of steps: what must not wait for the end of a long scan (the lamps' patterns) runs
        there."""
        count = len(self.readers)
        results = [None] * count
        errors = [None] * count
        stepping = []
        for index, reader in enumerate(self.readers):
            steps = getattr(reader, "scan_steps", None)
            if steps is not None:
                stepping.append((index, reader, steps()))
                continue
            try:
                results[index] = reader.scan()
            except Exception as exc:  # any chip or bus failure
                errors[index] = exc
            if idle is not None:
                idle()
        while stepping:
            if idle is not None:
                idle()
            waiting = []
            for index, reader, steps in stepping:
                try:
                    next(steps)
                    waiting.append((index, reader, steps))
                except StopIteration:
                    results[index] = reader.found
                except Exception as exc:
                    errors[index] = exc
            stepping = waiting
        events = []
        present = self.count()
        for index, reader in enumerate(self.readers):
            if errors[index] is not None:
                self._failed(index, reader, errors[index], events)
                continue
            uids = [uid_hex(uid) for uid in results[index]]
            self.failures[index] = 0
            self.good[index] += 1
            recovered = self.faulty[index] and self.good[index] >= self.hits
            if recovered:
                self.faulty[index] = False
                events.append((RECOVERED, index, ""))
            self.seen[index] = uids
            arrived, left = self.debouncers[index].update(uids, max(0, self.max_present - present))
            present += len(arrived) - len(left)
            for uid in arrived:
                events.append((ARRIVED, index, uid))
            for uid in left:
                events.append((LEFT, index, uid))
        self.scans += 1
        return events

    def _failed(self, index, reader, exc, events):
        self.failures[index] += 1
        self.last_error[index] = error_name(exc)
        if self.failures[index] >= self.fault_after:
            if not self.faulty[index]:
                self.faulty[index] = True
                self.good[index] = 0
                events.append((FAULT, index, self.last_error[index]))
            reset = getattr(reader, "reset", None)
            if reset is not None:
                try:
                    reset()
                except Exception:  # still broken; try again next scan
                    pass

    def known(self, index):
        """True once reader `index` has told what it sees (or is faulty)."""
        return self.faulty[index] or self.good[index] >= self.hits

    def ready(self):
        """True when every reader is known: a snapshot now is the whole truth."""
        for index in range(len(self.readers)):
            if not self.known(index):
                return False
        return True

    def count(self):
        """How many tags are reported present."""
        total = 0
        for debouncer in self.debouncers:
            total += len(debouncer.present)
        return total

    def present(self):
        """[(reader, uid_hex)] of every tag reported present, in reader order."""
        out = []
        for index, debouncer in enumerate(self.debouncers):
            for uid in debouncer.tags():
                out.append((index, uid))
        return out

    def faults(self):
        return [i for i, bad in enumerate(self.faulty) if bad]
