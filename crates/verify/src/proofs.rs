//! The games' theorems proved for every position by the decision procedure for Zeckendorf (and
//! binary) numeration: the checks whose ids end in `-proved`.
//!
//! Each states a set S of positions as a formula and proves, in the logic, that S is the game's
//! set of P-positions: no move leads from S into S, and every position outside S (that is not an
//! end where the player to move wins, in misère play) has a move into S. Since play always ends,
//! the two conditions determine the P-positions by induction on the longest game. The moves are
//! formulas too, written from the rules. As a check that the formulas describe the game the
//! solvers play, each proved set is also compared with a bounded search on a box of positions.

use std::collections::{BTreeMap, HashMap};

use zecklab_automata::logic::{Outcome, Prover};
use zecklab_automata::Dfa;
use zecklab_games::fibnim::NimRules;
use zecklab_reference::black_hole::NaiveBlackHole;
use zecklab_reference::fibnim::wins;
use zecklab_reference::wythoff::p_position_board;

use crate::{Check, Level};

/// Wythoff's game: (a, b) -> (c, d) removes from one pile or the same from both.
pub const WYTHOFF: &str = r#"
def wythoffp "(a <= b & $evenzeros(a) & $shift(a,b)) | (b <= a & $evenzeros(b) & $shift(b,a))";
def wythoffmove "(a = c & d < b) | (b = d & c < a) | (c < a & a - c = b - d)";
eval closed "A a,b,c,d ($wythoffp(a,b) & $wythoffmove(a,b,c,d)) => ~$wythoffp(c,d)";
eval absorbing "A a,b ~$wythoffp(a,b) => E c,d $wythoffmove(a,b,c,d) & $wythoffp(c,d)";
"#;

/// Fibonacci Nim, (heap n, cap c): the mover takes t, 1 <= t <= min(c, n), the next cap is 2t.
/// `$nimloss(c, n)`: n = 0, or c is below the least part of n.
pub const FIBNIM: &str = r#"
def nimloss "n = 0 | E z $leastpart(n,z) & c < z";
eval closed "A c,n,t (c >= 1 & $nimloss(c,n) & t >= 1 & t <= c & t <= n) => ~$nimloss(2*t, n-t)";
eval absorbing "A c,n (c >= 1 & ~$nimloss(c,n)) => E t t >= 1 & t <= c & t <= n & $nimloss(2*t, n-t)";
"#;

/// The opener of a heap n >= 2 (cap n - 1) wins exactly when n is not a Fibonacci number, and
/// taking the least part wins wherever the cap allows a win.
pub const FIBNIM_OPENER: &str = r#"
eval opener "A n n >= 2 => (~$nimloss(n-1, n) <=> ~$isfib(n))";
eval leastpart "A c,n (c >= 1 & ~$nimloss(c,n)) => E z $leastpart(n,z) & z <= c & $nimloss(2*z, n-z)";
"#;

/// Misère Fibonacci Nim: whoever takes the last counter loses; n = 0 is an end the player to
/// move has won. The rule: a loss exactly when n >= 1 and (c, n - 1) is a normal-play loss.
pub const FIBNIM_MISERE: &str = r#"
def misereloss "n >= 1 & $nimloss(c, n-1)";
eval closed "A c,n,t (c >= 1 & $misereloss(c,n) & t >= 1 & t <= c & t <= n) => ~$misereloss(2*t, n-t)";
eval absorbing "A c,n (c >= 1 & n >= 1 & ~$misereloss(c,n)) => E t t >= 1 & t <= c & t <= n & $misereloss(2*t, n-t)";
eval ends "A c ~$misereloss(c, 0)";
"#;

/// The factor-1 game in binary: the next cap is the take; a loss exactly when n = 0 or c is
/// below n's lowest set bit.
pub const FACTOR_ONE: &str = r#"
def oneloss "?msd_2 n = 0 | E z $leastpart(n,z) & c < z";
eval closed "?msd_2 A c,n,t (c >= 1 & $oneloss(c,n) & t >= 1 & t <= c & t <= n) => ~$oneloss(t, n-t)";
eval absorbing "?msd_2 A c,n (c >= 1 & ~$oneloss(c,n)) => E t t >= 1 & t <= c & t <= n & $oneloss(t, n-t)";
"#;

/// The black-hole game with the hole on F3, a pieces on 1 and b on 2: combine 1 + 1 -> 2,
/// combine 1 + 2 -> 3 (into the hole), split 2 + 2 -> 1 + 3 (the 3 into the hole). The rule: the
/// mover loses exactly when a = 0 mod 3 and b != 2 mod 3, or a = 1 and b = 0 mod 3.
pub const BLACK_HOLE_3: &str = r#"
def holeloss "(E i a = 3*i & ~E j b = 3*j + 2) | (E i a = 3*i + 1 & E j b = 3*j)";
def holemove "(a >= 2 & c + 2 = a & d = b + 1) | (a >= 1 & b >= 1 & c + 1 = a & d + 1 = b) | (b >= 2 & c = a + 1 & d + 2 = b)";
eval closed "A a,b,c,d ($holeloss(a,b) & $holemove(a,b,c,d)) => ~$holeloss(c,d)";
eval absorbing "A a,b ~$holeloss(a,b) => E c,d $holemove(a,b,c,d) & $holeloss(c,d)";
"#;

/// What a proof found: every eval's outcome and the automata it defined.
#[derive(Debug)]
pub struct Proof {
    /// The outcomes, in order.
    pub outcomes: Vec<Outcome>,
    /// The defined automata by name.
    pub defined: BTreeMap<String, Dfa>,
}

impl Proof {
    /// One line: the statements proved, the largest automaton and the time.
    pub fn summary(&self) -> String {
        let evals = self.outcomes.iter().filter(|o| o.command == "eval").count();
        let peak = self.outcomes.iter().map(|o| o.peak_states).max().unwrap_or(0);
        let seconds: f64 = self.outcomes.iter().map(|o| o.seconds).sum();
        format!("{evals} statements TRUE for every position; largest intermediate automaton {peak} states; {seconds:.2} s")
    }
}

/// Runs `scripts` in one session and requires every `eval` to be TRUE.
///
/// # Errors
/// The first statement that is not TRUE, with its counterexample; a script's error.
pub fn prove(scripts: &[&str]) -> Result<Proof, String> {
    let mut prover = Prover::new();
    let mut outcomes = Vec::new();
    for script in scripts {
        outcomes.extend(prover.run_script(script, |_| {}).map_err(|e| e.to_string())?);
    }
    for o in &outcomes {
        if o.command == "eval" && o.truth != Some(true) {
            return Err(format!(
                "{} is {}: {:?}",
                o.name,
                if o.truth == Some(false) { "FALSE" } else { "not a statement" },
                o.counterexample
            ));
        }
    }
    let defined = outcomes
        .iter()
        .filter(|o| o.command == "def")
        .map(|o| (o.name.clone(), o.automaton.clone()))
        .collect();
    Ok(Proof { outcomes, defined })
}

/// The proof scripts of each check proved for every position, by the check's id, in the order
/// they run (the later ones use the earlier ones' definitions).
const SCRIPTS: &[(&str, &[&str])] = &[
    ("wythoff-digit-rule-proved", &[WYTHOFF]),
    ("fibnim-losses-proved", &[FIBNIM]),
    ("fibnim-opener-proved", &[FIBNIM, FIBNIM_OPENER]),
    ("fibnim-misere-proved", &[FIBNIM, FIBNIM_MISERE]),
    ("nim-factor-1-proved", &[FACTOR_ONE]),
    ("black-hole-f3-proved", &[BLACK_HOLE_3]),
];

fn scripts_of(id: &str) -> Option<&'static [&'static str]> {
    SCRIPTS.iter().find(|(name, _)| *name == id).map(|(_, scripts)| *scripts)
}

/// The proof of the check `id` (one proved for every position) as one script in Walnut's
/// language: `zecklab prove --script FILE` runs it (`$shift`, `$evenzeros`, `$leastpart` and
/// `$isfib` are its built-in automata).
pub fn script(id: &str) -> Option<String> {
    scripts_of(id).map(|scripts| scripts.iter().map(|s| s.trim()).collect::<Vec<_>>().join("\n") + "\n")
}

/// The automata the proof of the check `id` defines (its `def`s), each by name in Walnut's
/// file format, made by running the proof.
///
/// # Errors
/// The proof fails (a statement not TRUE): what failed.
pub fn automata(id: &str) -> Option<Result<Vec<(String, String)>, String>> {
    let scripts = scripts_of(id)?;
    Some(prove(scripts).map(|proof| {
        proof
            .defined
            .iter()
            .map(|(name, dfa)| (name.clone(), zecklab_automata::walnut_file::write(dfa)))
            .collect()
    }))
}

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let box_side = level.pick(60u32, 200);
    let method = |what: &str| {
        format!("the decision procedure for Zeckendorf numeration (automata, Büchi arithmetic): {what}; the proved set also equals a bounded search on a box")
    };
    vec![
        Check::new(
            "wythoff-digit-rule-proved",
            "The P-positions of Wythoff's game are exactly the pairs (a, b), in either order, where a's Zeckendorf numeral ends in an even number of zeros and b's is a's with one more zero",
            r#"the essay on base-Fibonacci numerals in a series on Wythoff's game"#,
            format!("every position (proved); the box is {box_side} x {box_side}"),
            method("no move leads from the set into it, and every other position has a move into it"),
            move || {
                let proof = prove(scripts_of("wythoff-digit-rule-proved").expect("a script"))?;
                let n = box_side as usize;
                let board = p_position_board(n);
                let set = &proof.defined["wythoffp"];
                for a in 0..n {
                    for b in 0..n {
                        if set.accepts(&[a as u128, b as u128]) != board[a * n + b] {
                            return Err(format!("({a}, {b}): the proved set and the search differ"));
                        }
                    }
                }
                Ok(proof.summary())
            },
        ),
        Check::new(
            "fibnim-losses-proved",
            "A position (heap n, cap c >= 1) of Fibonacci Nim is a loss for the player to move exactly when n = 0 or c is less than the smallest part of n's Zeckendorf representation",
            "seed 001 (Fibonacci Nim)",
            format!("every position (proved); the box is heaps and caps below {box_side}"),
            method("no take leads from a loss to a loss, and every other position has a take to one"),
            move || nim_check(scripts_of("fibnim-losses-proved").expect("a script"), "nimloss", NimRules::new(2, false).map_err(|e| e.to_string())?, box_side, false),
        ),
        Check::new(
            "fibnim-opener-proved",
            "The first player of Fibonacci Nim on a heap n >= 2 (cap n - 1) wins exactly when n is not a Fibonacci number; taking the smallest part of the heap's representation wins wherever a win exists",
            "seed 001 (Fibonacci Nim)",
            "every heap and cap (proved, from the losses' theorem)",
            method("the statements decided from the proved set of losses"),
            move || Ok(prove(scripts_of("fibnim-opener-proved").expect("a script"))?.summary()),
        ),
        Check::new(
            "fibnim-misere-proved",
            "In misère Fibonacci Nim (whoever takes the last counter loses) (heap n, cap c >= 1) is a loss for the player to move exactly when n >= 1 and (heap n - 1, cap c) is a normal-play loss",
            "zecklab's reduction of misère play to normal play on one counter fewer",
            format!("every position (proved); the box is heaps and caps below {box_side}"),
            method("no take leads from a loss to a loss, every other non-empty heap has a take to one, and the empty heap is the mover's win"),
            move || {
                let rules = NimRules::new(2, true).map_err(|e| e.to_string())?;
                nim_check(scripts_of("fibnim-misere-proved").expect("a script"), "misereloss", rules, box_side, true)
            },
        ),
        Check::new(
            "nim-factor-1-proved",
            "In the factor-1 game (the next cap is the take) (heap n, cap c >= 1) is a loss exactly when n = 0 or c is less than n's lowest set bit",
            "seed 001 (the factor-k family, k = 1)",
            format!("every position (proved, in binary numeration); the box is heaps and caps below {box_side}"),
            "the decision procedure for binary numeration: no take leads from a loss to a loss, and every other position has a take to one; the proved set also equals a bounded search on a box".to_string(),
            move || {
                let rules = NimRules::new(1, false).map_err(|e| e.to_string())?;
                nim_check(scripts_of("nim-factor-1-proved").expect("a script"), "oneloss", rules, box_side, false)
            },
        ),
        Check::new(
            "black-hole-f3-proved",
            "With the black hole on F3, from a pieces on 1 and b on 2 the player to move loses exactly when a = 0 mod 3 and b != 2 mod 3, or a = 1 mod 3 and b = 0 mod 3",
            "Cashman, Miller, Shuffelton and Son, arXiv 2409.10981 (the game); the rule from zecklab's tables",
            format!("every a and b (proved); the box is a, b below {}", box_side.min(40)),
            method("no move leads from the set into it, and every other position has a move into it"),
            move || {
                let proof = prove(scripts_of("black-hole-f3-proved").expect("a script"))?;
                let side = box_side.min(40);
                let mut naive = NaiveBlackHole::new(3);
                let set = &proof.defined["holeloss"];
                for a in 0..side {
                    for b in 0..side {
                        let mut pieces = vec![1u64; a as usize];
                        pieces.extend(std::iter::repeat_n(2u64, b as usize));
                        if set.accepts(&[u128::from(a), u128::from(b)]) == naive.wins(&pieces) {
                            return Err(format!("({a}, {b}): the proved set and the search differ"));
                        }
                    }
                }
                Ok(proof.summary())
            },
        ),
    ]
}

/// Proves a Nim rule and compares its set of losses (`name`, tracks cap then heap) with the
/// independent search on the box.
fn nim_check(
    scripts: &[&str],
    name: &str,
    rules: NimRules,
    side: u32,
    misere: bool,
) -> Result<String, String> {
    let proof = prove(scripts)?;
    let set = &proof.defined[name];
    let mut memo = HashMap::new();
    // The search reads an empty heap as an end of normal play; misère's end is the proof's own
    // `ends` statement.
    for n in u32::from(misere)..side {
        for c in 1..side {
            let loses = !wins(rules, n, c, &mut memo);
            if set.accepts(&[u128::from(c), u128::from(n)]) != loses {
                return Err(format!("(heap {n}, cap {c}): the proved set and the search differ"));
            }
        }
    }
    Ok(proof.summary())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_proofs_automata_read_back_from_walnuts_format_as_the_same_sets() {
        for (id, scripts) in SCRIPTS {
            let proof = prove(scripts).unwrap();
            let written = automata(id).unwrap().unwrap();
            assert_eq!(written.len(), proof.defined.len(), "{id}");
            for (name, text) in written {
                let read = zecklab_automata::walnut_file::read(&text, &name).unwrap();
                let dfa = &proof.defined[&name];
                // The same set: the same answer on every tuple of small values.
                let tracks = dfa.tracks() as u32;
                let below: u128 = if tracks >= 4 { 12 } else { 40 };
                for code in 0..below.pow(tracks) {
                    let values: Vec<u128> = (0..tracks).map(|t| code / below.pow(t) % below).collect();
                    assert_eq!(read.accepts(&values), dfa.accepts(&values), "{id}: {name} at {values:?}");
                }
            }
        }
        assert!(script("zeckendorf-unique").is_none() && automata("zeckendorf-unique").is_none());
    }

    #[test]
    fn every_proof_passes_and_a_changed_rule_is_refuted_with_a_counterexample() {
        for check in checks(Level::Quick) {
            let report = check.run();
            assert!(report.passed, "{}: {:?}", check.id, report.detail);
        }
        // Wythoff without the diagonal move (two-pile Nim): refuted at a position the set calls
        // a win, which the game without the diagonal (P-positions a = b) calls a loss.
        let no_diagonal = WYTHOFF.replace(" | (c < a & a - c = b - d)", "");
        let e = prove(&[&no_diagonal]).unwrap_err();
        assert!(e.starts_with("absorbing is FALSE"), "{e}");
        let mut prover = Prover::new();
        let outcomes = prover.run_script(&no_diagonal, |_| {}).unwrap();
        let c = outcomes[3].counterexample.clone().unwrap();
        let (a, b) = (c["a"], c["b"]);
        assert!(!outcomes[0].automaton.accepts(&[a, b]) && a == b, "({a}, {b})");
        // A wrong constant (a loss when c <= the least part): the counterexample's position or
        // the take it names is valued otherwise by the search.
        let wrong = FIBNIM.replace("c < z", "c <= z");
        let mut prover = Prover::new();
        let outcomes = prover.run_script(&wrong, |_| {}).unwrap();
        let refuted = outcomes.iter().find(|o| o.truth == Some(false)).expect("refuted");
        let c = refuted.counterexample.clone().unwrap();
        let set = &outcomes[0].automaton;
        let rules = NimRules::new(2, false).unwrap();
        let mut memo = HashMap::new();
        let (cap, heap) = (c["c"], c["n"]);
        let mut disagree = set.accepts(&[cap, heap]) == wins(rules, heap as u32, cap as u32, &mut memo);
        if let Some(&t) = c.get("t") {
            let (child_cap, child) = (2 * t, heap - t);
            disagree |=
                set.accepts(&[child_cap, child]) == wins(rules, child as u32, child_cap as u32, &mut memo);
        }
        assert!(disagree, "{c:?}");
        // The black hole's rule with one class moved.
        let wrong = BLACK_HOLE_3.replace("b = 3*j)", "b = 3*j + 1)");
        let e = prove(&[&wrong]).unwrap_err();
        assert!(e.contains("FALSE"), "{e}");
    }
}
