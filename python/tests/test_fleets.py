"""fleetscope.fleets: counts and occupancy maps against a brute-force oracle, the
command line's counts, and the errors bad arguments get."""

import _thread
import json
import subprocess
import threading
import time

import numpy as np
import pytest

from fleetscope import fleets

from test_cli_seed import fleetscope_binary

SQUARE_STEPS = [(0, 1), (1, 0)]
SQUARE_TOUCH = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
HEX_STEPS = [(1, 0), (0, 1), (-1, 1)]
HEX_TOUCH = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]


def square_cells(mask):
    return {(r, c) for r, row in enumerate(mask) for c, ch in enumerate(row) if ch == "."}


def hex_cells(radius, islands=()):
    cells = {(x, y) for x in range(-radius, radius + 1) for y in range(-radius, radius + 1) if abs(x + y) <= radius}
    return cells - set(islands)


def placements(cells, length, steps):
    """Every set of cells a straight ship of `length` covers (each once)."""
    found = set()
    for x, y in cells:
        for dx, dy in steps:
            ship = frozenset((x + i * dx, y + i * dy) for i in range(length))
            if ship <= cells:
                found.add(ship)
    return list(found)


def deployments(cells, fleet, touch, steps, touching, hits=(), misses=()):
    """Every labelled deployment (one placement per ship, in fleet order) as a
    list of occupied-cell sets, by trying them all."""
    free = set(cells) - set(misses)
    options = [placements(free, n, steps) for n in fleet]
    out = []

    def halo(ship):
        return {(x + dx, y + dy) for x, y in ship for dx, dy in touching}

    def place(i, used, blocked):
        if i == len(fleet):
            if set(hits) <= used:
                out.append(used)
            return
        for ship in options[i]:
            if ship & used or (touch == "no-touch" and ship & blocked):
                continue
            place(i + 1, used | ship, blocked | halo(ship))

    place(0, frozenset(), frozenset())
    return out


MASKS = [
    ["....", "....", "...."],
    [".....", ".#...", "...#.", ".....", "....."],
    ["..#..", ".....", "##...", "....#"],
    ["...", ".#.", "..."],
]
FLEETS = [[2], [3, 2], [2, 2, 1], [3, 3], [1, 1, 1], [4, 2, 1]]


@pytest.mark.parametrize("touch", ["may-touch", "no-touch"])
@pytest.mark.parametrize("mask", MASKS, ids=lambda m: "x".join(map(str, (len(m), len(m[0])))))
def test_square_counts_match_brute_force(mask, touch):
    cells = square_cells(mask)
    for fleet in FLEETS:
        expected = len(deployments(cells, fleet, touch, SQUARE_STEPS, SQUARE_TOUCH))
        assert fleets.count(mask, fleet, touch=touch) == expected, (fleet, mask)
        # The same mask as a numpy array, and every engine, give the same number.
        array = np.array([[ch == "." for ch in row] for row in mask])
        assert fleets.count(array, fleet, touch=touch, engine="frontier") == expected
        assert fleets.count(array, fleet, touch=touch, engine="dlx") == expected


def test_a_plain_rectangle_is_rows_and_cols():
    cells = square_cells(["....."] * 3)
    for touch in ("may-touch", "no-touch"):
        expected = len(deployments(cells, [3, 2, 2], touch, SQUARE_STEPS, SQUARE_TOUCH))
        assert expected > 0
        assert fleets.count((3, 5), [3, 2, 2], touch=touch) == expected


@pytest.mark.parametrize("touch", ["may-touch", "no-touch"])
def test_hex_counts_match_brute_force(touch):
    islands = [(0, 0), (1, -2)]
    for board, cells in [
        ({"hex": 2}, hex_cells(2)),
        ({"hex": 2, "islands": islands}, hex_cells(2, islands)),
    ]:
        for fleet in ([3], [3, 2], [2, 2, 1]):
            expected = len(deployments(cells, fleet, touch, HEX_STEPS, HEX_TOUCH))
            assert expected > 0
            assert fleets.count(board, fleet, touch=touch) == expected, (board, fleet)


def test_engines_all_agree():
    counts = {e: fleets.count((5, 5), [3, 2, 2], engine=e) for e in fleets.ENGINES}
    assert len(set(counts.values())) == 1, counts


def cli_count(*args):
    out = subprocess.run(
        [str(fleetscope_binary()), "count", *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_matches_the_command_line_on_a_preset():
    # classic: 10×10, ships 5, 4, 3, 3, 2, may touch.
    cli = cli_count("classic")
    assert cli["rule"] == "may-touch"
    assert fleets.count((10, 10), [5, 4, 3, 3, 2]) == int(cli["labelled"])


def test_counts_past_two_to_the_64_are_exact():
    # russian: 10×10, ships 4, 3, 3, 2, 2, 2, 1, 1, 1, 1; may touch: about 3.8e20.
    cli = cli_count("russian", "--rule", "may-touch")
    ours = fleets.count((10, 10), [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])
    assert type(ours) is int
    assert ours > 2**64
    assert ours == int(cli["labelled"])


@pytest.mark.parametrize("touch", ["may-touch", "no-touch"])
def test_occupancy_matches_brute_force(touch):
    mask = [".....", ".#...", ".....", "...#.", "....."]
    cells = square_cells(mask)
    fleet = [3, 2]
    for hits, misses in [((), ()), ([(2, 2)], ()), ((), [(0, 0), (2, 3)]), ([(0, 2)], [(4, 4)])]:
        found = deployments(cells, fleet, touch, SQUARE_STEPS, SQUARE_TOUCH, hits, misses)
        grid, total = fleets.occupancy(mask, fleet, touch=touch, hits=hits, misses=misses)
        assert total == len(found) > 0
        assert grid.shape == (5, 5)
        expected = np.zeros((5, 5), dtype=np.int64)
        for d in found:
            for r, c in d:
                expected[r, c] += 1
        np.testing.assert_array_equal(grid, expected)
        assert grid.sum() == total * sum(fleet)
        for r, c in hits:
            assert grid[r, c] == total
        # The total is the count of the same setup without shots when there are none.
        if not hits and not misses:
            assert total == fleets.count(mask, fleet, touch=touch)


def test_hex_occupancy_is_a_dict_of_every_cell():
    counts, total = fleets.occupancy({"hex": 2, "islands": [(0, 0)]}, [3, 2], hits=[(1, 0)])
    assert set(counts) == hex_cells(2)
    assert counts[(0, 0)] == 0
    assert counts[(1, 0)] == total > 0
    assert sum(counts.values()) == total * 5


def test_occupancy_sums_past_int64_are_python_ints():
    grid, total = fleets.occupancy((10, 10), [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], misses=[(0, 0)])
    assert total > 2**64
    assert grid.dtype == object
    assert sum(int(n) for n in grid.flat) == total * 20
    assert grid[0, 0] == 0


@pytest.mark.parametrize(
    "call,argument",
    [
        (lambda: fleets.count((0, 5), [2]), "board"),
        (lambda: fleets.count((65, 5), [2]), "board"),
        (lambda: fleets.count((-1, 5), [2]), "board"),
        (lambda: fleets.count(["..", "..."], [2]), "board"),
        (lambda: fleets.count(["..", ".x"], [2]), "board"),
        (lambda: fleets.count(np.ones((3, 3), dtype=np.int8), [2]), "board"),
        (lambda: fleets.count(np.ones((3, 3, 3), dtype=bool), [2]), "board"),
        (lambda: fleets.count("5x5", [2]), "board"),
        (lambda: fleets.count((2**70, 5), [2]), "board"),
        (lambda: fleets.count({"hex": -1}, [2]), "board"),
        (lambda: fleets.count({"hex": 10**9}, [2]), "board"),
        (lambda: fleets.count({"hex": 2, "islands": [(5, 5)]}, [2]), "board"),
        (lambda: fleets.count({"hexagon": 2}, [2]), "board"),
        (lambda: fleets.count((5, 5), [0]), "fleet"),
        (lambda: fleets.count((5, 5), [-2]), "fleet"),
        (lambda: fleets.count((5, 5), [2.5]), "fleet"),
        (lambda: fleets.count((5, 5), [10**6]), "fleet"),
        (lambda: fleets.count((5, 5), [1] * 1000), "fleet"),
        (lambda: fleets.count((5, 5), 3), "fleet"),
        (lambda: fleets.count((5, 5), [2**70]), "fleet"),
        (lambda: fleets.count((5, 5), [2], touch="sometimes"), "touch"),
        (lambda: fleets.count((5, 5), [2], touch=None), "touch"),
        (lambda: fleets.count((5, 5), [2], engine="quantum"), "engine"),
        (lambda: fleets.count((5, 5), [2], threads=-1), "threads"),
        (lambda: fleets.count((5, 5), [2], time_limit=0), "time_limit"),
        (lambda: fleets.count((5, 5), [2], time_limit=float("nan")), "time_limit"),
        (lambda: fleets.occupancy((5, 5), [2], hits=[(5, 0)]), "hits"),
        (lambda: fleets.occupancy((5, 5), [2], hits=[(1,)]), "hits"),
        (lambda: fleets.occupancy((5, 5), [2], hits=[(2**40, 0)]), "hits"),
        (lambda: fleets.occupancy((5, 5), [2], misses=[(1, 1)], hits=[(1, 1)]), "misses"),
        (lambda: fleets.occupancy([".#", ".."], [2], misses=[(0, 1)]), "misses"),
    ],
)
def test_bad_arguments_are_value_errors_naming_them(call, argument):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(argument), str(error.value)


def test_a_count_past_two_to_the_128_is_refused():
    # C(900, 60) · 60! deployments, about 1e163: the engines say it does not fit.
    with pytest.raises(ValueError, match="128 bits"):
        fleets.count((30, 30), [1] * 60)


def test_an_impossible_fleet_counts_zero():
    assert fleets.count((3, 3), [4]) == 0
    assert fleets.count((3, 3), [3, 3, 3, 1]) == 0
    grid, total = fleets.occupancy((3, 3), [4])
    assert total == 0 and not grid.any()


def test_time_limit_stops_a_long_count():
    started = time.perf_counter()
    with pytest.raises(TimeoutError):
        # Enumeration of about 1e13 deployments: hours.
        fleets.count((20, 20), [5, 4, 3, 3, 2], engine="dlx", time_limit=0.2)
    assert time.perf_counter() - started < 1.0


def test_keyboard_interrupt_stops_a_long_count():
    sent = []

    def interrupt():
        sent.append(time.perf_counter())
        _thread.interrupt_main()

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        # The time limit ends a count that ignored the interrupt (the latency check then fails).
        fleets.count((20, 20), [5, 4, 3, 3, 2], engine="dlx", time_limit=5)
    caught = time.perf_counter()
    timer.join()
    assert sent, "the count ended before the interrupt was sent"
    assert caught - sent[0] < 0.100, f"KeyboardInterrupt came {(caught - sent[0]) * 1000:.1f} ms after Ctrl+C"
    # Ready again at once.
    assert fleets.count((3, 3), [2]) == 12
