//! `zgame lengths` and `zgame play-out`: exact game lengths over the position graph, and games
//! where both players follow priority rules.

use zecklab_answers::game_lengths::{lengths_of, LengthsAnswer, LengthsRequest};
use zecklab_answers::lengths::{play_out_rules, LengthsJson, PlayOutJson};
use zecklab_answers::solve::SolveGame;

use super::args::LengthsArgs;
use zecklab_games::zgame::Rule;

use crate::output::Out;
use crate::progress;

/// `zgame lengths`: the question goes through the answers' one lengths path; this prints its
/// answer.
pub fn run(out: &mut Out, args: LengthsArgs) -> anyhow::Result<()> {
    let n = args.at.required(args.n)?;
    let variant = args.variant.variant(false)?;
    let game =
        SolveGame::from_options(variant, args.reversed, args.ordered, args.black_hole.map(|m| (m, None)))?;
    let request = LengthsRequest { distribution: args.distribution, measure: args.measure.map(Into::into) };
    let bar = progress::bar(0, "positions", &format!("lengths of n = {n}"));
    let report = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let answer = lengths_of(&game, n, request, report);
    bar.finish_and_clear();
    let answer = answer?;
    if args.json {
        return out.json(&answer);
    }
    match answer {
        LengthsAnswer::Game(line) => print_game(out, n, args.reversed, &line),
        LengthsAnswer::Family(line) => {
            out.line(format!(
                "n = {n}{}: shortest game {} moves, longest {}",
                super::family::describe(&variant),
                line.shortest,
                line.longest
            ))?;
            if let Some(r) = &line.random {
                out.line(format!(
                    "  {} measure: mean {:.6} (exactly {}), variance {:.6}, P(Player 1 moves last) {:.6}; {} complete games",
                    r.measure,
                    r.random_mean,
                    r.mean_exact,
                    r.random_variance,
                    r.random_p1_wins,
                    zecklab_numeration::grouped_digits(&r.games)
                ))?;
            }
            Ok(())
        }
        LengthsAnswer::Ordered(answer) => Ok(out.line(format!(
            "ordered game, n = {n}: shortest game {} moves, longest M(n) = {} ({:.3} n²/2); the long-game strategy's game {} moves ({})",
            answer.shortest,
            answer.longest,
            answer.longest_over_half_square,
            answer.long_game,
            if answer.long_game_is_longest { "attains M(n)" } else { "short of M(n)" }
        ))?),
        LengthsAnswer::BlackHole(answer) => Ok(out.line(format!(
            "black hole on F{}, n = {n} ones: shortest game {} moves, longest {}",
            answer.m, answer.shortest, answer.longest
        ))?),
    }
}

/// The length figures of the game (or the reversed game) on `n`, as text.
fn print_game(out: &mut Out, n: u32, reversed: bool, line: &LengthsJson) -> anyhow::Result<()> {
    let bound = line.bound;
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
        let shape = |v: Option<Option<f64>>| v.flatten().map_or("undefined".into(), |x| format!("{x:.6}"));
        out.line(format!(
            "  length distribution under random play (skewness {}, excess kurtosis {}):",
            shape(line.skewness),
            shape(line.excess_kurtosis)
        ))?;
        for entry in d {
            out.line(format!("    {:>6}  {:.6e}", entry.length, entry.probability))?;
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
