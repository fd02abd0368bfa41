//! Player 2's smallest winning strategy: the fewest positions at which Player 2 must have a
//! prescribed reply, over *all* winning strategies (the greedy constructions of
//! `p2_strategy` give upper bounds).
//!
//! **The model.** A strategy reaches positions with Player 1 to move (P-positions, reached from
//! the start and from Player 2's replies) and with Player 2 to move (every child of a reached
//! Player 1 position). A 0-1 program over the positions that any winning play can reach:
//! `y_p` (Player 1 to move at `p`, reached), `x_q` (Player 2 to move at `q`, reached) and
//! `z_qc` (Player 2 replies at `q` with the winning move to `c`):
//!
//! - `y_start = 1`;
//! - `x_q >= y_p` for every child `q` of `p` (Player 1 may play anything);
//! - `sum_c z_qc >= x_q` (a reached Player 2 position has a reply) and `y_c >= z_qc`;
//! - minimise `sum_q x_q`.
//!
//! Its optimum is the smallest strategy's size: an optimal solution's replies, followed from the
//! start, reach no more Player 2 positions than it counts ([`minimal_replies`] builds the
//! strategy that way, so what it returns passes `PlayerTwoStrategy::check` like any other).
//!
//! **The solver** is good_lp's pure-Rust `microlp` backend (branch and bound on the simplex), or,
//! built with the `cbc` feature, CBC (COIN-OR branch and cut, linked from the system), whose cuts
//! close the weak relaxation far faster.
//! The LP relaxation is weak, so the search's time grows fast and unevenly. Measured on the
//! reference machine (2-vCPU Xeon, release build, `zgame certificates N --minimal`): every n to
//! 37 in under 2.3 s, n = 38 in 10.9 s, n = 39 in 4.9 s, n = 40 in 3.0 s, but n = 41 and n = 44
//! over a minute and n = 50 unfinished after 14 minutes. The games past [`MINIMAL_TO`] are refused
//! before any work. (CBC, an external solver, took 20 s at n = 50 in a prototype: the way
//! further.)

use good_lp::{constraint, variable, variables, Expression, Solution as _, SolverModel, Variable};

use crate::strategy_error::StrategyError;
use zecklab_games::zgame::walk;
use zecklab_games::zgame::Solution;
use zecklab_games::zgame::{ZMove, ZPosition};

/// The largest game whose smallest strategy is searched for: the reach of the solver built in on
/// the reference machine (see the module header), 60 with CBC (the `cbc` feature), 40 without.
pub const MINIMAL_TO: u32 = if cfg!(feature = "cbc") { 60 } else { 40 };

/// The solver built in, as reports name it.
pub const MINIMAL_SOLVER: &str = if cfg!(feature = "cbc") { "cbc" } else { "microlp" };

/// Player 2's replies in a smallest winning strategy for a solved game (outcomes suffice), each
/// with the position it answers: what `PlayerTwoStrategy::choosing` with `ReplyChoice::Minimal`
/// returns as a strategy.
///
/// # Errors
/// [`StrategyError::PlayerOneWins`] when Player 1 wins the game; [`StrategyError::BeyondReach`]
/// past [`MINIMAL_TO`]; [`StrategyError::Solver`] when the solver fails.
pub fn minimal_replies(solution: &Solution) -> Result<Vec<(ZPosition, ZMove)>, StrategyError> {
    let index = solution.index();
    let n = index.n();
    if solution.outcome(solution.start_rank()).is_win() {
        return Err(StrategyError::PlayerOneWins(n));
    }
    if n > MINIMAL_TO {
        return Err(StrategyError::BeyondReach { n, limit: MINIMAL_TO });
    }
    let count = index.count() as usize;
    let mut children: Vec<Vec<(u64, ZMove)>> = vec![Vec::new(); count];
    walk(index, true, |r, ch| children[r as usize] = ch.iter().map(|c| (c.rank, c.r#move)).collect());
    let winning: Vec<Vec<(usize, ZMove)>> = children
        .iter()
        .map(|ch| {
            ch.iter().filter(|c| !solution.outcome(c.0).is_win()).map(|&(c, m)| (c as usize, m)).collect()
        })
        .collect();
    let start = solution.start_rank() as usize;
    // Every position winning play can reach, with the player to move.
    let (one, two) = follow(&children, start, |r, reach| {
        for &(c, _) in &winning[r] {
            reach(c);
        }
        Ok(())
    })?;
    // Variables in rank order, each position's together (reached with Player 1 to move, with
    // Player 2 to move, then its replies), so that the model (and the strategy chosen among
    // equal ones) is the same on every run. The order matters to the branch and bound: with
    // every `y` first, then every `x`, then every reply, n = 34 took 50 times as long.
    let mut vars = variables!();
    let (mut y, mut x, mut z) = (vec![None; count], vec![None; count], vec![Vec::new(); count]);
    for r in 0..count {
        if one[r] {
            y[r] = Some(vars.add(variable().binary()));
        }
        if two[r] {
            x[r] = Some(vars.add(variable().binary()));
            z[r] = winning[r].iter().map(|_| vars.add(variable().binary())).collect();
        }
    }
    let objective: Expression = x.iter().flatten().copied().sum();
    #[cfg(not(feature = "cbc"))]
    let mut model = vars.minimise(objective).using(good_lp::microlp);
    #[cfg(feature = "cbc")]
    let mut model = {
        let mut model = vars.minimise(objective).using(good_lp::coin_cbc);
        // Answers go to standard output: CBC must print nothing there.
        model.set_parameter("log", "0");
        model.set_parameter("slog", "0");
        model.set_parameter("threads", "1");
        model
    };
    let var = |v: &[Option<Variable>], r: usize| v[r].expect("a variable for every reached position");
    model = model.with(constraint!(var(&y, start) >= 1));
    for r in 0..count {
        if let Some(reached) = y[r] {
            for &(c, _) in &children[r] {
                model = model.with(constraint!(var(&x, c as usize) >= reached));
            }
        }
        if let Some(decided) = x[r] {
            let mut replies = Expression::from(0);
            for (&(c, _), &chosen) in winning[r].iter().zip(&z[r]) {
                replies += chosen;
                model = model.with(constraint!(var(&y, c) >= chosen));
            }
            model = model.with(constraint!(replies >= decided));
        }
    }
    let solved = model.solve().map_err(|e| StrategyError::Solver(e.to_string()))?;
    // The chosen replies, followed from the start: the strategy reaches no more positions than
    // the optimum counts.
    let mut moves = Vec::new();
    follow(&children, start, |r, reach| {
        let (c, reply) = winning[r]
            .iter()
            .zip(&z[r])
            .find(|(_, &v)| solved.value(v) > 0.5)
            .map(|(&reply, _)| reply)
            .ok_or_else(|| StrategyError::Solver(format!("no reply chosen at rank {r}")))?;
        reach(c);
        moves.push((index.unrank(r as u64), reply));
        Ok(())
    })?;
    Ok(moves)
}

/// The positions reached from `start` in one pass in rank order (every move raises the rank):
/// with Player 1 to move, every child; with Player 2 to move, what `reply(rank, reach)` reaches.
/// Returns the positions reached with Player 1 and with Player 2 to move.
fn follow(
    children: &[Vec<(u64, ZMove)>],
    start: usize,
    mut reply: impl FnMut(usize, &mut dyn FnMut(usize)) -> Result<(), StrategyError>,
) -> Result<(Vec<bool>, Vec<bool>), StrategyError> {
    let (mut one, mut two) = (vec![false; children.len()], vec![false; children.len()]);
    one[start] = true;
    for r in 0..children.len() {
        if one[r] {
            for &(c, _) in &children[r] {
                two[c as usize] = true;
            }
        }
        if two[r] {
            reply(r, &mut |c| one[c] = true)?;
        }
    }
    Ok((one, two))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PlayerTwoStrategy, ReplyChoice};
    use zecklab_games::zgame::solve;

    fn minimal_strategy(solution: &Solution) -> Result<PlayerTwoStrategy, StrategyError> {
        PlayerTwoStrategy::choosing(solution, ReplyChoice::Minimal, |_, _| {})
    }

    /// The smallest strategy by exhaustive search over every Player 2 strategy: at each reachable
    /// Player 2 position, every winning reply, the positions the choices reach counted.
    fn exhaustive_minimum(solution: &Solution) -> usize {
        let index = solution.index();
        let count = index.count() as usize;
        let mut children: Vec<Vec<u64>> = vec![Vec::new(); count];
        walk(index, false, |r, ch| children[r as usize] = ch.iter().map(|c| c.rank).collect());
        let replies: Vec<Vec<u64>> = (0..count)
            .map(|r| children[r].iter().copied().filter(|&c| !solution.outcome(c).is_win()).collect())
            .collect();
        // Searches assignments of replies, position by position in rank order, extending the
        // reached sets as it goes (a position is decided when first reached, and ranks rise).
        fn search(
            r: usize,
            one: &mut Vec<bool>,
            two: &mut Vec<bool>,
            size: usize,
            best: &mut usize,
            children: &[Vec<u64>],
            replies: &[Vec<u64>],
        ) {
            if size >= *best {
                return;
            }
            if r == one.len() {
                *best = size;
                return;
            }
            let mut added_two = Vec::new();
            if one[r] {
                for &c in &children[r] {
                    if !two[c as usize] {
                        two[c as usize] = true;
                        added_two.push(c as usize);
                    }
                }
            }
            if two[r] {
                for &c in &replies[r] {
                    let fresh = !one[c as usize];
                    one[c as usize] = true;
                    search(r + 1, one, two, size + 1, best, children, replies);
                    if fresh {
                        one[c as usize] = false;
                    }
                }
            } else {
                search(r + 1, one, two, size, best, children, replies);
            }
            for c in added_two {
                two[c] = false;
            }
        }
        let (mut one, mut two) = (vec![false; count], vec![false; count]);
        one[solution.start_rank() as usize] = true;
        let mut best = usize::MAX;
        search(0, &mut one, &mut two, 0, &mut best, &children, &replies);
        best
    }

    #[test]
    fn the_minimum_is_the_exhaustive_searchs_and_never_above_a_greedy_strategy() {
        for n in 3..=14 {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let minimal = minimal_strategy(&solution).unwrap();
            minimal.check().unwrap_or_else(|e| panic!("n = {n}: {e}"));
            assert_eq!(minimal.moves().len(), exhaustive_minimum(&solution), "n = {n}");
        }
        let mut below = 0;
        for n in 15..=30 {
            let solution = solve(n, true, 1 << 30, |_, _| {}).unwrap();
            let minimal = minimal_strategy(&solution).unwrap();
            minimal.check().unwrap_or_else(|e| panic!("n = {n}: {e}"));
            let smallest = PlayerTwoStrategy::choosing(&solution, ReplyChoice::Smallest, |_, _| {}).unwrap();
            assert!(minimal.moves().len() <= smallest.moves().len(), "n = {n}");
            below += usize::from(minimal.moves().len() < smallest.moves().len());
        }
        // n = 17 is the first n where every greedy construction is beaten.
        assert!(below > 0, "the exact minimum beats the greedy constructions somewhere");
    }

    #[test]
    fn player_ones_games_and_games_past_the_reach_are_refused() {
        let two = solve(2, true, 1 << 30, |_, _| {}).unwrap();
        assert_eq!(minimal_strategy(&two), Err(StrategyError::PlayerOneWins(2)));
        let big = solve(MINIMAL_TO + 1, false, 1 << 30, |_, _| {}).unwrap();
        assert_eq!(
            minimal_strategy(&big),
            Err(StrategyError::BeyondReach { n: MINIMAL_TO + 1, limit: MINIMAL_TO })
        );
    }

    /// With CBC, past the pure-Rust solver's reach: the optimum at n = 45 checks and beats every
    /// greedy construction (611 against 783 for the smallest found).
    #[cfg(feature = "cbc")]
    #[test]
    fn cbc_reaches_past_forty() {
        let solution = solve(45, true, 1 << 30, |_, _| {}).unwrap();
        let minimal = minimal_strategy(&solution).unwrap();
        minimal.check().unwrap();
        for (choice, _) in ReplyChoice::ALL {
            let greedy = PlayerTwoStrategy::choosing(&solution, choice, |_, _| {}).unwrap();
            assert!(minimal.moves().len() < greedy.moves().len(), "{choice:?}");
        }
    }
}
