//! `zgame play`: a game against perfect play in the terminal, line by line, so it also runs
//! from a pipe (`printf '1+1\nhint\n' | zecklab zgame play --n 10`).

use std::process::ExitCode;

use zecklab_games::zgame::{Solution, ZMove, ZPosition};

use super::solve::solve_with_progress;
use crate::input;
use crate::prompt::{say, First, Prompt, Turn};

/// Largest n for `zgame play` (the game is solved with remoteness before play starts).
pub const PLAY_LIMIT: u32 = 300;

const HELP: &str =
    "Type a move by the two parts it takes (1+1, 1+2, 2+2, 3+5, ...), its number in the list, \
or the paper's notation ({F2 ∧ F2 -> F1 ∧ F3}); 'hint' shows the winning moves; 'quit' ends the game.";

/// One legal move with the value of the position it leads to (for the player who then moves).
struct Choice {
    r#move: ZMove,
    to: ZPosition,
    opponent_wins: bool,
    remoteness: u32,
}

fn choices(solution: &Solution, p: &ZPosition) -> Vec<Choice> {
    let index = solution.index();
    p.moves()
        .into_iter()
        .map(|m| {
            let to = p.apply(m).expect("listed moves are legal");
            let r = index.rank(&to).expect("same game");
            let value = solution.value(r).expect("solved with remoteness");
            Choice { r#move: m, to, opponent_wins: value.outcome.is_win(), remoteness: value.remoteness }
        })
        .collect()
}

/// Perfect play: the fastest win, or when every move loses, the one that holds out longest.
fn best(options: &[Choice]) -> &Choice {
    let fastest_win = options.iter().filter(|o| !o.opponent_wins).min_by_key(|o| o.remoteness);
    fastest_win
        .or_else(|| options.iter().max_by_key(|o| o.remoteness))
        .expect("called only where a move exists")
}

pub fn play(n: u32, first: First) -> anyhow::Result<ExitCode> {
    input::game_size(n, PLAY_LIMIT, "zgame play")?;
    let solution = solve_with_progress(n, true)?;
    let mut position = ZPosition::start(n).expect("n >= 1");
    let mut prompt = Prompt::new();
    say(format!(
        "The Zeckendorf game on n = {n}: {n} copies of F1 = 1. Combine F(i-1) and F(i) into F(i+1), two 1s into a 2, \
split two 2s into 1 and 3, or two F(i) into F(i-2) and F(i+1). Whoever makes the last move wins."
    ))?;
    say(HELP)?;
    let mut human_turn = first == First::Me;
    loop {
        let options = choices(&solution, &position);
        if options.is_empty() {
            say(format!("{position} is the Zeckendorf representation of {n}: no moves are left."))?;
            say(match (human_turn, position == ZPosition::start(n).expect("n >= 1")) {
                (true, true) => "You cannot move, so you lose: the player to move with no move loses.",
                (false, true) => "The computer cannot move, so it loses: you win!",
                (true, false) => "The computer made the last move and wins.",
                (false, false) => "You made the last move: you win!",
            })?;
            return Ok(ExitCode::SUCCESS);
        }
        if !human_turn {
            let choice = best(&options);
            say(format!("computer plays {}, leaving {}.", choice.r#move, choice.to))?;
            position = choice.to.clone();
            human_turn = true;
            continue;
        }
        say(format!("position: {position}"))?;
        for (k, o) in options.iter().enumerate() {
            say(format!("  {}) {}  -> {}", k + 1, o.r#move, o.to))?;
        }
        let answer = match prompt.turn("your move > ", HELP)? {
            Turn::InputEnded => return Ok(ExitCode::from(2)),
            Turn::Quit => return Ok(ExitCode::SUCCESS),
            Turn::AskAgain => continue,
            Turn::Hint => {
                let winning: Vec<String> = options
                    .iter()
                    .filter(|o| !o.opponent_wins)
                    .map(|o| format!("{} (wins in {} more moves)", o.r#move, o.remoteness + 1))
                    .collect();
                if winning.is_empty() {
                    let longest = best(&options);
                    say(format!(
                        "You are losing against perfect play: every move loses. {} holds out longest ({} more moves).",
                        longest.r#move,
                        longest.remoteness + 1
                    ))?;
                } else {
                    say(format!("You are winning. Winning moves: {}", winning.join(", ")))?;
                }
                continue;
            }
            Turn::Move(answer) => answer,
        };
        let chosen = match (answer.parse::<usize>(), ZMove::parse(&answer)) {
            (Ok(k), _) if (1..=options.len()).contains(&k) => Some(k - 1),
            (Ok(k), _) => {
                say(format!("There is no move {k}: the moves are numbered 1 to {}.", options.len()))?;
                None
            }
            (Err(_), Ok(m)) => {
                let k = options.iter().position(|o| o.r#move == m);
                if k.is_none() {
                    say(format!("{m} is not legal in {position}."))?;
                }
                k
            }
            (Err(_), Err(e)) => {
                say(format!("{e}. {HELP}"))?;
                None
            }
        };
        if let Some(k) = chosen {
            say(format!("you play {}, leaving {}.", options[k].r#move, options[k].to))?;
            position = options[k].to.clone();
            human_turn = false;
        }
    }
}
