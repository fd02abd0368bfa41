"""The Zeckendorf game (Baird-Smith, Epstein, Flint, Miller) and its family.

Positions are written as in the command line: ``"1^3 2^2 5^7"`` (three 1s, two 2s, seven 5s).
"""

import os
from typing import List, Optional, Sequence, Union

from . import _zecklab
from ._answer import Answer
from ._table import Table


def solve(
    n: int,
    remoteness: bool = True,
    misere: bool = False,
    tiers: bool = False,
    keep: bool = False,
    recurrence: Optional[str] = None,
    rules: Optional[str] = None,
    reversed: bool = False,  # noqa: A002 - the command line's option
    ordered: bool = False,
    black_hole: Optional[int] = None,
    start: Optional[str] = None,
    engine: Optional[str] = None,
) -> Union[Answer, Table]:
    """Solves the game on ``n`` by the solver ``zgame solve`` chooses and returns its line: n,
    positions, p_positions, winner (``"P1"``/``"P2"``), remoteness (of the start, ``None`` where
    it is not computed), seconds, engine (the solver that ran: ``"flat"``, ``"tiers"`` or
    ``"layered"``), and with ``tiers`` the positions and P-positions by number of parts.
    ``engine`` names the solver instead of letting it be chosen as ``zgame solve`` chooses
    (``"layered"`` finds outcomes only: with ``remoteness=False``). ``misere=True`` plays misère; ``recurrence="c,k"`` and ``rules`` name a member of the
    generalized family (the line then carries them); ``reversed=True`` solves the reversed game.
    With ``keep=True`` the whole solve is kept and returned as a :class:`Table` (the flat solver,
    every position in memory: up to n = 815 for outcomes). ``ordered=True`` solves the ordered game
    (positions are ordered lists; up to n = 41 with remoteness, n = 42 without it in 20 GiB) and
    the line adds ``"variant": "ordered"``.
    ``black_hole=M`` solves the black-hole game with the hole on F_M from n ones, or from the counts
    ``start`` (``"4 0 3"``; ``n`` is then ignored), adding ``"variant"``, ``"m"`` and ``"start"``."""
    result = _zecklab.zgame_solve(
        None if start is not None else n, remoteness, misere, tiers, keep, recurrence, rules, reversed, engine, ordered, black_hole, start
    )
    return Table(result) if keep else Answer(result)


def position(
    position: str,
    line: bool = False,
    store: "Optional[str | os.PathLike[str]]" = None,
    reversed: bool = False,  # noqa: A002 - the command line's option
    ordered: bool = False,
    black_hole: Optional[int] = None,
    misere: bool = False,
    recurrence: Optional[str] = None,
    rules: Optional[str] = None,
    grundy: bool = False,
) -> Answer:
    """The value of a position and of every move from it, best first (``zgame position --json``);
    from the store when its game is stored, else solved now (up to n = 500; the last game solved
    is kept for the next question). With ``line=True``, the optimal continuation to the end;
    with ``reversed=True``, the position in the reversed game (solved now, up to n = 532); with
    ``ordered=True``, a position of the ordered game, its values in order (``"1 2 1 3"``; up to
    n = 30); with ``black_hole=M``, counts of the black-hole game with the hole on F_M
    (``"4 0 3"``); ``misere``, ``recurrence`` (``"c,k"``) and ``rules`` name a member of the
    family (positions in its values), ``grundy=True`` adds the position's Grundy value."""
    return Answer(
        _zecklab.zgame_position(
            position, line, None if store is None else os.fspath(store), reversed, ordered, black_hole, misere, recurrence, rules, grundy
        )
    )


def coalitions(n: int, players: int, recurrence: Optional[str] = None, rules: Optional[str] = None) -> Answer:
    """Which coalitions of ``players`` players (2 to 6, moving in turn) can force that one of them
    makes the last move in the game on ``n`` (``zgame coalitions --json``); with ``recurrence``
    (``"C,K"``) or ``rules``, in that member of the game's family."""
    return Answer(_zecklab.zgame_coalitions(n, players, recurrence, rules))


def lengths(
    n: int,
    distribution: bool = False,
    reversed: bool = False,  # noqa: A002
    recurrence: Optional[str] = None,
    rules: Optional[str] = None,
    ordered: bool = False,
    black_hole: Optional[int] = None,
    measure: Optional[str] = None,
) -> Answer:
    """Exact game lengths over every line of play (``zgame lengths --json``): shortest, longest,
    the proven bound, random play's mean and variance, the number of distinct games, the four
    priority games, and with ``distribution`` every length's probability under random play. With
    ``recurrence`` (``"C,K"``) or ``rules``: the shortest and longest games of that member of the
    family (with ``measure``, its length's exact law's figures too). With ``ordered=True``: the ordered game's shortest and longest games and the long-game
    strategy's (up to n = 32). ``measure="path"`` or ``"games"`` names the random play the random
    fields describe (``zgame lengths --measure``); the exact values then come as
    ``fractions.Fraction`` (``mean_exact``, ``variance_exact``, each distribution entry's ``exact``)
    and the games counts as ints; with ``reversed=True`` they are the reversed game's own."""
    answer = _zecklab.zgame_lengths(n, distribution, reversed, recurrence, rules, measure, ordered, black_hole)
    if measure is None:
        return Answer(answer)
    return Answer(_exact_fields(answer))


def random_laws(n: int, to: Optional[int] = None, step: int = 1, measure: Optional[str] = None) -> List[Answer]:
    """The law of the game's length under random play (``zgame random-laws --json``), one answer
    per n from ``n`` to ``to`` (every ``step``-th) and per measure (``"path"`` and ``"games"``, or
    the one named): mean, variance, their ratios to n, the splits', skewness, excess kurtosis,
    the Kolmogorov distance to the normal where the whole law is exact, the chance that Player 1
    moves last, ``exact`` and, where not exact, each figure's proven ``bounds``."""
    last = n if to is None else to
    if step < 1:
        raise ValueError(f"invalid step {step}: the step is at least 1")
    measures = [measure] if measure is not None else ["path", "games"]
    return [Answer(_zecklab.zgame_random_law(k, m)) for k in range(n, last + 1, step) for m in measures]


def scaling(
    n: int,
    processes: List[int],
    throughput: int,
    bandwidth: int,
    latency: int,
    every: int = 1,
    tiers: bool = False,
) -> List[Answer]:
    """What a solve of the game on ``n`` over MPI would take on each number of ``processes``
    (``zgame scaling --json``, one dict a process count): the plans every process would follow,
    and the time they would take at ``throughput`` positions a second a process, ``bandwidth``
    MB a second received and ``latency`` microseconds a step of an exchange. ``every`` plans
    every K-th tier only; ``tiers`` adds each planned tier's figures."""
    return [Answer(line) for line in _zecklab.zgame_scaling(n, processes, throughput, bandwidth, latency, every, tiers)]


def grundy(n: int, recurrence: Optional[str] = None, rules: Optional[str] = None) -> Answer:
    """Grundy values of every position of the game on ``n`` (``zgame grundy --json``); a member of
    the family with ``recurrence="c,k"`` and ``rules``."""
    return Answer(_zecklab.zgame_grundy(n, recurrence, rules))


def sum(positions: List[str], recurrence: Optional[str] = None, rules: Optional[str] = None) -> Answer:  # noqa: A001
    """A sum of positions (a move in one of them per turn): each component's Grundy value, the
    sum's, its outcome and every winning move (``zgame sum --json``)."""
    return Answer(_zecklab.zgame_sum(list(positions), recurrence, rules))


def _exact_fields(answer: dict) -> dict:
    """The exact fields of a lengths answer as Python numbers: "p/q" as Fraction, counts as int."""
    from fractions import Fraction

    for key in ("mean_exact", "variance_exact"):
        if answer.get(key) is not None:
            answer[key] = Fraction(answer[key])
    for entry in answer.get("distribution") or []:
        if entry.get("exact") is not None:
            entry["exact"] = Fraction(entry["exact"])
        if entry.get("games") is not None:
            entry["games"] = int(entry["games"])
    return answer


def rule_test(rule: str, n: int, store: "Optional[str | os.PathLike[str]]" = None) -> Answer:
    """Whether Player 2 wins the game on ``n`` by following ``rule`` (the strategy language of
    ``zgame rule-test``, e.g. ``"combine:largest,ones,split:largest"``) against every Player 1 line:
    decisions, agreement with the winning moves, the first bad decision and a losing line."""
    return Answer(_zecklab.zgame_rule_test(rule, n, None if store is None else os.fspath(store)))


def rule_search(size: int, to: int, agreement_n: Optional[int] = None, top: int = 10) -> Answer:
    """Every rule of up to ``size`` preferences tested on n = 3 to ``to`` (``zgame rule-search``):
    the rules that win longest and those that agree best with the winning moves."""
    return Answer(_zecklab.zgame_rule_search(size, to, agreement_n, top))


def rule_learn(to: int, max_nodes: int = 20000, curve: bool = False) -> "Union[Answer, List[Answer]]":
    """A rule for Player 2 learned to win every n from 3 to ``to`` (``zgame rule-learn``): its text
    (for :func:`rule_test`), nodes, depth, ``wins_to`` (how far it wins, tested to 2 ``to``),
    rounds and examples. With ``curve=True``, a list: one learned rule for each end from 3 to
    ``to``, the examples carried from one to the next (``zgame rule-learn --curve``)."""
    result = _zecklab.zgame_rule_learn(to, max_nodes, curve)
    return [Answer(line) for line in result] if curve else Answer(result)


def black_hole_table(
    m: int,
    ones: "tuple[int, int]" = (0, 12),
    outer: "tuple[int, int]" = (0, 12),
    pregame: Optional[str] = None,
    pieces: "tuple[int, int]" = (0, 12),
) -> List[Answer]:
    """The black-hole game's winners (hole on F_m) from every start with ``ones`` pieces on F_1 and
    ``outer`` on F_(m-1), each an inclusive range (``zgame black-hole-table``); with
    ``pregame="one-at-a-time"``, the pre-game's winner for each number of ``pieces`` under that one
    reading, named in each answer's ``"reading"``."""
    if pregame not in (None, "one-at-a-time"):
        raise ValueError(f"invalid pregame {pregame!r}: the one reading computed is 'one-at-a-time'")
    lines = _zecklab.zgame_black_hole_table(m, tuple(ones), tuple(outer), pregame is not None, tuple(pieces))
    return [Answer(line) for line in lines]


def p_structure(n: int, store: "Optional[str | os.PathLike[str]]" = None) -> Answer:
    """The structure of the game on ``n``'s P-positions (``zgame p-structure``): counts by the
    parity of the parts and of c1, by the largest part, and Player 2's winning replies."""
    return Answer(_zecklab.zgame_p_structure(n, None if store is None else os.fspath(store)))


def stats(n: int, store: "Optional[str | os.PathLike[str]]" = None) -> Answer:
    """The game on ``n`` cut by remoteness and by number of parts (``zgame stats``): positions and
    P-positions at each remoteness and in each tier, the deepest positions, and for n <= 100 the
    length laws of random play; from the store when it holds the game with remoteness."""
    return Answer(_zecklab.zgame_stats(n, None if store is None else os.fspath(store)))


def record(n: Optional[int] = None, tiers: bool = False) -> List[Answer]:
    """The record of the game's solves published with this version (``data record``): one answer
    per solved n (the fields of ``zgame-by-n.csv``), or only ``n``'s; ``tiers`` adds each n's
    positions and P-positions by number of parts."""
    return [Answer(line) for line in _zecklab.data_record(n, tiers)]


def strategy(n: int, choose: str = "fastest") -> List[str]:
    """Player 2's winning strategy for the game on ``n`` as the lines of its file (the format
    ``zgame strategy`` writes): every position Player 2 must answer, with the answer. ``choose``:
    ``fastest``, ``slowest`` or ``smallest`` among the winning replies. Up to n = 200; a
    ``ValueError`` names the Player 1 win where there is no such strategy."""
    return _zecklab.zgame_strategy(n, choose)


def check_strategy(source: "Union[str, os.PathLike[str], Sequence[str]]") -> Answer:
    """Plays every Player 1 line against a strategy, from its file (a path) or its lines, using
    nothing but the rules (``zgame check-strategy --json``): n, entries, wins,
    player_one_positions, answered_positions, unreachable_entries, longest_game, failure."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, encoding="utf-8") as f:
            lines = f.read().splitlines()
    else:
        lines = list(source)
    return Answer(_zecklab.zgame_check_strategy(lines))


def certificates(n: int, minimal: bool = False) -> "Optional[Answer]":
    """The size of Player 2's strategy in the game on ``n`` (the positions Player 2 must answer)
    under each choice of winning reply (``zgame certificates --json``); ``None`` when Player 1
    wins. The game is solved with remoteness first (up to n = 200). With ``minimal``, also the
    smallest of all winning strategies (``zgame certificates --minimal``): ``None`` past the exact
    search's reach, with ``minimal_reason``."""
    answer = _zecklab.zgame_certificates(n, minimal)
    return None if answer is None else Answer(answer)


def play_out(n: int, p1: Optional[str] = None, p2: Optional[str] = None) -> List[dict]:
    """Games where Player 1 follows priority rule ``p1`` and Player 2 ``p2`` (``combine-largest``,
    ``split-largest``, ``split-smallest``, ``combine-smallest``): their length and who moves last
    (``zgame play-out --json``); all 16 pairings when neither rule is given."""
    return _zecklab.zgame_play_out(n, p1, p2)
