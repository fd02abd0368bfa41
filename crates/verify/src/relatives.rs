//! Checks for the Zeckendorf game's relatives: the reversed game (Batterman et al., arXiv
//! 2309.12748) and the game of several players and alliances (Cusenza et al., arXiv 2009.03708;
//! Miller, Sosis and Ye, arXiv 2211.14973). Each fast solver against a memoised search over
//! hashed positions on every state, then the papers' statements over ranges of n.

use std::sync::{Arc, OnceLock};

use zecklab_games::zgame::{
    coalition_of, lengths, proper_coalitions, reversed_lengths, solve, solve_coalitions, solve_reversed,
    MAX_PLAYERS,
};
use zecklab_numeration::fib::FIB_U64;
use zecklab_reference::relatives::{NaiveCoalition, NaiveReversed};

use crate::{grouped, Check, Level};

const REVERSED_PAPER: &str =
    r#"Batterman, Jambhale, Miller et al., "The Reversed Zeckendorf Game" (arXiv 2309.12748), abstract"#;
const MULTIPLAYER_PAPER: &str = r#"Cusenza, Dunkelberg, Huffman, Ke, Kleber, Miller, Mizgerd, Tiwari, Ye and Zheng, "Winning Strategy for the Multiplayer and Multialliance Zeckendorf Games" (arXiv 2009.03708), abstract"#;
const GENERALIZED_PAPER: &str = r#"Miller, Sosis and Ye, "Winning Strategies for Generalized Zeckendorf Game" (arXiv 2211.14973), abstract"#;

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let reversed_naive_n = level.pick(45u32, 60);
    let coalitions_naive_n = level.pick(28u32, 34);
    let two_players_n = level.pick(100u32, 150);
    let single_n = level.pick(110u32, 200);
    let player_one_n = level.pick(200u32, 300);
    let lengths_n = level.pick(80u32, 120);
    let single = SingleWinners::new(single_n);
    let single_again = single.clone();
    vec![
        Check::new(
            "zgame-reversed-naive",
            "The reversed game's solver (a walk up the ranks, each position's value pushed to the positions it can be reached from) gives every position the outcome and remoteness of a memoised search over the inverted game graph",
            REVERSED_PAPER,
            format!("every position of the reversed game on n, 1 <= n <= {reversed_naive_n}"),
            "ranked walk against memoised depth-first search over hashed positions, whose moves are the Zeckendorf game's edges inverted one by one",
            move || check_reversed_naive(reversed_naive_n),
        ),
        Check::new(
            "zgame-reversed-lengths",
            "A game of the reversed game is a game of the Zeckendorf game played backwards: the shortest and longest games and the number of games are the same",
            REVERSED_PAPER,
            format!("1 <= n <= {lengths_n}"),
            "exact lengths over both position graphs (one walk down the ranks, one up)",
            move || check_reversed_lengths(lengths_n),
        ),
        Check::new(
            "zgame-reversed-player-one",
            "Player 1 wins the reversed game on n = F(i+1) + F(i-2) (F1 = 1, F2 = 2)",
            REVERSED_PAPER,
            format!("every i >= 3 with F(i+1) + F(i-2) <= {player_one_n}"),
            "strong solve of the reversed game on each such n; outcome of its start, the Zeckendorf representation",
            move || check_reversed_player_one(player_one_n),
        ),
        Check::new(
            "zgame-coalitions-naive",
            "The coalition solver (every coalition at once, a word per position and player to move) agrees with a memoised search of each coalition against the other players, in every state",
            MULTIPLAYER_PAPER,
            format!(
                "every position and player to move of the game on n, 1 <= n <= {coalitions_naive_n}, every non-empty proper coalition of 2 to {MAX_PLAYERS} players"
            ),
            "word-parallel ranked sweep against memoised depth-first search over (position, player to move)",
            move || check_coalitions_naive(coalitions_naive_n),
        ),
        Check::new(
            "zgame-coalitions-two-players",
            "With two players, the coalitions {1} and {2} are the two players, and the coalition of the player to move wins exactly where the strong solver says the player to move wins",
            r#"Cusenza et al., "Bounds on Zeckendorf Games", Definition 1.1"#,
            format!("every position of the game on n, 1 <= n <= {two_players_n}"),
            "coalition solve with two players against the flat strong solver, position by position, each player to move",
            move || check_two_players(two_players_n),
        ),
        Check::new(
            "zgame-multiplayer-no-single-winner",
            "With at least 3 players, no player has a winning strategy for n >= 5",
            MULTIPLAYER_PAPER,
            format!("3 <= players <= {MAX_PLAYERS}, 5 <= n <= {single_n}"),
            "every coalition solved at once; no coalition of one player wins the start",
            move || single.check(5, 3),
        ),
        Check::new(
            "zgame-multiplayer-generalized",
            "For the (c, k)-nacci game with p >= c + 2 players no player has a winning strategy for n >= 3c^2 + 6c + 3, and for three players of the (1, 2)-nacci game for n >= 7; the Zeckendorf game is the (1, 2)-nacci game (c = 1: p >= 3 and n >= 12)",
            GENERALIZED_PAPER,
            format!("3 <= players <= {MAX_PLAYERS}, 7 <= n <= {single_n} (three players) and 12 <= n <= {single_n}"),
            "every coalition solved at once; no coalition of one player wins the start",
            move || {
                let three = single_again.check(7, 3)?;
                single_again.check(12, 4)?;
                Ok(three)
            },
        ),
    ]
}

fn check_reversed_naive(max: u32) -> Result<String, String> {
    let mut total = 0u64;
    for n in 1..=max {
        let solution = solve_reversed(n, |_, _| {}).map_err(|e| e.to_string())?;
        let mut naive = NaiveReversed::new(n);
        let index = solution.index();
        if naive.positions() as u64 != index.count() {
            return Err(format!(
                "n = {n}: {} positions ranked, {} reached",
                index.count(),
                naive.positions()
            ));
        }
        for r in 0..index.count() {
            let p = index.unrank(r);
            let v = naive.value(&p);
            let fast = (solution.outcome(r), solution.remoteness(r));
            if fast != (v.outcome, v.remoteness) {
                return Err(format!("n = {n}, {p}: fast {fast:?}, naive {v:?}"));
            }
            total += 1;
        }
    }
    Ok(format!("{} positions agree", grouped(total)))
}

fn check_reversed_lengths(max: u32) -> Result<String, String> {
    for n in 1..=max {
        let forward = lengths(n, |_, _| {}).ok_or("too large")?;
        let reversed = reversed_lengths(n, |_, _| {}).ok_or("too large")?;
        let figures = |l: &zecklab_games::zgame::Lengths| (l.shortest, l.longest, l.games.clone());
        if figures(&forward) != figures(&reversed) {
            return Err(format!(
                "n = {n}: Zeckendorf game {:?}, reversed {:?}",
                figures(&forward),
                figures(&reversed)
            ));
        }
    }
    let at = reversed_lengths(max, |_, _| {}).ok_or("too large")?;
    Ok(format!(
        "all equal; at n = {max}, {} to {} moves, {} games; Player 1 moves last in random play with probability {:.6} (reversed)",
        at.shortest, at.longest, at.games, at.random_p1_wins
    ))
}

fn check_reversed_player_one(max: u32) -> Result<String, String> {
    let mut checked = Vec::new();
    for i in 3.. {
        let n = FIB_U64[i + 1] + FIB_U64[i - 2];
        if n > u64::from(max) {
            break;
        }
        let n = n as u32;
        let solution = solve_reversed(n, |_, _| {}).map_err(|e| e.to_string())?;
        if !solution.outcome(solution.start_rank()).is_win() {
            return Err(format!("n = {n} (i = {i}): Player 2 wins the reversed game"));
        }
        checked.push(n);
    }
    Ok(format!("Player 1 wins at n = {checked:?}"))
}

fn check_coalitions_naive(max: u32) -> Result<String, String> {
    let mut states = 0u64;
    for players in 2..=MAX_PLAYERS {
        for n in 1..=max {
            let solution = solve_coalitions(n, players, |_, _| {}).ok_or("cannot solve")?;
            let index = solution.index();
            for coalition in proper_coalitions(players) {
                let mut naive = NaiveCoalition::new(players, coalition);
                for r in 0..index.count() {
                    let p = index.unrank(r);
                    for to_move in 0..players {
                        let (fast, slow) =
                            (solution.wins_at(coalition, r, to_move + 1), naive.wins(&p, to_move));
                        if fast != slow {
                            return Err(format!(
                                "n = {n}, {players} players, coalition {:?}, {p} with Player {} to move: fast {fast}, naive {slow}",
                                zecklab_games::zgame::members(coalition),
                                to_move + 1
                            ));
                        }
                        states += 1;
                    }
                }
            }
        }
    }
    Ok(format!("{} (coalition, position, player to move) states agree", grouped(states)))
}

fn check_two_players(max: u32) -> Result<String, String> {
    let mut total = 0u64;
    for n in 1..=max {
        let flat = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        let two = solve_coalitions(n, 2, |_, _| {}).ok_or("cannot solve")?;
        for r in 0..flat.index().count() {
            for player in 1..=2 {
                let own = coalition_of(2, &[player]).expect("a player of two");
                if two.wins_at(own, r, player) != flat.outcome(r).is_win() {
                    return Err(format!("n = {n}, {} with Player {player} to move", flat.index().unrank(r)));
                }
            }
            total += 1;
        }
    }
    Ok(format!("{} positions agree, each with either player to move", grouped(total)))
}

/// For 3 to [`MAX_PLAYERS`] players and every n up to a bound, the single player (if any) who
/// can force a win of the game on n: solved once, on first use, and shared by the checks that
/// read it.
#[derive(Clone)]
struct SingleWinners {
    max: u32,
    table: Arc<OnceLock<Result<WinnerTable, String>>>,
}

/// `table[players - 3][n - 1]`: the player who can force a win alone, if any.
type WinnerTable = Vec<Vec<Option<u32>>>;

impl SingleWinners {
    fn new(max: u32) -> SingleWinners {
        SingleWinners { max, table: Arc::new(OnceLock::new()) }
    }

    fn table(&self) -> Result<&WinnerTable, String> {
        let solve_all = || {
            (3..=MAX_PLAYERS)
                .map(|players| {
                    (1..=self.max)
                        .map(|n| {
                            let solution = solve_coalitions(n, players, |_, _| {}).ok_or("cannot solve")?;
                            let alone = |player: u32| coalition_of(players, &[player]).expect("a player");
                            Ok((1..=players).find(|&player| solution.wins(alone(player))))
                        })
                        .collect()
                })
                .collect()
        };
        self.table.get_or_init(solve_all).as_ref().map_err(Clone::clone)
    }

    /// No single player of `players_from..=MAX_PLAYERS` wins the start for `from <= n <= max`;
    /// the summary lists who does win below `from` with `players_from` players.
    fn check(&self, from: u32, players_from: u32) -> Result<String, String> {
        let table = self.table()?;
        for players in players_from..=MAX_PLAYERS {
            let row = &table[(players - 3) as usize];
            for n in from..=self.max {
                if let Some(player) = row[(n - 1) as usize] {
                    return Err(format!("n = {n}, {players} players: Player {player} can force a win"));
                }
            }
        }
        let below: Vec<String> = (1..from)
            .map(|n| match table[(players_from - 3) as usize][(n - 1) as usize] {
                Some(player) => format!("n = {n}: Player {player}"),
                None => format!("n = {n}: nobody"),
            })
            .collect();
        Ok(format!(
            "no single player wins anywhere in the range; below it, with {players_from} players, who can force a win alone: {}",
            below.join(", ")
        ))
    }
}
