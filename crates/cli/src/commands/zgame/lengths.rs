//! `zgame lengths` and `zgame play-out`: exact game lengths over the position graph, and games
//! where both players follow priority rules.

use serde::Serialize;
use zecklab_games::zgame::{lengths, play_out, theorem_bound, Rule};

use crate::input::InputError;
use crate::output::Out;

/// Largest n for `zgame lengths` (per-position exact game counts).
pub const LENGTHS_LIMIT: u32 = 250;

/// Prints the length figures of the game on `n`.
pub fn run_lengths(out: &mut Out, n: u32, json: bool) -> anyhow::Result<()> {
    if n == 0 || n > LENGTHS_LIMIT {
        return Err(InputError::from_display(format!(
            "invalid n = {n}: lengths are computed for 1 <= n <= {LENGTHS_LIMIT}"
        )));
    }
    let l = lengths(n).ok_or_else(|| InputError(format!("n = {n} is too large")))?;
    let bound = theorem_bound(n);
    let same = |r: Rule| play_out(n, r, r);
    #[derive(Serialize)]
    struct LengthsJson {
        n: u32,
        shortest: u32,
        longest: u32,
        bound: u64,
        bound_sharp: bool,
        random_mean: f64,
        random_variance: f64,
        random_p1_wins: f64,
        games: String,
        combine_largest: u64,
        split_largest: u64,
        split_smallest: u64,
        combine_smallest: u64,
    }
    let line = LengthsJson {
        n,
        shortest: l.shortest,
        longest: l.longest,
        bound,
        bound_sharp: u64::from(l.longest) == bound,
        random_mean: l.random_mean,
        random_variance: l.random_variance,
        random_p1_wins: l.random_p1_wins,
        games: l.games.to_string(),
        combine_largest: same(Rule::CombineLargest),
        split_largest: same(Rule::SplitLargest),
        split_smallest: same(Rule::SplitSmallest),
        combine_smallest: same(Rule::CombineSmallest),
    };
    if json {
        out.json(&line)?;
    } else {
        out.line(format!(
            "game on n = {n}: shortest {} moves, longest {} (Theorem 1.3 bound {}, {})",
            line.shortest,
            line.longest,
            bound,
            if line.bound_sharp { "sharp" } else { "not sharp" }
        ))?;
        out.line(format!(
            "  random play: mean {:.6}, variance {:.6}, P(Player 1 moves last) = {:.6}",
            line.random_mean, line.random_variance, line.random_p1_wins
        ))?;
        out.line(format!("  distinct complete games: {}", line.games))?;
        out.line(format!(
            "  deterministic games: combine-largest {}, split-largest {}, split-smallest {}, combine-smallest {}",
            line.combine_largest, line.split_largest, line.split_smallest, line.combine_smallest
        ))?;
    }
    Ok(())
}

/// Plays out the game on `n` with both players following priority rules.
pub fn run_play_out(out: &mut Out, n: u32, p1: Rule, p2: Rule, json: bool) -> anyhow::Result<()> {
    if n == 0 {
        return Err(InputError::from_display("invalid n = 0: the game needs n >= 1"));
    }
    let length = play_out(n, p1, p2);
    let winner = if length % 2 == 1 { "P1" } else { "P2" };
    if json {
        #[derive(Serialize)]
        struct PlayOutJson {
            n: u32,
            p1: &'static str,
            p2: &'static str,
            length: u64,
            winner: &'static str,
        }
        out.json(&PlayOutJson { n, p1: p1.name(), p2: p2.name(), length, winner })?;
    } else {
        out.line(format!(
            "n = {n}: {p1} (P1) against {p2} (P2): {length} moves, {winner} makes the last move"
        ))?;
    }
    Ok(())
}
