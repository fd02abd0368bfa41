//! Learning Player 2 rules from the solved tables, by counterexample rounds.
//!
//! A learned rule is a decision tree that accepts or rejects a move, read over features of the
//! position, of the move and of the position it leads to ([`features`]); Player 2 plays the first
//! move, in a fixed order, that the tree accepts. A round tests the current tree with the lab's
//! exact test on every n of the range; the Player 2 decisions on each losing line found join the
//! examples, labelled by the table (a move is good when it leads to a P-position), and the tree is
//! grown again on all of them. When every n is won, the tree is pruned: each test is replaced by
//! one of its branches wherever the exact test still passes on the whole range. Fitting the
//! examples is never the question (a tree can memorise them); how small the rule is, and how far
//! past its range it still wins, are.

mod features;
mod tree;

use std::collections::HashSet;

use self::features::{columns, Column};
use self::tree::{grow, to_rule, Node, TreeRule};
use super::rule::{padded, OrderedMoves, Pick, StrategyRule};
use super::test::{test_rule, Exploration};
use super::Chooser;
use zecklab_games::zgame::apply_to_counts;
use zecklab_games::zgame::{PositionIndex, SolvedTable, ZMove};
use zecklab_games::Outcome;

/// The end of the move order a learned rule reads from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// `ones`, combines by index, splits by index: the rule's pick is `first`.
    First,
    /// That order reversed: the pick is `last`.
    Last,
}

/// Which moves of a decision the examples label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labelling {
    /// The moves before the first good one (in the rule's order) are bad, that one good; the rest
    /// are left to the learner.
    UpToFirstGood,
    /// Every move, good or bad.
    Every,
}

/// One way of learning: an order and a labelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    pub order: MoveOrder,
    pub labelling: Labelling,
}

impl Method {
    /// Every combination, the one that tends to give the smallest trees first.
    pub const ALL: [Method; 4] = [
        Method { order: MoveOrder::First, labelling: Labelling::UpToFirstGood },
        Method { order: MoveOrder::Last, labelling: Labelling::UpToFirstGood },
        Method { order: MoveOrder::First, labelling: Labelling::Every },
        Method { order: MoveOrder::Last, labelling: Labelling::Every },
    ];
}

/// A Player 2 decision with its moves, in the move order, each good or not, and each move's
/// row of feature values (computed once: every round grows its tree on them again).
#[derive(Clone, Debug)]
struct Decision {
    moves: Vec<(ZMove, bool)>,
    rows: Vec<u32>,
}

/// A learned rule and how it was found.
#[derive(Clone, Debug)]
pub struct LearnedRule {
    pub rule: StrategyRule,
    /// The tree's nodes (tests and leaves).
    pub nodes: usize,
    /// Tests on the longest path.
    pub depth: usize,
    /// The features the tree tests, in the language's words.
    pub features: Vec<String>,
    /// Whether the rule wins every n of the range it was learned on.
    pub converged: bool,
    /// Rounds of testing, over every method tried.
    pub rounds: u32,
    /// Decisions in the examples.
    pub examples: usize,
    pub method: Method,
}

/// Why learning stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnError {
    /// Player 1 wins this game, so no rule for Player 2 does.
    PlayerOneWins(u32),
}

impl std::fmt::Display for LearnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LearnError::PlayerOneWins(n) => {
                write!(f, "Player 1 wins the game on n = {n}: no rule for Player 2 wins it")
            }
        }
    }
}

impl std::error::Error for LearnError {}

/// What a learner reports while it works.
#[derive(Clone, Copy, Debug)]
pub struct LearnProgress {
    pub method: Method,
    pub round: u32,
    /// Games of the range the current rule loses.
    pub losing: usize,
    pub examples: usize,
    pub nodes: usize,
}

/// The examples of a learner, kept from one range to the next.
pub struct Learner {
    columns: Vec<Column>,
    decisions: Vec<Decision>,
    known: HashSet<Vec<u32>>,
}

impl Learner {
    /// A learner for games up to `largest_n` (it sets the features' counts).
    pub fn new(largest_n: u32) -> Learner {
        let top = PositionIndex::new(largest_n.max(1)).expect("small games index").top();
        Learner { columns: columns(top), decisions: Vec::new(), known: HashSet::new() }
    }

    /// Decisions in the examples.
    pub fn examples(&self) -> usize {
        self.decisions.len()
    }

    /// Adds the decision at `counts` of the game `table` solves; whether it was new.
    fn add(&mut self, counts: &[u32], table: &(impl SolvedTable + ?Sized)) -> bool {
        let index = table.index();
        let here = padded(counts);
        if !self.known.insert(here[..index.top()].to_vec()) {
            return false;
        }
        let mut rows = Vec::new();
        let moves = OrderedMoves::of(&here)
            .of_pick(Pick::First)
            .map(|m| {
                let mut next = here;
                apply_to_counts(&mut next, m);
                rows.extend(self.columns.iter().map(|c| c.value(&here, m, &next)));
                let r = index.rank_counts(&next[..index.top()]);
                (m, table.outcome(r) == Outcome::Loss)
            })
            .collect();
        self.decisions.push(Decision { moves, rows });
        true
    }

    /// The labelled rows of every decision for `method`.
    fn rows(&self, method: Method) -> (Vec<u32>, Vec<bool>) {
        let (mut rows, mut labels) = (Vec::new(), Vec::new());
        let width = self.columns.len();
        for d in &self.decisions {
            let mut moves: Vec<_> = d.moves.iter().map(|&(_, good)| good).enumerate().collect();
            if method.order == MoveOrder::Last {
                moves.reverse();
            }
            for (k, good) in moves {
                rows.extend_from_slice(&d.rows[k * width..(k + 1) * width]);
                labels.push(good);
                if good && method.labelling == Labelling::UpToFirstGood {
                    break;
                }
            }
        }
        (rows, labels)
    }

    /// One round's test: for each game of `tables` (n from 3) the rule loses, the decisions on the
    /// losing line join the examples. Returns the games lost and the decisions added.
    fn counterexamples<T: SolvedTable>(
        &mut self,
        rule: &(impl Chooser + ?Sized),
        tables: &[T],
    ) -> Result<(usize, usize), LearnError> {
        let (mut losing, mut added) = (0, 0);
        for table in tables.iter().filter(|t| t.index().n() >= 3) {
            let test = test_rule(rule, table, Exploration::UntilBad);
            if test.wins {
                continue;
            }
            losing += 1;
            let bad = test.first_bad.as_ref().expect("a lost game has a bad decision");
            if bad.winning_move.is_none() {
                return Err(LearnError::PlayerOneWins(test.n));
            }
            for p in test.losing_line.iter().flatten().skip(1).step_by(2) {
                added += usize::from(self.add(p.counts(), table));
            }
        }
        Ok((losing, added))
    }

    /// Learns a rule that wins every game of `tables` (the games n = 1, 2, ... up to the range's
    /// end; those from n = 3 count) by each method of `methods`, keeping the smallest that wins
    /// them all (or, if none does, the last tree of the first method); trees of more than
    /// `max_nodes` nodes stop a method.
    ///
    /// # Errors
    /// [`LearnError::PlayerOneWins`] when a game of the range is Player 1's.
    pub fn learn<T: SolvedTable>(
        &mut self,
        tables: &[T],
        methods: &[Method],
        max_nodes: usize,
        mut progress: impl FnMut(LearnProgress),
    ) -> Result<LearnedRule, LearnError> {
        let mut best: Option<(Node, Method, bool)> = None;
        let mut rounds = 0;
        let columns = self.columns.clone();
        for &method in methods {
            let mut tree = self.fit(method);
            let converged = loop {
                rounds += 1;
                let rule = TreeRule { root: &tree, columns: &columns, order: method.order };
                let (losing, added) = self.counterexamples(&rule, tables)?;
                progress(LearnProgress {
                    method,
                    round: rounds,
                    losing,
                    examples: self.examples(),
                    nodes: tree.nodes(),
                });
                if losing == 0 {
                    break true;
                }
                if added == 0 {
                    // The tree fits every example and still loses: the features cannot tell apart
                    // two moves the tables do.
                    break false;
                }
                tree = self.fit(method);
                if tree.nodes() > max_nodes {
                    break false;
                }
            };
            if converged {
                self.prune(&mut tree, method.order, tables);
            }
            let better = match &best {
                None => true,
                Some((node, _, won)) => converged && (!won || tree.nodes() < node.nodes()),
            };
            if better {
                best = Some((tree, method, converged));
            }
        }
        let (tree, method, converged) = best.expect("at least one method");
        let mut used = Vec::new();
        tree.columns_used(&mut used);
        Ok(LearnedRule {
            rule: to_rule(&tree, &self.columns, method.order),
            nodes: tree.nodes(),
            depth: tree.depth(),
            features: used.iter().map(|&c| self.columns[c].name()).collect(),
            converged,
            rounds,
            examples: self.examples(),
            method,
        })
    }

    fn fit(&self, method: Method) -> Node {
        let (rows, labels) = self.rows(method);
        grow(&rows, self.columns.len(), &labels)
    }

    /// Replaces tests by one of their branches, from the root down, wherever every game of
    /// `tables` is still won.
    fn prune<T: SolvedTable>(&self, tree: &mut Node, order: MoveOrder, tables: &[T]) {
        // The game that failed last is tried first: most candidate trees fail, and on few games.
        let mut games: Vec<&T> = tables.iter().filter(|t| t.index().n() >= 3).collect();
        let mut wins = |tree: &Node| {
            let rule = TreeRule { root: tree, columns: &self.columns, order };
            match games.iter().position(|t| !test_rule(&rule, *t, Exploration::UntilBad).wins) {
                None => true,
                Some(k) => {
                    games[..=k].rotate_right(1);
                    false
                }
            }
        };
        let mut pending = vec![Vec::new()];
        while let Some(path) = pending.pop() {
            loop {
                let original = tree.at_mut(&path).clone();
                let Node::Split { left, right, .. } = &original else { break };
                let replaced = [left, right].into_iter().any(|branch| {
                    *tree.at_mut(&path) = (**branch).clone();
                    wins(tree)
                });
                if !replaced {
                    *tree.at_mut(&path) = original;
                    break;
                }
            }
            if let Node::Split { .. } = tree.at_mut(&path) {
                for side in [true, false] {
                    let mut child = path.clone();
                    child.push(side);
                    pending.push(child);
                }
            }
        }
    }
}

/// The names of an order and a labelling, as reports give them.
impl Method {
    pub fn order_name(&self) -> &'static str {
        match self.order {
            MoveOrder::First => "first",
            MoveOrder::Last => "last",
        }
    }

    pub fn labelling_name(&self) -> &'static str {
        match self.labelling {
            Labelling::UpToFirstGood => "up-to-first-good",
            Labelling::Every => "every",
        }
    }
}

/// The largest `m` such that `rule` wins every game from n = 3 to `m` of `tables` (the games
/// n = 1, 2, ...); `None` when it loses n = 3.
pub fn wins_through<T: SolvedTable>(rule: &(impl Chooser + ?Sized), tables: &[T]) -> Option<u32> {
    let mut last = None;
    for table in tables.iter().filter(|t| t.index().n() >= 3) {
        if !test_rule(rule, table, Exploration::UntilBad).wins {
            break;
        }
        last = Some(table.index().n());
    }
    last
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::tree::grow;
    use super::*;
    use zecklab_games::zgame::{solve, Solution};

    fn tables(last: u32) -> Vec<Solution> {
        (1..=last).map(|n| solve(n, false, 1 << 30, |_, _| {}).unwrap()).collect()
    }

    #[test]
    fn a_learned_rule_wins_its_range_and_its_text_plays_as_its_tree() {
        let all = tables(24);
        for method in Method::ALL {
            let mut learner = Learner::new(24);
            let learned = learner.learn(&all[..12], &[method], 100_000, |_| {}).unwrap();
            assert!(learned.converged, "{method:?}");
            let text = learned.rule.to_string();
            let read = StrategyRule::parse(&text).unwrap();
            assert_eq!(read, learned.rule, "the text reads back as the rule");
            let through = wins_through(&read, &all).unwrap();
            assert!(through >= 12, "{method:?}: {text} wins only to {through}");
            // A rule that loses is never reported as winning: the test finds its loss.
            if through < 24 {
                assert!(!test_rule(&read, &all[through as usize], Exploration::UntilBad).wins);
            }
            assert!(learned.nodes >= 1 && learned.depth < learned.nodes, "{learned:?}");
            assert!(learned.examples > 0 && learned.rounds > 0);
        }
    }

    #[test]
    fn the_tree_as_text_chooses_as_the_tree_at_every_position() {
        let all = tables(16);
        let mut learner = Learner::new(16);
        // Learning on n = 3 to 16 leaves a tree of many paths; its text must choose as it does.
        let method = Method { order: MoveOrder::Last, labelling: Labelling::Every };
        let tree = {
            learner.learn(&all, &[method], 100_000, |_| {}).unwrap();
            learner.fit(method)
        };
        assert!(tree.nodes() > 5, "a tree worth the test");
        let rule = tree::to_rule(&tree, &learner.columns, method.order);
        let as_tree = TreeRule { root: &tree, columns: &learner.columns, order: method.order };
        for n in 1..=16 {
            let index = PositionIndex::new(n).unwrap();
            for r in 0..index.count() {
                let p = index.unrank(r);
                assert_eq!(rule.choose(p.counts()), as_tree.choose(p.counts()), "{p}");
            }
        }
    }

    #[test]
    fn learning_carries_its_examples_and_stops_at_the_node_bound() {
        let all = tables(14);
        let mut learner = Learner::new(14);
        let small = learner.learn(&all[..8], &Method::ALL[..1], 100_000, |_| {}).unwrap();
        let carried = learner.examples();
        assert!(carried >= small.examples.min(1));
        let larger = learner.learn(&all, &Method::ALL[..1], 100_000, |_| {}).unwrap();
        assert!(larger.examples >= carried, "examples are kept from one range to the next");
        let mut bounded = Learner::new(14);
        let stopped = bounded.learn(&all, &Method::ALL[..1], 3, |_| {}).unwrap();
        assert!(!stopped.converged, "three nodes cannot win n = 3 to 14");
    }

    #[test]
    fn games_below_three_are_outside_every_range() {
        // n = 2 is Player 1's (the one move ends the game): no rule is at fault, so no round
        // counts it even when its table is passed.
        let all = tables(2);
        let mut learner = Learner::new(4);
        let first = StrategyRule::parse("first").unwrap();
        assert_eq!(learner.counterexamples(&first, &all), Ok((0, 0)));
        assert_eq!(learner.examples(), 0);
    }

    proptest! {
        #[test]
        fn a_grown_tree_fits_every_distinct_row(
            rows in proptest::collection::btree_map(proptest::collection::vec(0u32..6, 4), any::<bool>(), 1..60)
        ) {
            let labels: Vec<bool> = rows.values().copied().collect();
            let flat: Vec<u32> = rows.keys().flatten().copied().collect();
            let tree = grow(&flat, 4, &labels);
            for (row, &label) in rows.keys().zip(&labels) {
                prop_assert_eq!(tree.accepts_row(row), label);
            }
        }
    }
}
