//! From tables to theorems: learn the automaton of a game's P-positions from a solver that
//! answers single positions, then prove it is the P-positions by the two conditions of
//! [`crate::proofs`]. A failed proof names a position; the solver classifies it (or the move
//! from it the proof names) and the learner takes the one the hypothesis gets wrong. No rule is
//! typed in: the solvers here know only the games' moves.

use std::time::Instant;

use zecklab_automata::learn::learn;
use zecklab_automata::logic::Prover;
use zecklab_automata::{AutomataError, Base, Dfa};
use zecklab_games::zgame::black_hole::BlackHole;

/// A game the learner knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnGame {
    /// Wythoff's game, tracks (x, y).
    Wythoff,
    /// Fibonacci Nim, tracks (n, c): heap and cap (a cap of 0 counts as a loss).
    Fibnim,
    /// The black-hole game with the hole on F3, tracks (a, b): the counts on 1 and 2.
    BlackHole3,
    /// The black-hole game with the hole on F4, tracks (a, b, c): the counts on 1, 2 and 3.
    BlackHole4,
}

impl LearnGame {
    /// The game by its command-line name.
    pub fn from_name(name: &str) -> Option<LearnGame> {
        match name {
            "wythoff" => Some(LearnGame::Wythoff),
            "fibnim" => Some(LearnGame::Fibnim),
            "black-hole-3" => Some(LearnGame::BlackHole3),
            "black-hole-4" => Some(LearnGame::BlackHole4),
            _ => None,
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            LearnGame::Wythoff => "wythoff",
            LearnGame::Fibnim => "fibnim",
            LearnGame::BlackHole3 => "black-hole-3",
            LearnGame::BlackHole4 => "black-hole-4",
        }
    }

    /// The tracks, in order.
    pub fn tracks(self) -> &'static [&'static str] {
        match self {
            LearnGame::Wythoff => &["x", "y"],
            LearnGame::Fibnim => &["n", "c"],
            LearnGame::BlackHole3 => &["a", "b"],
            LearnGame::BlackHole4 => &["a", "b", "c"],
        }
    }

    /// The move relation from the positions `from` to `to` (variables named as given), and
    /// the condition a position must meet to be one (Fibonacci Nim's cap at least 1).
    fn moves(self) -> (&'static str, &'static str) {
        match self {
            LearnGame::Wythoff => ("(x = u & v < y) | (y = v & u < x) | (u < x & x - u = y - v)", ""),
            LearnGame::Fibnim => ("t >= 1 & t <= c & t <= n & u = n - t & v = 2*t", "c >= 1"),
            LearnGame::BlackHole3 => (
                "(a >= 2 & u + 2 = a & v = b + 1) | (a >= 1 & b >= 1 & u + 1 = a & v + 1 = b) | (b >= 2 & u = a + 1 & v + 2 = b)",
                "",
            ),
            LearnGame::BlackHole4 => (
                "(a >= 1 & b >= 1 & u + 1 = a & v + 1 = b & w = c + 1) | (b >= 1 & c >= 1 & u = a & v + 1 = b & w + 1 = c) | (a >= 2 & u + 2 = a & v = b + 1 & w = c) | (b >= 2 & u = a + 1 & v + 2 = b & w = c + 1) | (c >= 2 & u = a + 1 & v = b & w + 2 = c)",
                "",
            ),
        }
    }
}

/// The most states a subset construction of a hypothesis's proof may make.
const PROOF_STATES: usize = 200_000;

/// What a learning run found.
#[derive(Clone, Debug)]
pub struct LearnReport {
    /// The game.
    pub game: LearnGame,
    /// The automaton of the P-positions (the last hypothesis when not proved).
    pub automaton: Dfa,
    /// Its states, the dead one left out.
    pub states: usize,
    /// Whether the two conditions were proved for it.
    pub proved: bool,
    /// Hypotheses made.
    pub rounds: usize,
    /// Seconds.
    pub seconds: f64,
    /// Why it stopped unproved, when it did.
    pub stopped: Option<String>,
}

/// The solvers answering membership: whether the player to move loses a position.
struct Oracle {
    game: LearnGame,
    /// Wythoff's P-positions (a_m, b_m) by the mex construction, in order of m.
    wythoff: Vec<(u128, u128)>,
    wythoff_used: Vec<bool>,
    /// Fibonacci Nim: for each heap the least cap that wins (`u128::MAX`: none).
    thresholds: Vec<u128>,
    /// Black holes: `loses[v]`, the positions of value v (a + 2b, or a + 2b + 3c), in the order
    /// [`hole_positions`] lists them.
    holes: Vec<HoleRow>,
    /// Whether a question went past the black-hole tables' reach.
    beyond: bool,
}

/// The most value (a + 2b + 3c) the black-hole solver here tabulates with the hole on F4
/// (about 40 MB of tables).
const HOLE_4_VALUE: u128 = 600;
/// The most value a + 2b tabulated with the hole on F3 (about 400 MB of one-byte flags).
const HOLE_3_VALUE: u128 = 40_000;

impl Oracle {
    fn new(game: LearnGame) -> Oracle {
        Oracle {
            game,
            wythoff: Vec::new(),
            wythoff_used: Vec::new(),
            thresholds: vec![u128::MAX],
            holes: Vec::new(),
            beyond: false,
        }
    }

    fn loses(&mut self, p: &[u128]) -> bool {
        match self.game {
            LearnGame::Wythoff => {
                let (a, b) = (p[0].min(p[1]), p[0].max(p[1]));
                // Extend a_m = mex of the numbers used, b_m = a_m + m, until a_m passes a.
                while self.wythoff.last().is_none_or(|&(last, _)| last < a) {
                    let m = self.wythoff.len() as u128;
                    let next =
                        self.wythoff_used.iter().position(|&u| !u).unwrap_or(self.wythoff_used.len()) as u128;
                    let pair = (next, next + m);
                    for v in [pair.0, pair.1] {
                        let v = v as usize;
                        if self.wythoff_used.len() <= v {
                            self.wythoff_used.resize(v + 1, false);
                        }
                        self.wythoff_used[v] = true;
                    }
                    self.wythoff.push(pair);
                }
                self.wythoff.binary_search(&(a, b)).is_ok()
            }
            LearnGame::Fibnim => {
                let (n, c) = (p[0], p[1]);
                while self.thresholds.len() as u128 <= n {
                    let h = self.thresholds.len() as u128;
                    // The least take leaving a loss: all of it, or x with 2x below the rest's threshold.
                    let x =
                        (1..=h).find(|&x| x == h || 2 * x < self.thresholds[(h - x) as usize]).unwrap_or(h);
                    self.thresholds.push(x);
                }
                c < self.thresholds[n as usize]
            }
            LearnGame::BlackHole3 | LearnGame::BlackHole4 => {
                let three = self.game == LearnGame::BlackHole3;
                let value = if three { p[0] + 2 * p[1] } else { p[0] + 2 * p[1] + 3 * p[2] };
                let most = if three { HOLE_3_VALUE } else { HOLE_4_VALUE };
                // Past the tables' reach the learner is told the position is a win: the proof
                // then decides, and a wrong answer can only make it fail, never pass.
                if value > most {
                    self.beyond = true;
                    return false;
                }
                while self.holes.len() as u128 <= value {
                    let v = self.holes.len() as u32;
                    let row =
                        if three { hole_3_row(v, &self.holes) } else { hole_row(self.game, v, &self.holes) };
                    self.holes.push(row);
                }
                let counts: Vec<u32> = p.iter().map(|&x| x as u32).collect();
                let row = &self.holes[value as usize];
                row.loses[row.index(&counts)]
            }
        }
    }
}

/// One value's row of the black-hole tables: whether the player to move loses each position of
/// that value, laid out by (c, b) (`offsets[c] + b`; c = 0 alone with the hole on F3).
struct HoleRow {
    offsets: Vec<usize>,
    loses: Vec<bool>,
}

impl HoleRow {
    fn index(&self, p: &[u32]) -> usize {
        let c = p.get(2).copied().unwrap_or(0) as usize;
        self.offsets[c] + p[1] as usize
    }
}

/// [`hole_row`] with the hole on F3, its three moves written out (the tables reach far, and the
/// test below holds them to the rules' own moves): from (a, b), 1 + 1 -> 2 gives (a - 2, b + 1)
/// of the same value, 1 + 2 -> 3 and 2 + 2 -> 1 + 3 drop a 3 into the hole, giving (a - 1,
/// b - 1) and (a + 1, b - 2) of value v - 3.
fn hole_3_row(v: u32, rows: &[HoleRow]) -> HoleRow {
    let len = (v / 2 + 1) as usize;
    let mut loses = vec![false; len];
    let lower = |b: u32| -> bool {
        // The position (v - 3 - 2b, b) of value v - 3.
        rows[(v - 3) as usize].loses[b as usize]
    };
    // b descending: (a - 2, b + 1) is already filled.
    for b in (0..=v / 2).rev() {
        let a = v - 2 * b;
        // A win exactly when some move leads to a loss.
        let mut win = a >= 2 && loses[(b + 1) as usize];
        win |= a >= 1 && b >= 1 && lower(b - 1);
        win |= b >= 2 && lower(b - 2);
        loses[b as usize] = !win;
    }
    HoleRow { offsets: vec![0], loses }
}

/// The row of value `v` (a + 2b, or a + 2b + 3c), from the rows of smaller values. Moves that
/// keep the value (the combines, and 2 + 2 -> 1 + 3 with the hole on F4) raise b + 3c, so the
/// row is filled in decreasing b + 3c; the others lower the value.
fn hole_row(game: LearnGame, v: u32, rows: &[HoleRow]) -> HoleRow {
    let three = game == LearnGame::BlackHole3;
    let rules = BlackHole::new(if three { 3 } else { 4 }).expect("a hole on F3 or F4");
    let most_c = if three { 0 } else { v / 3 };
    let mut offsets = Vec::with_capacity(most_c as usize + 2);
    let mut positions = Vec::new();
    for c in 0..=most_c {
        offsets.push(positions.len());
        for b in 0..=(v - 3 * c) / 2 {
            let a = v - 2 * b - 3 * c;
            positions.push(if three { vec![a, b] } else { vec![a, b, c] });
        }
    }
    let mut row = HoleRow { offsets, loses: vec![false; positions.len()] };
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order
        .sort_by_key(|&i| std::cmp::Reverse(positions[i][1] + 3 * positions[i].get(2).copied().unwrap_or(0)));
    let value = |p: &[u32]| -> u32 { p.iter().enumerate().map(|(i, &x)| x * (i as u32 + 1)).sum() };
    for i in order {
        let loses = rules.moves(&positions[i]).iter().all(|(_, child)| {
            let w = value(child);
            let child_loses = if w == v {
                row.loses[row.index(child)]
            } else {
                rows[w as usize].loses[rows[w as usize].index(child)]
            };
            !child_loses
        });
        row.loses[i] = loses;
    }
    row
}

/// Learns and proves `game`'s P-positions, with at most `max_states` states a hypothesis.
///
/// # Errors
/// A prover's error (a proof past the prover's state limit).
pub fn learn_game(game: LearnGame, max_states: usize) -> Result<LearnReport, AutomataError> {
    let started = Instant::now();
    let tracks = game.tracks();
    let bases = vec![Base::Fib; tracks.len()];
    let oracle = std::cell::RefCell::new(Oracle::new(game));
    let (relation, position) = game.moves();
    let to: Vec<&str> = ["u", "v", "w"][..tracks.len()].to_vec();
    let from_args = tracks.join(",");
    let to_args = to.join(",");
    let from_ok = if position.is_empty() { String::new() } else { format!("{position} & ") };
    let to_position = position.replace('c', "v");
    let to_ok = if position.is_empty() { String::new() } else { format!("{to_position} & ") };
    let with_t = if game == LearnGame::Fibnim { ",t" } else { "" };
    let closed = format!(
        "A {from_args},{to_args}{with_t} ({from_ok}$hyp({from_args}) & ({relation})) => ~$hyp({to_args})"
    );
    let absorbing = format!(
        "A {from_args} ({from_ok}~$hyp({from_args})) => E {to_args}{with_t} ({relation}) & {to_ok}$hyp({to_args})"
    );
    let mut stopped = None;
    let learned = learn(
        &bases,
        |p| oracle.borrow_mut().loses(p),
        |hypothesis| {
            // A hypothesis wrong on a small box is refuted there, cheaply; proofs are for the rest.
            let side: u128 = if tracks.len() == 2 { 40 } else { 14 };
            let mut oracle_now = oracle.borrow_mut();
            for i in 0..side.pow(tracks.len() as u32) {
                let p: Vec<u128> = (0..tracks.len()).map(|t| (i / side.pow(t as u32)) % side).collect();
                if hypothesis.accepts(&p) != oracle_now.loses(&p) {
                    return Ok(Some(p));
                }
            }
            drop(oracle_now);
            let mut prover = Prover::new();
            prover.max_states = PROOF_STATES;
            prover.define("hyp", hypothesis.clone());
            let closure = prover.eval(&closed)?;
            if let Some(c) = closure.counterexample.filter(|_| closure.truth == Some(false)) {
                // Both ends of the move are in the hypothesis; the solver is wrong about neither.
                let from: Vec<u128> = tracks.iter().map(|t| c.get(*t).copied().unwrap_or(0)).collect();
                let target: Vec<u128> = to.iter().map(|t| c.get(*t).copied().unwrap_or(0)).collect();
                let mut oracle = oracle.borrow_mut();
                return Ok(Some(if oracle.loses(&from) { target } else { from }));
            }
            let absorbed = prover.eval(&absorbing)?;
            if let Some(c) = absorbed.counterexample.filter(|_| absorbed.truth == Some(false)) {
                let from: Vec<u128> = tracks.iter().map(|t| c.get(*t).copied().unwrap_or(0)).collect();
                let mut oracle = oracle.borrow_mut();
                if oracle.loses(&from) {
                    return Ok(Some(from));
                }
                // A win: one of its moves leads to a loss the hypothesis leaves out.
                let child = children(game, &from).into_iter().find(|q| oracle.loses(q));
                return Ok(Some(child.unwrap_or(from)));
            }
            Ok(None)
        },
        max_states,
    );
    let (automaton, proved, rounds) = match learned {
        Ok(l) => (l.automaton, l.accepted, l.rounds),
        Err(AutomataError::TooManyStates { limit, .. }) if limit == max_states => {
            stopped = Some(format!("no hypothesis of at most {limit} states was proved"));
            (Dfa::constant(bases.clone(), false), false, 0)
        }
        Err(AutomataError::TooManyStates { limit, .. }) => {
            stopped = Some(format!("a hypothesis's proof passed {limit} states"));
            (Dfa::constant(bases.clone(), false), false, 0)
        }
        Err(e) => return Err(e),
    };
    Ok(LearnReport {
        game,
        states: automaton.live_states(),
        automaton,
        proved,
        rounds,
        seconds: started.elapsed().as_secs_f64(),
        stopped,
    })
}

/// The positions one move from `p`.
fn children(game: LearnGame, p: &[u128]) -> Vec<Vec<u128>> {
    match game {
        LearnGame::Wythoff => {
            let (x, y) = (p[0], p[1]);
            let mut out: Vec<Vec<u128>> =
                (0..x).map(|u| vec![u, y]).chain((0..y).map(|v| vec![x, v])).collect();
            out.extend((1..=x.min(y)).map(|k| vec![x - k, y - k]));
            out
        }
        LearnGame::Fibnim => (1..=p[1].min(p[0])).map(|t| vec![p[0] - t, 2 * t]).collect(),
        LearnGame::BlackHole3 | LearnGame::BlackHole4 => {
            let rules = BlackHole::new(if game == LearnGame::BlackHole3 { 3 } else { 4 }).expect("a hole");
            let counts: Vec<u32> = p.iter().map(|&v| v as u32).collect();
            rules.moves(&counts).into_iter().map(|(_, c)| c.into_iter().map(u128::from).collect()).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_tables_follow_the_rules_moves() {
        for v in 0..120u32 {
            let mut fast = Vec::new();
            let mut slow = Vec::new();
            for _ in 0..=v {
                let w = fast.len() as u32;
                fast.push(hole_3_row(w, &fast));
                slow.push(hole_row(LearnGame::BlackHole3, w, &slow));
            }
            assert_eq!(fast.last().unwrap().loses, slow.last().unwrap().loses, "value {v}");
        }
    }

    #[test]
    fn the_seeds_rules_are_learned_and_proved_without_being_typed() {
        let wythoff = learn_game(LearnGame::Wythoff, 64).unwrap();
        let fibnim = learn_game(LearnGame::Fibnim, 64).unwrap();
        assert!(wythoff.proved, "wythoff: {:?}", wythoff.stopped);
        assert!(fibnim.proved, "fibnim: {:?}", fibnim.stopped);
        // The learned automata are the seeds' rules, proved by hand in `proofs`.
        let typed = crate::proofs::prove(&[crate::proofs::WYTHOFF]).unwrap().defined["wythoffp"].clone();
        assert_eq!(wythoff.automaton, typed);
        let learned = fibnim.automaton;
        let proof = crate::proofs::prove(&[crate::proofs::FIBNIM]).unwrap();
        // The hand-written set reads (c, n) and leaves c = 0 free; the learner reads (n, c).
        for n in 0..200u128 {
            for c in 1..200u128 {
                assert_eq!(learned.accepts(&[n, c]), proof.defined["nimloss"].accepts(&[c, n]));
            }
        }
    }
}
