//! A sum of Zeckendorf positions against an exhaustive search of the sum itself (every move of
//! every component, memoised on the tuple of positions): its outcome, and that every winning
//! move listed wins and every other move of the sum loses.

use std::collections::HashMap;

use zecklab_answers::family::{sum, Variant};
use zecklab_reference::family::{parse_multiset as parse, Multiset, NaiveFamily};

/// Whether the player to move wins the sum of `components` (normal play), by search.
fn wins(game: &NaiveFamily, components: &[Multiset], memo: &mut HashMap<Vec<Multiset>, bool>) -> bool {
    let mut key = components.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    'search: for i in 0..components.len() {
        for child in game.children(&components[i]) {
            let mut next = components.to_vec();
            next[i] = child;
            if !wins(game, &next, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert(key, win);
    win
}

#[test]
fn sums_agree_with_an_exhaustive_search_of_the_sum() {
    let game = NaiveFamily::new(1, 2, true, 64, false);
    let mut memo = HashMap::new();
    let cases: Vec<Vec<&str>> = vec![
        vec!["1^5", "1^4"],
        vec!["1^6", "1^6"],
        vec!["1^3 2^2", "3 1^4", "1^7"],
        vec!["2^3", "1^9"],
        vec!["5 1^3", "2 1^5", "1^2"],
        vec!["1^10", "1^8", "1^5"],
        vec!["3^2 1", "8"],
    ];
    let mut winning_seen = 0;
    for texts in cases {
        let components: Vec<Multiset> = texts.iter().map(|t| parse(t)).collect();
        let owned: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        let answer = sum(&Variant::ZECKENDORF, &owned, 1 << 30).unwrap();
        let searched = wins(&game, &components, &mut memo);
        assert_eq!(answer.outcome == "win", searched, "{texts:?}");
        assert_eq!(answer.grundy != 0, searched, "{texts:?}");
        // Each listed winning move leaves a sum the opponent loses.
        for m in &answer.winning_moves {
            let mut next = components.clone();
            next[m.component - 1] = parse(&m.to);
            assert!(!wins(&game, &next, &mut memo), "{texts:?}: {m:?} does not win");
            winning_seen += 1;
        }
        // And every winning move is listed: count the search's own.
        let mut by_search = 0;
        for (i, c) in components.iter().enumerate() {
            for child in game.children(c) {
                let mut next = components.clone();
                next[i] = child;
                by_search += usize::from(!wins(&game, &next, &mut memo));
            }
        }
        assert_eq!(answer.winning_moves.len(), by_search, "{texts:?}");
    }
    assert!(winning_seen > 0, "some case has winning moves");
}
