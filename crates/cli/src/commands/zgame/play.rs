//! `zgame play`: a game against perfect play in the terminal, line by line, so it also runs
//! from a pipe (`printf '1+1\nhint\n' | zecklab zgame play --n 10`). The Zeckendorf game in
//! normal play takes moves in its own notations; the family's other members (misère play, other
//! recurrences and rule sets) take a move's number or the move as listed (`1^3 -> 3`).

use std::process::ExitCode;

use zecklab_answers::family::{self as answers, FamilyValues, Variant};
use zecklab_answers::zgame::Values;
use zecklab_games::zgame::{Solution, ZMove, ZPosition};

use super::common::{solve_play_with_progress, MEMORY_LIMIT};
use crate::input;
use crate::prompt::{say, First, Prompt, Turn};

/// Largest n for `zgame play` (the game is solved with remoteness before play starts).
pub const PLAY_LIMIT: u32 = 300;

const HELP: &str =
    "Type a move by the two parts it takes (1+1, 1+2, 2+2, 3+5, ...), its number in the list, \
or the paper's notation ({F2 ∧ F2 -> F1 ∧ F3}); 'hint' shows the winning moves; 'quit' ends the game.";

const FAMILY_HELP: &str = "Type a move's number in the list, or the move as listed (such as 1^2 -> 2); \
'hint' shows the winning moves; 'quit' ends the game.";

/// One legal move with the value of the position it leads to (for the player who then moves).
struct Choice<P> {
    /// The move as listed.
    label: String,
    to: P,
    /// The position it leads to, as listed.
    to_text: String,
    opponent_wins: bool,
    remoteness: u32,
}

/// A game to play: its positions, each position's moves with their values, and how a typed
/// move is read.
trait Playable {
    type Position: Clone + PartialEq;
    fn options(&self, p: &Self::Position) -> anyhow::Result<Vec<Choice<Self::Position>>>;
    /// The index of the typed move among `options`, or what to tell the player.
    fn read_move(
        &self,
        answer: &str,
        p: &Self::Position,
        options: &[Choice<Self::Position>],
    ) -> Result<usize, String>;
    fn show(&self, p: &Self::Position) -> String;
    /// What the end position is, in words.
    fn end(&self, p: &Self::Position) -> String;
}

/// The Zeckendorf game in normal play, from its own solve.
struct Game(Solution);

impl Playable for Game {
    type Position = ZPosition;

    fn options(&self, p: &ZPosition) -> anyhow::Result<Vec<Choice<ZPosition>>> {
        let index = self.0.index();
        Ok(p.moves()
            .into_iter()
            .map(|m| {
                let to = p.apply(m).expect("listed moves are legal");
                let r = index.rank(&to).expect("same game");
                let value = self.0.value(r).expect("solved with remoteness");
                Choice {
                    label: m.to_string(),
                    to_text: to.to_string(),
                    to,
                    opponent_wins: value.outcome.is_win(),
                    remoteness: value.remoteness,
                }
            })
            .collect())
    }

    fn read_move(&self, answer: &str, p: &ZPosition, options: &[Choice<ZPosition>]) -> Result<usize, String> {
        match (answer.parse::<usize>(), ZMove::parse(answer)) {
            (Ok(k), _) => by_number(k, options.len()),
            (Err(_), Ok(m)) => options
                .iter()
                .position(|o| o.label == m.to_string())
                .ok_or(format!("{m} is not legal in {p}.")),
            (Err(_), Err(e)) => Err(format!("{e}. {HELP}")),
        }
    }

    fn show(&self, p: &ZPosition) -> String {
        p.to_string()
    }

    fn end(&self, p: &ZPosition) -> String {
        format!("{p} is the Zeckendorf representation of {}: no moves are left.", p.n())
    }
}

/// A member of the family, from any of its values (a solve or the flat misère sweep).
struct Member<V: FamilyValues>(V);

impl<V: FamilyValues> Playable for Member<V> {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> anyhow::Result<Vec<Choice<Vec<u32>>>> {
        let (rules, index) = (self.0.rules(), self.0.index());
        let mut moves = Vec::new();
        rules.for_each_move(p, |m| moves.push(m));
        let mut options = Vec::new();
        for m in moves {
            let mut to = p.clone();
            rules.apply(&mut to, m);
            let (outcome, remoteness) = self.0.value(index.rank(&to), &to)?;
            options.push(Choice {
                label: rules.describe(m),
                to_text: rules.format(&to),
                to,
                opponent_wins: outcome.is_win(),
                remoteness,
            });
        }
        Ok(options)
    }

    fn read_move(&self, answer: &str, p: &Vec<u32>, options: &[Choice<Vec<u32>>]) -> Result<usize, String> {
        if let Ok(k) = answer.parse::<usize>() {
            return by_number(k, options.len());
        }
        // The move as listed, spacing aside.
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let wanted = squeeze(answer);
        options.iter().position(|o| squeeze(&o.label) == wanted).ok_or_else(|| {
            format!(
                "'{}' is not a legal move in {}. {FAMILY_HELP}",
                zecklab_answers::number::shown(answer),
                self.show(p)
            )
        })
    }

    fn show(&self, p: &Vec<u32>) -> String {
        self.0.rules().format(p)
    }

    fn end(&self, p: &Vec<u32>) -> String {
        format!("{} is the legal decomposition of {}: no moves are left.", self.show(p), self.0.index().n())
    }
}

const ORDERED_HELP: &str = "Type a move's number in the list, or the move as listed (such as 'merge at 2'); \
'hint' shows the winning moves; 'quit' ends the game.";

/// The ordered game, from its solve with remoteness.
struct Ordered(zecklab_ordered::OrderedSolution);

impl Playable for Ordered {
    type Position = zecklab_ordered::OrderedPosition;

    fn options(&self, p: &Self::Position) -> anyhow::Result<Vec<Choice<Self::Position>>> {
        let index = self.0.index();
        Ok(p.moves()
            .into_iter()
            .map(|m| {
                let to = p.apply(m).expect("listed moves are legal");
                let r = index.rank(&to).expect("same game");
                Choice {
                    label: m.to_string(),
                    to_text: to.to_string(),
                    to,
                    opponent_wins: self.0.outcome(r).is_win(),
                    remoteness: self.0.remoteness(r).expect("solved with remoteness"),
                }
            })
            .collect())
    }

    fn read_move(
        &self,
        answer: &str,
        p: &Self::Position,
        options: &[Choice<Self::Position>],
    ) -> Result<usize, String> {
        if let Ok(k) = answer.parse::<usize>() {
            return by_number(k, options.len());
        }
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let wanted = squeeze(answer);
        options.iter().position(|o| squeeze(&o.label) == wanted).ok_or_else(|| {
            format!("'{}' is not a legal move in {p}. {ORDERED_HELP}", zecklab_answers::number::shown(answer))
        })
    }

    fn show(&self, p: &Self::Position) -> String {
        p.to_string()
    }

    fn end(&self, p: &Self::Position) -> String {
        format!("{p} is the Zeckendorf representation of {} in increasing order: no moves are left.", p.n())
    }
}

/// `zgame play --ordered`: the ordered game on n against perfect play.
pub fn play_ordered(n: u32, first: First) -> anyhow::Result<ExitCode> {
    use zecklab_answers::ordered::ORDERED_POSITION_TO;
    input::game_size(n, ORDERED_POSITION_TO, "zgame play --ordered")?;
    let solution =
        zecklab_ordered::solve_ordered(n, true, MEMORY_LIMIT).map_err(input::InputError::from_display)?;
    let intro = format!(
        "The ordered Zeckendorf game on n = {n}: a row of {n} ones. A move acts on two neighbours x y (left, right): \
F(i) F(i+1) merge into F(i+2), 1 1 into 2; 2 2 split into 1 3, F(i) F(i) into F(i-2) F(i+1); a pair x > y may be \
switched to y x. Moves are named by their kind and the place of the pair from the left. Whoever makes the last move wins."
    );
    let start = zecklab_ordered::OrderedPosition::start(n);
    run(&Ordered(solution), start, &intro, ORDERED_HELP, false, first)
}

/// Move `k` (1-based) of `count`.
fn by_number(k: usize, count: usize) -> Result<usize, String> {
    if (1..=count).contains(&k) {
        Ok(k - 1)
    } else {
        Err(format!("There is no move {k}: the moves are numbered 1 to {count}."))
    }
}

/// Perfect play: the fastest win, or when every move loses, the one that holds out longest.
fn best<P>(options: &[Choice<P>]) -> &Choice<P> {
    let fastest_win = options.iter().filter(|o| !o.opponent_wins).min_by_key(|o| o.remoteness);
    fastest_win
        .or_else(|| options.iter().max_by_key(|o| o.remoteness))
        .expect("called only where a move exists")
}

/// `zgame play --n N` of the Zeckendorf game or, with a variant, of that member of the family.
pub fn play(n: u32, first: First, variant: &Variant) -> anyhow::Result<ExitCode> {
    input::game_size(n, PLAY_LIMIT, "zgame play")?;
    if variant.is_zeckendorf() && !variant.named {
        let solution = solve_play_with_progress(n, true, false)?;
        let intro = format!(
            "The Zeckendorf game on n = {n}: {n} copies of F1 = 1. Combine F(i-1) and F(i) into F(i+1), two 1s into a 2, \
split two 2s into 1 and 3, or two F(i) into F(i-2) and F(i+1). Whoever makes the last move wins."
        );
        return run(&Game(solution), ZPosition::start(n).expect("n >= 1"), &intro, HELP, false, first);
    }
    if variant.recurrence == zecklab_games::zgame::family::Recurrence::FIBONACCI && variant.misere {
        // The misère Zeckendorf game: the game's own flat sweep.
        let solution = solve_play_with_progress(n, true, true)?;
        let values = answers::GameValues::new(Values::Solved(&solution))?;
        let intro = intro(variant, n, values.rules().terms());
        let start = values.index().unrank(0);
        return run(&Member(values), start, &intro, FAMILY_HELP, true, first);
    }
    let solution = answers::solve(variant, n, false, MEMORY_LIMIT)?;
    let intro = intro(variant, n, solution.rules().terms());
    let start = solution.index().unrank(0);
    run(&Member(solution), start, &intro, FAMILY_HELP, variant.misere, first)
}

/// The opening lines of a member of the family.
fn intro(variant: &Variant, n: u32, terms: &[u64]) -> String {
    let terms: Vec<String> = terms.iter().map(ToString::to_string).collect();
    if variant.recurrence == zecklab_games::zgame::family::Recurrence::FIBONACCI {
        return format!(
            "The misère Zeckendorf game on n = {n}: {n} copies of F1 = 1 (the Fibonacci numbers up to n: {}), the \
moves of the game itself. Whoever makes the last move loses.",
            terms.join(", ")
        );
    }
    let last = if variant.misere {
        "Whoever makes the last move loses (misère play)."
    } else {
        "Whoever makes the last move wins."
    };
    format!(
        "The game on n = {n} with the recurrence {} (rules {}): {n} copies of G1 = 1, the terms being {}. Each move \
replaces parts by others of the same sum, by an identity of the sequence. {last}",
        variant.recurrence,
        variant.rules.name(),
        terms.join(", ")
    )
}

/// Plays from `start` until the end or the player quits.
fn run<G: Playable>(
    game: &G,
    start: G::Position,
    intro: &str,
    help: &str,
    misere: bool,
    first: First,
) -> anyhow::Result<ExitCode> {
    let mut position = start.clone();
    let mut prompt = Prompt::new();
    say(intro)?;
    say(help)?;
    let mut human_turn = first == First::Me;
    loop {
        let options = game.options(&position)?;
        if options.is_empty() {
            say(game.end(&position))?;
            say(match (human_turn, position == start, misere) {
                (true, true, false) => "You cannot move, so you lose: the player to move with no move loses.",
                (false, true, false) => "The computer cannot move, so it loses: you win!",
                (true, false, false) => "The computer made the last move and wins.",
                (false, false, false) => "You made the last move: you win!",
                (true, true, true) => {
                    "You cannot move: in misère play the player with no move wins. You win!"
                }
                (false, true, true) => "The computer cannot move: in misère play that means it wins.",
                (true, false, true) => "The computer made the last move, so it loses: you win!",
                (false, false, true) => "You made the last move, so you lose (misère play).",
            })?;
            return Ok(ExitCode::SUCCESS);
        }
        if !human_turn {
            let choice = best(&options);
            say(format!("computer plays {}, leaving {}.", choice.label, choice.to_text))?;
            position = choice.to.clone();
            human_turn = true;
            continue;
        }
        say(format!("position: {}", game.show(&position)))?;
        for (k, o) in options.iter().enumerate() {
            say(format!("  {}) {}  -> {}", k + 1, o.label, o.to_text))?;
        }
        let answer = match prompt.turn("your move > ", help)? {
            Turn::InputEnded => return Ok(ExitCode::from(2)),
            Turn::Quit => return Ok(ExitCode::SUCCESS),
            Turn::AskAgain => continue,
            Turn::Hint => {
                let winning: Vec<String> = options
                    .iter()
                    .filter(|o| !o.opponent_wins)
                    .map(|o| format!("{} (wins in {} more moves)", o.label, o.remoteness + 1))
                    .collect();
                if winning.is_empty() {
                    let longest = best(&options);
                    say(format!(
                        "You are losing against perfect play: every move loses. {} holds out longest ({} more moves).",
                        longest.label,
                        longest.remoteness + 1
                    ))?;
                } else {
                    say(format!("You are winning. Winning moves: {}", winning.join(", ")))?;
                }
                continue;
            }
            Turn::Move(answer) => answer,
        };
        match game.read_move(&answer, &position, &options) {
            Ok(k) => {
                say(format!("you play {}, leaving {}.", options[k].label, options[k].to_text))?;
                position = options[k].to.clone();
                human_turn = false;
            }
            Err(message) => say(message)?,
        }
    }
}
