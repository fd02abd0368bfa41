"""Wythoff's game: take from one heap, or the same from both."""

from . import _zecklab
from ._answer import Answer


def solve(a: "int | str", b: "int | str") -> Answer:
    """The outcome for the player to move and every winning move (``wythoff solve --json``)."""
    return Answer(_zecklab.wythoff_solve(a, b))


def explore(a: "int | str", b: "int | str") -> Answer:
    """The explorer's view: numerals, digit-rule partners, remoteness and every move (heaps up to
    200), best first."""
    return Answer(_zecklab.wythoff_explore(a, b))
