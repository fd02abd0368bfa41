//! `zecklab zgame position`: one position of any game of the family and every move's value.
//! The question goes through the answers' one position path (which game, which table, how it
//! is solved, the on-demand limits); this module only supplies the store and the progress bar,
//! and prints the answer.

use zecklab_answers::position::{
    open_table, solve_table, PositionAnswer, PositionGame, PositionQuestion, TableNeed,
};
use zecklab_answers::solve::Control;
use zecklab_games::zgame::SolvePlan;
use zecklab_numeration::grouped;

use super::args::PositionArgs;
use super::common::solve_failed;
use super::family::describe;
use super::stored::{print_line, print_moves_and_line};
use crate::output::Out;
use crate::progress;

/// Positions a second that the flat solve with remoteness settles on two cores (measured: the
/// game on 400 in about a minute on a 2-vCPU Xeon); only for the estimate said before a solve.
const SOLVED_PER_SECOND: f64 = 20e6;

/// `zgame position`.
pub fn run(out: &mut Out, args: PositionArgs, store: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    let variant = args.variant.variant(args.misere)?;
    let game =
        PositionGame::from_options(variant, args.grundy, args.reversed, args.ordered, args.black_hole)?;
    let question = PositionQuestion::parse(game, &args.position, args.line)?;
    let answer = answer(&question, store)?;
    if args.json {
        return out.json(&answer);
    }
    print(out, &question, &answer)
}

/// The answer to `question`: from the store when it holds the table, else solved with a bar.
pub fn answer(
    question: &PositionQuestion,
    store: Option<std::path::PathBuf>,
) -> anyhow::Result<PositionAnswer> {
    let need = question.needs();
    let stored = match (&need, super::stored::store(store).ok()) {
        (TableNeed::Game { .. } | TableNeed::Family { .. }, Some(store)) => open_table(&need, &store)?,
        _ => None,
    };
    let table = match stored {
        Some(table) => table,
        None => {
            say_when_large(&need);
            let bar = progress::bar(0, "positions", &solving_label(&need));
            let moved = |done, total| {
                bar.set_length(total);
                bar.set_position(done);
            };
            let solved = solve_table(&need, &mut Control::new().with_progress(&moved));
            bar.finish_and_clear();
            solved.map_err(solve_failed)?
        }
    };
    Ok(question.answer(table.table())?)
}

/// What the bar says while the table is solved.
fn solving_label(need: &TableNeed) -> String {
    let n = need.n();
    match need {
        TableNeed::Reversed { .. } => format!("solving the reversed game on n = {n}"),
        TableNeed::Ordered { .. } => format!("solving the ordered game on n = {n}"),
        _ => format!("solving n = {n}"),
    }
}

/// Says before a long solve of the game why one answer takes a while, and how to make the next
/// one instant.
fn say_when_large(need: &TableNeed) {
    let TableNeed::Game { n } = *need else { return };
    let Ok(plan) = SolvePlan::new(n) else { return };
    if plan.positions > 10_000_000 && n <= need.solved_to() {
        let estimate = plan.positions as f64 / SOLVED_PER_SECOND;
        eprintln!(
            "the game on n = {n} is not in the store: this answer solves all {} of its positions first, {} on two cores; `zecklab zgame solve --n {n} --save` stores it once, and later answers about it are instant",
            grouped(plan.positions),
            about_seconds(estimate)
        );
    }
}

/// A duration estimate in words: "about 40 s", "about 3 minutes".
fn about_seconds(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("about {:.0} s", (seconds / 5.0).ceil() * 5.0)
    } else {
        format!("about {:.0} minutes", (seconds / 60.0).round())
    }
}

/// The answer as text: the position's value, then every move best first (and the line, if
/// asked).
fn print(out: &mut Out, question: &PositionQuestion, answer: &PositionAnswer) -> anyhow::Result<()> {
    let rem = |r: Option<u32>| r.map_or("?".into(), |v| v.to_string());
    match (question.game(), answer) {
        (PositionGame::Reversed, PositionAnswer::Game(p)) => {
            out.line(format!(
                "{} (reversed game on n = {}): a {} for the player to move, remoteness {}",
                p.position,
                p.n,
                p.outcome,
                rem(p.remoteness)
            ))?;
            if p.terminal {
                out.line("  no moves: every part is 1; the previous player made the last move")?;
            }
            print_moves_and_line(out, p)
        }
        (_, PositionAnswer::Game(p)) => {
            out.line(format!(
                "{} (n = {}): a {} for the player to move, remoteness {} [{}]",
                p.position,
                p.n,
                p.outcome,
                rem(p.remoteness),
                if p.source == "store" { "from the store" } else { "solved now" }
            ))?;
            if p.terminal {
                out.line(
                    "  no moves: this is the Zeckendorf representation; the previous player made the last move",
                )?;
            }
            print_moves_and_line(out, p)
        }
        (game, PositionAnswer::Family(answer)) => {
            let variant = match game {
                PositionGame::Family { variant, .. } => *variant,
                _ => zecklab_answers::family::Variant::ZECKENDORF,
            };
            let p = &answer.position;
            let grundy = answer.grundy.map_or(String::new(), |g| format!(", Grundy value {g}"));
            out.line(format!(
                "{} (n = {}{}): a {} for the player to move, remoteness {}{grundy}",
                p.position,
                p.n,
                describe(&variant).replace(" (", ", ").trim_end_matches(')'),
                p.outcome,
                p.remoteness.unwrap_or(0)
            ))?;
            if p.terminal {
                let who = if variant.misere {
                    "the previous player made the last move and loses"
                } else {
                    "the previous player made the last move"
                };
                out.line(format!("  no moves: this is the legal decomposition; {who}"))?;
            }
            print_moves_and_line(out, p)
        }
        (_, PositionAnswer::Ordered(answer)) => {
            let remoteness = answer.remoteness.map_or(String::new(), |r| format!(", remoteness {r}"));
            out.line(format!(
                "{} (ordered game, n = {}): a {} for the player to move{remoteness}",
                answer.position, answer.n, answer.outcome
            ))?;
            if answer.terminal {
                out.line("  no move: the game is over")?;
            }
            for m in &answer.moves {
                out.line(super::common::move_line(&m.r#move, &m.to, m.winning, m.remoteness, (16, 24)))?;
            }
            print_line(out, answer.line.as_ref())
        }
        (_, PositionAnswer::BlackHole(answer)) => {
            out.line(format!(
                "{} (black hole on F{}): a {} for the player to move, remoteness {}",
                answer.position, answer.m, answer.outcome, answer.remoteness
            ))?;
            if answer.terminal {
                out.line("  no move: the game is over")?;
            }
            for mv in &answer.moves {
                out.line(super::common::move_line(&mv.r#move, &mv.to, mv.winning, mv.remoteness, (40, 12)))?;
            }
            Ok(())
        }
    }
}
