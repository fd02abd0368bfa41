//! The parity law of complete games: as many of odd as of even length from n ones, for every
//! even n >= 4, decided n by n by a pairing of the games (the lab's `parity` module says why a
//! game-by-game involution that leaves no game unpaired proves it).

use num_bigint::BigInt;
use num_traits::Zero;
use zecklab_lab::parity::{parity_counts, unpaired_game_exists};
use zecklab_reference::random::every_game;

use crate::{Check, Level};

const SOURCE: &str =
    "zecklab's own finding, under the games measure of the random Zeckendorf game paper (arXiv 2210.11038)";

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let enumerated = level.pick(11u32, 14);
    let counted = level.pick(60u32, 120);
    let paired = level.pick(160u32, 300);
    vec![Check::new(
        "zgame-parity-law",
        "For every even n >= 4, the complete games from n ones of odd length are as many as those of even length: the pairing that swaps a game's first 1 + 2 -> 3 (made with at least two ones) or 1 + 1 -> 2 followed by 2 + 2 -> 1 + 3 for the other leaves no game unpaired; for odd n (and n = 2) the law fails and the unpaired games carry the whole signed count",
        SOURCE,
        format!("the signed count against every complete game of every n <= {enumerated}; exact counts for every n <= {counted}; the pairing for every even n <= {paired}"),
        "enumeration; big-integer sweeps of signed and unpaired counts; a two-bit sweep for unpaired games",
        move || check(enumerated, counted, paired),
    )]
}

fn check(enumerated: u32, counted: u32, paired: u32) -> Result<String, String> {
    for n in 1..=enumerated {
        let games = every_game(n);
        let signed: i64 = games.iter().map(|(length, _)| if length % 2 == 0 { 1 } else { -1 }).sum();
        let counts = parity_counts(n).ok_or("n too large")?;
        if counts.signed != BigInt::from(signed) || counts.games != games.len().into() {
            return Err(format!("n = {n}: the sweep's counts differ from the enumeration's"));
        }
    }
    for n in 1..=counted {
        let counts = parity_counts(n).ok_or("n too large")?;
        if counts.signed != counts.unpaired_signed {
            return Err(format!("n = {n}: the paired games do not cancel"));
        }
        let even = n >= 4 && n % 2 == 0;
        if even != counts.signed.is_zero() || even != counts.unpaired.is_zero() {
            return Err(format!(
                "n = {n}: signed count {}, {} unpaired games",
                counts.signed, counts.unpaired
            ));
        }
    }
    for n in (4..=paired).step_by(2) {
        if unpaired_game_exists(n) != Some(false) {
            return Err(format!("n = {n}: some complete game is unpaired"));
        }
    }
    Ok(format!(
        "the law holds at every even n from 4 to {paired}, every game paired; it fails at every odd n to {counted}"
    ))
}
