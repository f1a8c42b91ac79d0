"""mulberry32: the one generator, its helpers and its state."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cosmos.rng import Random


def test_same_seed_same_sequence_other_seed_other_sequence():
    a, b, c = Random(7), Random(7), Random(8)
    first = [a.next32() for _ in range(50)]
    assert first == [b.next32() for _ in range(50)]
    assert first != [c.next32() for _ in range(50)]
    assert all(0 <= n < 2**32 for n in first)


@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=1000))
def test_next_int_and_range_stay_in_bounds(seed, n):
    rng = Random(seed)
    assert 0 <= rng.next_int(n) < n
    assert -n <= rng.range(-n, n) <= n


@given(st.integers(min_value=0, max_value=2**32 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Random(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_shuffle_walks_from_the_back_drawing_one_number_per_step():
    items = list(range(10))
    rng, twin = Random(99), Random(99)
    rng.shuffle(items)
    expected = list(range(10))
    for i in range(9, 0, -1):
        j = twin.next_int(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert rng.get_state() == twin.get_state()


def test_chance_zero_never_hundred_always():
    rng = Random(1)
    assert not any(rng.chance(0) for _ in range(200))
    assert all(rng.chance(100) for _ in range(200))


def test_state_can_be_read_and_restored():
    rng = Random(2026)
    rng.next32()
    saved = rng.get_state()
    ahead = [rng.next_int(100) for _ in range(5)]
    rng.set_state(saved)
    assert [rng.next_int(100) for _ in range(5)] == ahead


def test_seeds_wrap_to_32_bits_as_the_canon_does():
    assert Random(-1).next32() == Random(2**32 - 1).next32()
    assert Random(2026 + 2**32).next32() == Random(2026).next32()


@pytest.mark.parametrize("seed", ["2026", 2026.0, None, True])
def test_a_seed_that_is_not_an_integer_is_refused(seed):
    with pytest.raises(TypeError, match="seed must be an integer"):
        Random(seed)


def test_next_int_refuses_an_empty_range():
    with pytest.raises(ValueError, match="positive bound"):
        Random(1).next_int(0)
