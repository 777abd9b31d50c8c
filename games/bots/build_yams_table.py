"""Build the exact table of Yam's with one column and no Máx/Mín: `python -m
games.bots.build_yams_table` (needs numpy, a dev dependency; the robot itself reads the table in
pure Python, see `games.bots.yams_exact`).

V[open, upper] is the expected number of points still to come (boxes and the bonus) with optimal
play, at the start of a turn, on a Livre card whose empty boxes are the bit set `open` (bit i for
BOXES13[i]) and whose Uns..Seis subtotal is `upper` (capped at 63: the bonus is then already
won). V[0, u] = 0. One turn, with all 64 subtotals at once (numpy arrays of 252 hands x 64):

    S(h, u)  = max over open b of points(b, h) + bonus(b, h, u) + V[open - b, u + upper points]
    K_r(k)   = the mean of E_r over the throw of the dice not in keep k (one die at a time)
    E0 = S;  E1(h) = max(S(h), max over keeps k of h of K0(k));  E2 likewise with K1
    V[open, u] = sum over hands h of p(h) E2(h, u)

Open sets go in increasing order, so every set one box smaller is done. The table (8,192 x 64
float32, zero where the subtotal cannot occur with those boxes open) is written xz-compressed to
yams_1col.f32.xz next to this file: about 20 s, 645 KB. `--max-min` instead computes the optimum
of one column with Máx/Mín from that file (`build_max_min`) and writes nothing.
"""

from __future__ import annotations

import lzma
import sys
import time
from pathlib import Path

import numpy as np

from games.bots.yams_exact import BOXES13, CAP, TABLE_PATH
from games.bots.yams_hands import (
    FIRST_ROLL,
    HAND_SMALLER,
    HANDS,
    KEEP_CHILDREN,
    KEEP_SMALLER,
    KEEPS,
)
from games.rules.yams import BONUS, BONUS_THRESHOLD, UPPER, score

N_HANDS, N_KEEPS, N_U = len(HANDS), len(KEEPS), CAP + 1
U = np.arange(N_U)


def _levels() -> tuple[list[tuple[np.ndarray, np.ndarray]], list[tuple[np.ndarray, np.ndarray]]]:
    """Keep children by size (4 dice down to 0) and keep 'smaller' links by size (1 up to 4)."""
    by_size: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for i, children in KEEP_CHILDREN:
        by_size.setdefault(len(KEEPS[i]), []).append((i, children))
    expect = [
        (np.array([i for i, _ in rows]), np.array([c for _, c in rows]))
        for size, rows in sorted(by_size.items(), reverse=True)
    ]
    smaller: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for i, links in KEEP_SMALLER:
        smaller.setdefault(len(KEEPS[i]), []).append((i, links))
    best = []
    for _, rows in sorted(smaller.items()):
        width = max(len(links) for _, links in rows)
        padded = [(*links, *([links[0]] * (width - len(links)))) for _, links in rows]
        best.append((np.array([i for i, _ in rows]), np.array(padded)))
    return expect, best


EXPECT, BEST = _levels()
_W = max(len(links) for links in HAND_SMALLER)
HAND_LINKS = np.array([(*links, *([links[0]] * (_W - len(links)))) for links in HAND_SMALLER])
P_FIRST = np.zeros(N_HANDS)
for _h, _p in FIRST_ROLL:
    P_FIRST[_h] = _p


def keep_values(after: np.ndarray) -> np.ndarray:
    values = np.empty((N_KEEPS, *after.shape[1:]), dtype=after.dtype)
    values[:N_HANDS] = after
    for index, children in EXPECT:
        values[index] = values[children].mean(axis=1)
    return values


def best_of(now: np.ndarray, kept: np.ndarray) -> np.ndarray:
    best = kept.copy()
    for index, links in BEST:
        best[index] = np.maximum(best[index], best[links].max(axis=1))
    return np.maximum(now, best[HAND_LINKS].max(axis=1))


def turn_value(final: np.ndarray) -> np.ndarray:
    """Per column of `final` (hands x ...): the expected value of a three-roll turn."""
    hands = best_of(final, keep_values(final))
    hands = best_of(final, keep_values(hands))
    return np.tensordot(P_FIRST, hands, axes=(0, 0))


def scoring_arrays():
    """Per box: points by hand (252,), and for Uns..Seis the subtotal after (252 x 64) and the
    bonus it wins."""
    points = np.array([[score(box, hand) for hand in HANDS] for box in BOXES13], dtype=float)
    after, bonus = {}, {}
    for b, box in enumerate(BOXES13):
        if box in UPPER:
            new = np.minimum(CAP, U[None, :] + points[b][:, None]).astype(int)
            after[b] = new
            bonus[b] = np.where((U[None, :] < BONUS_THRESHOLD) & (new >= BONUS_THRESHOLD), BONUS, 0)
    return points, after, bonus


def build() -> np.ndarray:
    points, after, bonus = scoring_arrays()
    full = (1 << len(BOXES13)) - 1
    table = np.zeros((full + 1, N_U))
    order = sorted(range(1, full + 1), key=lambda m: bin(m).count("1"))
    for open_set in order:
        best = None
        for b in range(len(BOXES13)):
            if open_set >> b & 1:
                rest = table[open_set & ~(1 << b)]
                if b in after:
                    value = points[b][:, None] + bonus[b] + rest[after[b]]
                else:
                    value = points[b][:, None] + rest[None, :]
                best = value if best is None else np.maximum(best, value)
        table[open_set] = turn_value(best)
    return table


SUMS = np.array([sum(hand) for hand in HANDS])
PAIR_VALUES = np.arange(5, 31)  # what Máx or Mín can hold


def _step(points, after, bonus, rest: np.ndarray, extra: int) -> np.ndarray:
    """Per hand and state: the best of scoring each open plain box, for a table slice `rest`
    indexed [open set, u, *more] (`extra` trailing axes)."""
    best = None
    by_hand = (slice(None),) + (None,) * (extra + 1)
    by_hand_u = (slice(None), slice(None)) + (None,) * extra
    for b, rest_b in rest:
        if b in after:
            value = points[b][by_hand] + bonus[b][by_hand_u] + rest_b[after[b]]
        else:
            value = points[b][by_hand] + rest_b[None]
        best = value if best is None else np.maximum(best, value)
    return best


def build_max_min(plain: np.ndarray) -> float:
    """The optimum of one column WITH Máx/Mín (`--max-min`), from the table without them
    (`plain`: once both are filled the rest is that game), in float32 (3 x faster than float64;
    about 250 s of one core). States: both open, PO[open, u]; Máx filled with v and Mín open,
    HI[open, u, v]; Mín filled with v, LO[open, u, v]. The pair's points are counted when the
    second is filled (v + s, or 0 when Máx is not above Mín). Nothing is written: HI and LO hold
    2 x 8,192 x 64 x 26 = 27 million values (109 MB as float32, some 34 MB compressed as the
    shipped table), too big to ship; the optimum is 273.07."""
    points, after, bonus = scoring_arrays()
    points, plain = points.astype(np.float32), plain.astype(np.float32)
    bonus = {b: array.astype(np.float32) for b, array in bonus.items()}
    full = (1 << len(BOXES13)) - 1
    order = sorted(range(full + 1), key=lambda m: bin(m).count("1"))
    sums = SUMS[:, None, None]
    v = PAIR_VALUES[None, None, :]
    tables = {}
    for side, reward in (
        ("hi", np.where(v > sums, v + sums, 0).astype(np.float32)),  # Máx holds v; Mín takes s
        ("lo", np.where(sums > v, v + sums, 0).astype(np.float32)),  # Mín holds v; Máx takes s
    ):
        table = np.zeros((full + 1, N_U, len(PAIR_VALUES)), dtype=np.float32)
        for done, open_set in enumerate(order):
            if done % 1024 == 0:
                print(f"{side} {done}/{full + 1} {time.process_time():.0f} s", file=sys.stderr)
            rest = [
                (b, table[open_set & ~(1 << b)]) for b in range(len(BOXES13)) if open_set >> b & 1
            ]
            close = reward + plain[open_set][None, :, None]
            best = np.maximum(_step(points, after, bonus, rest, 1), close) if rest else close
            table[open_set] = turn_value(best)
        tables[side] = table
    both = np.zeros((full + 1, N_U), dtype=np.float32)
    index = SUMS - PAIR_VALUES[0]
    for open_set in order:
        rest = [(b, both[open_set & ~(1 << b)]) for b in range(len(BOXES13)) if open_set >> b & 1]
        hi = tables["hi"][open_set][:, index].T  # (hands, u): Máx takes this hand's sum
        lo = tables["lo"][open_set][:, index].T
        best = np.maximum(hi, lo)
        if rest:
            best = np.maximum(best, _step(points, after, bonus, rest, 0))
        both[open_set] = turn_value(best)
    return float(both[full, 0])


def reachable() -> np.ndarray:
    """reach[open, u]: whether a card with these boxes open can have the subtotal u (the table
    keeps zeros elsewhere, which compress to nothing: 645 KB instead of 925 KB)."""
    by_filled = np.zeros((64, N_U), bool)  # bit i of the index: Uns..Seis box i is filled
    for filled in range(64):
        sums = {0}
        for i in range(6):
            if filled >> i & 1:
                sums = {min(CAP, s + (i + 1) * n) for s in sums for n in range(6)}
        by_filled[filled, sorted(sums)] = True
    upper_bits = [BOXES13.index(box) for box in UPPER]
    open_sets = np.arange(1 << len(BOXES13))
    filled = sum(((~open_sets >> b) & 1) << i for i, b in enumerate(upper_bits))
    return by_filled[filled]


def main() -> None:
    if "--max-min" in sys.argv:  # from the shipped table
        plain = np.frombuffer(lzma.decompress(Path(TABLE_PATH).read_bytes()), dtype="<f4")
        start = time.process_time()
        optimum = build_max_min(plain.reshape(-1, N_U))
        print(
            f"with Máx/Mín: optimum {optimum:.4f}, {time.process_time() - start:.0f} s of CPU",
            file=sys.stderr,
        )
        return
    start = time.perf_counter()
    table = build()
    built = time.perf_counter() - start
    table = np.where(reachable(), table, 0.0)
    data = lzma.compress(table.astype("<f4").tobytes(), preset=9 | lzma.PRESET_EXTREME)
    Path(TABLE_PATH).write_bytes(data)
    full = (1 << len(BOXES13)) - 1
    print(
        f"built in {built:.1f} s; V[full card, 0] = {table[full, 0]:.4f}; "
        f"{TABLE_PATH} {len(data):,} bytes",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
