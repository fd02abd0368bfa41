//! Positions of the Zeckendorf game as validated count vectors, their text form in the paper's
//! notation (`1^3 2^2 5^7`, or `{1^3 ∧ 2^2 ∧ 5^7}`), and the legal moves.

use std::fmt;

use zecklab_numeration::fib::{FIB_U64, MAX_INDEX_U64};

/// Why a position or move is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ZgameError {
    /// The text could not be read as a position: the text and what is wrong with it.
    Malformed {
        /// The text (shortened when long).
        text: String,
        /// What is wrong, naming the bad part.
        problem: String,
    },
    /// A part that is not a Fibonacci number (1, 2, 3, 5, 8, ...).
    NotFibonacci(u64),
    /// The position has no parts.
    Empty,
    /// The parts sum past 2^64 - 1.
    TooLarge,
    /// The move cannot be made from this position.
    IllegalMove(String),
    /// The text could not be read as a move.
    MalformedMove(String),
}

impl fmt::Display for ZgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZgameError::Malformed { text, problem } => write!(f, "malformed position '{text}': {problem}"),
            ZgameError::NotFibonacci(p) => {
                write!(f, "invalid part {p}: parts must be Fibonacci numbers 1, 2, 3, 5, 8, ...")
            }
            ZgameError::Empty => f.write_str("empty position: a position needs at least one part"),
            ZgameError::TooLarge => f.write_str("position too large: its parts sum past 2^64 - 1"),
            ZgameError::IllegalMove(m) => write!(f, "illegal move: {m}"),
            ZgameError::MalformedMove(t) => write!(
                f,
                "malformed move '{t}': expected the two parts it takes, like '1+1', '2+3' or '{{F2 ∧ F2 -> F1 ∧ F3}}'"
            ),
        }
    }
}

impl std::error::Error for ZgameError {}

/// A position: `counts[i - 1]` copies of `F_i`, trailing zeros trimmed, summing to `n` with
/// `1 <= n < 2^64` (the constructors refuse larger sums, so [`ZPosition::n`] never overflows).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZPosition {
    counts: Vec<u32>,
}

/// The Fibonacci index a combine or split acts on: at least 2, and low enough that the part it
/// makes (`F(i+1)`) is a 64-bit Fibonacci number. Only [`MoveIndex::new`] makes one, so every
/// [`ZMove`] names a real move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveIndex(u8);

impl MoveIndex {
    /// The largest index a move can act on.
    pub const MAX: usize = MAX_INDEX_U64 - 1;

    /// The index `i`, or `None` unless `2 <= i <= MoveIndex::MAX`.
    pub const fn new(i: usize) -> Option<MoveIndex> {
        if i >= 2 && i <= Self::MAX {
            Some(MoveIndex(i as u8))
        } else {
            None
        }
    }

    /// The index.
    pub const fn get(self) -> usize {
        self.0 as usize
    }
}

/// A move, named by the index it acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ZMove {
    /// `F(i-1) ∧ F(i) -> F(i+1)`.
    Combine(MoveIndex),
    /// `F1 ∧ F1 -> F2`.
    CombineOnes,
    /// `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` for `i >= 3`, or `F2 ∧ F2 -> F1 ∧ F3` for `i = 2`.
    Split(MoveIndex),
}

impl fmt::Display for ZMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ZMove::Combine(i) => {
                let i = i.get();
                write!(f, "{{F{} ∧ F{} -> F{}}}", i - 1, i, i + 1)
            }
            ZMove::CombineOnes => f.write_str("{F1 ∧ F1 -> F2}"),
            ZMove::Split(i) if i.get() == 2 => f.write_str("{F2 ∧ F2 -> F1 ∧ F3}"),
            ZMove::Split(i) => {
                let i = i.get();
                write!(f, "{{F{i} ∧ F{i} -> F{} ∧ F{}}}", i - 2, i + 1)
            }
        }
    }
}

impl ZMove {
    /// `F(i-1) ∧ F(i) -> F(i+1)`, when `i` names such a move.
    pub const fn combine(i: usize) -> Option<ZMove> {
        match MoveIndex::new(i) {
            Some(i) => Some(ZMove::Combine(i)),
            None => None,
        }
    }

    /// `F(i) ∧ F(i) -> F(i-2) ∧ F(i+1)` (or `F2 ∧ F2 -> F1 ∧ F3`), when `i` names such a move.
    pub const fn split(i: usize) -> Option<ZMove> {
        match MoveIndex::new(i) {
            Some(i) => Some(ZMove::Split(i)),
            None => None,
        }
    }

    /// The index the move acts on (1 for `F1 ∧ F1`).
    pub fn index(self) -> usize {
        match self {
            ZMove::CombineOnes => 1,
            ZMove::Combine(i) | ZMove::Split(i) => i.get(),
        }
    }

    /// Reads a move in one of two notations:
    ///
    /// - by the values of the two parts it takes, joined by `+` or white space: `1+1`, `2 2`,
    ///   `3+5`;
    /// - in the paper's notation by indices, `F2 ∧ F2` or `{F2 ∧ F2 -> F1 ∧ F3}` (braces both or
    ///   neither; the right side optional, and when given it must be what the move makes).
    ///
    /// # Errors
    /// [`ZgameError::MalformedMove`] when the text names no move; [`ZgameError::NotFibonacci`]
    /// for a value that is not a Fibonacci number.
    pub fn parse(text: &str) -> Result<ZMove, ZgameError> {
        let malformed = || ZgameError::MalformedMove(zecklab_numeration::abbreviate(text));
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let t = text.trim();
        let (opened, closed) = (t.starts_with('{'), t.ends_with('}'));
        if opened != closed || (opened && t.len() < 2) {
            return Err(malformed());
        }
        let inner = if opened { t[1..t.len() - 1].trim() } else { t };
        let taken: Vec<usize> = if inner.contains('F') {
            // The paper's notation: `F<i> ∧ F<i>`, then optionally `-> F<j> [∧ F<k>]`.
            let indices = |side: &str| -> Result<Vec<usize>, ZgameError> {
                let mut out = Vec::new();
                for token in side.split('∧').map(str::trim) {
                    let i = token.strip_prefix('F').filter(|i| digits(i)).ok_or_else(malformed)?;
                    let i: usize = i.parse().map_err(|_| malformed())?;
                    out.push(i);
                }
                out.sort_unstable();
                Ok(out)
            };
            let (left, right) = match inner.split_once("->") {
                Some((l, r)) => (l, Some(r)),
                None => (inner, None),
            };
            let taken = indices(left)?;
            if let Some(right) = right {
                let made = indices(right)?;
                let m = ZMove::from_taken(&taken).ok_or_else(malformed)?;
                if made != m.result_indices() {
                    return Err(malformed());
                }
            }
            taken
        } else {
            if opened {
                return Err(malformed());
            }
            let values: Vec<&str> = if inner.contains('+') {
                inner.split('+').map(str::trim).collect()
            } else {
                inner.split_whitespace().collect()
            };
            let mut out = Vec::new();
            for value in values {
                if !digits(value) {
                    return Err(malformed());
                }
                let value: u64 = value.parse().map_err(|_| malformed())?;
                out.push(fibonacci_index(value).ok_or(ZgameError::NotFibonacci(value))?);
            }
            out.sort_unstable();
            out
        };
        ZMove::from_taken(&taken).ok_or_else(malformed)
    }

    /// The move that takes the parts with these indices (sorted), if any does.
    fn from_taken(taken: &[usize]) -> Option<ZMove> {
        match *taken {
            [1, 1] => Some(ZMove::CombineOnes),
            [a, b] if a == b => ZMove::split(a),
            [a, b] if b == a + 1 => ZMove::combine(b),
            _ => None,
        }
    }

    /// Whether the move removes a part (combines do; splits keep the number of parts).
    pub fn removes_part(self) -> bool {
        matches!(self, ZMove::Combine(_) | ZMove::CombineOnes)
    }

    /// The highest index the move touches (the index of the part it makes last).
    pub fn highest_index(self) -> usize {
        match self {
            ZMove::CombineOnes => 2,
            ZMove::Combine(i) | ZMove::Split(i) => i.get() + 1,
        }
    }

    /// The indices of the two parts the move takes, smallest first.
    pub fn taken_indices(self) -> [usize; 2] {
        match self {
            ZMove::CombineOnes => [1, 1],
            ZMove::Combine(i) => [i.get() - 1, i.get()],
            ZMove::Split(i) => [i.get(), i.get()],
        }
    }

    /// The indices of the parts the move makes, smallest first.
    pub fn result_indices(self) -> Vec<usize> {
        match self {
            ZMove::CombineOnes => vec![2],
            ZMove::Combine(i) => vec![i.get() + 1],
            ZMove::Split(i) if i.get() == 2 => vec![1, 3],
            ZMove::Split(i) => vec![i.get() - 2, i.get() + 1],
        }
    }
}

/// The index `i >= 1` with `F_i = value`.
fn fibonacci_index(value: u64) -> Option<usize> {
    FIB_U64[1..].iter().position(|&f| f == value).map(|i| i + 1)
}

impl ZPosition {
    /// The start of the game on `n`: `n` copies of `F1`.
    ///
    /// # Errors
    /// [`ZgameError::Empty`] for `n = 0`.
    pub fn start(n: u32) -> Result<ZPosition, ZgameError> {
        if n == 0 {
            return Err(ZgameError::Empty);
        }
        Ok(ZPosition { counts: vec![n] })
    }

    /// A position from counts (`counts[i - 1]` copies of `F_i`).
    ///
    /// # Errors
    /// [`ZgameError::Empty`] when every count is zero; [`ZgameError::TooLarge`] when the parts
    /// sum past `u64::MAX` or use an index past the largest 64-bit Fibonacci number.
    pub fn from_counts(mut counts: Vec<u32>) -> Result<ZPosition, ZgameError> {
        while counts.last() == Some(&0) {
            counts.pop();
        }
        if counts.is_empty() {
            return Err(ZgameError::Empty);
        }
        if counts.len() >= FIB_U64.len() {
            return Err(ZgameError::TooLarge);
        }
        let sum: u128 =
            counts.iter().enumerate().map(|(i, &c)| u128::from(c) * u128::from(FIB_U64[i + 1])).sum();
        if sum > u128::from(u64::MAX) {
            return Err(ZgameError::TooLarge);
        }
        Ok(ZPosition { counts })
    }

    /// Parses a position in one of the paper's two notations:
    ///
    /// - plain: parts separated by white space, `1^3 2^2 5^7`;
    /// - braced: `{1^3 ∧ 2^2 ∧ 5^7}` (white space around `∧` and inside the braces optional).
    ///
    /// A part is a Fibonacci value (`1, 2, 3, 5, 8, ...`) with an optional count, `VALUE^COUNT`
    /// (`COUNT >= 1`, decimal digits only; a bare `5` means `5^1`). Parts may come in any order;
    /// each value appears once. Anything else (commas, empty parts, signs, unbalanced braces,
    /// repeated values) is refused with a message naming the bad part.
    ///
    /// # Errors
    /// [`ZgameError`] for malformed text, parts that are not Fibonacci numbers, no parts, or a
    /// sum past `2^64 - 1`.
    pub fn parse(text: &str) -> Result<ZPosition, ZgameError> {
        let malformed =
            |problem: String| ZgameError::Malformed { text: zecklab_numeration::abbreviate(text), problem };
        let trimmed = text.trim();
        let parts: Vec<&str> = match (trimmed.strip_prefix('{'), trimmed.strip_suffix('}')) {
            (Some(_), Some(_)) if trimmed.len() >= 2 => {
                let inner = &trimmed[1..trimmed.len() - 1];
                if inner.trim().is_empty() {
                    return Err(ZgameError::Empty);
                }
                inner.split('∧').map(str::trim).collect()
            }
            (Some(_), _) => return Err(malformed("a '{' without its closing '}'".into())),
            (None, Some(_)) => return Err(malformed("a '}' without its opening '{'".into())),
            (None, None) => {
                if trimmed.contains('∧') {
                    return Err(malformed("parts joined by '∧' must be inside braces: '{1^3 ∧ 2^2}'".into()));
                }
                trimmed.split_whitespace().collect()
            }
        };
        let mut counts: Vec<u32> = Vec::new();
        for part in parts {
            if part.is_empty() {
                return Err(malformed("an empty part (two '∧' in a row, or one at an end)".into()));
            }
            let digits_only = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            let (value, count) = part.split_once('^').unwrap_or((part, "1"));
            if !digits_only(value) || !digits_only(count) {
                let shown = zecklab_numeration::abbreviate(part);
                return Err(malformed(format!(
                    "bad part '{shown}': expected VALUE or VALUE^COUNT, like '5^7'"
                )));
            }
            let value: u64 = value.parse().map_err(|_| ZgameError::TooLarge)?;
            let count: u32 = count.parse().map_err(|_| {
                malformed(format!(
                    "count {} is too large: at most {}",
                    zecklab_numeration::abbreviate(count),
                    u32::MAX
                ))
            })?;
            if count == 0 {
                return Err(malformed(format!("part '{part}' has count 0: leave the part out")));
            }
            let index = fibonacci_index(value).ok_or(ZgameError::NotFibonacci(value))?;
            if counts.len() < index {
                counts.resize(index, 0);
            }
            if counts[index - 1] != 0 {
                return Err(malformed(format!("part {value} appears twice: write it once with its count")));
            }
            counts[index - 1] = count;
        }
        ZPosition::from_counts(counts)
    }

    /// `counts()[i - 1]` is the number of copies of `F_i`.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The number being played: the sum of the parts (below 2^64 by construction).
    pub fn n(&self) -> u64 {
        self.counts.iter().enumerate().map(|(i, &c)| u64::from(c) * FIB_U64[i + 1]).sum()
    }

    /// Every legal move, in a fixed order: combines by index, combine 1s, splits by index.
    pub fn moves(&self) -> Vec<ZMove> {
        let mut moves = Vec::new();
        for_each_legal_move(&self.counts, |m| moves.push(m));
        moves
    }

    /// Whether the move can be made here (exactly the moves [`ZPosition::moves`] lists).
    pub fn is_legal(&self, m: ZMove) -> bool {
        is_legal_on_counts(&self.counts, m)
    }

    /// The position after a move.
    ///
    /// # Errors
    /// [`ZgameError::IllegalMove`] when the move is not legal here.
    pub fn apply(&self, m: ZMove) -> Result<ZPosition, ZgameError> {
        if !self.is_legal(m) {
            return Err(ZgameError::IllegalMove(format!("{m} is not available in {self}")));
        }
        let mut counts = self.counts.clone();
        counts.resize(counts.len().max(m.highest_index()), 0);
        apply_to_counts(&mut counts, m);
        ZPosition::from_counts(counts)
    }

    /// Whether no move is possible (the Zeckendorf representation).
    pub fn is_terminal(&self) -> bool {
        self.moves().is_empty()
    }
}

/// The count of `F_index` in a count vector (`counts[i - 1]` copies of `F_i`; missing ones are 0).
#[inline]
fn count_at(counts: &[u32], index: usize) -> u32 {
    index.checked_sub(1).and_then(|i| counts.get(i)).copied().unwrap_or(0)
}

/// Whether `m` is legal on a count vector: the rules of Definition 1.1 in one place, shared by
/// [`ZPosition`] and by checkers that work on count arrays without allocating.
#[inline]
pub fn is_legal_on_counts(counts: &[u32], m: ZMove) -> bool {
    let c = |i| count_at(counts, i);
    match m {
        ZMove::Combine(i) => c(i.get() - 1) >= 1 && c(i.get()) >= 1,
        ZMove::CombineOnes => c(1) >= 2,
        ZMove::Split(i) => c(i.get()) >= 2,
    }
}

/// Calls `visit` for every legal move on a count vector, in the order of [`ZPosition::moves`]:
/// combines by index, combine 1s, splits by index.
#[inline]
pub fn for_each_legal_move(counts: &[u32], mut visit: impl FnMut(ZMove)) {
    let indices = || (2..=counts.len()).filter_map(MoveIndex::new);
    for m in indices().map(ZMove::Combine) {
        if is_legal_on_counts(counts, m) {
            visit(m);
        }
    }
    if is_legal_on_counts(counts, ZMove::CombineOnes) {
        visit(ZMove::CombineOnes);
    }
    for m in indices().map(ZMove::Split) {
        if is_legal_on_counts(counts, m) {
            visit(m);
        }
    }
}

/// Whether the move `m` can be taken back on a count vector: the parts it makes are all there
/// (the reversed game's rule; the parts taken back are then those `m` takes).
#[inline]
pub fn is_undoable_on_counts(counts: &[u32], m: ZMove) -> bool {
    let c = |i| count_at(counts, i);
    match m {
        ZMove::CombineOnes => c(2) >= 1,
        ZMove::Combine(i) => c(i.get() + 1) >= 1,
        // The two parts a split makes have different indices (`F1 ∧ F3`, `F(i-2) ∧ F(i+1)`).
        ZMove::Split(i) if i.get() == 2 => c(1) >= 1 && c(3) >= 1,
        ZMove::Split(i) => c(i.get() - 2) >= 1 && c(i.get() + 1) >= 1,
    }
}

/// Calls `visit` for every move that can be taken back on a count vector, in the order of
/// [`for_each_legal_move`]: combines by index, combine 1s, splits by index.
#[inline]
pub fn for_each_undoable_move(counts: &[u32], mut visit: impl FnMut(ZMove)) {
    // A move taken back made a part at index `i + 1 <= counts.len()`.
    let indices = || (2..counts.len()).filter_map(MoveIndex::new);
    for m in indices().map(ZMove::Combine) {
        if is_undoable_on_counts(counts, m) {
            visit(m);
        }
    }
    if is_undoable_on_counts(counts, ZMove::CombineOnes) {
        visit(ZMove::CombineOnes);
    }
    for m in indices().map(ZMove::Split) {
        if is_undoable_on_counts(counts, m) {
            visit(m);
        }
    }
}

/// The count changes a move makes, as `(index, change)`.
#[inline]
pub(crate) fn count_changes(m: ZMove) -> [(usize, i32); 3] {
    match m {
        ZMove::Combine(i) => [(i.get() - 1, -1), (i.get(), -1), (i.get() + 1, 1)],
        ZMove::CombineOnes => [(1, -2), (2, 1), (2, 0)],
        ZMove::Split(i) if i.get() == 2 => [(2, -2), (1, 1), (3, 1)],
        ZMove::Split(i) => [(i.get(), -2), (i.get() - 2, 1), (i.get() + 1, 1)],
    }
}

/// The lowest index whose count a move changes.
#[inline]
pub fn lowest_changed_index(m: ZMove) -> usize {
    count_changes(m)
        .iter()
        .filter(|(_, change)| *change != 0)
        .map(|(index, _)| *index)
        .min()
        .expect("a move changes counts")
}

/// Makes a legal move on a count vector long enough to hold [`ZMove::highest_index`].
#[inline]
pub fn apply_to_counts(counts: &mut [u32], m: ZMove) {
    for (index, change) in count_changes(m) {
        counts[index - 1] = counts[index - 1].wrapping_add_signed(change);
    }
}

/// Takes back a move made by [`apply_to_counts`].
#[inline]
pub fn undo_on_counts(counts: &mut [u32], m: ZMove) {
    for (index, change) in count_changes(m) {
        counts[index - 1] = counts[index - 1].wrapping_add_signed(-change);
    }
}

impl fmt::Display for ZPosition {
    /// The stable text form, `1^3 2^2 5^7`, smallest part first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, &c) in self.counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{}^{c}", FIB_U64[i + 1])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let p = ZPosition::parse("1^3 2^2 5^7").unwrap();
        assert_eq!(p.to_string(), "1^3 2^2 5^7");
        assert_eq!(ZPosition::parse("{1^3 ∧ 2^2 ∧ 5^7}").unwrap(), p);
        assert_eq!(p.n(), 3 + 4 + 35);
        assert_eq!(ZPosition::parse("4^2"), Err(ZgameError::NotFibonacci(4)));
        assert!(matches!(ZPosition::parse("1^x"), Err(ZgameError::Malformed { .. })));
        assert_eq!(ZPosition::parse(" { 1^3∧2^2 ∧5^7 } ").unwrap(), p);
        assert_eq!(ZPosition::parse("5^7 1^3 2^2").unwrap(), p, "any order");
        assert_eq!(ZPosition::parse("1 2 3").unwrap().to_string(), "1^1 2^1 3^1");
        assert_eq!(ZPosition::parse("{}"), Err(ZgameError::Empty));
        assert_eq!(ZPosition::parse(""), Err(ZgameError::Empty));
    }

    #[test]
    fn everything_outside_the_two_notations_is_refused() {
        for (bad, why) in [
            ("{1^3 ∧", "closing"),
            ("1^3}", "opening"),
            ("2^4 3,2", "bad part '3,2'"),
            ("1∧∧ 2^2 5^7", "inside braces"),
            ("{1 ∧∧ 2^2}", "empty part"),
            ("{1 ∧ 2^2 ∧}", "empty part"),
            ("1^+3", "bad part '1^+3'"),
            ("1^-3", "bad part"),
            ("1^2 1^3", "appears twice"),
            ("1 1 1", "appears twice"),
            ("1^0 2", "count 0"),
            ("F5^2", "bad part"),
            ("1^99999999999999999999", "too large"),
            ("1^4294967296", "too large"),
            ("1^^2", "bad part"),
        ] {
            let e = ZPosition::parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad:?}: {e}");
        }
        assert_eq!(ZPosition::parse("99999999999999999999999"), Err(ZgameError::TooLarge));
    }

    #[test]
    fn moves_keep_the_sum_and_end_at_zeckendorf() {
        let p = ZPosition::parse("1^3 2^2 5^7").unwrap();
        for m in p.moves() {
            assert_eq!(p.apply(m).unwrap().n(), p.n());
        }
        assert_eq!(ZMove::split(2).unwrap().to_string(), "{F2 ∧ F2 -> F1 ∧ F3}");
        assert_eq!(ZMove::split(4).unwrap().to_string(), "{F4 ∧ F4 -> F2 ∧ F5}");
        // The Zeckendorf representation of 12 = 8 + 3 + 1 has no moves.
        assert!(ZPosition::parse("1 3 8").unwrap().is_terminal());
        assert!(p.apply(ZMove::combine(9).unwrap()).is_err());
        // Indices that name no move cannot be made into one.
        for i in [0, 1, MoveIndex::MAX + 1, usize::MAX] {
            assert_eq!(ZMove::split(i), None, "{i}");
            assert_eq!(ZMove::combine(i), None, "{i}");
        }
        assert_eq!(ZMove::split(2).unwrap().result_indices(), [1, 3]);
    }

    #[test]
    fn moves_read_back_from_every_notation() {
        for m in [
            ZMove::CombineOnes,
            ZMove::combine(2).unwrap(),
            ZMove::combine(7).unwrap(),
            ZMove::split(2).unwrap(),
            ZMove::split(3).unwrap(),
            ZMove::split(9).unwrap(),
        ] {
            assert_eq!(ZMove::parse(&m.to_string()), Ok(m), "{m}");
        }
        assert_eq!(ZMove::parse("1+1"), Ok(ZMove::CombineOnes));
        assert_eq!(ZMove::parse("2 2"), Ok(ZMove::split(2).unwrap()));
        assert_eq!(ZMove::parse("5+3"), Ok(ZMove::combine(4).unwrap()));
        assert_eq!(ZMove::parse("F3 ∧ F4"), Ok(ZMove::combine(4).unwrap()));
        assert_eq!(ZMove::parse("4 4"), Err(ZgameError::NotFibonacci(4)));
        assert_eq!(ZMove::parse(" {F2∧F2} "), Ok(ZMove::split(2).unwrap()));
        for bad in [
            "",
            "1",
            "1+3",
            "1 1 1",
            "{F2 ∧ F2 -> F3}",
            "F0 F1",
            "x+y",
            "{F1 ∧ F1 -> F2",
            "F1 ∧ F1 -> F2}",
            "{1+1}",
            "1++1",
            "+1+1",
            "F1 ∧ 1",
            "F1 F1",
            "F1 ∧ F1 ∧ F1",
            "F99999999999999999999 ∧ F1",
            "1+1 garbage",
        ] {
            assert!(matches!(ZMove::parse(bad), Err(ZgameError::MalformedMove(_))), "{bad}");
        }
    }
}
