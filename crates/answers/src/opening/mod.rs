//! The game near its start: the outcomes of `1^m ∪ S` (m ones and a small multiset S of larger
//! parts) for every m ([`opening_lines`], `zgame opening`), and Player 2's opening book
//! ([`book`], `zgame book`).
//!
//! Both read many positions of each game on n, so each game is solved once by the layered
//! engine with every layer kept ([`LayeredTable`]), its positions read, and the table dropped
//! before the next n: the memory is one game's outcome bits at a time.

pub mod book;
mod period;
pub mod rule;

use std::time::Instant;

use serde::Serialize;
use zecklab_engines::{layered_table_bytes, LayeredOptions, LayeredTable};
use zecklab_games::zgame::SolveError;
use zecklab_games::Cancel;
use zecklab_numeration::fib::fib_u64;

pub use period::{fit_period, Period, PERIOD_REPEATS};

use crate::solve::SOLVE_MEMORY;
use crate::AnswerError;

/// The largest `m + sum(S)` read: the game on 1000 held whole fits in [`SOLVE_MEMORY`].
pub const OPENING_N_TO: u32 = 1000;

/// The largest `--sum-to`: the multisets of Fibonacci parts of at least 2 summing to at most 40
/// are a few hundred.
pub const OPENING_SUM_TO: u32 = 40;

/// One multiset S: its outcomes at `1^m ∪ S` for every m from 0 to `to`. The JSON line of
/// `zgame opening`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningJson {
    /// S's parts, smallest first.
    pub parts: Vec<u64>,
    /// Character m: `W` when the player to move at `1^m ∪ S` wins, `L` when it loses.
    pub outcomes: String,
    /// The least m from which `period` fits (null where no period fits).
    pub preperiod: Option<usize>,
    /// The least period of at most `(to + 1) / 3` that fits the outcomes from some m on, seen at
    /// least three times (null where none fits).
    pub period: Option<usize>,
    /// The last m.
    pub to: u32,
    /// Seconds from the run's start until this line's last game was read.
    pub seconds: f64,
}

/// Reads `--parts`: Fibonacci numbers of at least 2 separated by spaces or commas, each
/// optionally `VALUE^COUNT`, in any order; repeats add up. The parts are returned smallest first.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the bad part: a 1 (the ones are m's), a number that is not a
/// Fibonacci number, no parts.
pub fn parse_parts(text: &str) -> Result<Vec<u64>, AnswerError> {
    let mut parts = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let (value, count) = token.split_once('^').unwrap_or((token, "1"));
        let number = |t: &str| t.parse::<u64>().ok().filter(|_| t.bytes().all(|b| b.is_ascii_digit()));
        let (Some(value), Some(count)) = (number(value), number(count)) else {
            return Err(AnswerError::Invalid(format!(
                "bad part '{}': expected a Fibonacci number of at least 2, or VALUE^COUNT like '3^2'",
                zecklab_numeration::abbreviate(token)
            )));
        };
        if value == 1 {
            return Err(AnswerError::Invalid(
                "part 1: the ones are the m of 1^m ∪ S; S holds parts of at least 2".into(),
            ));
        }
        if !is_fibonacci(value) {
            return Err(AnswerError::Invalid(format!(
                "part {value} is not a Fibonacci number (2, 3, 5, 8, ...)"
            )));
        }
        if count == 0 || count > u64::from(OPENING_N_TO) {
            return Err(AnswerError::Invalid(format!("part {token}: the count is 1 to {OPENING_N_TO}")));
        }
        parts.extend(std::iter::repeat_n(value, count as usize));
    }
    if parts.is_empty() {
        return Err(AnswerError::Invalid("no parts: name S's parts, like '5' or '2 3 3'".into()));
    }
    parts.sort_unstable();
    Ok(parts)
}

/// Whether `value` is one of the Fibonacci numbers 1, 2, 3, 5, ...
fn is_fibonacci(value: u64) -> bool {
    (1..).map_while(fib_u64).take_while(|&f| f <= value).any(|f| f == value)
}

/// Every multiset of Fibonacci parts of at least 2 with sum at most `sum_to`, by sum and then in
/// lexicographic order of its parts, smallest first.
pub fn multisets_to(sum_to: u32) -> Vec<Vec<u64>> {
    fn extend(from: usize, left: u64, current: &mut Vec<u64>, all: &mut Vec<Vec<u64>>) {
        if !current.is_empty() {
            all.push(current.clone());
        }
        for i in from.. {
            let Some(f) = fib_u64(i).filter(|&f| f <= left) else { break };
            current.push(f);
            extend(i, left - f, current, all);
            current.pop();
        }
    }
    let mut all = Vec::new();
    extend(2, u64::from(sum_to), &mut Vec::new(), &mut all);
    all.sort_by(|a, b| (a.iter().sum::<u64>(), a).cmp(&(b.iter().sum::<u64>(), b)));
    all
}

/// The counts vector (`counts[i - 1]` copies of `F_i`) of `1^ones ∪ parts`.
pub fn counts_of(ones: u32, parts: &[u64]) -> Vec<u32> {
    let mut counts = vec![ones];
    for &p in parts {
        let i = (1..).find(|&i| fib_u64(i) == Some(p)).expect("parts are Fibonacci numbers");
        if counts.len() < i {
            counts.resize(i, 0);
        }
        counts[i - 1] += 1;
    }
    counts
}

/// Solves the games on each n of `ns`, in order, every layer kept, and hands each table to
/// `visit`; one table is held at a time.
///
/// # Errors
/// [`AnswerError::TooLarge`] when a game's table would not fit in [`SOLVE_MEMORY`] (checked for
/// the largest n before any work); `Err(None)` when `cancel` stopped it; `visit`'s own error.
pub fn for_each_game<E: From<AnswerError>>(
    ns: std::ops::RangeInclusive<u32>,
    cancel: &Cancel,
    mut visit: impl FnMut(u32, &LayeredTable) -> Result<(), E>,
) -> Result<(), Option<E>> {
    let last = *ns.end();
    if last > OPENING_N_TO || layered_table_bytes(last).is_none_or(|b| b > SOLVE_MEMORY) {
        return Err(Some(E::from(AnswerError::TooLarge(format!(
            "the game on {last} held whole passes the memory allowed; positions near the start are read up to n = {OPENING_N_TO}"
        )))));
    }
    let options = LayeredOptions { by_parts: false, cancel: cancel.clone(), ..LayeredOptions::default() };
    for n in ns {
        let table = match LayeredTable::kept(n, &options) {
            Ok(table) => table,
            Err(SolveError::Cancelled) => return Err(None),
            Err(e) => return Err(Some(E::from(AnswerError::TooLarge(e.to_string())))),
        };
        visit(n, &table).map_err(Some)?;
    }
    Ok(())
}

/// The outcomes of `1^m ∪ S` for every S of `sets` and m from 0 to `to`: each game on
/// n = m + sum(S) solved once and read for every S. A line goes to `emit` as soon as its last
/// game is read (so lines come by the sum of S); `progress(games read, games in all)` after each
/// game.
///
/// # Errors
/// As [`for_each_game`]; [`AnswerError::Invalid`] for an empty S.
pub fn opening_lines<E: From<AnswerError>>(
    sets: &[Vec<u64>],
    to: u32,
    cancel: &Cancel,
    mut progress: impl FnMut(u32, u32),
    mut emit: impl FnMut(OpeningJson) -> Result<(), E>,
) -> Result<(), Option<E>> {
    let start = Instant::now();
    let sums: Vec<u64> = sets.iter().map(|s| s.iter().sum()).collect();
    if sums.contains(&0) {
        return Err(Some(E::from(AnswerError::Invalid("S has no parts".into()))));
    }
    let Some(&largest) = sums.iter().max() else { return Ok(()) };
    let first = sums.iter().copied().min().unwrap_or(largest);
    if largest + u64::from(to) > u64::from(OPENING_N_TO) {
        return Err(Some(E::from(AnswerError::TooLarge(format!(
            "m + sum(S) reaches {}, past the {OPENING_N_TO} read here: lower --to or the parts",
            largest + u64::from(to)
        )))));
    }
    // Both fit in u32: checked just above.
    let (first, last) = (first as u32, (largest + u64::from(to)) as u32);
    let mut words: Vec<String> = vec![String::with_capacity(to as usize + 1); sets.len()];
    for_each_game(first..=last, cancel, |n, table| {
        for (k, set) in sets.iter().enumerate() {
            let Some(m) = u64::from(n).checked_sub(sums[k]).filter(|&m| m <= u64::from(to)) else { continue };
            let loss = table.is_loss(&counts_of(m as u32, set));
            words[k].push(if loss { 'L' } else { 'W' });
            if m == u64::from(to) {
                let word = std::mem::take(&mut words[k]);
                let fit = fit_period(word.as_bytes());
                emit(OpeningJson {
                    parts: set.clone(),
                    outcomes: word,
                    preperiod: fit.map(|f| f.preperiod),
                    period: fit.map(|f| f.period),
                    to,
                    seconds: start.elapsed().as_secs_f64(),
                })?;
            }
        }
        progress(n - first + 1, last - first + 1);
        Ok(())
    })
}

#[cfg(test)]
mod tests;
