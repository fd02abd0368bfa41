//! `zgame solve --reversed`, `zgame coalitions`, and the `--reversed` forms of `zgame position`
//! and `zgame lengths`: the Zeckendorf game's relatives, with the same output shapes.

use zecklab_answers::relatives;
use zecklab_games::zgame::coalition_bytes;
use zecklab_games::Cancel;

use super::common::{check_range, solve_failed, MEMORY_LIMIT};
use crate::output::Out;
use crate::progress;

/// The last n whose coalitions of [`zecklab_games::zgame::MAX_PLAYERS`] players fit in
/// [`MEMORY_LIMIT`] (one word a position and player).
pub const COALITIONS_TO: u32 = 385;

/// The `--help` text after the options of `zgame coalitions`.
pub fn coalitions_help() -> String {
    format!(
        "JSON, one line per n: {{\"n\",\"players\",\"coalitions\":[{{\"members\":[1,3],\"wins\":true|false}}, ...]}}, every \
non-empty proper subset of the players (1-based, in turn order), by size and then by members. \"wins\": the members \
together can force that one of them makes the last move, whatever the others do.\n\
The players move in turn, Player 1 first, with the moves of the Zeckendorf game; whoever makes the last move wins. At \
n = 1 nobody can move, and as in the two-player game (where Player 1 then loses) the player before Player 1 counts as \
the last to move. Every coalition is solved at once, a word per position and player to move: 8 bytes a position and \
player, which fits in {} GiB up to n = {COALITIONS_TO} with 6 players (larger n with fewer players, as memory allows).",
        MEMORY_LIMIT >> 30
    )
}

/// `zgame coalitions`: which coalitions of `players` players win, one line per n.
pub fn coalitions(out: &mut Out, first: u32, last: u32, players: u32, json: bool) -> anyhow::Result<()> {
    check_range(first, last)?;
    relatives::check_players(players)?;
    relatives::fits(
        coalition_bytes(last, players),
        last,
        &format!("the game on {last} with {players} players"),
    )?;
    for n in first..=last {
        let bar = progress::bar(0, "positions", &format!("coalitions of n = {n}, {players} players"));
        let answer = relatives::coalitions(n, players, &Cancel::new(), |done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })
        .map_err(solve_failed)?;
        bar.finish_and_clear();
        if json {
            out.json(&answer)?;
        } else {
            let winning: Vec<String> = answer
                .coalitions
                .iter()
                .filter(|c| c.wins)
                .map(|c| {
                    format!("{{{}}}", c.members.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
                })
                .collect();
            out.line(format!("n = {n}, {players} players: winning coalitions {}", winning.join(" ")))?;
            let singles: Vec<String> = answer
                .coalitions
                .iter()
                .filter(|c| c.members.len() == 1 && c.wins)
                .map(|c| c.members[0].to_string())
                .collect();
            out.line(format!(
                "  {}",
                if singles.is_empty() {
                    "no single player can force a win".to_string()
                } else {
                    format!("Player {} can force a win alone", singles.join(", "))
                }
            ))?;
        }
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_limits_are_the_computed_ones() {
        // The reversed game's limit is held to its memory model beside the other limits, in the
        // dispatcher's tests.
        let most = zecklab_games::zgame::MAX_PLAYERS;
        let coalitions_fit = |n| coalition_bytes(n, most).unwrap() <= MEMORY_LIMIT;
        assert!(coalitions_fit(COALITIONS_TO) && !coalitions_fit(COALITIONS_TO + 1));
    }
}
