"""Wythoff's game: take from one heap, or the same from both."""

from typing import List

import numpy as np

from . import _zecklab
from ._answer import Answer


def solve(a: "int | str", b: "int | str") -> Answer:
    """The outcome for the player to move and every winning move (``wythoff solve --json``)."""
    return Answer(_zecklab.wythoff_solve(a, b))


def explore(a: "int | str", b: "int | str") -> Answer:
    """The explorer's view: numerals, digit-rule partners, remoteness and every move (heaps up to
    200), best first."""
    return Answer(_zecklab.wythoff_explore(a, b))


def ppos(count: int) -> List[dict]:
    """The first ``count`` P-positions (a_m, b_m), m = 0, 1, ..., with their numerals
    (``wythoff ppos --json``; at most a million at once here)."""
    return _zecklab.wythoff_ppos(count)


def grundy(size: int) -> np.ndarray:
    """Grundy values of the ``size`` x ``size`` board as a ``uint32`` array, row ``a`` and column
    ``b`` (``wythoff grundy``)."""
    return _zecklab.wythoff_grundy(size)
