"""The native module: one function per answer (see the ``zecklab`` modules for the documented
interface); every dict is what ``json.loads`` of the command line's ``--json`` line gives, with
integers of any size as ``int``."""

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

class LimitError(ValueError):
    """A size past what zecklab answers here (the message says the limit)."""

class StoreError(OSError):
    """A stored table that is missing, damaged, foreign or changed since it was opened."""

Whole = Union[int, str]

class OutcomeBytes:
    """The bit-packed outcome table: ``uint8``, bit ``r % 8`` of byte ``r // 8`` set when rank
    ``r`` is a win; slicing reads checked bytes into a new read-only array."""

    shape: Tuple[int]
    dtype: Any
    def __len__(self) -> int: ...
    def __getitem__(self, key: Union[int, slice]) -> Any: ...
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> npt.NDArray[np.uint8]: ...

class RemotenessValues:
    """Remoteness of every rank, decoded (``uint16``); slicing reads and decodes that range."""

    shape: Tuple[int]
    dtype: Any
    def __len__(self) -> int: ...
    def __getitem__(self, key: Union[int, slice]) -> Any: ...
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> npt.NDArray[np.uint16]: ...

class Table:
    """A solved game: stored or kept in memory."""

    n: int
    positions: int
    source: str
    path: Optional[str]
    has_remoteness: bool
    misere: bool
    top: int
    outcomes: OutcomeBytes
    remoteness: RemotenessValues
    def p_positions(self) -> int:
        """The number of P-positions (losses for the player to move)."""
    def outcomes_bool(self, start: int = 0, stop: Optional[int] = None) -> npt.NDArray[np.bool_]:
        """Outcomes of ranks ``start..stop`` as ``bool`` (True: a win)."""
    def outcome(self, ranks: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
        """The outcome of each rank (True: a win)."""
    def rank(self, counts: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint64]:
        """The rank of each row of counts ``c_1, c_2, ...``."""
    def unrank(self, ranks: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint32]:
        """The counts of each rank, one row per rank."""
    def position(self, position: str, line: bool = False) -> Dict[str, Any]:
        """The answer for one position of this game."""
    def check(self) -> Dict[str, Any]:
        """Every position checked against its children by the rules."""
    def certificates(self, minimal: bool = ...) -> Optional[Dict[str, Any]]:
        """Player 2's strategy sizes, or None when Player 1 wins."""
    def write_parquet(self, path: str, p_positions: bool = False) -> int:
        """Writes the positions as Parquet, atomically; returns the rows written."""

def repr(n: Whole, k: int = 2, all_terms: bool = False) -> Dict[str, Any]:
    """The representation of ``n`` in the Fibonacci numbers or the factor-``k`` ladder."""
def numeral(text: str, k: int = 2, all_terms: bool = False) -> Dict[str, Any]:
    """The value and canonical form of a 0/1 numeral."""
def nim_solve(heap: Whole, cap: Optional[Whole] = None, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """Fibonacci Nim: the outcome and every winning take."""
def nim_explore(heap: Whole, cap: Optional[Whole] = None, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """Fibonacci Nim: the explorer's view of a position."""
def nim_sum_own(pairs: List[Tuple[int, int]], k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """A sum of heaps with their own caps (``nim sum --json``)."""
    ...

def nim_sum_shared(heaps: List[int], cap: int, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """A sum of heaps sharing one cap, by exhaustive search (``nim sum --shared-cap --json``)."""
    ...

def nim_census(to: int, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """The essay's census of opening heaps."""
def nim_reach(heap: int, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """The positions reachable from an opening."""
def nim_sequence(to: int, k: int = 2, misere: bool = False) -> Dict[str, Any]:
    """The losing opening heaps against the ladder."""
def nim_grundy(to: int, k: int = 2) -> List[Dict[str, Any]]:
    """Grundy values of single heaps, one dict per heap."""
def wythoff_ppos(count: int) -> List[Dict[str, Any]]:
    """The first P-positions of Wythoff's game."""
def wythoff_grundy(size: int) -> npt.NDArray[np.uint32]:
    """The board of Wythoff Grundy values."""
def wythoff_solve(a: Whole, b: Whole) -> Dict[str, Any]:
    """Wythoff's game: the outcome and every winning move."""
def wythoff_explore(a: Whole, b: Whole) -> Dict[str, Any]:
    """Wythoff's game: the explorer's view of a position."""
def zgame_solve(n: Optional[int], remoteness: bool = True, misere: bool = False, tiers: bool = False, keep: bool = False, recurrence: Optional[str] = None, rules: Optional[str] = None, reversed: bool = False, engine: Optional[str] = None, ordered: bool = False, black_hole: Optional[int] = None, start: Optional[str] = None) -> Union[Dict[str, Any], Table]:
    """The Zeckendorf game on ``n``: its line, or with ``keep`` the solved table."""
def zgame_position(position: str, line: bool = False, store: Optional[str] = None, reversed: bool = False, ordered: bool = False, black_hole: Optional[int] = None, misere: bool = False, recurrence: Optional[str] = None, rules: Optional[str] = None, grundy: bool = False) -> Dict[str, Any]:
    """The value of one position and of every move."""
def zgame_certificates(n: int, minimal: bool = ...) -> Optional[Dict[str, Any]]:
    """Player 2's strategy sizes, or None when Player 1 wins."""
def zgame_coalitions(n: int, players: int, recurrence: Optional[str] = None, rules: Optional[str] = None) -> Dict[str, Any]:
    """Which coalitions of several players win."""
def zgame_lengths(n: int, distribution: bool = False, reversed: bool = False, recurrence: Optional[str] = None, rules: Optional[str] = None, measure: Optional[str] = None, ordered: bool = False, black_hole: Optional[int] = None) -> Dict[str, Any]:
    """Exact game lengths."""
def zgame_random_law(n: int, measure: str = ...) -> Dict[str, Any]:
    """The law of the game's length under random play."""
def zgame_scaling(n: int, processes: List[int], throughput: int, bandwidth: int, latency: int, every: int = 1, tiers: bool = False) -> List[Dict[str, Any]]:
    """What a solve over MPI would take on each number of processes."""
def zgame_play_out(n: int, p1: Optional[str] = None, p2: Optional[str] = None) -> List[Dict[str, Any]]:
    """Games where each player follows a priority rule."""
def zgame_grundy(n: int, recurrence: Optional[str] = None, rules: Optional[str] = None) -> Dict[str, Any]:
    """Grundy values of every position of a game."""
def zgame_sum(positions: List[str], recurrence: Optional[str] = None, rules: Optional[str] = None) -> Dict[str, Any]:
    """A sum of positions."""
def zgame_rule_test(rule: str, n: int, store: Optional[str] = None) -> Dict[str, Any]:
    """Whether Player 2 wins the game on ``n`` by following a rule."""
def zgame_black_hole_table(m: int, ones: Tuple[int, int], outer: Tuple[int, int], pregame: bool = False, pieces: Tuple[int, int] = (0, 12)) -> List[Dict[str, Any]]: ...
def zgame_rule_learn(to: int, max_nodes: int = 20000, curve: bool = False) -> Any: ...
def zgame_rule_search(size: int, to: int, agreement_n: Optional[int] = None, top: int = 10) -> Dict[str, Any]:
    """Every rule up to ``size`` preferences, tested on n = 3 to ``to``."""
def zgame_p_structure(n: int, store: Optional[str] = None) -> Dict[str, Any]:
    """The structure of the game on ``n``'s P-positions."""
def zgame_stats(n: int, store: Optional[str] = None) -> Dict[str, Any]:
    """The game on ``n`` by remoteness and by number of parts."""
def data_record(n: Optional[int] = None, tiers: bool = False) -> List[Dict[str, Any]]:
    """The published record built into zecklab: one dict per n."""
def zgame_strategy(n: int, choose: str = "fastest") -> List[str]:
    """Player 2's strategy for the game on ``n``: the lines of its file."""
def zgame_check_strategy(lines: List[str]) -> Dict[str, Any]:
    """Every Player 1 line played against a strategy (``zgame check-strategy --json``)."""
def store_list(path: Optional[str] = None) -> List[Dict[str, Any]]:
    """The tables of a store (``store list --json``)."""
def store_verify(path: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every stored table's checksums checked (``store verify --json``)."""
def store_table(n: int, path: Optional[str] = None, misere: bool = False) -> Table:
    """The stored table of the game on ``n``."""
def figure(name: str, size: int, k: int = 2, misere: bool = False, rules: Optional[str] = None) -> Dict[str, Any]:
    """One figure of ``zecklab plot``."""
def render_png(svg: str) -> bytes:
    """PNG bytes of an SVG figure."""
def prove(formula: Optional[str] = None, script: Optional[str] = None, max_states: int = ...) -> List[Dict[str, Any]]: ...
def theorems() -> Dict[str, Any]: ...
