//! `zgame lengths` and `zgame play-out`: exact game lengths over the position graph, and games
//! where both players follow priority rules.

use zecklab_answers::lengths::{play_out_rules, PlayOutJson};
use zecklab_games::zgame::Rule;

use crate::output::Out;
use crate::progress;

/// Prints the length figures of the game on `n`.
pub fn run_lengths(
    out: &mut Out,
    n: u32,
    with_distribution: bool,
    reversed: bool,
    measure: Option<zecklab_games::zgame::random::Measure>,
    json: bool,
) -> anyhow::Result<()> {
    let bar = progress::bar(0, "positions", &format!("lengths of n = {n}"));
    let report = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let line = zecklab_answers::lengths::lengths_by(n, with_distribution, reversed, measure, report)?;
    let bound = line.bound;
    bar.finish_and_clear();
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
        let which = match line.measure {
            Some("games") => " (every complete game equally likely)",
            Some(_) => " (a uniform choice among the legal moves)",
            None => "",
        };
        out.line(format!(
            "  random play{which}: mean {:.6}, variance {:.6}, P(Player 1 moves last) = {:.6}",
            line.random_mean, line.random_variance, line.random_p1_wins
        ))?;
        if let (Some(m), Some(v)) = (&line.mean_exact, &line.variance_exact) {
            out.line(format!("  exactly: mean {m}, variance {v}"))?;
        }
        out.line(format!("  distinct complete games: {}", zecklab_numeration::grouped_digits(&line.games)))?;
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
    let games: Vec<PlayOutJson> =
        pairings.iter().map(|&(p1, p2)| play_out_rules(n, p1, p2)).collect::<Result<_, _>>()?;
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
