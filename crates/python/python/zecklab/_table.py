"""Solved tables: :class:`Store` (the command line's store directory) and :class:`Table` (a
stored table or a solve kept in memory), with NumPy views and Arrow / polars / pandas frames."""

import os
import tempfile
from typing import Any, List, Optional

import numpy as np

from . import _zecklab
from ._answer import Answer


class Table:
    """Every position of one game on n with its outcome (and remoteness, when held).

    Positions are numbered by rank, ``0 .. positions - 1`` (rank 0 is the start, all ones).
    ``outcomes`` is the bit-packed outcome table (``uint8``: bit ``r % 8`` of byte ``r // 8`` is 1
    when rank ``r`` is a win for the player to move) and ``remoteness`` the decoded remoteness
    (``uint16``); both read only the slice asked for (``table.outcomes[:1000]``), each byte from a
    chunk checked against its digest, and return read-only arrays.
    """

    def __init__(self, native: Any):
        self._native = native

    # The native table's attributes: n, positions, source, path, has_remoteness, misere, top,
    # outcomes, remoteness, p_positions(), outcomes_bool(), outcome(), rank(), unrank().
    def __getattr__(self, name: str) -> Any:
        return getattr(self._native, name)

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(dir(self._native)))

    def __repr__(self) -> str:
        return repr(self._native)

    def outcome(self, ranks: Any) -> np.ndarray:
        """The outcome of each rank (``True``: a win for the player to move)."""
        return self._native.outcome(np.ascontiguousarray(ranks, dtype=np.uint64).reshape(-1))

    def rank(self, counts: Any) -> np.ndarray:
        """The rank of each position, given as a 2-D array of counts: row ``i`` holds
        ``c_1, c_2, ...`` (how many of ``F1 = 1, F2 = 2, F3 = 3, ...``) of position ``i``."""
        counts = np.asarray(counts)
        if counts.ndim == 1:
            counts = counts.reshape(1, -1)
        if counts.dtype != np.uint32:
            if not np.issubdtype(counts.dtype, np.integer):
                raise ValueError("counts are whole numbers: give an integer array")
            if counts.size and (counts.min() < 0 or counts.max() > np.iinfo(np.uint32).max):
                raise ValueError("invalid counts: each count is a whole number below 2^32")
            counts = counts.astype(np.uint32)
        return self._native.rank(np.ascontiguousarray(counts))

    def unrank(self, ranks: Any) -> np.ndarray:
        """The counts of each rank: one row per rank, ``top`` columns ``c_1, c_2, ...``."""
        return self._native.unrank(np.ascontiguousarray(ranks, dtype=np.uint64).reshape(-1))

    def position(self, position: str, line: bool = False) -> Answer:
        """The answer for one position of this game, as ``zgame position --json`` prints it."""
        return Answer(self._native.position(position, line))

    def check(self) -> Answer:
        """Checks every position against its children by the rules, independently of the solver
        (``zgame check --json``): ``inconsistent`` is 0 for a correct table."""
        return Answer(self._native.check())

    def certificates(self, minimal: bool = False) -> "Optional[Answer]":
        """The size of Player 2's strategy under each choice of winning reply
        (``zgame certificates --json``), or ``None`` when Player 1 wins; with ``minimal``, also
        the smallest of all winning strategies (``None`` past the exact search's reach, with
        ``minimal_reason``)."""
        answer = self._native.certificates(minimal)
        return None if answer is None else Answer(answer)

    def to_arrow(self, p_positions: bool = False) -> Any:
        """Every position (or only the P-positions) as a ``pyarrow.Table`` with the columns of
        ``zgame export``: rank, c1 .. cT, outcome, remoteness."""
        import pyarrow.parquet as pq

        with tempfile.TemporaryDirectory(prefix="zecklab-") as directory:
            path = os.path.join(directory, "table.parquet")
            self._native.write_parquet(path, p_positions)
            return pq.read_table(path)

    def to_polars(self, p_positions: bool = False) -> Any:
        """:meth:`to_arrow` as a ``polars.DataFrame``."""
        import polars as pl

        return pl.from_arrow(self.to_arrow(p_positions))

    def to_pandas(self, p_positions: bool = False) -> Any:
        """:meth:`to_arrow` as a ``pandas.DataFrame``."""
        return self.to_arrow(p_positions).to_pandas()

    def write_parquet(self, path: "str | os.PathLike[str]", p_positions: bool = False) -> int:
        """Writes :meth:`to_arrow`'s rows to ``path`` as Parquet (atomically); returns the rows."""
        return self._native.write_parquet(os.fspath(path), p_positions)

    def _repr_html_(self) -> str:
        import html

        return f"<p><code>{html.escape(repr(self._native))}</code></p>"


class Store:
    """A store directory of solved tables: ``path``, else ``$ZECKLAB_STORE``, else the user's
    data directory (``~/.local/share/zecklab`` on Linux), as the command line finds it."""

    def __init__(self, path: "Optional[str | os.PathLike[str]]" = None):
        self.path = None if path is None else os.fspath(path)

    def list(self) -> List[dict]:
        """One dict per table file, as ``store list --json`` prints it: game, n, positions,
        remoteness, bytes, path, ``error`` (only for a file that cannot be opened), and
        recurrence, rules and misere for the family's other members."""
        return _zecklab.store_list(self.path)

    def verify(self) -> List[dict]:
        """Every table's checksums checked, one dict per file as ``store verify --json`` prints
        it: game, n, path, ok, ``error`` (what is damaged), and the family's tags."""
        return _zecklab.store_verify(self.path)

    def table(self, n: int, misere: bool = False) -> Table:
        """The stored table of the Zeckendorf game on ``n`` (opened and checked up to its
        chunks, which are checked as they are first read)."""
        return Table(_zecklab.store_table(n, self.path, misere))

    def __repr__(self) -> str:
        return f"Store({self.path!r})"
