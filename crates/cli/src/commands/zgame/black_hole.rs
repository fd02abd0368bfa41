//! `zgame solve --black-hole`, `zgame position --black-hole`, `zgame lengths --black-hole` and
//! `zgame black-hole-table`: the black-hole games on the command line. Glue only: the games are
//! `zecklab_games::zgame::black_hole`, the JSON shapes `zecklab_answers::black_hole`'s.

use zecklab_answers::black_hole as answers;

use crate::input::InputError;
use crate::output::{counted, Out};

/// `zgame solve --black-hole M`'s line of text for one start.
pub fn print_solve(out: &mut Out, line: &answers::BlackHoleSolveJson) -> anyhow::Result<()> {
    let s = &line.solve;
    let winner = format!("{} wins", s.winner);
    let remoteness = s.remoteness.map_or(String::new(), |r| format!(", remoteness {r}"));
    out.line(format!(
        "black hole on F{}, start {} (worth {}): {winner}; {} reachable, {}{remoteness} ({:.2} s)",
        line.m,
        line.start,
        s.n,
        counted(s.positions, "position", "positions"),
        counted(s.p_positions, "P-position", "P-positions"),
        s.seconds
    ))?;
    Ok(())
}

/// Reads `A..B` (inclusive) or one number.
fn range(text: &str, name: &str) -> anyhow::Result<std::ops::RangeInclusive<u32>> {
    let bad = || InputError(format!("invalid --{name} '{text}': give A..B (A <= B) or one whole number"));
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    let (low, high) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if low > high {
        return Err(bad().into());
    }
    Ok(low..=high)
}

/// `zgame black-hole-table`.
pub fn table(
    out: &mut Out,
    m: usize,
    ones: &str,
    outer: &str,
    pieces: Option<&str>,
    json: bool,
) -> anyhow::Result<()> {
    let rules = answers::rules(m)?;
    if let Some(pieces) = pieces {
        for n in range(pieces, "pieces")? {
            let line = answers::pregame(rules, n)?;
            if json {
                out.json(&line)?;
            } else {
                out.line(format!(
                    "black hole on F{m}, {} placed one a turn: {} wins ({} of the {} ways the placements can end are Player 1's)",
                    counted(u64::from(n), "piece", "pieces"),
                    line.winner,
                    line.player_one_ends,
                    n + 1
                ))?;
            }
        }
        if !json {
            out.line(format!("(a reading of the pre-game: {})", answers::ONE_AT_A_TIME))?;
        }
        return Ok(());
    }
    let (ones, outer) = (range(ones, "ones")?, range(outer, "outer")?);
    if !json {
        out.line(format!(
            "black hole on F{m}: the winner from a F_1 pieces and b F_{} pieces (rows a, columns b)",
            m - 1
        ))?;
        out.line(format!("  a\\b {}", outer.clone().map(|b| format!("{b:>3}")).collect::<String>()))?;
    }
    for a in ones {
        let mut row = String::new();
        for b in outer.clone() {
            let line = answers::black_hole_table_entry(rules, a, b)?;
            if json {
                out.json(&line)?;
            } else {
                row.push(' ');
                row.push_str(line.winner.code());
            }
        }
        if !json {
            out.line(format!("  {a:>3} {row}"))?;
        }
    }
    Ok(())
}
