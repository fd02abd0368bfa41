//! `zgame solve --ordered`, `zgame position --ordered` and `zgame lengths --ordered`: the ordered
//! Zeckendorf game on the command line. Glue only: the game is `zecklab_ordered`,
//! the JSON shapes `zecklab_answers::ordered`'s.

use zecklab_answers::ordered as answers;

use crate::output::{counted, Out};

/// `zgame solve --ordered`'s line of text for one n.
pub fn print_solve(out: &mut Out, line: &answers::OrderedSolveJson) -> anyhow::Result<()> {
    let s = &line.solve;
    let winner = format!("{} wins", s.winner);
    let degenerate =
        if line.degenerate == Some(true) { " (no move at all: the start is the end)" } else { "" };
    let remoteness = s.remoteness.map_or(String::new(), |r| format!(", remoteness {r}"));
    out.line(format!(
        "ordered game, n = {}: {winner}{degenerate}; {}, {}{remoteness} ({:.2} s)",
        s.n,
        counted(s.positions, "position", "positions"),
        counted(s.p_positions, "P-position", "P-positions"),
        s.seconds
    ))?;
    Ok(())
}
