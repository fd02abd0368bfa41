"""The Python package against the command line (same JSON, same figures) and against facts the
mathematics fixes; stored tables against solves kept in memory; notebook manners (interrupts,
the GIL, read-only arrays).

The command-line comparisons need the `zecklab` binary: `$ZECKLAB_BIN`, else the workspace's
`target/debug/zecklab` (built by `cargo test --workspace`); they fail, not skip, when
`ZECKLAB_PYTHON_TESTS=require` and it is missing.
"""

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import zecklab

ROOT = Path(__file__).resolve().parents[3]


def zecklab_bin():
    candidates = [os.environ.get("ZECKLAB_BIN"), ROOT / "target" / "debug" / "zecklab", ROOT / "target" / "release" / "zecklab"]
    for c in candidates:
        if c and Path(c).is_file():
            return str(c)
    if os.environ.get("ZECKLAB_PYTHON_TESTS") == "require":
        pytest.fail("the zecklab binary is needed: build it (cargo build -p zecklab) or set ZECKLAB_BIN")
    pytest.skip("no zecklab binary (set ZECKLAB_BIN)")


def cli(*args, store=None):
    env = dict(os.environ)
    if store is not None:
        env["ZECKLAB_STORE"] = str(store)
    out = subprocess.run([zecklab_bin(), *args, "--json"], capture_output=True, text=True, env=env, check=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def run_cli(*args, **kwargs):
    """The binary run as a script runs it, its exit status and output as they come."""
    return subprocess.run([zecklab_bin(), *args], capture_output=True, text=True, **kwargs)


def test_the_binary_runs_with_its_output_on_devnull(tmp_path):
    # subprocess.DEVNULL opens /dev/null for reading and writing: that is an open stdout.
    env = dict(os.environ, ZECKLAB_STORE=str(tmp_path))
    done = subprocess.run([zecklab_bin(), "zgame", "solve", "--n", "20", "--save"], stdout=subprocess.DEVNULL, env=env)
    assert done.returncode == 0
    assert (tmp_path / "zgame-n20.zkt").exists(), "the solve saved its table"


def as_json(answer):
    """What the command line prints for an answer: Python ints of big-integer fields become
    decimal strings there, so compare through a normaliser that maps both sides alike."""
    return json.loads(json.dumps(answer))


def normalise(value, decimal_keys):
    """The CLI's JSON with the decimal-string fields read as ints, as the package gives them."""
    if isinstance(value, dict):
        return {k: (to_int(v) if k in decimal_keys else normalise(v, decimal_keys)) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v, decimal_keys) for v in value]
    return value


def to_int(v):
    if v is None:
        return None
    if isinstance(v, list):
        return [to_int(x) for x in v]
    return int(v)


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


# ---------------------------------------------------------------- answers as the CLI gives them


def test_repr_matches_the_command_line_with_ints():
    a = zecklab.repr(32)
    assert a["numeral"] == "1010100" and a["terms"] == [21, 8, 3] and a["indices"] == [7, 5, 3]
    assert isinstance(a["n"], int) and a["z"] == 3 and a["iz"] == 15
    for n in ["32", "46", "1000000007", str(10**30 + 7)]:
        (line,) = cli("repr", n)
        assert zecklab.repr(int(n)) == normalise(line, {"n", "terms"})


def test_big_integers_round_trip_as_ints():
    n = 7**9000  # past Python's own 4,300-digit text conversion limit
    a = zecklab.repr(n, all_terms=True)
    assert a["n"] == n and sum(a["terms"]) == n
    assert zecklab.repr(n)["terms"] is None  # past 2,000 digits, only when asked for
    m = 10**3000 + 7
    assert zecklab.repr(str(m))["numeral"] == zecklab.repr(m)["numeral"]


def test_numeral_reads_non_canonical_numerals():
    a = zecklab.numeral("1010011")
    assert a["n"] == 32 and a["canonical"] is False and a["numeral"] == "1010100"


def test_nim_and_wythoff_match_the_command_line():
    with pytest.raises(ValueError, match="at least 2 counters"):
        zecklab.nim.solve(1)
    for heap in [2, 3, 100, 10**20 + 3]:
        (line,) = cli("nim", "solve", str(heap))
        keys = {"heap", "cap", "winning_moves", "threshold"}
        assert zecklab.nim.solve(heap) == normalise(line, keys)
    for a, b in [(3, 5), (10, 7), (10**15, 10**15 + 1)]:
        (line,) = cli("wythoff", "solve", str(a), str(b))
        assert zecklab.wythoff.solve(a, b) == normalise(line, {"a", "b", "winning_moves"})
    assert zecklab.wythoff.solve(3, 5)["outcome"] == "loss"
    e = zecklab.nim.explore(100)
    assert e["moves"] and all(isinstance(t, int) for t in e["terms"])


def test_nim_and_wythoff_tables_match_the_command_line():
    (line,) = cli("nim", "census", "--to", "200")
    assert zecklab.nim.census(200) == line
    (line,) = cli("nim", "reach", "100")
    assert zecklab.nim.reach(100) == line
    (line,) = cli("nim", "sequence", "--to", "1000", "--k", "3")
    assert zecklab.nim.sequence(1000, k=3) == line
    assert zecklab.nim.grundy(30) == cli("nim", "grundy", "--to", "30")
    assert zecklab.wythoff.ppos(40) == normalise(cli("wythoff", "ppos", "--count", "40"), {"a", "b"})
    board = zecklab.wythoff.grundy(60)
    assert board.shape == (60, 60) and board.tolist() == [r["grundy"] for r in cli("wythoff", "grundy", "--size", "60")]
    # The P-positions are exactly the zeros of the board.
    zeros = {(int(a), int(b)) for a, b in zip(*np.nonzero(board == 0))}
    listed = {(p["a"], p["b"]) for p in zecklab.wythoff.ppos(40) if p["b"] < 60}
    assert listed | {(b, a) for a, b in listed} == zeros
    with pytest.raises(zecklab.LimitError):
        zecklab.nim.census(10**6)
    with pytest.raises(ValueError):
        zecklab.nim.census(1)


def test_nim_sums_match_the_command_line():
    (line,) = cli("nim", "sum", "5/3", "8/7", "13/2")
    assert zecklab.nim.sum([(5, 3), (8, 7), (13, 2)]) == line
    (line,) = cli("nim", "sum", "4", "6", "7", "--shared-cap", "3")
    assert zecklab.nim.sum([4, 6, 7], shared_cap=3) == line
    assert zecklab.nim.sum([(3, 2), (3, 2)])["outcome"] == "loss"  # equal heaps cancel
    with pytest.raises(zecklab.LimitError, match="product of"):
        zecklab.nim.sum([1000, 1000, 1000], shared_cap=5)
    with pytest.raises(ValueError, match="normal play only"):
        zecklab.nim.sum([(5, 3)], misere=True)
    with pytest.raises(ValueError, match="pairs"):
        zecklab.nim.sum([5, 8])


def test_player_two_strategy_is_written_and_checked_as_on_the_command_line(tmp_path):
    lines = zecklab.zgame.strategy(12, choose="smallest")
    path = tmp_path / "n12.txt"
    subprocess.run([zecklab_bin(), "zgame", "strategy", "--n", "12", "--choose", "smallest", "--out", str(path)], check=True, capture_output=True)
    assert path.read_text().splitlines() == lines
    (line,) = cli("zgame", "check-strategy", str(path))
    assert zecklab.zgame.check_strategy(path) == line == zecklab.zgame.check_strategy(lines)
    assert line["wins"] is True
    # A strategy with one answer removed no longer wins.
    entries = [l for l in lines if "\t" in l]
    broken = [f"positions {len(entries) - 1}" if l.startswith("positions ") else l for l in lines if l != entries[-1]]
    checked = zecklab.zgame.check_strategy(broken)
    assert checked["wins"] is False and checked["failure"]
    with pytest.raises(ValueError, match="not a valid strategy"):
        zecklab.zgame.check_strategy(["garbage"])
    with pytest.raises(ValueError, match="choice"):
        zecklab.zgame.strategy(12, choose="best")


def test_zgame_answers_match_the_command_line():
    for n in [1, 2, 10, 60]:
        (line,) = cli("zgame", "solve", "--n", str(n), "--tiers-json")
        mine = zecklab.zgame.solve(n, tiers=True)
        assert without(mine, "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "solve", "--n", "40", "--misere")
    assert without(zecklab.zgame.solve(40, misere=True), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "solve", "--n", "60", "--no-remoteness", "--tiers-json")
    layered = zecklab.zgame.solve(60, remoteness=False, tiers=True)
    assert layered["engine"] == "layered" and without(layered, "seconds") == without(line, "seconds")
    tiered = zecklab.zgame.solve(60, remoteness=False, tiers=True, engine="tiers")
    assert tiered["engine"] == "tiers"
    assert without(tiered, "seconds", "engine") == without(layered, "seconds", "engine")
    with pytest.raises(ValueError, match="outcomes only"):
        zecklab.zgame.solve(60, engine="layered")
    with pytest.raises(ValueError, match="invalid engine"):
        zecklab.zgame.solve(10, engine="fastest")
    (line,) = cli("zgame", "position", "1^3 2^2 5^7", "--line")
    assert zecklab.zgame.position("1^3 2^2 5^7", line=True) == line
    (line,) = cli("zgame", "lengths", "--n", "12")
    assert zecklab.zgame.lengths(12) == normalise(line, {"games"})
    assert zecklab.zgame.play_out(30) == cli("zgame", "play-out", "--n", "30", "--table")
    (line,) = cli("zgame", "play-out", "--n", "30", "--p1", "split-largest", "--p2", "combine-smallest")
    assert zecklab.zgame.play_out(30, "split-largest", "combine-smallest") == [line]
    with pytest.raises(ValueError):
        zecklab.zgame.play_out(30, "sideways", "combine-smallest")
    (line,) = cli("zgame", "grundy", "--n", "20")
    assert without(zecklab.zgame.grundy(20), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "sum", "1^4", "2 3")
    assert zecklab.zgame.sum(["1^4", "2 3"]) == line


ONE_PATH = [
    # (Python's keyword arguments, the command line's options): every engine, named or chosen.
    ({}, []),
    ({"remoteness": False}, ["--no-remoteness"]),
    ({"engine": "flat"}, ["--flat"]),
    ({"engine": "tiers", "remoteness": False}, ["--tiers", "--no-remoteness"]),
    ({"engine": "layered", "remoteness": False, "tiers": True}, ["--layers", "--no-remoteness", "--tiers-json"]),
    ({"misere": True}, ["--misere"]),
    ({"misere": True, "engine": "tiers"}, ["--misere", "--tiers"]),
    # The other games, through the same router.
    ({"reversed": True}, ["--reversed"]),
    ({"recurrence": "1,3"}, ["--recurrence", "1,3"]),
    ({"rules": "no-initial-combine"}, ["--rules", "no-initial-combine"]),
]


@pytest.mark.parametrize("kwargs,options", ONE_PATH)
def test_every_engine_answers_as_the_command_line(kwargs, options):
    (line,) = cli("zgame", "solve", "--n", "30", *options)
    mine = zecklab.zgame.solve(30, **kwargs)
    assert without(mine, "seconds") == without(line, "seconds")


def test_the_family_and_the_relatives_match_the_command_line():
    (line,) = cli("zgame", "solve", "--n", "30", "--recurrence", "2,3")
    assert without(zecklab.zgame.solve(30, recurrence="2,3"), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "solve", "--n", "25", "--rules", "no-initial-combine")
    assert without(zecklab.zgame.solve(25, rules="no-initial-combine"), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "solve", "--n", "20", "--reversed")
    assert without(zecklab.zgame.solve(20, reversed=True), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "position", "2 3 5", "--reversed", "--line")
    assert zecklab.zgame.position("2 3 5", line=True, reversed=True) == line
    (line,) = cli("zgame", "coalitions", "--n", "15", "--players", "3")
    assert zecklab.zgame.coalitions(15, 3) == line
    (line,) = cli("zgame", "coalitions", "--n", "12", "--players", "3", "--recurrence", "2,3")
    assert zecklab.zgame.coalitions(12, 3, recurrence="2,3") == line
    (line,) = cli("zgame", "lengths", "--n", "30", "--recurrence", "1,3", "--rules", "no-initial-combine")
    assert zecklab.zgame.lengths(30, recurrence="1,3", rules="no-initial-combine") == line
    assert line["longest"] >= line["shortest"] > 0
    with pytest.raises(ValueError, match="distribution"):
        zecklab.zgame.lengths(10, distribution=True, recurrence="2,3")
    with pytest.raises(ValueError, match="players"):
        zecklab.zgame.coalitions(10, 9)
    with pytest.raises(ValueError, match="reversed"):
        zecklab.zgame.solve(10, reversed=True, misere=True)


def test_the_scaling_model_matches_the_command_line():
    args = ["--processes", "1,2,4", "--throughput", "1000000", "--bandwidth", "1000", "--latency", "5"]
    lines = cli("zgame", "scaling", "--n", "120", *args)
    got = zecklab.zgame.scaling(120, [1, 2, 4], throughput=1000000, bandwidth=1000, latency=5)
    # Planning time is measured, not computed: everything else is the same.
    timed = ("planning_seconds", "predicted_seconds")
    assert [without(g, *timed) for g in got] == [without(line, *timed) for line in lines]
    assert got[0]["efficiency"] == 1.0 and got[0]["processes"] == 1
    (tiered,) = zecklab.zgame.scaling(120, [2], 1000000, 1000, 5, tiers=True)
    assert sum(t["positions"] for t in tiered["tiers"]) == tiered["positions"]
    with pytest.raises(ValueError, match="process count 0"):
        zecklab.zgame.scaling(50, [2, 0], 1, 1, 1)
    with pytest.raises(ValueError, match="throughput 0"):
        zecklab.zgame.scaling(50, [2], 0, 1, 1)


def test_checks_and_certificates_match_the_command_line(kept):
    (line,) = cli("zgame", "check", "--n", "40")
    assert without(kept.check(), "seconds") == without(line, "seconds")
    assert kept.check()["inconsistent"] == 0
    (line,) = cli("zgame", "certificates", "--n", "40")
    assert zecklab.zgame.certificates(40) == line == kept.certificates()
    assert zecklab.zgame.certificates(2) is None  # Player 1 wins n = 2: no Player 2 strategy


def test_the_strategy_lab_matches_the_command_line():
    (line,) = cli("zgame", "rule-test", "--rule", "combine:largest,ones,split:largest", "--from", "12", "--to", "12")
    assert zecklab.zgame.rule_test("combine:largest,ones,split:largest", 12) == line
    (line,) = cli("zgame", "p-structure", "--n", "30")
    assert zecklab.zgame.p_structure(30) == line
    (line,) = cli("zgame", "rule-search", "--size", "1", "--to", "20")
    assert without(zecklab.zgame.rule_search(1, 20), "seconds") == without(line, "seconds")
    with pytest.raises(ValueError, match="invalid"):
        zecklab.zgame.rule_test("combine:sideways", 10)
    with pytest.raises(zecklab.LimitError, match="300"):
        zecklab.zgame.p_structure(301)


def test_statistics_and_the_record_match_the_command_line():
    (line,) = cli("zgame", "stats", "--n", "30")
    assert zecklab.zgame.stats(30) == line
    assert sum(r["positions"] for r in line["remoteness_histogram"]) == line["positions"]
    lines = cli("data", "record")
    assert [dict(r) for r in zecklab.zgame.record()] == lines
    (one,) = cli("data", "record", "--n", "30", "--tiers")
    assert zecklab.zgame.record(30, tiers=True) == [one]
    with pytest.raises(ValueError, match="not in the record"):
        zecklab.zgame.record(900)
    with pytest.raises(zecklab.LimitError, match="400"):
        zecklab.zgame.stats(401)


def test_learned_rules_match_the_command_line():
    (line,) = cli("zgame", "rule-learn", "--to", "12")
    learned = zecklab.zgame.rule_learn(12)
    assert without(learned, "seconds") == without(line, "seconds")
    assert zecklab.zgame.rule_test(learned["rule"], 12)["wins"] is True
    curve = zecklab.zgame.rule_learn(6, curve=True)
    lines = cli("zgame", "rule-learn", "--to", "6", "--curve")
    assert [without(c, "seconds") for c in curve] == [without(c, "seconds") for c in lines]
    assert [c["to"] for c in curve] == [3, 4, 5, 6]
    with pytest.raises(ValueError, match="--to 2"):
        zecklab.zgame.rule_learn(2)
    with pytest.raises(zecklab.LimitError, match="60"):
        zecklab.zgame.rule_learn(61)


def test_player_two_wins_from_three_on():
    # The theorem, checked: Player 1 wins only n = 2 among these.
    winners = {n: zecklab.zgame.solve(n, remoteness=False)["winner"] for n in range(1, 40)}
    assert [n for n, w in winners.items() if w == "P1"] == [2]


# ---------------------------------------------------------------- errors


def test_bad_input_raises_value_error_with_the_message():
    with pytest.raises(ValueError, match="never negative"):
        zecklab.repr(-1)
    with pytest.raises(ValueError, match="invalid"):
        zecklab.repr("12x")
    with pytest.raises(ValueError):
        zecklab.zgame.position("1^3 4")  # 4 is not a Fibonacci number
    with pytest.raises(ValueError):
        zecklab.nim.solve(10, k=0)
    with pytest.raises(TypeError):
        zecklab.zgame.solve("ten")


def test_every_bad_number_is_a_value_error_with_the_command_lines_message():
    # The command line's words for the same values.
    for bad, words in [(-5, "negative numbers are not allowed"), (2**32, "at most 4294967295")]:
        with pytest.raises(ValueError, match=words):
            zecklab.zgame.solve(bad)
        (line,) = [l for l in run_cli("zgame", "solve", "--n", str(bad)).stderr.splitlines() if l]
        assert words in line
    with pytest.raises(ValueError, match="negative numbers are not allowed"):
        zecklab.zgame.lengths(-1)
    with pytest.raises(ValueError, match="at most 4294967295"):
        zecklab.zgame.grundy(2**200)


def test_integers_past_the_digit_limit_are_refused_at_once_as_text_is():
    big = 10**1000001  # made before the clock starts
    start = time.monotonic()
    with pytest.raises(ValueError, match="at most 1,000,000 digits") as as_int:
        zecklab.repr(big)
    assert time.monotonic() - start < 1.0, "refused from the bit length, before any conversion"
    with pytest.raises(ValueError, match="at most 1,000,000 digits"):
        zecklab.repr("1" + "0" * 1000001)
    assert "1,000,001 digits" in str(as_int.value)
    # 10**1000000 (1,000,001 digits) has a bit length that 1,000,000-digit numbers share: there
    # the number itself is compared with the limit, and refused with the same words.
    with pytest.raises(ValueError, match="more than 1,000,000 digits is too long: at most 1,000,000 digits"):
        zecklab.repr(10**1000000)


def test_integers_past_pythons_text_conversion_limit_go_through_bytes():
    a = 10**100000
    answer = zecklab.wythoff.solve(a, a)
    assert answer["a"] == a and answer["b"] == a and answer["outcome"] == "win"
    assert [a, a] not in answer["winning_moves"] and all(isinstance(x, int) for m in answer["winning_moves"] for x in m)


def test_sizes_past_a_limit_raise_limit_error():
    assert issubclass(zecklab.LimitError, ValueError)
    with pytest.raises(zecklab.LimitError, match="250"):
        zecklab.zgame.lengths(300)
    with pytest.raises(zecklab.LimitError, match="not stored"):
        zecklab.zgame.position("1^600", store="/nonexistent-zecklab-store")
    with pytest.raises(zecklab.LimitError):
        zecklab.nim.solve(10**30000)
    with pytest.raises(zecklab.LimitError):
        zecklab.zgame.solve(2_000_000)


# ---------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def kept():
    return zecklab.zgame.solve(40, keep=True)


def test_a_kept_solve_is_a_table(kept):
    line = zecklab.zgame.solve(40)
    assert kept.n == 40 and kept.positions == line["positions"] and kept.source == "solved"
    assert kept.p_positions() == line["p_positions"]
    wins = kept.outcomes_bool()
    assert wins.dtype == np.bool_ and len(wins) == kept.positions
    assert int((~wins).sum()) == line["p_positions"]
    packed = np.asarray(kept.outcomes)
    assert packed.dtype == np.uint8 and np.array_equal(np.unpackbits(packed, bitorder="little")[: kept.positions].astype(bool), wins)
    assert np.array_equal(kept.outcome(np.arange(kept.positions)), wins)
    assert kept.remoteness[0] == line["remoteness"]


def test_rank_and_unrank_are_inverse_and_agree_with_positions(kept):
    ranks = np.arange(kept.positions, dtype=np.uint64)
    counts = kept.unrank(ranks)
    assert counts.shape == (kept.positions, kept.top)
    fib = [1, 2]
    while len(fib) < kept.top:
        fib.append(fib[-1] + fib[-2])
    assert np.all(counts @ np.array(fib[: kept.top]) == 40)
    assert np.array_equal(kept.rank(counts), ranks)
    rng = np.random.default_rng(1)
    for r in rng.choice(kept.positions, 20, replace=False):
        c = counts[r]
        text = " ".join(f"{f}^{k}" for f, k in zip(fib, c) if k)
        answer = kept.position(text)
        assert answer["outcome"] == ("win" if kept.outcome([r])[0] else "loss")
        assert answer["remoteness"] == kept.remoteness[int(r)]
    with pytest.raises(ValueError, match="sums to"):
        kept.rank([[1, 0, 0]])
    with pytest.raises(ValueError, match="whole number"):
        kept.rank([[-2, 21]])
    assert kept.rank(np.array([[40]], dtype=np.int8)).tolist() == [0]
    with pytest.raises(IndexError):
        kept.unrank([kept.positions])


def test_arrays_are_read_only(kept):
    a = kept.outcomes[0:4]
    with pytest.raises(ValueError):
        a[0] = 1
    with pytest.raises(ValueError):
        kept.remoteness[0:3][0] = 7


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    directory = tmp_path_factory.mktemp("store")
    cli("zgame", "solve", "--n", "40", "--save", store=directory)
    cli("zgame", "solve", "--n", "300", "--save", "--no-remoteness", store=directory)
    return directory


def test_a_stored_table_reads_as_the_solve(store, kept):
    s = zecklab.Store(store)
    listed = {e["n"]: e for e in s.list()}
    assert listed[40]["positions"] == kept.positions and "error" not in listed[40]
    assert s.list() == cli("store", "list", store=store)
    assert s.verify() == cli("store", "verify", store=store)
    assert all(line["ok"] for line in s.verify())
    t = s.table(40)
    assert t.source == "store" and t.path.endswith("zgame-n40.zkt")
    assert np.array_equal(np.asarray(t.outcomes), np.asarray(kept.outcomes))
    assert np.array_equal(np.asarray(t.remoteness), np.asarray(kept.remoteness))
    assert t.position("1^40") == dict(kept.position("1^40"), source="store")
    assert zecklab.zgame.position("1^40", store=store)["source"] == "store"
    big = s.table(300)
    line = zecklab.zgame.solve(300, remoteness=False)
    assert big.p_positions() == line["p_positions"] and not big.has_remoteness
    ranks = np.random.default_rng(2).integers(0, big.positions, 1000, dtype=np.uint64)
    wins = big.outcome(ranks)
    packed = np.asarray(big.outcomes)
    assert np.array_equal(wins, (packed[ranks // 8] >> (ranks % 8).astype(np.uint8)) & 1 == 1)
    with pytest.raises(ValueError, match="no remoteness"):
        big.remoteness


def test_a_damaged_table_is_an_error_not_a_value(store, tmp_path):
    damaged = tmp_path / "zgame-n40.zkt"
    data = bytearray((store / "zgame-n40.zkt").read_bytes())
    data[4096 + 10] ^= 0xFF  # the first byte of the outcome table's first chunk, past the header page
    damaged.write_bytes(bytes(data))
    (checked,) = zecklab.Store(tmp_path).verify()
    assert checked["ok"] is False and "chunk" in checked["error"]
    t = zecklab.Store(tmp_path).table(40)
    with pytest.raises(zecklab.StoreError, match="chunk"):
        t.outcomes[0:10]
    with pytest.raises(zecklab.StoreError):
        zecklab.Store(tmp_path).table(41)


def test_frames(kept):
    arrow = kept.to_arrow()
    assert arrow.num_rows == kept.positions
    assert arrow.column_names[0] == "rank" and "outcome" in arrow.column_names
    p = kept.to_pandas(p_positions=True)
    assert len(p) == kept.p_positions() and set(p["outcome"]) == {"loss"}
    pl = kept.to_polars()
    assert pl.height == kept.positions


# ---------------------------------------------------------------- notebook manners


def test_an_interrupt_stops_a_long_solve():
    import _thread
    import signal

    # A process started in the background by a non-interactive shell (as CI may be) inherits
    # SIGINT ignored, and Python then installs no handler: install Python's own for the test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def interrupt():
        time.sleep(0.5)
        _thread.interrupt_main()

    try:
        threading.Thread(target=interrupt).start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            zecklab.zgame.solve(700, remoteness=False)  # a minute or two of work, were it not stopped
        assert time.monotonic() - started < 5
    finally:
        signal.signal(signal.SIGINT, previous)


def test_long_calls_release_the_gil():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    zecklab.zgame.solve(200)
    stop.set()
    t.join()
    assert len(ticks) > 10


def test_figures_show_as_svg_and_save(tmp_path):
    f = zecklab.plot.zgame_growth(30)
    assert f._repr_svg_().lstrip().startswith("<svg") and f.columns
    f.save(tmp_path / "g.png")
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError):
        f.save(tmp_path / "g.gif")


def test_saved_files_respect_the_umask_and_keep_an_existing_files_mode(tmp_path, kept):
    f = zecklab.plot.zgame_growth(30)
    old = os.umask(0o022)
    try:
        f.save(tmp_path / "g.svg")
        kept.write_parquet(tmp_path / "t.parquet")
        os.umask(0o077)
        f.save(tmp_path / "private.svg")
    finally:
        os.umask(old)
    assert (tmp_path / "g.svg").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "t.parquet").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "private.svg").stat().st_mode & 0o777 == 0o600
    os.chmod(tmp_path / "g.svg", 0o640)
    f.save(tmp_path / "g.svg")
    assert (tmp_path / "g.svg").stat().st_mode & 0o777 == 0o640, "an existing file keeps its mode"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".zecklab-")], "no temporary left"


def test_answers_render_as_html_with_words_not_only_colour():
    start = zecklab.zgame.position("1^10")
    assert start["outcome"] == "loss" and "Losing moves" in start._repr_html_()
    child = zecklab.zgame.position(start["moves"][0]["to"])
    h = child._repr_html_()
    assert child["outcome"] == "win" and "Winning moves" in h and ">loss" in h


def test_the_version_is_the_workspace_version():
    text = (ROOT / "Cargo.toml").read_text()
    version = text.split("[workspace.package]", 1)[1].split('version = "', 1)[1].split('"', 1)[0]
    assert zecklab.__version__ == version


def test_the_tour_notebook_runs():
    nbformat = pytest.importorskip("nbformat") if os.environ.get("ZECKLAB_PYTHON_TESTS") != "require" else __import__("nbformat")
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "docs" / "python-tour.ipynb", as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)


def test_the_guides_python_examples_run(tmp_path, monkeypatch):
    # Every ```python block of the user guide, run as written, so that none goes stale.
    text = (ROOT / "docs" / "guide" / "python.md").read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, "the guide has Python examples"
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, "docs/guide/python.md", "exec"), {})


def test_the_smallest_of_all_strategies_matches_the_command_line():
    (line,) = cli("zgame", "certificates", "17", "--minimal")
    assert zecklab.zgame.certificates(17, minimal=True) == line
    assert line["minimal"] <= line["smallest"]
    past = zecklab.zgame.certificates(41, minimal=True)
    assert past["minimal"] is None and "n = 40" in past["minimal_reason"]


def test_the_ordered_game_matches_the_command_line():
    (line,) = cli("zgame", "solve", "--ordered", "--n", "18")
    ours = zecklab.zgame.solve(18, ordered=True)
    assert without(ours, "seconds") == without(line, "seconds")
    assert ours["winner"] == "P2" and ours["variant"] == "ordered"
    (line,) = cli("zgame", "position", "--ordered", "1 2 1 3")
    assert zecklab.zgame.position("1 2 1 3", ordered=True) == line
    (line,) = cli("zgame", "lengths", "--ordered", "--n", "12")
    assert zecklab.zgame.lengths(12, ordered=True) == line
    with pytest.raises(ValueError, match="Fibonacci"):
        zecklab.zgame.position("1 4", ordered=True)
    with pytest.raises(ValueError, match="drop"):
        zecklab.zgame.solve(10, ordered=True, misere=True)
    with pytest.raises(zecklab.LimitError, match="41"):
        zecklab.zgame.solve(42, ordered=True)


def test_the_black_hole_games_match_the_command_line():
    (line,) = cli("zgame", "solve", "--black-hole", "4", "--start", "4 0 3")
    ours = zecklab.zgame.solve(0, black_hole=4, start="4 0 3")
    assert without(ours, "seconds") == without(line, "seconds")
    assert ours["winner"] == "P1"
    (line,) = cli("zgame", "solve", "--black-hole", "3", "--n", "20")
    assert without(zecklab.zgame.solve(20, black_hole=3), "seconds") == without(line, "seconds")
    (line,) = cli("zgame", "position", "--black-hole", "4", "4 0 3")
    assert zecklab.zgame.position("4 0 3", black_hole=4) == line
    (line,) = cli("zgame", "lengths", "--black-hole", "4", "--n", "20")
    assert zecklab.zgame.lengths(20, black_hole=4) == line
    lines = cli("zgame", "black-hole-table", "--m", "4", "--ones", "0..3", "--outer", "0..2")
    assert zecklab.zgame.black_hole_table(4, (0, 3), (0, 2)) == lines
    lines = cli("zgame", "black-hole-table", "--m", "4", "--pregame", "one-at-a-time", "--pieces", "0..5")
    assert zecklab.zgame.black_hole_table(4, pregame="one-at-a-time", pieces=(0, 5)) == lines
    with pytest.raises(ValueError, match="exactly 3"):
        zecklab.zgame.solve(0, black_hole=4, start="4 0")
    with pytest.raises(ValueError, match="M = 1"):
        zecklab.zgame.solve(5, black_hole=1)


def test_the_random_measures_match_the_command_line_exactly():
    from fractions import Fraction

    (line,) = cli("zgame", "lengths", "--n", "10", "--measure", "games", "--distribution")
    ours = zecklab.zgame.lengths(10, distribution=True, measure="games")
    assert ours["measure"] == line["measure"] == "games"
    assert ours["mean_exact"] == Fraction(line["mean_exact"])
    assert sum(e["exact"] for e in ours["distribution"]) == 1
    assert sum(e["games"] for e in ours["distribution"]) == int(line["games"])
    path = zecklab.zgame.lengths(12, distribution=True, measure="path")
    assert sum(e["exact"] for e in path["distribution"]) == 1
    assert abs(float(path["variance_exact"]) - path["random_variance"]) < 1e-12
    with pytest.raises(ValueError, match="measure"):
        zecklab.zgame.lengths(10, measure="uniform")
    # The reversed and the generalized games under a measure: the command line's answers.
    for extra, kwargs in [(["--reversed"], {"reversed": True}), (["--recurrence", "1,3"], {"recurrence": "1,3"})]:
        (line,) = cli("zgame", "lengths", "--n", "18", "--measure", "path", *extra)
        ours = zecklab.zgame.lengths(18, measure="path", **kwargs)
        assert ours["mean_exact"] == Fraction(line["mean_exact"])
        assert ours["random_mean"] == line["random_mean"]


def test_random_laws_are_the_command_lines():
    lines = cli("zgame", "random-laws", "--n", "20", "--to", "22", "--step", "2")
    ours = zecklab.zgame.random_laws(20, 22, step=2)
    assert [(a["n"], a["measure"]) for a in ours] == [(20, "path"), (20, "games"), (22, "path"), (22, "games")]
    assert [dict(a) for a in ours] == lines
    (far,) = zecklab.zgame.random_laws(70, measure="games")
    assert far["exact"] is True and far["kolmogorov"] > 0
    # Past the exact games law (n = 250), the bounded recursion.
    (bounded,) = zecklab.zgame.random_laws(260, measure="games")
    low, high = bounded["bounds"]["variance"]
    assert not bounded["exact"] and low <= bounded["variance"] <= high
    with pytest.raises(ValueError, match="measure"):
        zecklab.zgame.random_laws(10, measure="uniform")


def test_the_theorems_are_verifys_and_each_proof_proves():
    listed = zecklab.theorems()
    assert listed == cli("verify", "--list")[0]
    proved = [t for t in listed["theorems"] if t["status"] == "proved"]
    assert len(proved) == listed["proved"] > 0
    assert all(t["id"].endswith("-proved") and t["proof"] for t in proved)
    # A proof is a script the prover runs: its statements all come out TRUE.
    wythoff = next(t for t in proved if t["id"] == "wythoff-digit-rule-proved")
    results = [a["result"] for a in zecklab.prove(script=wythoff["proof"]) if a["result"] is not None]
    assert results and all(r == "TRUE" for r in results), results


def test_prove_decides_statements_as_the_command_line_does():
    answers = zecklab.prove("A n F[n] = 0")
    assert answers[0]["result"] == "FALSE" and answers[0]["counterexample"] == {"n": 1}
    script = 'def sum "x + y = z";\neval commutes "A a,b,c $sum(a,b,c) <=> $sum(b,a,c)";\n'
    defined, commutes = zecklab.prove(script=script)
    assert defined["free"] == ["x", "y", "z"] and defined["states"] == 16
    assert commutes["result"] == "TRUE"
    with pytest.raises(ValueError, match="1:4: expected a term"):
        zecklab.prove("x <")
    with pytest.raises(zecklab.LimitError):
        zecklab.prove("~E i,n (n > 0) & A t (t < 3*n) => F[i+t] = F[i+t+n]", max_states=10)
