//! The generalized Zeckendorf game's sequence and moves: `G_n = c·(G_(n-1) + ... + G_(n-k))`
//! with the initial conditions of Miller and Wang (`G_1 = 1`, `G_(j+1) = (c+1)^j` for `j < k`),
//! and the moves, each an identity of the sequence that keeps the sum:
//!
//! - **A. Combine** at `i`: `c` copies of each of `G_i, ..., G_(i+k-1)` become one `G_(i+k)`.
//! - **B. Initial combine** at `j` (`2 <= j <= k - 1`, only in the rule set `all`): `c + 1`
//!   copies of `G_1` and `c` of each of `G_2, ..., G_j` become one `G_(j+1)`.
//! - **C. Split** at `m`: `c + 1` copies of `G_m` become `G_(m+1)` when `m < k`; `G_(k+1)` and
//!   one `G_1` when `m = k`; `G_(m+1)` and `c` copies of `G_(m-k)` when `m > k`.
//!
//! For `c = 1, k = 2` these are exactly the Zeckendorf game's moves (`1 ∧ 1 -> 2` is C at 1,
//! `2 F_2 -> F_3 + F_1` is C at 2) and B does not exist. Every move adds to an index higher than
//! any it takes from, so count vectors compared from the top index down rise along every move
//! (the order [`super::FamilyIndex`] ranks in). A position with no move has every count at most
//! `c` and no `k` consecutive counts equal to `c`: the legal decomposition, which is unique, so
//! every game ends there, under either rule set (B needs `c + 1` copies of `G_1`, which allow a
//! split anyway).

use std::fmt;

/// The most `c` and `k` accepted (their sequences grow so fast that larger ones leave games of
/// a handful of terms).
pub const MAX_C: u32 = 64;
/// See [`MAX_C`].
pub const MAX_K: u32 = 16;

/// The recurrence `G_n = c·(G_(n-1) + ... + G_(n-k))`; `(1, 2)` is the Fibonacci numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Recurrence {
    c: u32,
    k: u32,
}

impl Recurrence {
    /// The Fibonacci recurrence of the Zeckendorf game itself.
    pub const FIBONACCI: Recurrence = Recurrence { c: 1, k: 2 };

    /// The recurrence with coefficient `c >= 1` and depth `k >= 2`.
    ///
    /// # Errors
    /// [`FamilyError::Recurrence`] outside `1..=MAX_C` and `2..=MAX_K`.
    pub fn new(c: u32, k: u32) -> Result<Recurrence, FamilyError> {
        if !(1..=MAX_C).contains(&c) || !(2..=MAX_K).contains(&k) {
            return Err(FamilyError::Recurrence { c, k });
        }
        Ok(Recurrence { c, k })
    }

    /// The coefficient.
    pub fn c(self) -> u32 {
        self.c
    }

    /// The depth.
    pub fn k(self) -> u32 {
        self.k
    }

    /// `G_1, G_2, ...` while at most `n` (at least `G_1 = 1`).
    pub fn terms_up_to(self, n: u64) -> Vec<u64> {
        let (c, k) = (u128::from(self.c), self.k as usize);
        let mut terms: Vec<u128> = vec![1];
        loop {
            let j = terms.len();
            let next = if j < k {
                // G_(j+1) = c·(G_j + ... + G_1) + 1 = (c+1)^j.
                c * terms.iter().sum::<u128>() + 1
            } else {
                c * terms[j - k..].iter().sum::<u128>()
            };
            if next > u128::from(n) {
                break;
            }
            terms.push(next);
        }
        terms.into_iter().map(|t| t as u64).collect()
    }
}

impl fmt::Display for Recurrence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.c, self.k)
    }
}

/// Which moves are played (the sources differ; see the module header and docs/guide/family.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Every identity: A, B and C.
    All,
    /// A and C: the moves of the authors' own Tribonacci code, without initial combines.
    NoInitialCombine,
}

impl RuleSet {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::All => "all",
            RuleSet::NoInitialCombine => "no-initial-combine",
        }
    }

    /// The rule set of a name.
    ///
    /// # Errors
    /// [`FamilyError::Rules`] for any other name.
    pub fn from_name(name: &str) -> Result<RuleSet, FamilyError> {
        match name {
            "all" => Ok(RuleSet::All),
            "no-initial-combine" => Ok(RuleSet::NoInitialCombine),
            other => Err(FamilyError::Rules(other.to_string())),
        }
    }
}

/// A move of the generalized game, by the index it acts at (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FamilyMove {
    /// A: `c` copies of each of `G_i .. G_(i+k-1)` to `G_(i+k)`.
    Combine(usize),
    /// B: `c + 1` copies of `G_1` and `c` of each of `G_2 .. G_j` to `G_(j+1)`.
    InitialCombine(usize),
    /// C: `c + 1` copies of `G_m` split.
    Split(usize),
}

/// Why a generalized game cannot be set up, or a position or move read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FamilyError {
    /// `c` or `k` out of range.
    Recurrence {
        /// The coefficient asked for.
        c: u32,
        /// The depth asked for.
        k: u32,
    },
    /// An unknown rule set name.
    Rules(String),
    /// The positions of the game cannot be counted in 64 bits.
    TooManyPositions(u32),
    /// A position that is not one of this game's.
    Position(String),
    /// The solve was cancelled.
    Cancelled,
}

impl fmt::Display for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FamilyError::Recurrence { c, k } => {
                write!(f, "invalid recurrence {c},{k}: c must be 1 to {MAX_C} and k 2 to {MAX_K}")
            }
            FamilyError::Rules(name) => {
                write!(f, "unknown rule set '{name}': the rule sets are 'all' and 'no-initial-combine'")
            }
            FamilyError::TooManyPositions(n) => {
                write!(f, "n = {n} is too large: its positions cannot be counted in 64 bits")
            }
            FamilyError::Position(why) => f.write_str(why),
            FamilyError::Cancelled => f.write_str("the solve was cancelled"),
        }
    }
}

impl std::error::Error for FamilyError {}

/// The sequence and moves of one game: a recurrence, a rule set and the terms up to `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyRules {
    recurrence: Recurrence,
    rules: RuleSet,
    /// `terms[i - 1]` is `G_i`, for every `G_i <= n`.
    terms: Vec<u64>,
}

impl FamilyRules {
    /// The rules of the game on `n`.
    pub fn new(recurrence: Recurrence, rules: RuleSet, n: u32) -> FamilyRules {
        FamilyRules { recurrence, rules, terms: recurrence.terms_up_to(u64::from(n.max(1))) }
    }

    /// The recurrence.
    pub fn recurrence(&self) -> Recurrence {
        self.recurrence
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// `G_1, ..., G_L` (`G_L <= n`).
    pub fn terms(&self) -> &[u64] {
        &self.terms
    }

    /// `L`, the number of terms a position may hold.
    pub fn top(&self) -> usize {
        self.terms.len()
    }

    /// Calls `visit` with every legal move of `counts` (`counts[i - 1]` copies of `G_i`, `top`
    /// of them): splits from the lowest index up, then initial combines, then combines.
    pub fn for_each_move(&self, counts: &[u32], mut visit: impl FnMut(FamilyMove)) {
        let (c, k, top) = (self.recurrence.c, self.recurrence.k as usize, self.top());
        let at = |i: usize| counts[i - 1];
        for m in 1..=top {
            // A split must fit: its new `G_(m+1)` is at most the sum, so it exists below n.
            if at(m) > c && m < top {
                visit(FamilyMove::Split(m));
            }
        }
        if self.rules == RuleSet::All && at(1) > c {
            for j in 2..k.min(top) {
                if (2..=j).all(|i| at(i) >= c) {
                    visit(FamilyMove::InitialCombine(j));
                }
            }
        }
        for i in 1..=top.saturating_sub(k) {
            if (i..i + k).all(|t| at(t) >= c) {
                visit(FamilyMove::Combine(i));
            }
        }
    }

    /// Plays `m` on `counts` (which must allow it).
    pub fn apply(&self, counts: &mut [u32], m: FamilyMove) {
        self.change(counts, m, true);
    }

    /// Takes back `m`, played on what `counts` was.
    pub fn undo(&self, counts: &mut [u32], m: FamilyMove) {
        self.change(counts, m, false);
    }

    fn change(&self, counts: &mut [u32], m: FamilyMove, forward: bool) {
        let (c, k) = (i64::from(self.recurrence.c), self.recurrence.k as usize);
        let sign = if forward { 1 } else { -1 };
        let mut bump = |i: usize, by: i64| {
            counts[i - 1] = (i64::from(counts[i - 1]) + sign * by) as u32;
        };
        match m {
            FamilyMove::Combine(i) => {
                bump(i + k, 1);
                for t in i..i + k {
                    bump(t, -c);
                }
            }
            FamilyMove::InitialCombine(j) => {
                bump(j + 1, 1);
                bump(1, -(c + 1));
                for t in 2..=j {
                    bump(t, -c);
                }
            }
            FamilyMove::Split(s) => {
                bump(s + 1, 1);
                if s == k {
                    bump(1, 1);
                } else if s > k {
                    bump(s - k, c);
                }
                bump(s, -(c + 1));
            }
        }
    }

    /// Whether `counts` is a legal decomposition (no move left).
    pub fn is_terminal(&self, counts: &[u32]) -> bool {
        let mut any = false;
        self.for_each_move(counts, |_| any = true);
        !any
    }

    /// The legal decomposition of `n`, by the greedy algorithm (the game's end).
    pub fn decomposition(&self, n: u32) -> Vec<u32> {
        let mut counts = vec![0u32; self.top()];
        let mut left = u64::from(n);
        let c = u64::from(self.recurrence.c);
        for i in (1..=self.top()).rev() {
            let take = (left / self.terms[i - 1]).min(c);
            counts[i - 1] = take as u32;
            left -= take * self.terms[i - 1];
        }
        counts
    }

    /// A move in words, by the values of the parts: `2^2 3 -> 9` (c copies written as powers).
    pub fn describe(&self, m: FamilyMove) -> String {
        let (c, k) = (self.recurrence.c, self.recurrence.k as usize);
        let g = |i: usize| self.term_text(i);
        let part = |i: usize, count: u32| if count == 1 { g(i) } else { format!("{}^{count}", g(i)) };
        let (from, to): (Vec<String>, Vec<String>) = match m {
            FamilyMove::Combine(i) => ((i..i + k).map(|t| part(t, c)).collect(), vec![g(i + k)]),
            FamilyMove::InitialCombine(j) => {
                (std::iter::once(part(1, c + 1)).chain((2..=j).map(|t| part(t, c))).collect(), vec![g(j + 1)])
            }
            FamilyMove::Split(s) if s < k => (vec![part(s, c + 1)], vec![g(s + 1)]),
            FamilyMove::Split(s) if s == k => (vec![part(s, c + 1)], vec![g(1), g(s + 1)]),
            FamilyMove::Split(s) => (vec![part(s, c + 1)], vec![part(s - k, c), g(s + 1)]),
        };
        format!("{} -> {}", from.join(" "), to.join(" "))
    }

    /// The value of `G_i` as text (`G_(top+1)` included, for moves that reach it).
    fn term_text(&self, i: usize) -> String {
        match self.terms.get(i - 1) {
            Some(v) => v.to_string(),
            None => format!("G{i}"),
        }
    }

    /// A position as text: parts by value, largest first (`4 2^2 1^3`).
    pub fn format(&self, counts: &[u32]) -> String {
        let parts: Vec<String> = (1..=counts.len())
            .rev()
            .filter(|&i| counts[i - 1] > 0)
            .map(|i| {
                let count = counts[i - 1];
                if count == 1 {
                    self.terms[i - 1].to_string()
                } else {
                    format!("{}^{count}", self.terms[i - 1])
                }
            })
            .collect();
        parts.join(" ")
    }
}

/// Reads a position of a generalized game: parts `VALUE^COUNT` (or `VALUE`) separated by
/// spaces, each value a term of the recurrence's sequence, each value once. Returns its counts
/// and `n`, the sum.
///
/// # Errors
/// [`FamilyError::Position`] naming the bad part.
pub fn parse_family_position(recurrence: Recurrence, text: &str) -> Result<(Vec<u32>, u32), FamilyError> {
    let bad = |why: String| FamilyError::Position(why);
    let mut parts: Vec<(u64, u64)> = Vec::new();
    for token in text.split_whitespace() {
        let (value, count) = match token.split_once('^') {
            Some((v, c)) => (v, c),
            None => (token, "1"),
        };
        let parse = |t: &str| t.parse::<u64>().ok().filter(|_| t.bytes().all(|b| b.is_ascii_digit()));
        let (Some(value), Some(count)) = (parse(value), parse(count)) else {
            return Err(bad(format!("invalid part '{token}': parts are VALUE^COUNT or VALUE, in digits")));
        };
        if count == 0 {
            return Err(bad(format!("invalid part '{token}': a count is at least 1")));
        }
        if parts.iter().any(|&(v, _)| v == value) {
            return Err(bad(format!("invalid part '{token}': the value {value} appears twice")));
        }
        parts.push((value, count));
    }
    if parts.is_empty() {
        return Err(bad("an empty position: give parts such as '1^3 2^2'".into()));
    }
    let n = parts.iter().try_fold(0u64, |s, &(v, c)| v.checked_mul(c).and_then(|vc| s.checked_add(vc)));
    let n = n
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| bad("the parts sum past 4,294,967,295".into()))?;
    let terms = recurrence.terms_up_to(u64::from(n));
    let mut counts = vec![0u32; terms.len()];
    for (value, count) in parts {
        let Some(i) = terms.iter().position(|&t| t == value) else {
            return Err(bad(format!(
                "invalid part '{value}': not a term of the sequence of recurrence {recurrence} ({})",
                terms.iter().take(8).map(u64::to_string).collect::<Vec<_>>().join(", ")
            )));
        };
        counts[i] = count as u32;
    }
    Ok((counts, n))
}
