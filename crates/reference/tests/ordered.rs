//! The ordered game's sweep against the memoised search over lists, position by position, and
//! the published winners.

use std::collections::HashMap;

use zecklab_ordered::{ordered_lengths, solve_ordered, OrderedIndex};
use zecklab_reference::ordered::NaiveOrdered;

#[test]
fn every_position_to_sixteen_equals_the_search() {
    let mut naive = NaiveOrdered::new();
    let mut lengths = HashMap::new();
    for n in 1..=16 {
        let solution = solve_ordered(n, true, 1 << 30).unwrap();
        let index = solution.index();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let list: Vec<u64> = p.values().collect();
            let (win, remoteness) = naive.value(&list);
            assert_eq!(solution.outcome(r).is_win(), win, "{p}");
            assert_eq!(solution.remoteness(r), Some(remoteness), "{p}");
        }
        let start: Vec<u64> = vec![1; n as usize];
        let (shortest, longest) = naive.lengths(&start, &mut lengths);
        let fast = ordered_lengths(&OrderedIndex::new(n).unwrap());
        assert_eq!((fast.shortest, fast.longest), (shortest, longest), "n = {n}");
        assert!(fast.long_game <= fast.longest, "n = {n}");
    }
}

#[test]
fn the_published_winners_to_twenty_five() {
    // arXiv 2508.20222: Player 1 wins every n from 2 to 25 except n = 18.
    for n in 2..=25 {
        let solution = solve_ordered(n, false, 1 << 30).unwrap();
        let player_one = solution.outcome(0).is_win();
        assert_eq!(player_one, n != 18, "n = {n}");
    }
}
