//! `zecklab prove learn`: the automaton of a game's P-positions learned from its solver and then
//! proved, written in Walnut's format.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;
use zecklab_verify::learn::{learn_game, LearnGame};

use crate::input::InputError;
use crate::output::{self, Out};

/// The arguments of `zecklab prove learn`.
#[derive(Args, Debug)]
#[command(
    after_help = "The learner asks the game's solver about single positions (Angluin's L*), and each hypothesis is first tried on a small box of positions, then proved or refuted by the decision procedure: no move leads from the set into it, and every other position has a move into it. A refutation names a position, which the solver classifies for the learner. No rule is typed in. Where no automaton is proved, the solver's answers still tell some representations apart pairwise, and no automaton of the P-positions has fewer states than that (\"lower_bound\").

Tracks (every one msd_fib, in this order; any number of leading all-zero tuples accepted): wythoff (x, y), the P-positions in both orders; fibnim (n, c), heap and cap, a cap of 0 counted a loss; black-hole-3 (a, b) and black-hole-4 (a, b, c), the counts on 1, 2 (and 3), the positions the player to move loses.

JSON: {\"game\",\"tracks\",\"automaton\": \"DIR/GAME.txt\" (black_hole_3.txt for black-hole-3; null when no hypothesis was made),\"states\",\"proved\",\"rounds\",\"seconds\",\"lower_bound\"}, and \"stopped\" saying why when not proved."
)]
pub struct LearnArgs {
    /// The game: wythoff, fibnim, black-hole-3 or black-hole-4.
    #[arg(long, value_parser = ["wythoff", "fibnim", "black-hole-3", "black-hole-4"])]
    pub game: String,
    /// Where to write the automaton (DIR/GAME.txt in Walnut's format, a dash in the game's name
    /// written `_`: `$black_hole_3(a,b)` in a formula with `--library DIR`).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Give up past this many states in a hypothesis.
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub max_states: usize,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct LearnJson {
    game: &'static str,
    tracks: Vec<&'static str>,
    /// Where the automaton was written; null when the learner made no hypothesis.
    automaton: Option<String>,
    states: usize,
    proved: bool,
    rounds: usize,
    seconds: f64,
    lower_bound: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

/// `zecklab prove learn`.
pub fn run(args: LearnArgs) -> anyhow::Result<()> {
    let game = LearnGame::from_name(&args.game)
        .ok_or_else(|| InputError(format!("unknown game '{}'", args.game)))?;
    let report = learn_game(game, args.max_states).map_err(InputError::from_display)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| InputError(format!("cannot create {}: {e}", args.out.display())))?;
    // A name `$NAME(...)` can call from `--library DIR` (no dashes).
    let path = args.out.join(format!("{}.txt", game.name().replace('-', "_")));
    let written = match &report.automaton {
        Some(automaton) => {
            let text = zecklab_automata::walnut_file::write(automaton);
            output::write_file(&path, |w| Ok(w.write_all(text.as_bytes())?))?;
            Some(path.display().to_string())
        }
        None => None,
    };
    let answer = LearnJson {
        game: game.name(),
        tracks: game.tracks().to_vec(),
        automaton: written,
        states: report.states,
        proved: report.proved,
        rounds: report.rounds,
        seconds: report.seconds,
        lower_bound: report.lower_bound,
        stopped: report.stopped.clone(),
    };
    let mut out = Out::new();
    if args.json {
        return out.json(&answer);
    }
    let head = format!("{} ({})", answer.game, answer.tracks.join(", "));
    out.line(match (answer.proved, answer.rounds) {
        (true, rounds) => format!(
            "{head}: the P-positions, learned and proved for every position after {rounds} hypotheses, {} states, {:.2} s",
            answer.states, answer.seconds
        ),
        (false, 0) => format!("{head}: not proved, no hypothesis made, {:.2} s", answer.seconds),
        (false, rounds) => format!(
            "{head}: not proved after {rounds} hypotheses (the last of {} states), {:.2} s",
            answer.states, answer.seconds
        ),
    })?;
    match &answer.stopped {
        Some(why) if answer.lower_bound > 0 => out.line(format!(
            "  {why}: every automaton of the P-positions has at least {} states",
            answer.lower_bound
        ))?,
        Some(why) => out.line(format!("  {why}"))?,
        None => {}
    }
    match &answer.automaton {
        Some(path) => out.line(format!("  written to {path}"))?,
        None => out.line("  no automaton written")?,
    }
    Ok(())
}
