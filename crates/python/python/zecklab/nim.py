"""Fibonacci Nim and its factor-k family: take at most k times what the opponent just took."""

from typing import List, Optional, Sequence, Tuple, Union

from . import _zecklab
from ._answer import Answer


def solve(heap: "int | str", cap: "Optional[int | str]" = None, k: int = 2, misere: bool = False) -> Answer:
    """The outcome for the player to move and every winning take (``nim solve --json``): heap,
    cap (the opening's cap is heap - 1), k, misere, outcome, winning_moves, threshold, numeral."""
    return Answer(_zecklab.nim_solve(heap, cap, k, misere))


def explore(heap: "int | str", cap: "Optional[int | str]" = None, k: int = 2, misere: bool = False) -> Answer:
    """The explorer's view: :func:`solve`'s fields plus remoteness, the ladder terms and every take
    (for heaps up to 2,000) with its value, best first."""
    return Answer(_zecklab.nim_explore(heap, cap, k, misere))


def census(to: int, k: int = 2, misere: bool = False) -> Answer:
    """The essay's census of opening heaps 2..=``to`` (``nim census --json``): losing heaps,
    winnable heaps, winning openings, and the smallest-term and numeral checks."""
    return Answer(_zecklab.nim_census(to, k, misere))


def reach(heap: int, k: int = 2, misere: bool = False) -> Answer:
    """The positions (heap, cap) reachable from the opening of ``heap`` (``nim reach --json``)."""
    return Answer(_zecklab.nim_reach(heap, k, misere))


def sequence(to: int, k: int = 2, misere: bool = False) -> Answer:
    """The losing opening heaps up to ``to`` found by exhaustive search, against the factor-``k``
    ladder (``nim sequence --json``)."""
    return Answer(_zecklab.nim_sequence(to, k, misere))


def grundy(to: int, k: int = 2) -> List[dict]:
    """Grundy values ``g(heap, cap)`` of single heaps 1..=``to``, one dict per heap with its values
    for caps 1..=heap (``nim grundy --json``, normal play)."""
    return _zecklab.nim_grundy(to, k)


def sum(
    heaps: "Sequence[Union[Tuple[int, int], int]]", shared_cap: Optional[int] = None, k: int = 2, misere: bool = False
) -> Answer:
    """A sum of heaps (``nim sum --json``). Without ``shared_cap``, ``heaps`` are ``(heap, cap)``
    pairs, each keeping its own cap: heaps (with their Grundy values), k, nim_sum, outcome,
    winning_moves (heaps numbered from 1). With ``shared_cap``, plain heaps sharing that cap, solved
    by exhaustive search: heaps, shared_cap, k, outcome, winning_moves, positions_solved.
    Normal play only."""
    if shared_cap is None:
        pairs = []
        for pair in heaps:
            if isinstance(pair, int) or len(pair) != 2:
                raise ValueError(f"invalid heap {pair!r}: give (heap, cap) pairs, or plain heaps with shared_cap")
            pairs.append((pair[0], pair[1]))
        return Answer(_zecklab.nim_sum_own(pairs, k, misere))
    for heap in heaps:
        if not isinstance(heap, int):
            raise ValueError(f"invalid heap {heap!r}: with shared_cap give plain heaps")
    return Answer(_zecklab.nim_sum_shared(list(heaps), shared_cap, k, misere))
