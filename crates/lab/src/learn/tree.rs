//! A learned decision tree over the features of a move: grown by CART (Gini, to purity), read move by move as a Player 2 strategy, pruned, and written as a rule of the language.

use super::features::Column;
use super::MoveOrder;
use crate::rule::{padded, Counts, Guard, MoveKind, OrderedMoves, Pick, Preference, StrategyRule};
use crate::Chooser;
use zecklab_games::zgame::apply_to_counts;
use zecklab_games::zgame::ZMove;

/// A binary tree that accepts or rejects a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    Leaf(bool),
    /// `column <= threshold` goes left.
    Split {
        column: usize,
        threshold: u32,
        left: Box<Node>,
        right: Box<Node>,
    },
}

impl Node {
    /// Internal nodes and leaves.
    pub(crate) fn nodes(&self) -> usize {
        match self {
            Node::Leaf(_) => 1,
            Node::Split { left, right, .. } => 1 + left.nodes() + right.nodes(),
        }
    }

    /// Tests on the longest path from the root.
    pub(crate) fn depth(&self) -> usize {
        match self {
            Node::Leaf(_) => 0,
            Node::Split { left, right, .. } => 1 + left.depth().max(right.depth()),
        }
    }

    /// The columns tested, each once, in the order first met.
    pub(crate) fn columns_used(&self, out: &mut Vec<usize>) {
        if let Node::Split { column, left, right, .. } = self {
            if !out.contains(column) {
                out.push(*column);
            }
            left.columns_used(out);
            right.columns_used(out);
        }
    }

    fn accepts(&self, columns: &[Column], here: &Counts, m: ZMove, next: &Counts) -> bool {
        let mut node = self;
        loop {
            match node {
                Node::Leaf(accept) => return *accept,
                Node::Split { column, threshold, left, right } => {
                    node = if columns[*column].value(here, m, next) <= *threshold { left } else { right };
                }
            }
        }
    }

    /// Whether the tree accepts a row of column values.
    #[cfg(test)]
    pub(crate) fn accepts_row(&self, row: &[u32]) -> bool {
        match self {
            Node::Leaf(accept) => *accept,
            Node::Split { column, threshold, left, right } => {
                if row[*column] <= *threshold {
                    left.accepts_row(row)
                } else {
                    right.accepts_row(row)
                }
            }
        }
    }

    /// The node at `path` (false: left).
    pub(crate) fn at_mut(&mut self, path: &[bool]) -> &mut Node {
        path.iter().fold(self, |node, &right| match node {
            Node::Split { left: l, right: r, .. } => {
                if right {
                    r
                } else {
                    l
                }
            }
            Node::Leaf(_) => unreachable!("paths lead to nodes"),
        })
    }
}

/// Grows a tree on `rows` (each `width` values) labelled `labels` (true: accept), to purity: CART
/// with the Gini impurity, each node split at the column and threshold that leave the least
/// weighted impurity, ties to the lower column and then the lower threshold, so the same examples
/// always give the same tree.
///
/// Written here rather than taken from linfa-trees: that crate, measured on these examples, stops
/// short of purity (its test for equal neighbouring values reads the whole data set's order, not
/// the node's, and so skips splits) and breaks ties by hash-map order, so one set of examples gave
/// different trees from run to run.
pub(crate) fn grow(rows: &[u32], width: usize, labels: &[bool]) -> Node {
    let samples: Vec<usize> = (0..labels.len()).collect();
    // Values are small whole numbers: each node counts them in a histogram per column.
    let largest =
        (0..width).map(|c| rows.iter().skip(c).step_by(width).copied().max().unwrap_or(0)).collect();
    grow_node(&Rows { rows, width, labels, largest }, &samples)
}

struct Rows<'a> {
    rows: &'a [u32],
    width: usize,
    labels: &'a [bool],
    /// The largest value of each column.
    largest: Vec<u32>,
}

fn gini(good: usize, all: usize) -> f64 {
    if all == 0 {
        return 0.0;
    }
    let p = good as f64 / all as f64;
    2.0 * p * (1.0 - p)
}

fn grow_node(data: &Rows<'_>, samples: &[usize]) -> Node {
    let Rows { rows, width, labels, .. } = *data;
    let good = samples.iter().filter(|&&s| labels[s]).count();
    if good == 0 || good == samples.len() {
        return Node::Leaf(good == samples.len());
    }
    let all = samples.len();
    // (score, column, threshold)
    let mut best: Option<(f64, usize, u32)> = None;
    let mut histogram: Vec<(usize, usize)> = Vec::new();
    for column in 0..width {
        histogram.clear();
        histogram.resize(data.largest[column] as usize + 1, (0, 0));
        for &s in samples {
            let bucket = &mut histogram[rows[s * width + column] as usize];
            bucket.0 += 1;
            bucket.1 += usize::from(labels[s]);
        }
        let (mut left, mut left_good) = (0usize, 0usize);
        for (value, &(count, count_good)) in histogram.iter().enumerate() {
            if count == 0 {
                continue;
            }
            left += count;
            left_good += count_good;
            if left == all {
                break;
            }
            let right = all - left;
            let score = (left as f64 * gini(left_good, left) + right as f64 * gini(good - left_good, right))
                / all as f64;
            if best.is_none_or(|(b, _, _)| score < b - 1e-12) {
                best = Some((score, column, value as u32));
            }
        }
    }
    let (_, column, threshold) = best.expect("distinct rows: some column separates an impure node");
    let (left, right): (Vec<usize>, Vec<usize>) =
        samples.iter().partition(|&&s| rows[s * width + column] <= threshold);
    Node::Split {
        column,
        threshold,
        left: Box::new(grow_node(data, &left)),
        right: Box::new(grow_node(data, &right)),
    }
}

/// A tree read as a Player 2 strategy: the first move in `order` that the tree accepts.
pub(crate) struct TreeRule<'a> {
    pub root: &'a Node,
    pub columns: &'a [Column],
    pub order: MoveOrder,
}

impl Chooser for TreeRule<'_> {
    fn choose(&self, counts: &[u32]) -> Option<ZMove> {
        let here = padded(counts);
        let moves = OrderedMoves::of(&here);
        let mut next = here;
        let pick = match self.order {
            MoveOrder::First => Pick::First,
            MoveOrder::Last => Pick::Last,
        };
        let found = moves.of_pick(pick).find(|&m| {
            next = here;
            apply_to_counts(&mut next, m);
            self.root.accepts(self.columns, &here, m, &next)
        });
        found
    }
}

/// The tree as a rule of the language: one preference, the accepting paths as alternatives.
pub(crate) fn to_rule(root: &Node, columns: &[Column], order: MoveOrder) -> StrategyRule {
    let pick = match order {
        MoveOrder::First => Pick::First,
        MoveOrder::Last => Pick::Last,
    };
    let mut paths = Vec::new();
    accepting_paths(root, &mut Vec::new(), &mut paths);
    let when = match paths.len() {
        // A tree that accepts nothing: a condition that never holds.
        0 => vec![vec![
            Guard::Kind { kind: MoveKind::Ones, negated: false },
            Guard::Kind { kind: MoveKind::Ones, negated: true },
        ]],
        _ if paths.iter().any(Vec::is_empty) => Vec::new(),
        _ => paths.iter().map(|path| guards_of(path, columns)).collect(),
    };
    StrategyRule::new(vec![Preference { when, pick }])
}

/// The tests on each path to an accepting leaf: (column, went left, threshold).
fn accepting_paths(node: &Node, path: &mut Vec<(usize, bool, u32)>, out: &mut Vec<Vec<(usize, bool, u32)>>) {
    match node {
        Node::Leaf(true) => out.push(path.clone()),
        Node::Leaf(false) => {}
        Node::Split { column, threshold, left, right } => {
            path.push((*column, true, *threshold));
            accepting_paths(left, path, out);
            path.pop();
            path.push((*column, false, *threshold));
            accepting_paths(right, path, out);
            path.pop();
        }
    }
}

/// One path's guards, the tightest bound of each column kept (`c3<=5` then `c3<=2`: `c3<=2`).
fn guards_of(path: &[(usize, bool, u32)], columns: &[Column]) -> Vec<Guard> {
    let mut guards = Vec::new();
    let mut done = Vec::new();
    for &(column, _, _) in path {
        if done.contains(&column) {
            continue;
        }
        done.push(column);
        let tests = path.iter().filter(|t| t.0 == column);
        let upper = tests.clone().filter(|t| t.1).map(|t| t.2).min();
        let lower = tests.filter(|t| !t.1).map(|t| t.2).max();
        let is_binary = !matches!(columns[column], Column::Measure(m) if m.modulus != Some(2));
        match (upper, lower) {
            // A kind or a parity has two values: one side of one test says it all.
            (Some(u), _) if is_binary => guards.push(columns[column].guard(true, u)),
            (_, Some(l)) if is_binary => guards.push(columns[column].guard(false, l)),
            (Some(u), Some(l)) if u == l + 1 => {
                if let Column::Measure(m) = columns[column] {
                    guards.push(Guard::compare(m, crate::Comparison::Equal, u));
                }
            }
            (upper, lower) => {
                if let Some(l) = lower {
                    guards.push(columns[column].guard(false, l));
                }
                if let Some(u) = upper {
                    guards.push(columns[column].guard(true, u));
                }
            }
        }
    }
    guards
}
