//! The pushed laws of random play against the enumeration of every complete game.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::One;
use zecklab_games::zgame::random::{game_counts, path_law};
use zecklab_reference::random::every_game;

#[test]
fn both_laws_equal_the_enumeration_of_every_game() {
    // To 16 in `zecklab verify` (check random-laws): the games multiply fast.
    for n in 1..=12 {
        let games = every_game(n);
        let counts = game_counts(n).unwrap();
        let path = path_law(n).unwrap();
        assert_eq!(counts.total(), BigUint::from(games.len()), "n = {n}");
        for (k, c) in counts.counts.iter().enumerate() {
            let length = counts.shortest + k as u32;
            assert_eq!(
                *c,
                BigUint::from(games.iter().filter(|g| g.0 == length).count()),
                "n = {n}, {length}"
            );
        }
        for (length, p) in path.law() {
            let want: BigRational = games.iter().filter(|g| g.0 == length).map(|g| g.1.clone()).sum();
            assert_eq!(p, want, "n = {n}, {length}");
        }
        // Each law sums to 1 exactly.
        assert_eq!(path.law().iter().map(|e| e.1.clone()).sum::<BigRational>(), BigRational::one());
        assert_eq!(counts.law().iter().map(|e| e.1.clone()).sum::<BigRational>(), BigRational::one());
    }
}
