//! Each fast engine of `zecklab-games` against its slow reference here, over whole ranges.
//! (`zecklab verify` runs the Zeckendorf-game solver against the naive solver, and the position
//! counts against the coin-change count; these are the checks it does not repeat.)

use std::collections::HashMap;

use num_bigint::BigUint;
use zecklab_games::fibnim::{own_caps_analysis, thresholds, GrundyTable, NimRules};
use zecklab_games::wythoff::{analyse, GrundyBoard, WythoffPosition};
use zecklab_games::zgame::PositionIndex;
use zecklab_reference::{fibnim, wythoff, zgame};

#[test]
fn nim_thresholds_equal_plain_search() {
    for k in [1, 2, 3, 4, 1 << 40] {
        for misere in [false, true] {
            let rules = NimRules::new(k, misere).unwrap();
            let table = thresholds(rules, 120);
            let mut memo = HashMap::new();
            for h in 1..=120 {
                for c in 1..=h {
                    let slow = fibnim::wins(rules, h, c, &mut memo);
                    assert_eq!(table[h as usize] <= c, slow, "k={k} misere={misere} ({h},{c})");
                }
            }
        }
    }
}

#[test]
fn own_caps_nim_sum_equals_exhaustive_search() {
    // Two heaps with their own caps: every heap <= 25 and every cap.
    let rules = NimRules::new(2, false).unwrap();
    let table = GrundyTable::new(rules, 25);
    let mut memo = HashMap::new();
    for h1 in 0..=25u32 {
        for c1 in 1..=h1.max(1) {
            for h2 in 0..=25u32 {
                for c2 in 1..=h2.max(1) {
                    let heaps = [(h1, c1), (h2, c2)];
                    let (_, outcome, _) = own_caps_analysis(&table, &heaps).unwrap();
                    assert_eq!(
                        outcome.is_win(),
                        fibnim::own_caps_wins(rules, &heaps, &mut memo),
                        "{heaps:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn wythoff_grundy_equals_naive_mex_and_its_zeros_are_the_board_search() {
    for size in [1, 2, 3, 7, 16, 33, 64] {
        let fast = GrundyBoard::compute(size, |_| {});
        let fast: Vec<u32> = (0..size).flat_map(|a| fast.row(a).to_vec()).collect();
        assert_eq!(fast, wythoff::grundy_naive(size), "size {size}");
    }
    let size = 500;
    let fast = GrundyBoard::compute(size, |_| {});
    let board = wythoff::p_position_board(size);
    for a in 0..size {
        for b in 0..size {
            assert_eq!(fast.value(a, b) == 0, board[a * size + b], "({a}, {b})");
        }
    }
}

#[test]
fn wythoff_winning_moves_equal_the_board_search() {
    let n = 120;
    let board = wythoff::p_position_board(n);
    for a in 0..n {
        for b in 0..n {
            let mut expected = Vec::new();
            for x in 1..=a {
                if board[(a - x) * n + b] {
                    expected.push((a - x, b));
                }
            }
            for x in 1..=b {
                if board[a * n + b - x] {
                    expected.push((a, b - x));
                }
            }
            for x in 1..=a.min(b) {
                if board[(a - x) * n + b - x] {
                    expected.push((a - x, b - x));
                }
            }
            expected.sort();
            let got: Vec<(usize, usize)> = analyse(&WythoffPosition { a: a.into(), b: b.into() })
                .winning_moves
                .iter()
                .map(|(x, y): &(BigUint, BigUint)| (x.try_into().unwrap(), y.try_into().unwrap()))
                .collect();
            assert_eq!(got, expected, "({a}, {b})");
        }
    }
}

#[test]
fn tier_sizes_equal_partitions_into_exactly_p_parts() {
    for n in (1..=80).chain([150]) {
        let solution = zecklab_games::zgame::solve(n, false, 1 << 32, |_, _| {}).unwrap();
        let tiers = solution.tiers();
        for t in &tiers {
            assert_eq!(
                u128::from(t.positions),
                zgame::partitions_into_exactly(n, t.parts),
                "n = {n}, {} parts",
                t.parts
            );
        }
        // And no tier is missing: every part count with a partition appears.
        let listed: u128 = tiers.iter().map(|t| u128::from(t.positions)).sum();
        assert_eq!(listed, (1..=n).map(|p| zgame::partitions_into_exactly(n, p)).sum::<u128>(), "n = {n}");
    }
    // The tiered solver's own counts, to the sizes it is for: each tier against the coin-change
    // count by parts, and all of them against the one-dimensional count.
    for n in (1..=120).chain([300, 500, 1000]) {
        let index = zecklab_games::zgame::TierIndex::new(n).unwrap();
        let by_parts = zgame::partitions_by_parts(n);
        assert_eq!(by_parts[0], 0);
        for p in 1..=n {
            assert_eq!(u128::from(index.count(p)), by_parts[p as usize], "n = {n}, {p} parts");
        }
        assert_eq!(by_parts.iter().sum::<u128>(), zgame::partition_count(n), "n = {n}");
    }
}

#[test]
fn position_counts_equal_the_coin_change_count() {
    for n in 1..=200 {
        assert_eq!(u128::from(PositionIndex::new(n).unwrap().count()), zgame::partition_count(n), "n = {n}");
    }
}
