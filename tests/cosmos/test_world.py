"""new_world: the published seed-2026 galaxy, properties over thousands of seeds, bad input."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from cosmos.data import EMPIRE_DEFS, PERSONALITIES, PLANET_TYPES, STAR_CLASSES, STAR_NAMES
from cosmos.galaxy import StarSystem, connect
from cosmos.graph import is_connected
from cosmos.rng import Random
from cosmos.world import new_world
from tests.cosmos.world_text import world_text
from tests.reference import ROOT, reference_facts, screen

FACTS = " ".join(reference_facts().split())  # the prose, line breaks folded
SYS1 = screen("sys1", "en").splitlines()


def fact(pattern: str) -> re.Match[str]:
    match = re.search(pattern, FACTS)
    assert match, pattern
    return match


def test_seed_2026_has_the_published_size_rivals_and_capitals():
    world = new_world(2026)
    found = fact(r"For seed 2026: (\d+) systems, (\d+) rivals, pool `\[([\d, ]+)\]`, capitals \(1-based\) ([\d, ]+)\.")
    assert len(world.systems) == int(found.group(1))
    assert len(world.empires) - 1 == int(found.group(2))
    capitals = [int(n) for n in found.group(4).split(",")]
    assert [e.capital + 1 for e in world.empires] == capitals


def test_seed_2026_lists_its_empires_in_defs_order():
    world = new_world(2026)
    assert " ".join(e.letter for e in world.empires) == fact(r"legend reads `([A-D ]+)`").group(1)


def test_empire_defs_are_in_canon_order():
    pairs = re.findall(r"(\d) ((?:[A-Z][a-z]+ )+)\((?:letter )?([A-D])\)", FACTS)
    assert len(pairs) == 4
    for index, name, letter in pairs:
        definition = EMPIRE_DEFS[int(index)]
        assert (definition.names["en"], definition.letter) == (name.strip(), letter)
    for definition in EMPIRE_DEFS:
        assert sorted(definition.names) == ["bg", "de", "en", "es"]


def test_elara_is_star_name_32_and_system_1_of_seed_2026():
    index = int(fact(r'"Elara" is star name index \*\*(\d+)\*\*').group(1))
    assert len(STAR_NAMES) == int(fact(r"shuffles a list of \*\*(\d+)\*\* star-name").group(1))
    assert len(set(STAR_NAMES)) == len(STAR_NAMES)
    assert STAR_NAMES[index] == "Elara"


def test_system_1_matches_the_published_sys_1_screen():
    world = new_world(2026)
    system = world.systems[0]
    name, star, lanes = re.fullmatch(r"System 1 (\w+), (\w+) star\. Lanes to: ([\d ]+)", SYS1[3]).groups()
    assert system.name == name
    assert STAR_CLASSES[system.cls] == star
    assert [n + 1 for n in system.links] == [int(n) for n in lanes.split()]


def test_the_planets_of_system_1_match_the_published_screen():
    world = new_world(2026)
    planet_lines = [i for i, line in enumerate(SYS1) if line.startswith("Planet ")]
    assert len(world.systems[0].planets) == len(planet_lines)
    for planet_id, at in zip(world.systems[0].planets, planet_lines, strict=True):
        planet = world.planets[planet_id]
        number, name, kind, owner = re.fullmatch(r"Planet (\d+) (.+), (.+) \((.+)\)", SYS1[at]).groups()
        assert planet.id + 1 == int(number)
        assert world.planet_name(planet.id) == name
        assert PLANET_TYPES[planet.type_index].key.replace("_", " ") == kind
        assert (world.empires[planet.owner].name if planet.owner >= 0 else "free") == owner
        rich = re.fullmatch(r"  richness M(\d) G(\d) C(\d) U(\d)", SYS1[at + 1]).groups()
        assert planet.rich == [int(r) for r in rich]
        if planet.owner >= 0:
            mines, lab, yard, fort = re.fullmatch(
                r"  mines (\d+)  lab (yes|no)  yard (yes|no)  fort (\d+)", SYS1[at + 2]).groups()
            assert (planet.mines, planet.lab, planet.yard, planet.fort) == (
                int(mines), int(lab == "yes"), int(yard == "yes"), int(fort))


def test_the_first_fleet_matches_the_published_screen():
    world = new_world(2026)
    fleet_line = next(line for line in SYS1 if line.startswith("Fleet of "))
    counts = dict((kind, int(n)) for n, kind in re.findall(r"(\d+)([IBFD])", fleet_line))
    (fleet,) = [f for f in world.fleets if f.owner == 0]
    assert fleet.system == world.empires[0].capital
    assert dict(zip("IBFD", fleet.ships, strict=True)) == {k: counts.get(k, 0) for k in "IBFD"}


def tree_only(systems: list[StarSystem]) -> list[list[int]]:
    """The lanes Prim alone gives these positions (the extra lanes' die never says yes)."""

    class Never(Random):
        def chance(self, percent: int) -> bool:
            return False

    copies = [StarSystem(s.id, s.name, s.x, s.y) for s in systems]
    connect(copies, Never(0))
    return [c.links for c in copies]


@pytest.mark.parametrize("chunk", range(4))
def test_properties_hold_over_thousands_of_seeds(chunk):
    for seed in range(chunk * 500, (chunk + 1) * 500):
        world = new_world(seed)
        systems = world.systems
        assert 12 <= len(systems) <= 20
        assert is_connected(systems), seed
        tree = tree_only(systems)
        for s in systems:
            assert s.links == sorted(set(s.links)) and s.id not in s.links
            assert all(s.id in systems[b].links for b in s.links)
            assert set(tree[s.id]) <= set(s.links)
            if set(s.links) != set(tree[s.id]):  # it got an extra lane: never past 4
                assert len(s.links) <= 4, seed
        capitals = [e.capital for e in world.empires]
        assert len(set(capitals)) == len(capitals) == (4 if len(world.empires) == 4 else 3)
        assert all(len(systems[c].planets) >= 2 for c in capitals)
        assert all(1 <= len(s.planets) <= 3 for s in systems)
        assert sum(len(s.planets) for s in systems) == len(world.planets)


def test_rivals_follow_the_canon_rule():
    for seed in range(500):
        world = new_world(seed)
        rivals = len(world.empires) - 1
        assert rivals == 2 if len(world.systems) < 15 else rivals in (2, 3)


def test_same_seed_same_world_in_a_fresh_process_under_another_hash_seed():
    script = "import sys; from cosmos.world import new_world; from tests.cosmos.world_text import world_text; " \
             "sys.stdout.write(''.join(world_text(new_world(s)) for s in (2026, 18, 7)))"
    outputs = []
    for hash_seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        outputs.append(subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT,
                                      capture_output=True, text=True, check=True).stdout)
    here = "".join(world_text(new_world(s)) for s in (2026, 18, 7))
    assert outputs[0] == outputs[1] == here


def test_negative_and_huge_seeds_wrap_to_32_bits_and_keep_the_given_seed():
    assert world_text(new_world(-1)).split("\n", 1)[1] == world_text(new_world(2**32 - 1)).split("\n", 1)[1]
    assert world_text(new_world(2026 + 2**40)).split("\n", 1)[1] == world_text(new_world(2026)).split("\n", 1)[1]
    assert new_world(-1).seed == -1


@pytest.mark.parametrize("seed", ["2026", 20.26, None, False, [2026]])
def test_a_seed_that_is_not_a_whole_number_is_a_clear_error(seed):
    with pytest.raises(TypeError, match="seed must be a whole number"):
        new_world(seed)


def test_personalities_are_given_one_per_empire():
    world = new_world(2026, human=False, personalities=["scholar", "warlord", "warlord", "builder"])
    assert [e.personality for e in world.empires] == ["scholar", "warlord", "warlord", "builder"]
    assert not any(e.human for e in world.empires)
    assert set(e.personality for e in new_world(2026).empires) <= set(PERSONALITIES)


def test_an_unknown_personality_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown personality 'pacifist': choose from builder, scholar, warlord"):
        new_world(2026, personalities=["builder", "pacifist", "warlord", "scholar"])


def test_too_few_personalities_is_a_clear_error():
    with pytest.raises(ValueError, match="4 empires but only 2 personalities"):
        new_world(2026, personalities=["builder", "warlord"])
