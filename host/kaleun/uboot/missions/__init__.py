"""Missions as data: the catalogue, objectives, HQ, the passage home, scoring, linked patrols."""
