//! The opening and the book against an independent search: every position's outcome found from
//! the rules alone (the move generator on counts, memoised), never from the layered engine.

use std::cell::RefCell;
use std::collections::HashMap;

use zecklab_games::zgame::ZPosition;
use zecklab_games::Cancel;

use super::book::{book_json, book_lines};
use super::rule::{RuleSearch, Shape};
use super::*;

/// Outcomes by search, memoised.
#[derive(Default)]
struct Search(RefCell<HashMap<Vec<u32>, bool>>);

impl Search {
    /// Whether the player to move loses at `position`.
    fn loses(&self, position: &ZPosition) -> bool {
        if let Some(&known) = self.0.borrow().get(position.counts()) {
            return known;
        }
        let lost = position.moves().into_iter().all(|m| !self.loses(&position.apply(m).unwrap()));
        self.0.borrow_mut().insert(position.counts().to_vec(), lost);
        lost
    }
}

#[test]
fn opening_outcomes_are_the_searched_ones() {
    let search = Search::default();
    let sets = multisets_to(12);
    for set in &sets {
        let sum: u64 = set.iter().sum();
        let to = 60 - sum as u32;
        let mut lines = Vec::new();
        opening_lines::<AnswerError>(
            std::slice::from_ref(set),
            to,
            &Cancel::new(),
            |_, _| {},
            |l| {
                lines.push(l);
                Ok(())
            },
        )
        .unwrap();
        let [line] = &lines[..] else { panic!("one line for {set:?}") };
        assert_eq!(&line.parts, set);
        assert_eq!(line.outcomes.len(), to as usize + 1);
        for (m, outcome) in line.outcomes.chars().enumerate() {
            let position = ZPosition::from_counts(counts_of(m as u32, set)).unwrap();
            let expected = if search.loses(&position) { 'L' } else { 'W' };
            assert_eq!(outcome, expected, "1^{m} ∪ {set:?}");
        }
        // The period fits from the preperiod on and is seen three times.
        if let (Some(p), Some(q)) = (line.period, line.preperiod) {
            let word = line.outcomes.as_bytes();
            assert!(word.len() - q >= 3 * p);
            assert!((q..word.len() - p).all(|i| word[i] == word[i + p]), "{set:?}");
        }
    }
}

#[test]
fn a_sweep_gives_each_set_its_own_line() {
    let sets = multisets_to(8);
    assert_eq!(sets.first(), Some(&vec![2]));
    assert!(sets.contains(&vec![2, 3, 3]) && sets.contains(&vec![8]) && !sets.contains(&vec![2, 2, 3, 3]));
    let mut together = Vec::new();
    opening_lines::<AnswerError>(
        &sets,
        20,
        &Cancel::new(),
        |_, _| {},
        |l| {
            together.push(l);
            Ok(())
        },
    )
    .unwrap();
    // Lines come as their last game is read: by sum, each set once.
    let sums: Vec<u64> = together.iter().map(|l| l.parts.iter().sum()).collect();
    assert!(sums.is_sorted());
    assert_eq!(together.len(), sets.len());
    for line in &together {
        let mut alone = Vec::new();
        opening_lines::<AnswerError>(
            std::slice::from_ref(&line.parts),
            20,
            &Cancel::new(),
            |_, _| {},
            |l| {
                alone.push(l);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(alone[0].outcomes, line.outcomes);
    }
}

#[test]
fn parts_are_read_or_refused_by_name() {
    assert_eq!(parse_parts("2 3 3").unwrap(), vec![2, 3, 3]);
    assert_eq!(parse_parts("3^2,2").unwrap(), vec![2, 3, 3]);
    assert_eq!(parse_parts(" 5 ").unwrap(), vec![5]);
    for (bad, says) in [
        ("1 2", "ones are the m"),
        ("4", "not a Fibonacci"),
        ("", "no parts"),
        ("-3", "bad part '-3'"),
        ("3^0", "count"),
        ("3^x", "bad part"),
        ("99999999999999999999", "bad part"),
    ] {
        let error = parse_parts(bad).unwrap_err().to_string();
        assert!(error.contains(says), "{bad}: {error}");
    }
    let refused =
        opening_lines::<AnswerError>(&[vec![8]], OPENING_N_TO, &Cancel::new(), |_, _| {}, |_| Ok(()));
    assert!(matches!(refused, Err(Some(AnswerError::TooLarge(_)))));
}

#[test]
fn the_book_lists_every_winning_reply_and_only_those() {
    let search = Search::default();
    let cancel = Cancel::new();
    for_each_game::<AnswerError>(1..=40, &cancel, |n, table| {
        let from_table = book_lines(n, 2, &|p: &ZPosition| table.is_loss(p.counts()));
        let searched = book_lines(n, 2, &|p: &ZPosition| search.loses(p));
        assert_eq!(from_table, searched, "n = {n}");
        let start = ZPosition::start(n).unwrap();
        let first_lines = from_table.iter().filter(|l| l.plies.len() == 2).count();
        assert_eq!(first_lines, start.moves().len(), "a line for each first move, n = {n}");
        for line in &from_table {
            let faced = line.plies.last().unwrap();
            let children: Vec<ZPosition> =
                faced.moves().into_iter().map(|m| faced.apply(m).unwrap()).collect();
            let winning: Vec<&ZPosition> = children.iter().filter(|c| search.loses(c)).collect();
            assert_eq!(line.replies.iter().collect::<Vec<_>>(), winning, "n = {n}, {faced}");
        }
        let json = book_json(n, 2, &from_table);
        assert_eq!(json.lines.len(), from_table.len());
        if n == 6 {
            assert_eq!(json.lines[0].plies, ["1^6", "1^4 2^1"]);
        }
        Ok(())
    })
    .unwrap();
}

#[test]
fn the_first_reply_rule_is_found_and_a_wrong_rule_fails() {
    // Player 2's first reply: 1 + 2 -> 3 wins for every n from 3 to 60.
    let searched = Search::default();
    let mut search = RuleSearch::new(1);
    for n in 3..=60 {
        search.add(n, &book_lines(n, 1, &|p: &ZPosition| searched.loses(p)));
    }
    let finding = search.finding();
    assert_eq!(finding.period, Some(1));
    assert_eq!(finding.rule.len(), 1);
    assert_eq!(finding.rule[0].position, "1^(n-2) 2^1");
    assert_eq!(finding.rule[0].reply, "1^(n-3) 3^1");
    assert!(finding.periods.iter().all(|p| p.first_n.is_none() && p.holds_from == 3));
    // From n = 2 on no rule holds: Player 1 wins the game on 2.
    let mut search = RuleSearch::new(1);
    for n in 2..=10 {
        search.add(n, &book_lines(n, 1, &|p: &ZPosition| searched.loses(p)));
    }
    let finding = search.finding();
    assert_eq!(finding.period, None);
    assert_eq!(finding.periods[0].first_n, Some(2));
    assert_eq!(finding.periods[0].holds_from, 3);
    assert_eq!(Shape::of(&ZPosition::parse("1^4 2^1 3^1").unwrap()).show(), "1^(n-5) 2^1 3^1");
}

#[test]
fn the_eventual_rule_wins_from_where_it_is_said_to() {
    let searched = Search::default();
    let mut search = RuleSearch::new(2);
    for n in 3..=60 {
        search.add(n, &book_lines(n, 2, &|p: &ZPosition| searched.loses(p)));
    }
    let finding = search.finding();
    let from = finding.eventual_from;
    assert!(from > 3 && from < 60, "the exceptions of 1^m 5 and 1^m 3 3 end before 60: {from}");
    // Player 2 following the eventual rule (one reply a shape) wins its first two moves against
    // every Player 1 line in every game from `from` on, by search; a game before it does not.
    let reply_of = |p: &ZPosition| {
        let shape = Shape::of(p).show();
        let entry = finding.eventual.iter().find(|e| e.position == shape).expect("a reply for every shape");
        let children = p.moves().into_iter().map(|m| p.apply(m).unwrap());
        children.into_iter().find(|c| Shape::of(c).show() == entry.reply).expect("the reply is a move")
    };
    let wins = |n: u32| {
        let start = ZPosition::start(n).unwrap();
        start.moves().into_iter().all(|m1| {
            let reply = reply_of(&start.apply(m1).unwrap());
            searched.loses(&reply)
                && reply.moves().into_iter().all(|m2| searched.loses(&reply_of(&reply.apply(m2).unwrap())))
        })
    };
    assert!((from..=60).all(wins));
    assert!(finding.periods[0].first_n.is_some());
}
