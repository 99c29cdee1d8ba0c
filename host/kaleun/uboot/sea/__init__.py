"""The sea: own boat, strategic navigation, weather, contacts and the enemy (rulebook §11-§12).

Small modules with one job each:

- `geo` spherical geometry (rhumb lines, local offsets, the sun's elevation);
- `grid` the German naval grid (Marinequadratkarte) from `data/naval_grid.toml`;
- `seabed` water depth and land from `data/seabed.toml`;
- `kinematics` exact straight/turning motion between wakes;
- `machinery` what the crew engine's technical conditions disable or slow;
- `boat` the own boat (`engine.module("boat")`): telegraph, course, depth, battery;
- `navigation` dead reckoning, currents, sextant fixes;
- `weather` weather and daylight;
- `classes` ship and aircraft classes from data;
- `vessels` vessels, convoys (formation, zigzag) and aircraft with analytic tracks;
- `sensors` detection both ways (lookouts, periscope, hydrophone, ASDIC, sight);
- `contacts` the crew's contact picture: target data and identification;
- `escorts` and `aircraft` the enemy's behaviour; `attacks` depth charges, guns, damage;
- `convoys` the convoys' legs, lookouts, alarm and scattering; `collisions` the collision watch;
- `boatnow` the boat at one moment as the sea needs it; `reports` the wording of the sensors' reports;
- `world` the `sea` engine module that schedules all of it.
"""
