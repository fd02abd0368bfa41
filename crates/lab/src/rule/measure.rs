//! The quantities a guard can test: of the position, of the move a preference considers, and of
//! the position that move leads to (`next.`), each optionally taken modulo a small number.

use zecklab_games::zgame::ZMove;

/// The largest index a count vector here holds (parts beyond are refused by the parser).
pub(crate) const MAX_INDEX: usize = 90;
/// A count vector with room for every index a move can make: `[c_1, c_2, ...]`, zeros past the end.
pub(crate) type Counts = [u32; MAX_INDEX + 3];

/// A number read off a position, or off the move considered there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// `cI`: the copies of `F_I`.
    Count(usize),
    /// `parts`: the number of parts.
    Parts,
    /// `max`: the largest index present (0 at no part).
    Largest,
    /// `min`: the smallest index present (0 at no part).
    Smallest,
    /// `holes`: the indices absent between the smallest and the largest present.
    Holes,
    /// `gap`: the largest difference between consecutive indices present (0 with fewer than two).
    Gap,
    /// `oddparts`: the parts at odd indices.
    OddParts,
    /// `evenparts`: the parts at even indices.
    EvenParts,
    /// `combines`: the legal combines of two different parts (`1 ∧ 1` not counted).
    Combines,
    /// `splits`: the legal splits.
    Splits,
    /// `i`: the index of the move considered (`ones` has index 1).
    MoveIndex,
    /// `c@D`: the copies of `F_(i+D)`, `i` the move's index, `-3 <= D <= 3` (0 off the ends).
    Around(i8),
}

impl Quantity {
    /// Whether the quantity needs a move (`i`, `c@D`); such a quantity has no `next.` form.
    pub fn of_move(self) -> bool {
        matches!(self, Quantity::MoveIndex | Quantity::Around(_))
    }
}

/// A quantity, of the position or of the next one, optionally modulo `modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Measure {
    pub quantity: Quantity,
    /// Read on the position the move leads to.
    pub next: bool,
    /// Taken modulo this (2 to 9).
    pub modulus: Option<u32>,
}

/// The kind of the move a preference considers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Ones,
    Combine,
    Split,
}

impl MoveKind {
    pub(crate) fn of(m: ZMove) -> MoveKind {
        match m {
            ZMove::CombineOnes => MoveKind::Ones,
            ZMove::Combine(_) => MoveKind::Combine,
            ZMove::Split(_) => MoveKind::Split,
        }
    }
}

/// The index of a move: 1 for `1 ∧ 1`, `i` for the combine or split at `i`.
pub(crate) fn move_index(m: ZMove) -> usize {
    match m {
        ZMove::CombineOnes => 1,
        ZMove::Combine(i) | ZMove::Split(i) => i.get(),
    }
}

/// One past the largest index present (0 at no part): the counts beyond are zeros.
pub(crate) fn span(counts: &Counts) -> usize {
    counts.iter().rposition(|&c| c > 0).map_or(0, |k| k + 1)
}

/// The value of a quantity of a position alone (not `i`, `c@D`).
fn of_position(q: Quantity, counts: &Counts) -> u32 {
    let last = span(counts);
    let present = || (1..=last).filter(|&i| counts[i - 1] > 0);
    match q {
        Quantity::Count(i) => counts[i - 1],
        Quantity::Parts => counts[..last].iter().sum(),
        Quantity::Largest => last as u32,
        Quantity::Smallest => counts[..last].iter().position(|&c| c > 0).map_or(0, |k| k as u32 + 1),
        // `last` is the largest index present; the smallest is the first.
        Quantity::Holes => match present().next() {
            Some(low) => (last - low + 1 - present().count()) as u32,
            None => 0,
        },
        Quantity::Gap => {
            let indices: Vec<usize> = present().collect();
            indices.windows(2).map(|w| (w[1] - w[0]) as u32).max().unwrap_or(0)
        }
        Quantity::OddParts => counts[..last].iter().step_by(2).sum(),
        Quantity::EvenParts => counts[..last].iter().skip(1).step_by(2).sum(),
        // The combine at i takes F(i-1) and F(i): two neighbouring indices present.
        Quantity::Combines => counts[..last].windows(2).filter(|w| w[0] > 0 && w[1] > 0).count() as u32,
        Quantity::Splits => counts[..last].iter().skip(1).filter(|&&c| c >= 2).count() as u32,
        Quantity::MoveIndex | Quantity::Around(_) => unreachable!("move quantities are read with their move"),
    }
}

/// What a guard is read against: a position, and the move considered with the position it leads to.
pub(crate) struct Reading<'a> {
    pub counts: &'a Counts,
    pub candidate: Option<(ZMove, &'a Counts)>,
}

impl Measure {
    /// The measure's value, or `None` when it needs a move and there is none.
    pub(crate) fn read(&self, at: &Reading<'_>) -> Option<u32> {
        let value = match (self.quantity, self.next) {
            (Quantity::MoveIndex, _) => move_index(at.candidate?.0) as u32,
            (Quantity::Around(d), _) => {
                let i = move_index(at.candidate?.0) as i64 + i64::from(d);
                if (1..=MAX_INDEX as i64).contains(&i) {
                    at.counts[i as usize - 1]
                } else {
                    0
                }
            }
            (q, false) => of_position(q, at.counts),
            (q, true) => of_position(q, at.candidate?.1),
        };
        Some(self.modulus.map_or(value, |m| value % m))
    }

    /// Whether reading the measure needs the move considered.
    pub(crate) fn needs_move(&self) -> bool {
        self.next || self.quantity.of_move()
    }
}
