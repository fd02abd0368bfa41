//! Property tests for the Zeckendorf game's engine and ranking: text forms read back, moves keep
//! the sum and go up in rank, ranking is a bijection, and child ranks from rank arithmetic
//! (`walk`) equal ranks computed from scratch, and the reversed game's moves take moves back.

use proptest::prelude::*;
use zecklab_games::zgame::{walk, PositionIndex, ReversedMove, ZMove, ZPosition};

/// Count vectors over F1..F8 with at least one part.
fn position() -> impl Strategy<Value = ZPosition> {
    prop::collection::vec(0u32..6, 1..9)
        .prop_filter("at least one part", |c| c.iter().any(|&x| x > 0))
        .prop_map(|c| ZPosition::from_counts(c).unwrap())
}

proptest! {
    #[test]
    fn positions_and_moves_read_back(p in position()) {
        prop_assert_eq!(ZPosition::parse(&p.to_string()).unwrap(), p.clone());
        let braced = format!("{{{}}}", p.to_string().replace(' ', " ∧ "));
        prop_assert_eq!(ZPosition::parse(&braced).unwrap(), p.clone());
        for m in p.moves() {
            prop_assert_eq!(ZMove::parse(&m.to_string()).unwrap(), m);
        }
    }

    #[test]
    fn legality_is_exactly_the_listed_moves(p in position()) {
        let listed = p.moves();
        let candidates = (0..12).flat_map(|i| [ZMove::combine(i), ZMove::split(i)]).flatten().chain([ZMove::CombineOnes]);
        for m in candidates {
            prop_assert_eq!(p.is_legal(m), listed.contains(&m), "{} {:?}", p, m);
            prop_assert_eq!(p.apply(m).is_ok(), listed.contains(&m));
        }
    }

    #[test]
    fn moves_keep_the_sum_and_raise_the_rank(p in position()) {
        let n = u32::try_from(p.n()).unwrap();
        let index = PositionIndex::new(n).unwrap();
        let r = index.rank(&p).unwrap();
        prop_assert_eq!(index.unrank(r), p.clone());
        for m in p.moves() {
            let child = p.apply(m).unwrap();
            prop_assert_eq!(child.n(), p.n());
            prop_assert!(index.rank(&child).unwrap() > r);
            // Every move removes at most one part, so games end.
            let parts = |q: &ZPosition| q.counts().iter().sum::<u32>();
            prop_assert_eq!(parts(&child) + u32::from(m.removes_part()), parts(&p));
        }
    }

    #[test]
    fn unrank_then_rank_is_the_identity(n in 1u32..400, fraction in 0.0f64..1.0) {
        let index = PositionIndex::new(n).unwrap();
        let r = ((index.count() - 1) as f64 * fraction) as u64;
        prop_assert_eq!(index.rank(&index.unrank(r)), Some(r));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn walk_children_equal_ranks_from_scratch(n in 46u32..110, stride in 1u64..5000) {
        // The unit tests cover every position for n <= 45; here larger games, sampled.
        let index = PositionIndex::new(n).unwrap();
        let mut checked = 0;
        walk(&index, false, |r, children| {
            if r % stride != 0 {
                return;
            }
            let p = index.unrank(r);
            let mut got: Vec<u64> = children.iter().map(|c| c.rank).collect();
            let mut want: Vec<u64> = p.moves().into_iter().map(|m| index.rank(&p.apply(m).unwrap()).unwrap()).collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "n = {n}, {p}");
            for c in children {
                assert_eq!(index.unrank(c.rank), p.apply(c.r#move).unwrap(), "n = {n}, {p}");
            }
            checked += 1;
        });
        prop_assert!(checked > 0);
    }
}

proptest! {
    #[test]
    fn a_reversed_move_is_a_move_taken_back(p in position()) {
        // Every reversed move leads to a position whose Zeckendorf-game move returns here, and
        // every Zeckendorf-game move is taken back by the reversed move that names it.
        for m in ReversedMove::all(&p) {
            let before = m.apply(&p).unwrap();
            prop_assert_eq!(before.n(), p.n());
            prop_assert_eq!(before.apply(m.undoes()).unwrap(), p.clone());
        }
        for m in p.moves() {
            let after = p.apply(m).unwrap();
            prop_assert!(ReversedMove::all(&after).contains(&ReversedMove::undoing(m)));
            prop_assert_eq!(ReversedMove::undoing(m).apply(&after).unwrap(), p.clone());
        }
    }
}
