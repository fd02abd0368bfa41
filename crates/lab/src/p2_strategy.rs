//! Player 2's winning strategy as data: built from a solved game, written as text, read back,
//! and checked by playing every Player 1 line against it, using only the rules (no solver).
//!
//! The text format (version 1), one record a line:
//!
//! ```text
//! zecklab zgame strategy v1
//! # comments start with '#'
//! n 30
//! positions 1234
//! 1^26 2^2<TAB>{F2 ∧ F2 -> F1 ∧ F3}
//! ...
//! end
//! ```
//!
//! Each position line is a position where Player 2 is to move that arises while Player 2
//! follows the strategy and Player 1 plays anything, in the paper's notation (parts smallest
//! first, `value^count`), a tab, and Player 2's move there. Lines are in increasing rank order.
//! `positions` counts the position lines and `end` closes the file, so a truncated file is
//! detected.

use std::collections::{HashMap, HashSet};

use zecklab_games::zgame::walk;
use zecklab_games::zgame::Solution;
use zecklab_games::zgame::{ZMove, ZPosition, ZgameError};

/// The first line of a strategy file.
pub const STRATEGY_MAGIC: &str = "zecklab zgame strategy v1";

/// Player 2's move in every position Player 2 can face while following it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerTwoStrategy {
    n: u32,
    /// Player 2's moves, in increasing rank order when built from a solution.
    moves: Vec<(ZPosition, ZMove)>,
}

pub use crate::strategy_error::StrategyError;

/// What checking a strategy found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyCheck {
    /// Positions with Player 1 to move that Player 1 can reach against the strategy.
    pub player_one_positions: u64,
    /// Strategy entries Player 1 can make Player 2 use.
    pub answered_positions: u64,
    /// Strategy entries no Player 1 line reaches (harmless, but not needed).
    pub unreachable_entries: u64,
    /// The most moves any game against the strategy lasts.
    pub longest_game: u32,
}

impl PlayerTwoStrategy {
    /// Player 2's strategy from a solved game: in every position Player 2 can face, the winning
    /// move that wins fastest (least remoteness; among equals the first in [`ZPosition::moves`]
    /// order: combines by index, then `1+1`, then splits by index). `progress(done, total)` is called
    /// every few ten thousand ranks.
    ///
    /// # Errors
    /// [`StrategyError::PlayerOneWins`] when the start is a win for Player 1.
    pub fn from_solution(
        solution: &Solution,
        progress: impl FnMut(u64, u64),
    ) -> Result<PlayerTwoStrategy, StrategyError> {
        PlayerTwoStrategy::choosing(solution, ReplyChoice::Fastest, progress)
    }

    /// Player 2's strategy from a solved game (with remoteness), the winning reply in each
    /// position chosen by `choice` (see [`ReplyChoice`]).
    ///
    /// # Errors
    /// [`StrategyError::PlayerOneWins`] when the start is a win for Player 1.
    pub fn choosing(
        solution: &Solution,
        choice: ReplyChoice,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<PlayerTwoStrategy, StrategyError> {
        let n = solution.index().n();
        if solution.outcome(solution.start_rank()).is_win() {
            return Err(StrategyError::PlayerOneWins(n));
        }
        match choice {
            ReplyChoice::Fastest => Ok(build(solution, Heuristic::Fastest, &mut progress)),
            ReplyChoice::Slowest => Ok(build(solution, Heuristic::Slowest, &mut progress)),
            ReplyChoice::Smallest => {
                // Several greedy constructions; the smallest wins, and `fastest`'s and
                // `slowest`'s are among them, so the result is never larger than either.
                let mut best = build(solution, Heuristic::Fastest, &mut progress);
                for h in
                    [Heuristic::Slowest, Heuristic::ReuseFewest, Heuristic::ReuseFastest, Heuristic::Fewest]
                {
                    let candidate = build(solution, h, &mut progress);
                    if candidate.moves.len() < best.moves.len() {
                        best = candidate;
                    }
                }
                Ok(best)
            }
            ReplyChoice::Minimal => {
                Ok(PlayerTwoStrategy { n, moves: crate::minimal::minimal_replies(solution)? })
            }
        }
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Player 2's moves, one a position.
    pub fn moves(&self) -> &[(ZPosition, ZMove)] {
        &self.moves
    }

    /// The text form, line by line (each without its newline).
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        let header = [
            STRATEGY_MAGIC.to_string(),
            "# Player 2's winning strategy in the Zeckendorf game (Cusenza et al., Bounds on Zeckendorf Games, Definition 1.1).".to_string(),
            "# One line for every position where Player 2 is to move that arises while Player 2".to_string(),
            "# follows it and Player 1 plays anything: the position (parts smallest first, value^count),"
                .to_string(),
            "# a tab, and Player 2's move. Check it with `zecklab zgame check-strategy FILE`.".to_string(),
            format!("n {}", self.n),
            format!("positions {}", self.moves.len()),
        ];
        header
            .into_iter()
            .chain(self.moves.iter().map(|(p, m)| format!("{p}\t{m}")))
            .chain(std::iter::once("end".to_string()))
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// [`StrategyError::Malformed`] with the line number for anything that is not a complete
    /// strategy file: a wrong first line, a bad position or move, a position of another game,
    /// a repeated position, a count that does not match, or a missing `end`.
    pub fn parse<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<PlayerTwoStrategy, StrategyError> {
        let mut records = lines
            .into_iter()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
            .filter(|(_, l)| !l.starts_with('#'));
        let mut last_line = 0;
        let mut next = |what: &str| -> Result<(usize, &'a str), StrategyError> {
            let record = records.next();
            if let Some((i, _)) = record {
                last_line = i;
            }
            record.ok_or_else(|| StrategyError::Malformed {
                line: last_line + 1,
                reason: format!("the file ends where {what} should be (truncated?)"),
            })
        };
        let bad = |line: usize, reason: String| StrategyError::Malformed { line, reason };
        let (i, magic) = next("the header")?;
        if magic != STRATEGY_MAGIC {
            return Err(bad(i, format!("not a zecklab strategy file: expected '{STRATEGY_MAGIC}'")));
        }
        let mut number = |key: &str| -> Result<(usize, u64), StrategyError> {
            let (i, l) = next(&format!("'{key} ...'"))?;
            let value = l
                .strip_prefix(key)
                .and_then(|v| v.strip_prefix(' '))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .ok_or_else(|| bad(i, format!("expected '{key} <number>'")))?;
            Ok((i, value))
        };
        let (n_line, n) = number("n")?;
        let n = u32::try_from(n)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| bad(n_line, format!("invalid n = {n}")))?;
        let (_, count) = number("positions")?;
        let mut moves = Vec::new();
        let mut seen = HashSet::new();
        loop {
            let (i, l) = next("'end'")?;
            if l == "end" {
                break;
            }
            let (p, m) =
                l.split_once('\t').ok_or_else(|| bad(i, "expected a position, a tab and a move".into()))?;
            let describe = |e: ZgameError| bad(i, e.to_string());
            let position = ZPosition::parse(p).map_err(describe)?;
            if position.n() != u64::from(n) {
                return Err(bad(i, format!("{position} sums to {}, not n = {n}", position.n())));
            }
            let r#move = ZMove::parse(m).map_err(describe)?;
            if !seen.insert(position.clone()) {
                return Err(bad(i, format!("{position} appears twice")));
            }
            moves.push((position, r#move));
        }
        if moves.len() as u64 != count {
            return Err(bad(
                last_line,
                format!("the header promises {count} positions, the file has {}", moves.len()),
            ));
        }
        if let Some((i, extra)) = records.find(|(_, l)| !l.trim().is_empty()) {
            return Err(bad(
                i,
                format!("unexpected text after 'end': '{}'", zecklab_numeration::abbreviate(extra)),
            ));
        }
        Ok(PlayerTwoStrategy { n, moves })
    }

    /// Plays every Player 1 line against the strategy, using only the rules of the game: every
    /// position Player 2 faces must be answered by a legal move, and Player 2 must make the last
    /// move of every game.
    ///
    /// # Errors
    /// [`StrategyError`] naming the first position where the strategy fails.
    pub fn check(&self) -> Result<StrategyCheck, StrategyError> {
        let answers: HashMap<&ZPosition, ZMove> = self.moves.iter().map(|(p, m)| (p, *m)).collect();
        let start = ZPosition::start(self.n).expect("n >= 1");
        // Depth-first over Player 1's positions; `longest[p]` is the most moves left from p. A
        // position is expanded once; its replies wait on the stack until they are all finished.
        let mut longest: HashMap<ZPosition, u32> = HashMap::new();
        let mut used: HashSet<&ZPosition> = HashSet::new();
        let mut stack = vec![(start, None::<Vec<ZPosition>>)];
        while let Some((p, replies)) = stack.pop() {
            if let Some(replies) = replies {
                let most = replies.iter().map(|r| longest[r] + 2).max().unwrap_or(0);
                longest.insert(p, most);
                continue;
            }
            if longest.contains_key(&p) {
                continue;
            }
            let mut replies = Vec::new();
            for m in p.moves() {
                let q = p.apply(m).expect("listed moves are legal");
                let Some((&key, &answer)) = answers.get_key_value(&q) else {
                    return Err(if q.is_terminal() {
                        StrategyError::PlayerOneMovesLast { line: vec![format!("{p}"), format!("{m}")] }
                    } else {
                        StrategyError::Unanswered { position: q.to_string() }
                    });
                };
                let next = q.apply(answer).map_err(|_| StrategyError::IllegalMove {
                    position: q.to_string(),
                    r#move: answer.to_string(),
                })?;
                used.insert(key);
                replies.push(next);
            }
            let pending: Vec<ZPosition> =
                replies.iter().filter(|r| !longest.contains_key(*r)).cloned().collect();
            stack.push((p, Some(replies)));
            stack.extend(pending.into_iter().map(|r| (r, None)));
        }
        let start = ZPosition::start(self.n).expect("n >= 1");
        Ok(StrategyCheck {
            player_one_positions: longest.len() as u64,
            answered_positions: used.len() as u64,
            unreachable_entries: (answers.len() - used.len()) as u64,
            longest_game: longest[&start],
        })
    }
}

/// The position of a move in [`ZPosition::moves`] order.
/// Which winning reply a built strategy plays where Player 2 has several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyChoice {
    /// The one that wins fastest (least remoteness).
    Fastest,
    /// The one that wins slowest (greatest remoteness).
    Slowest,
    /// The one that keeps the strategy small: the smallest of several greedy constructions
    /// (replies to positions the strategy already reaches; replies that leave Player 1 the fewest
    /// moves; `Fastest` and `Slowest`), so never larger than `Fastest`'s or `Slowest`'s.
    Smallest,
    /// The smallest of all winning strategies, found by an exact search (`minimal`), up to
    /// its reach; not among [`ReplyChoice::ALL`], whose choices every game up to n = 200 builds.
    Minimal,
}

impl ReplyChoice {
    /// Every choice, by name.
    pub const ALL: [(ReplyChoice, &'static str); 3] = [
        (ReplyChoice::Fastest, "fastest"),
        (ReplyChoice::Slowest, "slowest"),
        (ReplyChoice::Smallest, "smallest"),
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ReplyChoice::Fastest => "fastest",
            ReplyChoice::Slowest => "slowest",
            ReplyChoice::Smallest => "smallest",
            ReplyChoice::Minimal => "minimal",
        }
    }

    /// The choice of this name (`"fastest"`, `"slowest"`, `"smallest"` or `"minimal"`).
    pub fn from_name(name: &str) -> Option<ReplyChoice> {
        [ReplyChoice::Fastest, ReplyChoice::Slowest, ReplyChoice::Smallest, ReplyChoice::Minimal]
            .into_iter()
            .find(|c| c.name() == name)
    }
}

/// How [`build`] picks among the winning replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heuristic {
    Fastest,
    Slowest,
    /// A reply to a position the strategy already reaches, else the one leaving the fewest moves.
    ReuseFewest,
    /// A reply to a position the strategy already reaches, else the fastest.
    ReuseFastest,
    /// The reply leaving Player 1 the fewest moves.
    Fewest,
}

/// Builds the strategy Player 2 plays by `heuristic` (the start is a P-position).
fn build(
    solution: &Solution,
    heuristic: Heuristic,
    progress: &mut impl FnMut(u64, u64),
) -> PlayerTwoStrategy {
    let index = solution.index();
    let count = index.count() as usize;
    // The number of moves of each position, where the heuristic needs it.
    let mut move_counts: Vec<u8> = Vec::new();
    if matches!(heuristic, Heuristic::ReuseFewest | Heuristic::Fewest) {
        move_counts = vec![0; count];
        walk(index, true, |r, children| move_counts[r as usize] = children.len().min(255) as u8);
    }
    // Every move raises the rank, so one pass in increasing rank order sees each position after
    // everything that leads to it.
    let mut player_one_to_move = vec![false; count];
    let mut player_two_to_move = vec![false; count];
    player_one_to_move[solution.start_rank() as usize] = true;
    let mut moves = Vec::new();
    walk(index, true, |r, children| {
        let r = r as usize;
        if r.is_multiple_of(1 << 16) {
            progress(r as u64, count as u64);
        }
        if player_one_to_move[r] {
            for c in children {
                player_two_to_move[c.rank as usize] = true;
            }
        }
        if player_two_to_move[r] {
            let winning = children.iter().filter(|c| !solution.outcome(c.rank).is_win());
            let remoteness = |c: &&zecklab_games::zgame::ChildRank| solution.remoteness(c.rank).unwrap_or(0);
            let reached = |c: &&zecklab_games::zgame::ChildRank| !player_one_to_move[c.rank as usize];
            let fewest = |c: &&zecklab_games::zgame::ChildRank| move_counts[c.rank as usize];
            let best = match heuristic {
                Heuristic::Fastest => winning.min_by_key(|c| (remoteness(c), move_order(c.r#move))),
                Heuristic::Slowest => {
                    winning.max_by_key(|c| (remoteness(c), std::cmp::Reverse(move_order(c.r#move))))
                }
                Heuristic::ReuseFewest => {
                    winning.min_by_key(|c| (reached(c), fewest(c), remoteness(c), move_order(c.r#move)))
                }
                Heuristic::ReuseFastest => {
                    winning.min_by_key(|c| (reached(c), remoteness(c), move_order(c.r#move)))
                }
                Heuristic::Fewest => winning.min_by_key(|c| (fewest(c), remoteness(c), move_order(c.r#move))),
            }
            .expect("Player 2 only faces winning positions while following a winning strategy");
            player_one_to_move[best.rank as usize] = true;
            moves.push((index.unrank(r as u64), best.r#move));
        }
    });
    PlayerTwoStrategy { n: index.n(), moves }
}

fn move_order(m: ZMove) -> (u8, usize) {
    match m {
        ZMove::Combine(i) => (0, i.get()),
        ZMove::CombineOnes => (1, 0),
        ZMove::Split(i) => (2, i.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::zgame::solve;

    fn strategy(n: u32) -> Result<PlayerTwoStrategy, StrategyError> {
        PlayerTwoStrategy::from_solution(&solve(n, true, 1 << 30, |_, _| {}).unwrap(), |_, _| {})
    }

    #[test]
    fn built_strategies_pass_the_check_and_read_back() {
        for n in [1, 3, 4, 5, 10, 17, 30] {
            let s = strategy(n).unwrap();
            let report = s.check().unwrap_or_else(|e| panic!("n = {n}: {e}"));
            assert_eq!(report.unreachable_entries, 0, "n = {n}");
            assert_eq!(report.answered_positions, s.moves().len() as u64);
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            assert_eq!(Some(report.longest_game), solution.remoteness(solution.start_rank()), "n = {n}");
            let text: Vec<String> = s.lines().collect();
            assert_eq!(PlayerTwoStrategy::parse(text.iter().map(String::as_str)), Ok(s));
        }
        assert_eq!(strategy(2), Err(StrategyError::PlayerOneWins(2)));
    }

    #[test]
    fn every_choice_builds_a_winning_strategy_and_smallest_is_never_larger_than_fastest_or_slowest() {
        let mut smaller = 0;
        for n in 3..=45 {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let built: Vec<PlayerTwoStrategy> = ReplyChoice::ALL
                .iter()
                .map(|&(choice, _)| PlayerTwoStrategy::choosing(&solution, choice, |_, _| {}).unwrap())
                .collect();
            for (s, (_, name)) in built.iter().zip(ReplyChoice::ALL) {
                let report = s.check().unwrap_or_else(|e| panic!("n = {n}, {name}: {e}"));
                assert_eq!(report.unreachable_entries, 0, "n = {n}, {name}");
            }
            let (fastest, slowest, smallest) =
                (built[0].moves.len(), built[1].moves.len(), built[2].moves.len());
            assert!(smallest <= fastest, "n = {n}: {smallest} > {fastest}");
            assert!(smallest <= slowest, "n = {n}: {smallest} > slowest's {slowest}");
            smaller += usize::from(smallest < fastest);
            // The slowest replies make longer games, and the check's longest game says so.
            let longest = |s: &PlayerTwoStrategy| s.check().unwrap().longest_game;
            assert!(longest(&built[1]) >= longest(&built[0]), "n = {n}");
        }
        assert!(smaller > 10, "the search finds smaller strategies than the fastest replies give");
    }

    #[test]
    fn a_wrong_move_is_caught() {
        let s = strategy(12).unwrap();
        // Replace each answer in turn by another legal move: unless that move also wins, some
        // Player 1 line must now beat the strategy.
        let solution = solve(12, false, 1 << 30, |_, _| {}).unwrap();
        let mut caught = 0;
        for k in 0..s.moves.len() {
            let (p, m) = &s.moves[k];
            for other in p.moves().into_iter().filter(|o| o != m) {
                let child = p.apply(other).unwrap();
                let also_wins = !solution.outcome(solution.index().rank(&child).unwrap()).is_win();
                let mut changed = s.clone();
                changed.moves[k].1 = other;
                if !also_wins {
                    assert!(changed.check().is_err(), "{p}: {other} loses but passed");
                    caught += 1;
                }
            }
        }
        assert!(caught > 0);
    }

    fn lines(t: &[String]) -> Vec<&str> {
        t.iter().map(String::as_str).collect()
    }

    #[test]
    fn corrupt_files_are_refused_with_a_line_number() {
        let s = strategy(10).unwrap();
        let text: Vec<String> = s.lines().collect();
        let truncated = &text[..text.len() - 3];
        assert!(matches!(PlayerTwoStrategy::parse(lines(truncated)), Err(StrategyError::Malformed { .. })));
        let mut wrong_part = text.clone();
        wrong_part[8] = wrong_part[8].replacen("1^", "4^", 1);
        assert!(matches!(
            PlayerTwoStrategy::parse(lines(&wrong_part)),
            Err(StrategyError::Malformed { line: 9, .. })
        ));
        let mut no_magic = text.clone();
        no_magic[0] = "hello".into();
        assert!(matches!(
            PlayerTwoStrategy::parse(lines(&no_magic)),
            Err(StrategyError::Malformed { line: 1, .. })
        ));
        let mut missing = text.clone();
        missing.remove(7);
        assert!(PlayerTwoStrategy::parse(lines(&missing)).is_err(), "the count no longer matches");
        let mut answer_removed = s.clone();
        answer_removed.moves.remove(0);
        assert!(matches!(answer_removed.check(), Err(StrategyError::Unanswered { .. })));
    }
}
