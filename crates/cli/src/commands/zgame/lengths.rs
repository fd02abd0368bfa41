//! `zgame lengths` and `zgame play-out`: exact game lengths over the position graph, and games
//! where both players follow priority rules.

use serde::Serialize;
use zecklab_games::zgame::{length_distribution, lengths, play_out, reversed_lengths, theorem_bound, Rule};

use crate::input::{self, InputError};
use crate::output::Out;
use crate::progress;

/// Largest n for `zgame lengths` (per-position exact game counts).
pub const LENGTHS_LIMIT: u32 = 250;
/// Largest n for `zgame lengths --distribution` (a probability vector held per position:
/// 7.2 GB at n = 250).
pub const DISTRIBUTION_LIMIT: u32 = 250;

/// One game length and its probability under random play.
#[derive(Serialize)]
struct LengthProbability {
    length: u32,
    probability: f64,
}

/// Prints the length figures of the game on `n`.
pub fn run_lengths(
    out: &mut Out,
    n: u32,
    with_distribution: bool,
    reversed: bool,
    json: bool,
) -> anyhow::Result<()> {
    input::game_size(n, LENGTHS_LIMIT, "zgame lengths")?;
    if with_distribution {
        input::game_size(n, DISTRIBUTION_LIMIT, "zgame lengths --distribution")?;
    }
    let bar = progress::bar(0, "positions", &format!("lengths of n = {n}"));
    let report = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let l = if reversed { reversed_lengths(n, report) } else { lengths(n, report) }
        .ok_or_else(|| InputError(format!("n = {n} is too large")))?;
    let bound = theorem_bound(n);
    // Priority rules name the Zeckendorf game's moves; the reversed game has none of them.
    let same = |r: Rule| (!reversed).then(|| play_out(n, r, r));
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
        #[serde(skip_serializing_if = "Option::is_none")]
        combine_largest: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        split_largest: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        split_smallest: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        combine_smallest: Option<u64>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        reversed: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        skewness: Option<Option<f64>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        excess_kurtosis: Option<Option<f64>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        distribution: Option<Vec<LengthProbability>>,
    }
    let distribution = if with_distribution {
        bar.set_message(format!("length distribution of n = {n}"));
        Some(length_distribution(n, report).ok_or_else(|| InputError(format!("n = {n} is too large")))?)
    } else {
        None
    };
    bar.finish_and_clear();
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
        reversed,
        skewness: distribution.as_ref().map(|d| d.skewness()),
        excess_kurtosis: distribution.as_ref().map(|d| d.excess_kurtosis()),
        distribution: distribution.as_ref().map(|d| {
            d.iter().map(|(length, probability)| LengthProbability { length, probability }).collect()
        }),
    };
    if json {
        out.json(&line)?;
    } else {
        out.line(format!(
            "{} on n = {n}: shortest {} moves, longest {} (Theorem 1.3 bound {}, {})",
            if reversed { "reversed game" } else { "game" },
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
        if let (Some(a), Some(b), Some(c), Some(d)) =
            (line.combine_largest, line.split_largest, line.split_smallest, line.combine_smallest)
        {
            out.line(format!(
                "  deterministic games: combine-largest {a}, split-largest {b}, split-smallest {c}, combine-smallest {d}"
            ))?;
        }
        if let Some(d) = &line.distribution {
            let shape =
                |v: Option<Option<f64>>| v.flatten().map_or("undefined".into(), |x| format!("{x:.6}"));
            out.line(format!(
                "  length distribution under random play (skewness {}, excess kurtosis {}):",
                shape(line.skewness),
                shape(line.excess_kurtosis)
            ))?;
            for entry in d {
                out.line(format!("    {:>6}  {:.6e}", entry.length, entry.probability))?;
            }
        }
    }
    Ok(())
}

/// Plays out the game on `n` for each pairing of priority rules (Player 1's, Player 2's); as a
/// table of lengths when `table`.
pub fn run_play_out(
    out: &mut Out,
    n: u32,
    pairings: &[(Rule, Rule)],
    table: bool,
    json: bool,
) -> anyhow::Result<()> {
    if n == 0 {
        return Err(InputError::from_display("invalid n = 0: the game needs n >= 1"));
    }
    #[derive(Serialize)]
    struct PlayOutJson {
        n: u32,
        p1: &'static str,
        p2: &'static str,
        length: u64,
        winner: &'static str,
    }
    let games: Vec<PlayOutJson> = pairings
        .iter()
        .map(|&(p1, p2)| {
            let length = play_out(n, p1, p2);
            let winner = if length % 2 == 1 { "P1" } else { "P2" };
            PlayOutJson { n, p1: p1.name(), p2: p2.name(), length, winner }
        })
        .collect();
    if json {
        for g in &games {
            out.json(g)?;
        }
    } else if table {
        out.line(format!("n = {n}: game length and the player who moves last; Player 1's rule by row, Player 2's by column"))?;
        let width = Rule::ALL.iter().map(|r| r.name().len()).max().unwrap_or(0);
        let mut header = format!("{:width$}", "");
        for r in Rule::ALL {
            header.push_str(&format!("  {:>width$}", r.name()));
        }
        out.line(header)?;
        for row in games.chunks(Rule::ALL.len()) {
            let mut line = format!("{:width$}", row[0].p1);
            for g in row {
                line.push_str(&format!("  {:>width$}", format!("{} {}", g.length, g.winner)));
            }
            out.line(line)?;
        }
    } else {
        for g in &games {
            out.line(format!(
                "n = {n}: {} (P1) against {} (P2): {} moves, {} makes the last move",
                g.p1, g.p2, g.length, g.winner
            ))?;
        }
    }
    Ok(())
}
