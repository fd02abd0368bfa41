//! The Zeckendorf game's family: the generalized game of Baird-Smith, Epstein, Flint and Miller
//! on `G_n = c·(G_(n-1) + ... + G_(n-k))` under either rule set ([`rules`]), its misère form and
//! the Sprague-Grundy values of its positions ([`solve`]), and its game of several players
//! ([`coalitions`]). The recurrence `(1, 2)` with either rule set is exactly the Zeckendorf game
//! (the same positions, ranks, moves and values: tests hold them equal to the game's own
//! solver), so everything here also answers the misère Zeckendorf game and its Grundy values.

mod coalitions;
mod index;
mod rules;
mod solve;

pub use coalitions::{solve_family_coalitions, FamilyCoalitions};
pub use index::FamilyIndex;
pub use rules::{
    parse_family_position, FamilyError, FamilyMove, FamilyRules, Recurrence, RuleSet, MAX_C, MAX_K,
};
pub use solve::{check_family_table, family_bytes, solve_family, FamilyCheck, FamilyOptions, FamilySolution};

/// The earliest turn (1 = Player 1's first move) at which the player who wins the game on `n`
/// (by `solution`, normal play, from the start) has a losing option, along some line in which
/// that player only ever makes winning moves and the other any move; `None` when the winner
/// never has one (or the start has no move).
pub fn earliest_losing_option(solution: &FamilySolution) -> Option<u32> {
    let index = solution.index();
    // The positions reachable at each turn, by rank (a set, level by level).
    let winner_moves_first = solution.outcome(solution.start_rank()).is_win();
    let mut level: Vec<u64> = vec![solution.start_rank()];
    let mut turn = 1u32;
    let mut seen = std::collections::HashSet::new();
    while !level.is_empty() {
        let winners_turn = (turn % 2 == 1) == winner_moves_first;
        let mut next = Vec::new();
        for &r in &level {
            let counts = index.unrank(r);
            let children = solution.children(&counts);
            if winners_turn {
                // A losing option: a move to a position the opponent wins.
                if children.iter().any(|&(_, c)| solution.outcome(c).is_win()) {
                    return Some(turn);
                }
                next.extend(
                    children.iter().filter(|&&(_, c)| !solution.outcome(c).is_win()).map(|&(_, c)| c),
                );
            } else {
                next.extend(children.iter().map(|&(_, c)| c));
            }
        }
        seen.clear();
        next.retain(|&c| seen.insert(c));
        level = next;
        turn += 1;
    }
    None
}

/// The shortest and longest games of the generalized game on `n` under `rules`, from the
/// start to the end, by one sweep down the ranks; `None` when the positions cannot be counted.
pub fn family_lengths(rules: &FamilyRules, n: u32) -> Option<(u32, u32)> {
    let index = FamilyIndex::new(rules.terms(), n)?;
    let size = usize::try_from(index.count()).ok()?;
    let (mut shortest, mut longest) = (vec![0u32; size], vec![0u32; size]);
    let mut sweep = solve::DownSweep::new(rules, &index);
    let mut children = Vec::new();
    loop {
        let r = sweep.rank as usize;
        sweep.children(&mut children);
        if !children.is_empty() {
            shortest[r] = 1 + children.iter().map(|&(_, c)| shortest[c as usize]).min().unwrap_or(0);
            longest[r] = 1 + children.iter().map(|&(_, c)| longest[c as usize]).max().unwrap_or(0);
        }
        if !sweep.step_down() {
            break;
        }
    }
    Some((shortest[0], longest[0]))
}

/// The exact laws of the length of the generalized game on `n` under `rules`: the number of
/// complete games of each length (the games measure) and the probability of each length when
/// each turn a legal move is chosen uniformly (the path measure). By one sweep down the ranks,
/// each position's laws from its children's (every move raises the rank); every position's laws
/// are held, so `None` past `max_positions` positions (or when they cannot be counted).
pub fn family_laws(
    rules: &FamilyRules,
    n: u32,
    max_positions: u64,
) -> Option<(crate::zgame::random::GameCounts, crate::zgame::random::PathLaw)> {
    use num_bigint::{BigInt, BigUint};
    use num_rational::BigRational;
    use num_traits::{One, Zero};
    let index = FamilyIndex::new(rules.terms(), n)?;
    if index.count() > max_positions {
        return None;
    }
    // Per position: the fewest moves left, then the games and the probability of each number of
    // moves left from there.
    type Laws = (u32, Vec<BigUint>, Vec<BigRational>);
    let mut laws: Vec<Laws> = vec![(0, Vec::new(), Vec::new()); usize::try_from(index.count()).ok()?];
    let mut sweep = solve::DownSweep::new(rules, &index);
    let mut children = Vec::new();
    loop {
        sweep.children(&mut children);
        let here = if children.is_empty() {
            (0, vec![BigUint::one()], vec![BigRational::one()])
        } else {
            let of = |&(_, c): &(FamilyMove, u64)| &laws[c as usize];
            let first = 1 + children.iter().map(|c| of(c).0).min().expect("a move");
            let last = 1 + children.iter().map(|c| of(c).0 + of(c).1.len() as u32 - 1).max().expect("a move");
            let width = (last - first + 1) as usize;
            let (mut games, mut path) = (vec![BigUint::zero(); width], vec![BigRational::zero(); width]);
            let share = BigRational::new(BigInt::one(), BigInt::from(children.len()));
            for child in &children {
                let (shortest, g, q) = of(child);
                let offset = (shortest + 1 - first) as usize;
                for (i, (g, q)) in g.iter().zip(q).enumerate() {
                    games[offset + i] += g;
                    path[offset + i] += q * &share;
                }
            }
            (first, games, path)
        };
        laws[sweep.rank as usize] = here;
        if !sweep.step_down() {
            break;
        }
    }
    let (shortest, counts, probabilities) = laws.swap_remove(0);
    Some((
        crate::zgame::random::GameCounts { shortest, counts },
        crate::zgame::random::PathLaw { shortest, probabilities },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zgame::{solve, PositionIndex};

    /// The family's laws: for the recurrence (1, 2) under either rule set they are the Zeckendorf
    /// game's (ranked and swept by the game's own code); for every small (c, k) they equal a
    /// memoised search over the positions by value, the path law sums to 1, and the shortest and
    /// longest lengths are `family_lengths`'.
    #[test]
    fn the_familys_laws_are_the_searchs_and_the_games_own() {
        use crate::zgame::random::{game_counts, path_law};
        use num_bigint::BigUint;
        use num_rational::BigRational;
        use num_traits::{One, Zero};
        for rules in [RuleSet::All, RuleSet::NoInitialCombine] {
            for n in 1..=28 {
                let r = FamilyRules::new(Recurrence::new(1, 2).unwrap(), rules, n);
                let (games, path) = family_laws(&r, n, 1 << 20).unwrap();
                assert_eq!(games, game_counts(n).unwrap(), "n = {n}");
                assert_eq!(path, path_law(n).unwrap(), "n = {n}");
            }
        }
        type Found = (u32, Vec<BigUint>, Vec<BigRational>);
        fn search(
            r: &FamilyRules,
            counts: &[u32],
            memo: &mut std::collections::HashMap<Vec<u32>, Found>,
        ) -> Found {
            if let Some(f) = memo.get(counts) {
                return f.clone();
            }
            let mut moves = Vec::new();
            r.for_each_move(counts, |m| moves.push(m));
            let found = if moves.is_empty() {
                (0, vec![BigUint::one()], vec![BigRational::one()])
            } else {
                let k = BigRational::from_integer(moves.len().into());
                let mut by_length: std::collections::BTreeMap<u32, (BigUint, BigRational)> =
                    Default::default();
                for m in moves {
                    let mut child = counts.to_vec();
                    r.apply(&mut child, m);
                    let (s, g, q) = search(r, &child, memo);
                    for (i, (g, q)) in g.iter().zip(&q).enumerate() {
                        let e = by_length
                            .entry(s + 1 + i as u32)
                            .or_insert((BigUint::zero(), BigRational::zero()));
                        e.0 += g;
                        e.1 += q / &k;
                    }
                }
                let first = *by_length.keys().next().unwrap();
                let last = *by_length.keys().last().unwrap();
                let mut g = vec![BigUint::zero(); (last - first + 1) as usize];
                let mut q = vec![BigRational::zero(); g.len()];
                for (l, (a, b)) in by_length {
                    g[(l - first) as usize] = a;
                    q[(l - first) as usize] = b;
                }
                (first, g, q)
            };
            memo.insert(counts.to_vec(), found.clone());
            found
        }
        for (recurrence, rules, n) in small_games() {
            let n = n.min(24);
            let r = FamilyRules::new(recurrence, rules, n);
            let (games, path) = family_laws(&r, n, 1 << 20).unwrap();
            let index = FamilyIndex::new(r.terms(), n).unwrap();
            let (s, g, q) = search(&r, &index.unrank(0), &mut Default::default());
            assert_eq!(
                (games.shortest, &games.counts, &path.probabilities),
                (s, &g, &q),
                "{recurrence:?} {rules:?} n = {n}"
            );
            assert_eq!(path.probabilities.iter().sum::<BigRational>(), BigRational::one());
            let (shortest, longest) = family_lengths(&r, n).unwrap();
            assert_eq!((games.shortest, games.shortest + games.counts.len() as u32 - 1), (shortest, longest));
        }
        assert!(family_laws(&FamilyRules::new(Recurrence::new(1, 2).unwrap(), RuleSet::All, 40), 40, 100)
            .is_none());
    }

    /// Every (c, k) with c, k <= 4, each on n up to where every move type occurs.
    fn small_games() -> Vec<(Recurrence, RuleSet, u32)> {
        let mut games = Vec::new();
        for c in 1..=4 {
            for k in 2..=4 {
                let recurrence = Recurrence::new(c, k).unwrap();
                let terms = recurrence.terms_up_to(u64::MAX >> 8);
                // A split above index k needs (c + 1) G_(k+1) + ... : n past that.
                let n = ((u64::from(c) + 1) * terms[k as usize] + 1).min(90) as u32;
                for rules in [RuleSet::All, RuleSet::NoInitialCombine] {
                    games.push((recurrence, rules, n));
                }
            }
        }
        games
    }

    #[test]
    fn sequences_follow_their_recurrences() {
        assert_eq!(Recurrence::new(1, 2).unwrap().terms_up_to(100), [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(Recurrence::new(1, 3).unwrap().terms_up_to(50), [1, 2, 4, 7, 13, 24, 44]);
        assert_eq!(Recurrence::new(2, 2).unwrap().terms_up_to(100), [1, 3, 8, 22, 60]);
        assert!(Recurrence::new(0, 2).is_err() && Recurrence::new(1, 1).is_err());
    }

    #[test]
    fn every_move_keeps_the_sum_and_every_game_ends_at_the_one_legal_decomposition() {
        for (recurrence, rule_set, n) in small_games() {
            for n in 1..=n {
                let rules = FamilyRules::new(recurrence, rule_set, n);
                let index = FamilyIndex::new(rules.terms(), n).unwrap();
                let value = |counts: &[u32]| -> u64 {
                    counts.iter().zip(rules.terms()).map(|(&c, &g)| u64::from(c) * g).sum()
                };
                let mut terminal = 0;
                for r in 0..index.count() {
                    let counts = index.unrank(r);
                    assert_eq!(index.rank(&counts), r);
                    assert_eq!(value(&counts), u64::from(n));
                    let mut any = false;
                    rules.for_each_move(&counts, |m| {
                        any = true;
                        let mut child = counts.clone();
                        rules.apply(&mut child, m);
                        assert_eq!(value(&child), u64::from(n), "{recurrence} {m:?} keeps the sum");
                        assert!(index.rank(&child) > r, "{recurrence} {m:?}: children rank higher");
                        let mut back = child.clone();
                        rules.undo(&mut back, m);
                        assert_eq!(back, counts);
                    });
                    if !any {
                        terminal += 1;
                        assert_eq!(counts, rules.decomposition(n), "{recurrence}, n = {n}");
                    }
                }
                assert_eq!(terminal, 1, "{recurrence} {rule_set:?}, n = {n}: one end");
                let mut counts = index.unrank(index.count() - 1);
                for r in (0..index.count() - 1).rev() {
                    assert!(index.prev_counts(&mut counts));
                    assert_eq!(index.rank(&counts), r);
                }
                assert!(!index.prev_counts(&mut counts));
            }
        }
    }

    #[test]
    fn the_fibonacci_recurrence_is_the_zeckendorf_game() {
        for n in 1..=70 {
            let flat = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let zindex = PositionIndex::new(n).unwrap();
            for rule_set in [RuleSet::All, RuleSet::NoInitialCombine] {
                let rules = FamilyRules::new(Recurrence::FIBONACCI, rule_set, n);
                let family = solve_family(&rules, n, &FamilyOptions::default(), 1 << 30, |_, _| {}).unwrap();
                assert_eq!(family.index().count(), zindex.count());
                for r in 0..zindex.count() {
                    let counts = family.index().unrank(r);
                    let mut z = vec![0; zindex.top()];
                    zindex.unrank_into(r, &mut z);
                    assert_eq!(counts, z, "n = {n}, rank {r}");
                    assert_eq!(family.outcome(r), flat.outcome(r), "n = {n}, rank {r}");
                    assert_eq!(Some(family.remoteness(r)), flat.remoteness(r), "n = {n}, rank {r}");
                }
            }
        }
    }

    #[test]
    fn the_fibonacci_recurrences_lengths_are_the_games() {
        for n in 1..=80 {
            let rules = FamilyRules::new(Recurrence::FIBONACCI, RuleSet::All, n);
            let game = crate::zgame::lengths(n, |_, _| {}).unwrap();
            assert_eq!(family_lengths(&rules, n), Some((game.shortest, game.longest)), "n = {n}");
        }
    }

    #[test]
    fn positions_read_and_print_by_value() {
        let r = Recurrence::new(1, 3).unwrap();
        let (counts, n) = parse_family_position(r, "1^3 2^2 4").unwrap();
        assert_eq!((counts.clone(), n), (vec![3, 2, 1, 0], 11));
        assert_eq!(FamilyRules::new(r, RuleSet::All, n).format(&counts), "4 2^2 1^3");
        for bad in ["3", "1^0", "x", "1 1", ""] {
            assert!(parse_family_position(r, bad).is_err(), "{bad}");
        }
    }
}
