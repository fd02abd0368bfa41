"""zecklab: Zeckendorf numeration, Fibonacci Nim, Wythoff's game and the Zeckendorf game.

Every answer is a dict with the field names and nesting of the command line's ``--json``
output (``zecklab repr 32 --json`` and ``zecklab.repr(32)`` hold the same data), except that
integers of any size are Python ``int``s. Solved tables are :class:`Table` objects whose
outcomes and remoteness read as NumPy arrays.

>>> import zecklab
>>> zecklab.repr(32)["numeral"]
'1010100'
>>> zecklab.zgame.solve(30)["winner"]
'P2'
"""

from typing import List

from ._zecklab import LimitError, StoreError, __version__
from . import _zecklab
from ._answer import Answer
from ._table import Store, Table
from . import nim, plot, wythoff, zgame

__all__ = [
    "Answer",
    "LimitError",
    "Store",
    "StoreError",
    "Table",
    "__version__",
    "nim",
    "numeral",
    "plot",
    "prove",
    "theorems",
    "repr",
    "wythoff",
    "zgame",
]


def repr(n: "int | str", k: int = 2, all_terms: bool = False) -> Answer:  # noqa: A001 - the command's name
    """The representation of ``n`` (an ``int`` of any size, or decimal text) as a sum of
    non-adjacent Fibonacci numbers (``k = 2``) or in the factor-``k`` ladder: ``n``, ``terms``
    (largest first; ``None`` past 2,000 digits unless ``all_terms``), ``indices``, ``numeral``,
    ``z`` (the number of terms), ``iz`` (the sum of the indices) and ``k``."""
    return Answer(_zecklab.repr(n, k, all_terms))


def prove(formula: "str | None" = None, script: "str | None" = None, max_states: int = 2_000_000) -> List[Answer]:
    """Decides a statement about Zeckendorf (``?msd_fib``, the default) or binary (``?msd_2``)
    numeration in Walnut's language, or runs a script of ``def NAME "FORMULA";`` and
    ``eval NAME "FORMULA";`` commands: one answer a command, as ``zecklab prove --json`` prints
    it (``result``: ``"TRUE"``, ``"FALSE"`` or ``None`` with free variables; ``counterexample``,
    ``witness``, ``free``, ``states``, ``peak_states``, ``seconds``)."""
    return [Answer(a) for a in _zecklab.prove(formula, script, max_states)]


def theorems() -> Answer:
    """Every statement ``zecklab verify`` checks (``zecklab verify --list --json``): ``theorems``,
    each with ``id``, ``subject``, ``statement``, ``source``, ``status`` (``"proved"`` for every n
    by the decision procedure, or ``"checked"`` over ``range``), ``method``, ``command`` and, for a
    proved one, ``proof`` (a script :func:`prove` runs); and the counts ``proved`` and ``checked``."""
    return Answer(_zecklab.theorems())


def numeral(text: str, k: int = 2, all_terms: bool = False) -> Answer:
    """The value of a numeral of 0s and 1s (highest digit first), canonical or not, with its
    canonical representation: the fields of :func:`repr` plus ``input`` and ``canonical``."""
    return Answer(_zecklab.numeral(text, k, all_terms))
