"""Times the Python package's targets and prints medians (run it on an otherwise idle machine):

    python crates/python/bench/targets.py [--store DIR] [--zecklab PATH] [--runs 5]

- opening the stored table of n = 500 (header, digest list and ranking checks), and reading the
  outcomes of 1,000 random positions from a freshly opened table (their chunks checked on the
  way);
- ranking and unranking 10^7 positions of n = 500;
- zecklab.zgame.solve(500, remoteness=False) against `zecklab zgame solve --n 500
  --no-remoteness`, the two run alternately.

The n = 500 table is saved into the store first (outcomes only) when it is not there.
"""

import argparse
import json
import os
import statistics
import subprocess
import time

import numpy as np

import zecklab


def median_of(runs, f):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - start)
        # Freed after the clock stops: the call is timed, not the release of what it returned.
        del result
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--store", default=os.path.join(os.getcwd(), "target", "bench-store"))
    parser.add_argument("--zecklab", default=os.path.join(os.getcwd(), "target", "release", "zecklab"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    store = zecklab.Store(args.store)
    if not any(e.get("n") == 500 and not e.get("misere") for e in store.list() if "error" not in e):
        os.makedirs(args.store, exist_ok=True)
        subprocess.run([args.zecklab, "zgame", "solve", "--n", "500", "--save", "--no-remoteness", "--store", args.store], check=True)
    results = {}
    results["open_table_500_ms"] = 1e3 * median_of(args.runs, lambda: store.table(500))
    rng = np.random.default_rng(500)

    def random_reads():
        table = store.table(500)
        ranks = rng.integers(0, table.positions, 1000, dtype=np.uint64)
        table.outcome(ranks)

    results["open_and_read_1000_random_outcomes_ms"] = 1e3 * median_of(args.runs, random_reads)
    table = store.table(500)
    ranks = rng.integers(0, table.positions, 10**7, dtype=np.uint64)
    counts = table.unrank(ranks)
    results["unrank_1e7_s"] = median_of(args.runs, lambda: table.unrank(ranks))
    results["rank_1e7_s"] = median_of(args.runs, lambda: table.rank(counts))
    assert np.array_equal(table.rank(counts), ranks)
    python_times, cli_times = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        zecklab.zgame.solve(500, remoteness=False)
        python_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        out = subprocess.run([args.zecklab, "zgame", "solve", "--n", "500", "--no-remoteness", "--json"], capture_output=True, check=True)
        cli_times.append(time.perf_counter() - start)
        json.loads(out.stdout)
    results["solve_500_python_s"] = statistics.median(python_times)
    results["solve_500_cli_s"] = statistics.median(cli_times)
    results["solve_500_ratio"] = results["solve_500_python_s"] / results["solve_500_cli_s"]
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
