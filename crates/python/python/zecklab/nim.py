"""Fibonacci Nim and its factor-k family: take at most k times what the opponent just took."""

from typing import Optional

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
