//! The features a learned rule may test: measures of the rule language (of the position, of the
//! move considered, of the position after it) and the move's kind, each a column of whole numbers
//! that a tree splits by `value <= threshold`. Every column turns back into guards of the language,
//! so a learned tree is a rule that `zgame rule-test` reads.

use crate::rule::{Comparison, Counts, Guard, Measure, MoveKind, Quantity, Reading};
use zecklab_games::zgame::ZMove;

/// One feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Column {
    Measure(Measure),
    /// 1 when the move is of this kind.
    Kind(MoveKind),
}

fn measure(quantity: Quantity, next: bool, modulus: Option<u32>) -> Column {
    Column::Measure(Measure { quantity, next, modulus })
}

/// The columns for games whose parts reach index `top`.
pub(crate) fn columns(top: usize) -> Vec<Column> {
    let mut out = Vec::new();
    for next in [false, true] {
        for i in 1..=top {
            out.push(measure(Quantity::Count(i), next, None));
            out.push(measure(Quantity::Count(i), next, Some(2)));
            if !next {
                out.push(measure(Quantity::Count(i), next, Some(3)));
            }
        }
        for q in [Quantity::Parts, Quantity::OddParts, Quantity::EvenParts] {
            out.push(measure(q, next, None));
            out.push(measure(q, next, Some(2)));
        }
        for q in [
            Quantity::Largest,
            Quantity::Smallest,
            Quantity::Holes,
            Quantity::Gap,
            Quantity::Combines,
            Quantity::Splits,
        ] {
            out.push(measure(q, next, None));
        }
    }
    out.extend([MoveKind::Ones, MoveKind::Combine, MoveKind::Split].map(Column::Kind));
    out.push(measure(Quantity::MoveIndex, false, None));
    for d in -2..=2 {
        out.push(measure(Quantity::Around(d), false, None));
    }
    for d in -1..=1 {
        out.push(measure(Quantity::Around(d), false, Some(2)));
    }
    out
}

impl Column {
    /// The column's value for the move `m` at `here`, leading to `next`.
    pub(crate) fn value(&self, here: &Counts, m: ZMove, next: &Counts) -> u32 {
        match self {
            Column::Measure(measure) => {
                measure.read(&Reading { counts: here, candidate: Some((m, next)) }).expect("read with a move")
            }
            Column::Kind(kind) => u32::from(MoveKind::of(m) == *kind),
        }
    }

    /// The guard `value <= threshold` (`left`) or `value > threshold`.
    pub(crate) fn guard(&self, left: bool, threshold: u32) -> Guard {
        match *self {
            Column::Kind(kind) => Guard::Kind { kind, negated: left },
            // On a parity, `<= 0` is even and `> 0` odd.
            Column::Measure(m) if m.modulus == Some(2) => {
                Guard::compare(m, Comparison::Equal, u32::from(!left))
            }
            Column::Measure(m) => {
                Guard::compare(m, if left { Comparison::AtMost } else { Comparison::Above }, threshold)
            }
        }
    }

    /// The column's name in the rule language.
    pub(crate) fn name(&self) -> String {
        match *self {
            Column::Measure(m) => m.to_string(),
            Column::Kind(kind) => Guard::Kind { kind, negated: false }.to_string(),
        }
    }
}
