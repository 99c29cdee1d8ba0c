# SPDX-License-Identifier: MIT
"""Debounced tag presence for one reader.

A tag has arrived after `hits` scans in a row saw it, and has left only after `misses`
scans in a row did not. A single missed read (a figure's tag at the edge of the field, a
collision that went wrong) therefore never lifts a figure.
"""

from kaleun_hub.config import SETTINGS


class Debouncer:
    # the defaults are the declared ones (settings.json); the scanner passes those of the hub's config
    def __init__(self, misses=SETTINGS["debounce_misses"][0], hits=SETTINGS["debounce_hits"][0]):
        if misses < 1 or hits < 1:
            raise ValueError("misses and hits must be at least 1")
        self.misses = misses
        self.hits = hits
        #: uid -> scans missed in a row, for tags reported present
        self.present = {}
        #: uid -> scans seen in a row, for tags not reported yet
        self.pending = {}

    def update(self, seen, room=None):
        """One scan saw the UIDs in `seen`. Returns (arrived, left), each sorted.

        `room`, when given, is how many tags may still arrive: a tag that has been seen
        often enough but finds no room stays waiting and arrives in a later scan."""
        arrived = []
        left = []
        for uid in seen:
            if uid in self.present:
                self.present[uid] = 0
                continue
            count = self.pending.get(uid, 0) + 1
            if count >= self.hits:
                if room is not None and len(arrived) >= room:
                    self.pending[uid] = self.hits  # seen enough; waits for room
                    continue
                self.pending.pop(uid, None)
                self.present[uid] = 0
                arrived.append(uid)
            else:
                self.pending[uid] = count
        for uid in list(self.pending):
            if uid not in seen:
                del self.pending[uid]
        for uid in list(self.present):
            if uid in seen:
                continue
            missed = self.present[uid] + 1
            if missed >= self.misses:
                del self.present[uid]
                left.append(uid)
            else:
                self.present[uid] = missed
        arrived.sort()
        left.sort()
        return arrived, left

    def settled(self, seen):
        """True when the reported set equals `seen` and nothing is half-way (fake hub)."""
        if self.pending:
            return False
        for uid, missed in self.present.items():
            if missed or uid not in seen:
                return False
        for uid in seen:
            if uid not in self.present:
                return False
        return True

    def tags(self):
        return sorted(self.present)
