//! `zgame solve --ordered`, `zgame position --ordered` and `zgame lengths --ordered`: the ordered
//! Zeckendorf game on the command line. Glue only: the game is `zecklab_games::zgame::ordered`,
//! the JSON shapes `zecklab_answers::ordered`'s.

use zecklab_answers::ordered as answers;

use crate::output::{counted, Out};
use crate::progress;

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

/// `zgame position --ordered`.
pub fn position(out: &mut Out, text: &str, json: bool) -> anyhow::Result<()> {
    let spinner = progress::spinner("solving the ordered game");
    let answer = answers::ordered_position(text);
    spinner.finish_and_clear();
    let answer = answer?;
    if json {
        return out.json(&answer);
    }
    let remoteness = answer.remoteness.map_or(String::new(), |r| format!(", remoteness {r}"));
    out.line(format!(
        "{} (ordered game, n = {}): a {} for the player to move{remoteness}",
        answer.position, answer.n, answer.outcome
    ))?;
    if answer.terminal {
        out.line("  no move: the game is over")?;
        return Ok(());
    }
    for m in &answer.moves {
        out.line(super::common::move_line(&m.r#move, &m.to, m.winning, m.remoteness, (16, 24)))?;
    }
    Ok(())
}

/// `zgame lengths --ordered`.
pub fn lengths(out: &mut Out, n: u32, json: bool) -> anyhow::Result<()> {
    let spinner = progress::spinner(&format!("every game of the ordered game on n = {n}"));
    let answer = answers::ordered_lengths_of(n);
    spinner.finish_and_clear();
    let answer = answer?;
    if json {
        return out.json(&answer);
    }
    out.line(format!(
        "ordered game, n = {n}: shortest game {} moves, longest M(n) = {} ({:.3} n²/2); the long-game strategy's game {} moves ({})",
        answer.shortest,
        answer.longest,
        answer.longest_over_half_square,
        answer.long_game,
        if answer.long_game_is_longest { "attains M(n)" } else { "short of M(n)" }
    ))?;
    Ok(())
}
