//! The black-hole games as answers: a solved start (`zgame solve --black-hole`), one position with
//! every move's value (`zgame position --black-hole`), the lengths from n ones (`zgame lengths
//! --black-hole`), the winners of the starts with pieces on the outermost columns
//! (`zgame black-hole-table`), and the one reading of the pre-game computed here.

use serde::Serialize;
use zecklab_games::zgame::black_hole::{pregame_one_at_a_time, solve_black_hole, BlackHole, HoleSolution};
use zecklab_games::Outcome;
use zecklab_games::Winner;

use crate::moves::{sort_best_first, MoveJson};
use crate::zgame::ZgameSolve;
use crate::AnswerError;

/// The most positions a black-hole start may reach here.
pub const BLACK_HOLE_POSITIONS: usize = 20_000_000;
/// The reading of the pre-game that `--pregame one-at-a-time` computes, as its JSON names it.
pub const ONE_AT_A_TIME: &str =
    "one piece a turn on F_1 or F_(M-1), Player 1 placing first; the decomposition then starts with Player 1";

/// The rules with the hole on `F_m`.
///
/// # Errors
/// [`AnswerError::Invalid`] for `m` outside 2 to 40.
pub fn rules(m: usize) -> Result<BlackHole, AnswerError> {
    BlackHole::new(m).map_err(AnswerError::invalid)
}

/// The counts as text, `"4 0 3"`.
pub fn counts_text(counts: &[u32]) -> String {
    counts.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

fn solve(rules: BlackHole, start: &[u32]) -> Result<HoleSolution, AnswerError> {
    solve_black_hole(rules, start, BLACK_HOLE_POSITIONS).map_err(|e| AnswerError::TooLarge(e.to_string()))
}

/// `zgame solve --black-hole --json`: the line of `zgame solve`, with the variant, the hole and the
/// start.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BlackHoleSolveJson {
    #[serde(flatten)]
    pub solve: ZgameSolve,
    /// `"black-hole"`.
    pub variant: &'static str,
    /// The hole sits on `F_m`.
    pub m: usize,
    /// The start's counts `c_1 .. c_(m-1)`.
    pub start: String,
}

/// Solves the black-hole game on `start` (its value is `n`, or `n` ones when the start is
/// `rules.start(n)`).
///
/// # Errors
/// [`AnswerError::TooLarge`] past [`BLACK_HOLE_POSITIONS`].
pub fn black_hole_solve(rules: BlackHole, start: &[u32]) -> Result<BlackHoleSolveJson, AnswerError> {
    let began = std::time::Instant::now();
    let solution = solve(rules, start)?;
    let value = solution.value(start).expect("the start is reached");
    let n: u64 =
        start.iter().enumerate().map(|(i, &c)| u64::from(c) * zecklab_numeration::fib::FIB_U64[i + 1]).sum();
    let solve = ZgameSolve {
        n: u32::try_from(n)
            .map_err(|_| AnswerError::TooLarge(format!("the start is worth {n}, too large")))?,
        positions: solution.positions(),
        p_positions: solution.p_positions(),
        winner: Winner::of_start(Outcome::win_if(value.win)),
        remoteness: Some(value.remoteness),
        seconds: began.elapsed().as_secs_f64(),
        engine: crate::zgame::Engine::Flat,
        saved: None,
        tiers: None,
    };
    Ok(BlackHoleSolveJson { solve, variant: "black-hole", m: rules.m(), start: counts_text(start) })
}

/// `zgame position --black-hole --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlackHolePositionJson {
    /// The counts `c_1 .. c_(m-1)`.
    pub position: String,
    pub variant: &'static str,
    pub m: usize,
    pub outcome: &'static str,
    pub remoteness: u32,
    pub terminal: bool,
    /// Every move, best first; `to` the counts after it.
    pub moves: Vec<MoveJson>,
}

/// The value of the counts `text` and of every move from them.
///
/// # Errors
/// [`AnswerError`] for malformed counts or a start too large.
pub fn black_hole_position(rules: BlackHole, text: &str) -> Result<BlackHolePositionJson, AnswerError> {
    let counts = rules.parse(text).map_err(AnswerError::invalid)?;
    let solution = solve(rules, &counts)?;
    let mut moves: Vec<MoveJson> = rules
        .moves(&counts)
        .into_iter()
        .map(|(m, child)| {
            let v = solution.value(&child).expect("every child is reached");
            MoveJson::new(m.to_string(), counts_text(&child), Outcome::win_if(v.win), Some(v.remoteness))
        })
        .collect();
    sort_best_first(&mut moves);
    let value = solution.value(&counts).expect("the start");
    Ok(BlackHolePositionJson {
        position: counts_text(&counts),
        variant: "black-hole",
        m: rules.m(),
        outcome: Outcome::win_if(value.win).as_str(),
        remoteness: value.remoteness,
        terminal: moves.is_empty(),
        moves,
    })
}

/// `zgame lengths --black-hole --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlackHoleLengthsJson {
    pub n: u32,
    pub variant: &'static str,
    pub m: usize,
    /// The shortest and longest games from n ones.
    pub shortest: u32,
    pub longest: u32,
}

/// The shortest and longest games from n ones.
///
/// # Errors
/// As [`black_hole_solve`].
pub fn black_hole_lengths(rules: BlackHole, n: u32) -> Result<BlackHoleLengthsJson, AnswerError> {
    let start = rules.start(n);
    let solution = solve(rules, &start)?;
    let value = solution.value(&start).expect("the start");
    Ok(BlackHoleLengthsJson {
        n,
        variant: "black-hole",
        m: rules.m(),
        shortest: value.shortest,
        longest: value.longest,
    })
}

/// `zgame black-hole-table --json`: one start with pieces on `F_1` and `F_(m-1)` only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlackHoleTableJson {
    pub m: usize,
    /// Pieces on `F_1`.
    pub ones: u32,
    /// Pieces on `F_(m-1)`.
    pub outer: u32,
    pub start: String,
    pub winner: Winner,
    pub remoteness: u32,
}

/// The start `(ones, 0, .., 0, outer)` (at m = 2 the two columns are one: its pieces add up).
///
/// # Errors
/// As [`black_hole_solve`].
pub fn black_hole_table_entry(
    rules: BlackHole,
    ones: u32,
    outer: u32,
) -> Result<BlackHoleTableJson, AnswerError> {
    let mut start = vec![0u32; rules.columns()];
    start[0] += ones;
    *start.last_mut().expect("a column") += outer;
    let solution = solve(rules, &start)?;
    let value = solution.value(&start).expect("the start");
    Ok(BlackHoleTableJson {
        m: rules.m(),
        ones,
        outer,
        start: counts_text(&start),
        winner: Winner::of_start(Outcome::win_if(value.win)),
        remoteness: value.remoteness,
    })
}

/// `zgame black-hole-table --pregame one-at-a-time --json`: one n.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PregameJson {
    pub m: usize,
    /// Pieces placed.
    pub n: u32,
    /// The reading of the pre-game (the paper's rules for it are not known).
    pub reading: &'static str,
    /// Who wins the whole game (placement, then decomposition) under that reading.
    pub winner: Winner,
    /// How many of the n + 1 ways the placements can end are Player 1's decompositions.
    pub player_one_ends: u32,
}

/// The pre-game with `n` pieces under the one-at-a-time reading.
///
/// # Errors
/// As [`black_hole_solve`].
pub fn pregame(rules: BlackHole, n: u32) -> Result<PregameJson, AnswerError> {
    let pregame = pregame_one_at_a_time(rules, n, BLACK_HOLE_POSITIONS)
        .map_err(|e| AnswerError::TooLarge(e.to_string()))?;
    Ok(PregameJson {
        m: rules.m(),
        n,
        reading: ONE_AT_A_TIME,
        winner: Winner::of_start(Outcome::win_if(pregame.player_one_wins)),
        player_one_ends: pregame.ends.iter().filter(|e| e.player_one_wins).count() as u32,
    })
}
