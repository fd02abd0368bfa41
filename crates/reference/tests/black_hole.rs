//! The black-hole games' solver against a search over multisets of values, and the authors' own
//! example.

use zecklab_games::zgame::black_hole::{solve_black_hole, BlackHole};
use zecklab_numeration::fib::FIB_U64;
use zecklab_reference::black_hole::NaiveBlackHole;

fn pieces(counts: &[u32]) -> Vec<u64> {
    counts.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(FIB_U64[i + 1], c as usize)).collect()
}

#[test]
fn every_reached_position_from_n_ones_equals_the_search() {
    for m in 3..=6 {
        let rules = BlackHole::new(m).unwrap();
        let mut naive = NaiveBlackHole::new(m);
        for n in (0..=60).step_by(if m >= 5 { 3 } else { 1 }) {
            let solution = solve_black_hole(rules, &rules.start(n), 1 << 24).unwrap();
            for (counts, value) in solution.iter() {
                assert_eq!(value.win, naive.wins(&pieces(counts)), "m = {m}, n = {n}, {counts:?}");
            }
        }
    }
}

#[test]
fn count_vector_starts_equal_the_search() {
    for m in [3usize, 4] {
        let rules = BlackHole::new(m).unwrap();
        let mut naive = NaiveBlackHole::new(m);
        let columns = m - 1;
        let mut start = vec![0u32; columns];
        loop {
            let solution = solve_black_hole(rules, &start, 1 << 24).unwrap();
            assert_eq!(
                solution.value(&start).unwrap().win,
                naive.wins(&pieces(&start)),
                "m = {m}, {start:?}"
            );
            // The next vector with every count up to 12 (up to 8 for the middle column of m = 4).
            let top = |k: usize| if m == 4 && k == 1 { 8 } else { 12 };
            let mut k = 0;
            while k < columns && start[k] == top(k) {
                start[k] = 0;
                k += 1;
            }
            if k == columns {
                break;
            }
            start[k] += 1;
        }
    }
}

#[test]
fn the_authors_example_is_player_ones() {
    let rules = BlackHole::new(4).unwrap();
    let solution = solve_black_hole(rules, &[4, 0, 3], 1 << 20).unwrap();
    assert!(solution.value(&[4, 0, 3]).unwrap().win, "(4, 0, 3) with the hole on F4: Player 1 wins");
}
