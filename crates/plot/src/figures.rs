//! The figures, by name. Each computes its numbers with the library (the calls the matching
//! `--json` commands make), keeps them as a [`Table`] (for `--csv` and `--json`), and draws them.

use zecklab_games::fibnim::{reach, thresholds, winning_openings, GrundyTable, NimRules, NO_THRESHOLD};
use zecklab_games::wythoff::GrundyBoard;
use zecklab_games::zgame::{length_distribution, lengths, solve, theorem_bound, ZPosition};
use zecklab_numeration::fib::FIB_U64;

use crate::draw::{self, Labels, Marker, Series};

/// The numbers behind a figure: named columns and rows of values.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<f64>>,
}

impl Table {
    fn new(columns: &[&str]) -> Table {
        Table { columns: columns.iter().map(|c| c.to_string()).collect(), rows: Vec::new() }
    }
}

/// A drawn figure.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The figure's name (`nim-census`, ...).
    pub name: &'static str,
    /// Its title.
    pub title: String,
    /// Its one-line caption.
    pub caption: String,
    /// The SVG document.
    pub svg: String,
    /// The numbers drawn.
    pub table: Table,
}

/// Why a figure cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureError(pub String);

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FigureError {}

type Result<T> = std::result::Result<T, FigureError>;

fn refuse(what: &str, value: u32, low: u32, high: u32, why: &str) -> Result<()> {
    if value < low || value > high {
        return Err(FigureError(format!(
            "invalid {what} {value}: this figure takes {low} to {high} ({why})"
        )));
    }
    Ok(())
}

fn drawn(svg: std::result::Result<String, String>) -> Result<String> {
    svg.map_err(|e| FigureError(format!("drawing failed: {e}")))
}

/// The largest values each figure takes, past which it would be illegible or slow.
pub mod limits {
    /// `nim-reach --heap`.
    pub const REACH: u32 = 200;
    /// `nim-census --to`.
    pub const CENSUS: u32 = 400;
    /// `nim-thresholds --to`.
    pub const THRESHOLDS: u32 = 20_000;
    /// `nim-grundy --to`.
    pub const NIM_GRUNDY: u32 = 200;
    /// `wythoff-grundy --size`.
    pub const WYTHOFF_GRUNDY: u32 = 300;
    /// `zgame-growth --to`.
    pub const GROWTH: u32 = 300;
    /// `zgame-tiers --n`, for an n solved for the figure.
    pub const TIERS: u32 = 300;
    /// `zgame-lengths --n`.
    pub const LENGTHS: u32 = 150;
    /// `zgame-random --to`.
    pub const RANDOM: u32 = 120;
    /// `zgame-position`: the largest count drawn as separate tokens.
    pub const TOKENS: u32 = 24;
    /// `family-winners --to`.
    pub const FAMILY_WINNERS: u32 = 160;
    /// `zgame-certificates --to`.
    pub const CERTIFICATES: u32 = 120;
    /// `zgame-rule-curve --to`.
    pub const RULE_CURVE: u32 = 40;
    /// `black-hole-table --size`: pieces on each outer column.
    pub const BLACK_HOLE: u32 = 60;
    /// `zgame-p-structure --to`.
    pub const P_STRUCTURE: u32 = 200;
    /// `zgame-grundy --to`.
    pub const GRUNDY: u32 = 250;
}

/// The (c, k) rows of the family's winner map: c = 1..4, k = 2..4.
const FAMILY_ROWS: [(u32, u32); 12] =
    [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3), (4, 4)];

/// Who wins the generalized game on each n, for each (c, k) with c, k <= 4, under a rule set: a
/// row per (c, k), a cell per n, dark where Player 1 wins.
pub fn family_winners(rules: zecklab_games::zgame::family::RuleSet, to: u32) -> Result<Figure> {
    use zecklab_games::zgame::family::{solve_family, FamilyOptions, FamilyRules, Recurrence};
    refuse("--to", to, 2, limits::FAMILY_WINNERS, "every game of 12 recurrences is solved")?;
    let mut table = Table::new(&["c", "k", "n", "player_1_wins"]);
    let mut p1 = vec![vec![false; to as usize + 1]; FAMILY_ROWS.len()];
    for (row, &(c, k)) in FAMILY_ROWS.iter().enumerate() {
        let recurrence = Recurrence::new(c, k).map_err(|e| FigureError(e.to_string()))?;
        for n in 1..=to {
            let game = FamilyRules::new(recurrence, rules, n);
            let solved = solve_family(&game, n, &FamilyOptions::default(), 1 << 32, |_, _| {})
                .map_err(|e| FigureError(e.to_string()))?;
            let wins = solved.outcome(solved.start_rank()).is_win();
            p1[row][n as usize] = wins;
            table.rows.push(vec![f64::from(c), f64::from(k), f64::from(n), f64::from(u8::from(wins))]);
        }
    }
    let title = format!("Who wins the generalized Zeckendorf game (rule set '{}')", rules.name());
    let caption = format!(
        "Rows from the bottom: (c, k) = {}; yellow: Player 1 wins from n copies of G1, black: Player 2; n = 1 to {to}",
        FAMILY_ROWS.iter().map(|(c, k)| format!("({c},{k})")).collect::<Vec<_>>().join(" ")
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "row: (c, k), c = 1..4, k = 2..4" };
    let svg = drawn(draw::heatmap(
        &labels,
        (1, to),
        (0, FAMILY_ROWS.len() as u32),
        |n, row| Some(u32::from(p1[row as usize][n as usize])),
        &[],
        "",
        &[],
    ))?;
    Ok(Figure { name: "family-winners", title, caption, svg, table })
}

/// Who wins the black-hole game with the hole on `F_m` from `a` pieces on `F_1` and `b` on
/// `F_(m-1)`, for `a, b = 0 .. size`: the paper's configurations as a map.
pub fn black_hole_table(m: usize, size: u32) -> Result<Figure> {
    use zecklab_games::zgame::black_hole::{solve_black_hole, BlackHole};
    refuse("--size", size, 1, limits::BLACK_HOLE, "every start is solved")?;
    let rules = BlackHole::new(m).map_err(|e| FigureError(e.to_string()))?;
    let mut table = Table::new(&["m", "ones", "outer", "player_1_wins"]);
    let mut p1 = vec![vec![false; size as usize + 1]; size as usize + 1];
    for a in 0..=size {
        for b in 0..=size {
            let mut start = vec![0u32; rules.columns()];
            start[0] += a;
            *start.last_mut().expect("a column") += b;
            let solved =
                solve_black_hole(rules, &start, 20_000_000).map_err(|e| FigureError(e.to_string()))?;
            let wins = solved.value(&start).is_some_and(|v| v.win);
            p1[a as usize][b as usize] = wins;
            table.rows.push(vec![m as f64, f64::from(a), f64::from(b), f64::from(u8::from(wins))]);
        }
    }
    let title = format!("Who wins the black-hole Zeckendorf game with the hole on F{m}");
    let caption = format!(
        "Yellow: Player 1 wins from a pieces on F1 (across) and b pieces on F{} (up), a, b = 0 to {size}; black: Player 2",
        m - 1
    );
    let labels =
        Labels { title: &title, caption: &caption, x: "pieces on F1", y: &format!("pieces on F{}", m - 1) };
    let svg = drawn(draw::heatmap(
        &labels,
        (0, size),
        (0, size),
        |a, b| Some(u32::from(p1[a as usize][b as usize])),
        &[],
        "",
        &[],
    ))?;
    Ok(Figure { name: "black-hole-table", title, caption, svg, table })
}

/// How the Zeckendorf game's positions spread over Grundy values, per n: a column per n, a cell
/// per value, shaded by the share of positions (per mille) with that value.
pub fn zgame_grundy(to: u32) -> Result<Figure> {
    use zecklab_games::zgame::{solve_with, SolveOptions};
    refuse("--to", to, 2, limits::GRUNDY, "each n is solved with Grundy values")?;
    let mut table = Table::new(&["n", "grundy", "positions", "per_mille"]);
    let mut shares: Vec<Vec<u32>> = Vec::new();
    let mut most = 0;
    for n in 1..=to {
        let options = SolveOptions { with_grundy: true, ..SolveOptions::new(false, 1 << 32) };
        let s = solve_with(n, &options, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
        let count = s.index().count() as f64;
        let mut column = Vec::new();
        for (value, positions) in s.grundy_counts().unwrap_or_default() {
            let per_mille = (1000.0 * positions as f64 / count).round() as u32;
            table.rows.push(vec![f64::from(n), f64::from(value), positions as f64, f64::from(per_mille)]);
            if column.len() <= value as usize {
                column.resize(value as usize + 1, 0);
            }
            column[value as usize] = per_mille.max(1);
            most = most.max(value);
        }
        shares.push(column);
    }
    let title = "Sprague-Grundy values of the Zeckendorf game's positions".to_string();
    let caption = format!(
        "For each n = 1 to {to}, the share of its positions with each Grundy value (brighter: more, per mille); the largest value is {most}"
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "Grundy value" };
    let svg = drawn(draw::heatmap(
        &labels,
        (1, to),
        (0, most + 1),
        |n, g| shares[n as usize - 1].get(g as usize).copied().filter(|&v| v > 0),
        &[],
        "",
        &[],
    ))?;
    Ok(Figure { name: "zgame-grundy", title, caption, svg, table })
}

/// For each heap reachable from the opening of `heap`, how many caps it is reached with; heaps
/// reached with caps of opposite outcome in the second colour.
pub fn nim_reach(rules: NimRules, heap: u32) -> Result<Figure> {
    refuse("--heap", heap, 2, limits::REACH, "one bar a heap")?;
    let r = reach(rules, heap);
    let mut table = Table::new(&["heap", "caps", "opposite_outcomes"]);
    let bars: Vec<(u32, f64, bool)> = r
        .caps_by_heap
        .iter()
        .map(|h| {
            let opposite = r.opposite_answer_heaps.contains(&h.heap);
            table.rows.push(vec![f64::from(h.heap), f64::from(h.caps), f64::from(u8::from(opposite))]);
            (h.heap, f64::from(h.caps), opposite)
        })
        .collect();
    let title = format!("Positions reachable from the opening of {heap} (k = {})", rules.k());
    let caption = format!(
        "{} positions (heap, cap) in all; {} heap sizes are reached with caps of opposite outcome",
        r.positions,
        r.opposite_answer_heaps.len()
    );
    let labels = Labels {
        title: &title,
        caption: &caption,
        x: "heap size (counters)",
        y: "distinct caps it is reached with",
    };
    let svg = drawn(draw::bars(&labels, &bars, ("one outcome for every cap", "caps of opposite outcome")))?;
    Ok(Figure { name: "nim-reach", title, caption, svg, table })
}

/// Winning opening moves per heap, the losing heaps marked.
pub fn nim_census(rules: NimRules, to: u32) -> Result<Figure> {
    refuse("--to", to, 2, limits::CENSUS, "one bar a heap")?;
    let openings = winning_openings(rules, to);
    let mut table = Table::new(&["heap", "winning_openings", "losing"]);
    let bars: Vec<(u32, f64, bool)> = (2..=to)
        .zip(&openings)
        .map(|(h, &w)| {
            table.rows.push(vec![f64::from(h), f64::from(w), f64::from(u8::from(w == 0))]);
            (h, f64::from(w), w == 0)
        })
        .collect();
    let losing = openings.iter().filter(|&&w| w == 0).count();
    let title = format!("Winning opening moves per heap (k = {})", rules.k());
    let caption = format!("Heaps 2 to {to}: {losing} heaps have no winning opening (short orange marks at 0); the rest have one or more");
    let labels =
        Labels { title: &title, caption: &caption, x: "opening heap (counters)", y: "winning opening moves" };
    let svg = drawn(draw::bars(&labels, &bars, ("winnable heap", "losing heap")))?;
    Ok(Figure { name: "nim-census", title, caption, svg, table })
}

/// The least cap that wins, per heap: a staircase (log axes past 1,000 heaps).
pub fn nim_thresholds(rules: NimRules, to: u32) -> Result<Figure> {
    refuse("--to", to, 2, limits::THRESHOLDS, "one point a heap")?;
    let t = thresholds(rules, to);
    let mut table = Table::new(&["heap", "threshold"]);
    let points: Vec<(f64, f64)> = (1..=to)
        .filter(|&h| t[h as usize] != NO_THRESHOLD)
        .map(|h| {
            table.rows.push(vec![f64::from(h), f64::from(t[h as usize])]);
            (f64::from(h), f64::from(t[h as usize]))
        })
        .collect();
    let log = to > 1000;
    let title = format!(
        "Least winning cap per heap (k = {}{})",
        rules.k(),
        if rules.misere() { ", misère" } else { "" }
    );
    let caption = format!(
        "A position (heap, cap) is a win exactly when the cap reaches the heap's threshold; heaps 1 to {to}{}",
        if log { ", log axes" } else { "" }
    );
    let labels =
        Labels { title: &title, caption: &caption, x: "heap (counters)", y: "least winning cap (counters)" };
    let series = [Series { name: "threshold".into(), points, dots: true }];
    let svg = drawn(draw::lines(&labels, &series, log, log, &[]))?;
    Ok(Figure { name: "nim-thresholds", title, caption, svg, table })
}

/// Grundy values g(heap, cap) as a heatmap.
pub fn nim_grundy(rules: NimRules, to: u32) -> Result<Figure> {
    refuse("--to", to, 1, limits::NIM_GRUNDY, "one cell a position")?;
    let g = GrundyTable::new(rules, to);
    let mut table = Table::new(&["heap", "cap", "grundy"]);
    for h in 1..=to {
        for c in 1..=h {
            table.rows.push(vec![f64::from(h), f64::from(c), f64::from(g.value(h, c).unwrap_or(0))]);
        }
    }
    let title = format!("Grundy values of single heaps (k = {})", rules.k());
    let caption =
        format!("g(heap, cap) for 1 <= cap <= heap <= {to}; black cells (value 0) are the losing positions");
    let labels = Labels { title: &title, caption: &caption, x: "heap (counters)", y: "cap (counters)" };
    let svg = drawn(draw::heatmap(
        &labels,
        (1, to),
        (1, to),
        |h, c| if c <= h { g.value(h, c) } else { None },
        &[],
        "",
        &[],
    ))?;
    Ok(Figure { name: "nim-grundy", title, caption, svg, table })
}

/// Wythoff's Grundy board, P-positions marked, with the lines y = φx and y = x/φ.
pub fn wythoff_grundy(size: u32) -> Result<Figure> {
    refuse("--size", size, 2, limits::WYTHOFF_GRUNDY, "one cell a position")?;
    let board = GrundyBoard::compute(size as usize, |_| {});
    let mut table = Table::new(&["a", "b", "grundy"]);
    let mut p_positions = Vec::new();
    for a in 0..size {
        for b in 0..size {
            let v = board.value(a as usize, b as usize);
            table.rows.push(vec![f64::from(a), f64::from(b), f64::from(v)]);
            if v == 0 {
                p_positions.push((a, b));
            }
        }
    }
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let title = format!("Grundy values of Wythoff's game, {size} x {size}");
    let caption = format!(
        "{} P-positions (value 0, dotted) lie along y = φx and y = x/φ, the pairs (floor(mφ), floor(mφ²))",
        p_positions.len()
    );
    let labels = Labels { title: &title, caption: &caption, x: "heap a (counters)", y: "heap b (counters)" };
    let guides = [(phi, "y = φx".to_string()), (1.0 / phi, "y = x/φ".to_string())];
    let svg = drawn(draw::heatmap(
        &labels,
        (0, size),
        (0, size),
        |a, b| Some(board.value(a as usize, b as usize)),
        &p_positions,
        "P-position",
        &guides,
    ))?;
    Ok(Figure { name: "wythoff-grundy", title, caption, svg, table })
}

/// Positions and P-positions of the Zeckendorf game per n (log scale), with the P-fraction:
/// every n up to `to` solved here.
pub fn zgame_growth(to: u32) -> Result<Figure> {
    refuse("--to", to, 2, limits::GROWTH, "each n is solved")?;
    let mut counts = Vec::new();
    for n in 1..=to {
        let s = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
        counts.push(GameCount { n, positions: s.index().count(), p_positions: s.p_positions() });
    }
    zgame_growth_of(&counts, "")
}

/// The positions and P-positions of the game on n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameCount {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// Its P-positions.
    pub p_positions: u64,
}

/// [`zgame_growth`] drawn from counts already known (such as the published data), `source`
/// naming where they come from in the caption (empty: solved for the figure).
///
/// # Errors
/// [`FigureError`] when there are fewer than two counts.
pub fn zgame_growth_of(counts: &[GameCount], source: &str) -> Result<Figure> {
    let (Some(first), Some(last)) = (counts.first(), counts.last()) else {
        return Err(FigureError("no solved games to draw".into()));
    };
    if counts.len() < 2 {
        return Err(FigureError("the figure needs at least two solved n".into()));
    }
    let mut table = Table::new(&["n", "positions", "p_positions", "p_fraction"]);
    let (mut all, mut p, mut fraction) = (Vec::new(), Vec::new(), Vec::new());
    for c in counts {
        let (n, count, losses) = (f64::from(c.n), c.positions as f64, c.p_positions as f64);
        table.rows.push(vec![n, count, losses, losses / count]);
        all.push((n, count));
        p.push((n, losses));
        fraction.push((n, losses / count));
    }
    let unbroken = counts.windows(2).all(|w| w[1].n == w[0].n + 1);
    let range = if unbroken {
        format!("n = {} to {}", first.n, last.n)
    } else {
        format!("{} values of n from {} to {}", counts.len(), first.n, last.n)
    };
    let from = if source.is_empty() { String::new() } else { format!(" ({source})") };
    let title = "The Zeckendorf game: positions and P-positions".to_string();
    let caption = format!(
        "Positions (partitions of n into Fibonacci parts) and P-positions for {range}{from}, log scale; right: the P-fraction ({:.3} at n = {})",
        last.p_positions as f64 / last.positions as f64,
        last.n
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "positions (log scale)" };
    let series = [
        Series { name: "positions".into(), points: all, dots: false },
        Series { name: "P-positions (loss for the player to move)".into(), points: p, dots: false },
    ];
    let right = Labels { title: "", caption: "", x: "n", y: "P-positions / positions" };
    let svg = drawn(draw::two_panels(
        &labels,
        |area| draw::lines_in(area, &labels, &series, false, true, &[]),
        |area| {
            draw::lines_in(
                area,
                &right,
                &[Series { name: "P-fraction".into(), points: fraction, dots: false }],
                false,
                false,
                &[],
            )
        },
    ))?;
    Ok(Figure { name: "zgame-growth", title, caption, svg, table })
}

/// The tiers of one game: `(parts, positions, P-positions)`, any order.
pub type TierCounts = Vec<(u32, u64, u64)>;

/// The P-fraction of each tier (the positions with the same number of parts) against parts / n,
/// one line per game: `games` holds each n with its tiers; every n up to `limits::TIERS` is
/// solved here when `games` gives only the n (empty tiers).
///
/// # Errors
/// [`FigureError`] for no games, more than eight, or an n to solve past the limit.
pub fn zgame_tiers(games: &[(u32, TierCounts)], source: &str) -> Result<Figure> {
    if games.is_empty() || games.len() > 8 {
        return Err(FigureError(format!("give 1 to 8 values of n, not {}", games.len())));
    }
    let mut table = Table::new(&["n", "parts", "positions", "p_positions", "p_fraction"]);
    let mut series = Vec::new();
    for (n, tiers) in games {
        let n = *n;
        let solved;
        let tiers = if tiers.is_empty() {
            refuse("n", n, 2, limits::TIERS, "each n is solved")?;
            let s = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
            solved = s.tiers().iter().map(|t| (t.parts, t.positions, t.p_positions)).collect::<Vec<_>>();
            &solved
        } else {
            tiers
        };
        let mut points = Vec::new();
        let mut sorted: Vec<_> = tiers.iter().filter(|t| t.1 > 0).copied().collect();
        sorted.sort_unstable();
        for (parts, positions, p_positions) in sorted {
            let fraction = p_positions as f64 / positions as f64;
            table.rows.push(vec![
                f64::from(n),
                f64::from(parts),
                positions as f64,
                p_positions as f64,
                fraction,
            ]);
            points.push((f64::from(parts) / f64::from(n), fraction));
        }
        series.push(Series { name: format!("n = {n}"), points, dots: false });
    }
    let from = if source.is_empty() { String::new() } else { format!(" ({source})") };
    let title = "The Zeckendorf game: P-positions tier by tier".to_string();
    let caption = format!(
        "The share of P-positions among the positions with the same number of parts, against parts / n{from}; the start (n parts) is at the right, and the tiers at either end hold few positions"
    );
    let labels =
        Labels { title: &title, caption: &caption, x: "parts / n", y: "P-positions / positions of the tier" };
    let svg = drawn(draw::lines(&labels, &series, false, false, &[]))?;
    Ok(Figure { name: "zgame-tiers", title, caption, svg, table })
}

/// The exact distribution of game lengths under random play, against the normal curve of the
/// same mean and variance, with the shortest and longest game and Theorem 1.3's bound marked.
pub fn zgame_lengths(n: u32) -> Result<Figure> {
    refuse("--n", n, 3, limits::LENGTHS, "the exact distribution")?;
    let d =
        length_distribution(n, |_, _| {}).ok_or_else(|| FigureError(format!("n = {n} cannot be ranked")))?;
    let l = lengths(n, |_, _| {}).ok_or_else(|| FigureError(format!("n = {n} cannot be ranked")))?;
    let bound = theorem_bound(n);
    let mut table = Table::new(&["length", "probability", "normal"]);
    let (mean, sd) = (l.random_mean, l.random_variance.sqrt());
    let normal =
        |x: f64| (-(x - mean).powi(2) / (2.0 * sd * sd)).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt());
    let mut exact = Vec::new();
    for (length, probability) in d.iter() {
        let x = f64::from(length);
        table.rows.push(vec![x, probability, normal(x)]);
        exact.push((x, probability));
    }
    let lo = f64::from(l.shortest);
    let curve: Vec<(f64, f64)> =
        (0..=400).map(|k| lo + (bound as f64 - lo) * f64::from(k) / 400.0).map(|x| (x, normal(x))).collect();
    let title = format!("Lengths of the Zeckendorf game on {n} under random play");
    let caption = format!(
        "Exact probability of each length (dots) and the normal curve of the same mean {mean:.2} and variance {:.2}",
        l.random_variance
    );
    let labels = Labels { title: &title, caption: &caption, x: "game length (moves)", y: "probability" };
    let series = [
        Series { name: "exact probability".into(), points: exact, dots: true },
        Series { name: "normal, same mean and variance".into(), points: curve, dots: false },
    ];
    let markers = [
        Marker { x: lo, label: format!("shortest {}", l.shortest) },
        Marker { x: f64::from(l.longest), label: format!("longest {}", l.longest) },
        Marker { x: bound as f64, label: format!("Theorem 1.3 bound {bound}") },
    ];
    let svg = drawn(draw::lines(&labels, &series, false, false, &markers))?;
    Ok(Figure { name: "zgame-lengths", title, caption, svg, table })
}

/// Mean and variance of the random game's length, divided by n, against n.
pub fn zgame_random(to: u32) -> Result<Figure> {
    refuse("--to", to, 2, limits::RANDOM, "each n is swept whole")?;
    let mut table = Table::new(&["n", "mean_over_n", "variance_over_n"]);
    let (mut means, mut variances) = (Vec::new(), Vec::new());
    for n in 1..=to {
        let l = lengths(n, |_, _| {}).ok_or_else(|| FigureError(format!("n = {n} cannot be ranked")))?;
        let x = f64::from(n);
        table.rows.push(vec![x, l.random_mean / x, l.random_variance / x]);
        means.push((x, l.random_mean / x));
        variances.push((x, l.random_variance / x));
    }
    let title = "Random play in the Zeckendorf game".to_string();
    let caption = format!(
        "Exact mean and variance of the length of a uniformly random game, divided by n, for n = 1 to {to}"
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "moves per unit of n" };
    let series = [
        Series { name: "mean length / n".into(), points: means, dots: false },
        Series { name: "variance of the length / n".into(), points: variances, dots: false },
    ];
    let svg = drawn(draw::lines(&labels, &series, false, false, &[]))?;
    Ok(Figure { name: "zgame-random", title, caption, svg, table })
}

/// One n's random-play figures under one measure, as `zgame random-laws` gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct RandomLawPoint {
    pub n: u32,
    /// The games measure (every complete game equally likely), else the path measure.
    pub games: bool,
    pub variance_over_n: f64,
    pub splits_mean_over_n: f64,
    pub skewness: Option<f64>,
    pub excess_kurtosis: Option<f64>,
    pub kolmogorov: Option<f64>,
}

/// The Gaussian conjecture of random play measured: left, the variance of the length and the
/// mean number of splits over n, for both measures; right, the standardised third and fourth
/// moments (0 for the normal) and the Kolmogorov distance to the normal where the law is exact.
pub fn zgame_random_laws(points: &[RandomLawPoint], source: &str) -> Result<Figure> {
    if points.is_empty() {
        return Err(FigureError("no random laws to draw".into()));
    }
    let mut table = Table::new(&[
        "n",
        "games_measure",
        "variance_over_n",
        "splits_mean_over_n",
        "skewness",
        "excess_kurtosis",
        "kolmogorov",
    ]);
    let name = |games: bool| if games { "games" } else { "path" };
    let mut left: Vec<Series> = Vec::new();
    let mut right: Vec<Series> = Vec::new();
    for games in [false, true] {
        let of = |f: &dyn Fn(&RandomLawPoint) -> Option<f64>| -> Vec<(f64, f64)> {
            points
                .iter()
                .filter(|p| p.games == games)
                .filter_map(|p| f(p).map(|y| (f64::from(p.n), y)))
                .collect()
        };
        let m = name(games);
        left.push(Series {
            name: format!("variance / n ({m})"),
            points: of(&|p| Some(p.variance_over_n)),
            dots: false,
        });
        left.push(Series {
            name: format!("splits mean / n ({m})"),
            points: of(&|p| Some(p.splits_mean_over_n)),
            dots: false,
        });
        right.push(Series { name: format!("skewness ({m})"), points: of(&|p| p.skewness), dots: false });
        right.push(Series {
            name: format!("excess kurtosis ({m})"),
            points: of(&|p| p.excess_kurtosis),
            dots: false,
        });
        right.push(Series {
            name: format!("Kolmogorov distance ({m})"),
            points: of(&|p| p.kolmogorov),
            dots: true,
        });
    }
    // The games measure's splits run near 1.1 n, far above the rest: drawn only when asked for
    // by the table, so that the left panel's scale shows the variances.
    left.retain(|s| s.name != "splits mean / n (games)");
    for p in points {
        let opt = |v: Option<f64>| v.unwrap_or(f64::NAN);
        table.rows.push(vec![
            f64::from(p.n),
            f64::from(u8::from(p.games)),
            p.variance_over_n,
            p.splits_mean_over_n,
            opt(p.skewness),
            opt(p.excess_kurtosis),
            opt(p.kolmogorov),
        ]);
    }
    let last_n = points.iter().map(|p| p.n).max().unwrap_or(0);
    let at_last = |games: bool| points.iter().find(|p| p.n == last_n && p.games == games);
    let describe = |games: bool| {
        at_last(games).map_or(String::new(), |p| {
            format!(
                "{}: variance {:.4} n, skewness {:.3}",
                name(games),
                p.variance_over_n,
                p.skewness.unwrap_or(f64::NAN)
            )
        })
    };
    let from = if source.is_empty() { String::new() } else { format!(" ({source})") };
    let title = "Random play: the length's law against the normal".to_string();
    let caption = format!(
        "Path measure (a uniform move each turn) and games measure (every game equally likely){from}; left: variance \
         and mean splits over n; right: skewness, excess kurtosis, distance to the normal (exact laws only); n = {last_n}: {}; {}",
        describe(false),
        describe(true)
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "per unit of n" };
    let right_labels = Labels { title: "", caption: "", x: "n", y: "standardised moments, distance" };
    let svg = drawn(draw::two_panels(
        &labels,
        |area| draw::lines_in(area, &labels, &left, false, false, &[]),
        |area| draw::lines_in(area, &right_labels, &right, false, false, &[]),
    ))?;
    Ok(Figure { name: "zgame-random-laws", title, caption, svg, table })
}

/// A position drawn as columns of tokens, one column per Fibonacci part, with its value.
pub fn zgame_position(position: &ZPosition, outcome: &str, remoteness: Option<u32>) -> Result<Figure> {
    let counts = position.counts();
    let mut table = Table::new(&["part", "count"]);
    for (i, &c) in counts.iter().enumerate() {
        table.rows.push(vec![FIB_U64[i + 1] as f64, f64::from(c)]);
    }
    let title = format!("{position}  (n = {})", position.n());
    let caption = format!(
        "{} for the player to move{}; one column per Fibonacci part, one token per copy (a count past {} is written)",
        outcome,
        remoteness.map_or(String::new(), |r| format!(", remoteness {r}")),
        limits::TOKENS
    );
    let labels = Labels { title: &title, caption: &caption, x: "", y: "" };
    let svg = drawn(draw::tokens(&labels, counts, limits::TOKENS))?;
    Ok(Figure { name: "zgame-position", title, caption, svg, table })
}

/// The size of Player 2's strategy per n under each choice of winning reply (the positions
/// Player 2 must know), against the game's P-positions, log scale.
pub fn zgame_certificates(to: u32) -> Result<Figure> {
    use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};
    refuse("--to", to, 4, limits::CERTIFICATES, "each n is solved and three strategies built")?;
    let mut table = Table::new(&["n", "p_positions", "fastest", "slowest", "smallest"]);
    let mut series: Vec<Series> =
        ["P-positions of the game", "fastest replies", "slowest replies", "smallest found"]
            .iter()
            .map(|name| Series { name: (*name).into(), points: Vec::new(), dots: false })
            .collect();
    for n in 3..=to {
        let s = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
        let mut row = vec![f64::from(n), s.p_positions() as f64];
        for (choice, _) in ReplyChoice::ALL {
            let strategy =
                PlayerTwoStrategy::choosing(&s, choice, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
            row.push(strategy.moves().len() as f64);
        }
        for (k, serie) in series.iter_mut().enumerate() {
            serie.points.push((f64::from(n), row[k + 1]));
        }
        table.rows.push(row);
    }
    let last = table.rows.last().cloned().unwrap_or_default();
    let title = "Player 2's winning strategy: how many positions it must know".to_string();
    let caption = format!(
        "Positions Player 2 must answer (fastest, slowest, smallest replies) and the game's P-positions; n = {to}: {}, {}, {}; {}",
        last.get(2).copied().unwrap_or(0.0),
        last.get(3).copied().unwrap_or(0.0),
        last.get(4).copied().unwrap_or(0.0),
        last.get(1).copied().unwrap_or(0.0)
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "positions (log scale)" };
    let svg = drawn(draw::lines(&labels, &series, false, true, &[]))?;
    Ok(Figure { name: "zgame-certificates", title, caption, svg, table })
}

/// Player 2's smallest winning strategy of all (the exact minimum) against the smallest greedy
/// construction and the game's P-positions, per n where Player 2 wins, with the minimum's ratio
/// to the P-positions in the table.
pub fn zgame_minimal(to: u32) -> Result<Figure> {
    use zecklab_lab::minimal::MINIMAL_TO;
    use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};
    refuse("--to", to, 4, MINIMAL_TO, "the smallest strategy is proved by an exact search for each n")?;
    let mut table =
        Table::new(&["n", "p_positions", "smallest_greedy", "minimal", "minimal_over_p_positions"]);
    let mut series: Vec<Series> =
        ["P-positions of the game", "smallest greedy strategy", "smallest of all strategies"]
            .iter()
            .map(|name| Series { name: (*name).into(), points: Vec::new(), dots: true })
            .collect();
    for n in 3..=to {
        let s = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
        if s.outcome(s.start_rank()).is_win() {
            continue;
        }
        let greedy = PlayerTwoStrategy::choosing(&s, ReplyChoice::Smallest, |_, _| {})
            .map_err(|e| FigureError(e.to_string()))?;
        let minimal = PlayerTwoStrategy::choosing(&s, ReplyChoice::Minimal, |_, _| {})
            .map_err(|e| FigureError(e.to_string()))?;
        let p = s.p_positions() as f64;
        let row = [p, greedy.moves().len() as f64, minimal.moves().len() as f64];
        for (serie, &y) in series.iter_mut().zip(&row) {
            serie.points.push((f64::from(n), y));
        }
        table.rows.push(vec![f64::from(n), row[0], row[1], row[2], row[2] / row[0]]);
    }
    let last = table.rows.last().cloned().unwrap_or_default();
    let ratios: Vec<f64> = table.rows.iter().filter(|r| r[0] >= 20.0).map(|r| r[4]).collect();
    let (low, high) =
        ratios.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let title = "Player 2's smallest strategy against the game's P-positions".to_string();
    let caption = format!(
        "Fewest positions Player 2 must answer over all winning strategies (exact), the smallest greedy \
         construction, and the P-positions, n = 3 to {to}; n = {}: {}, {}, {}; minimum / P-positions \
         from n = 20: {low:.2} to {high:.2}",
        last.first().copied().unwrap_or(0.0),
        last.get(3).copied().unwrap_or(0.0),
        last.get(2).copied().unwrap_or(0.0),
        last.get(1).copied().unwrap_or(0.0),
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "positions (log scale)" };
    let svg = drawn(draw::lines(&labels, &series, false, true, &[]))?;
    Ok(Figure { name: "zgame-minimal", title, caption, svg, table })
}

/// The complexity curve of learned rules: for each end N, the nodes of the rule learned to win
/// every n from 3 to N (examples carried from N - 1), against the Player 2 decisions it reaches
/// and the sum over n <= N of the smallest strategy found, log scale.
pub fn zgame_rule_curve(to: u32) -> Result<Figure> {
    use zecklab_lab::{test_rule, wins_through, Exploration, Learner, Method};
    use zecklab_lab::{PlayerTwoStrategy, ReplyChoice};
    refuse("--to", to, 4, limits::RULE_CURVE, "a rule is learned for each end of the range")?;
    let tables: Vec<_> = (1..=2 * to)
        .map(|n| solve(n, false, 1 << 32, |_, _| {}))
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| FigureError(e.to_string()))?;
    let mut table = Table::new(&[
        "to",
        "nodes",
        "depth",
        "decisions",
        "nodes_per_decision",
        "wins_to",
        "smallest_sum",
        "p_positions_sum",
    ]);
    let names =
        ["learned rule: nodes", "decisions it reaches", "smallest strategy found, summed over n <= N"];
    let mut series: Vec<Series> =
        names.iter().map(|name| Series { name: (*name).into(), points: Vec::new(), dots: false }).collect();
    let mut learner = Learner::new(2 * to);
    let (mut smallest_sum, mut p_sum) = (0u64, 0u64);
    for m in 3..=to {
        let game = &tables[m as usize - 1];
        let strategy = PlayerTwoStrategy::choosing(game, ReplyChoice::Smallest, |_, _| {})
            .map_err(|e| FigureError(e.to_string()))?;
        smallest_sum += strategy.moves().len() as u64;
        p_sum += game.p_positions();
        let learned = learner
            .learn(&tables[..m as usize], &Method::ALL, usize::MAX, |_| {})
            .map_err(|e| FigureError(e.to_string()))?;
        let decisions: u64 = tables[2..m as usize]
            .iter()
            .map(|t| test_rule(&learned.rule, t, Exploration::Full).decisions)
            .sum();
        let wins = wins_through(&learned.rule, &tables[..(2 * m) as usize]).unwrap_or(2);
        let row = [learned.nodes as f64, decisions as f64, smallest_sum as f64];
        for (serie, &y) in series.iter_mut().zip(&row) {
            serie.points.push((f64::from(m), y));
        }
        table.rows.push(vec![
            f64::from(m),
            learned.nodes as f64,
            learned.depth as f64,
            decisions as f64,
            learned.nodes as f64 / decisions.max(1) as f64,
            f64::from(wins),
            smallest_sum as f64,
            p_sum as f64,
        ]);
    }
    let last = table.rows.last().cloned().unwrap_or_default();
    let title =
        "Learned rules for Player 2: how large a rule that wins every n from 3 to N must be".to_string();
    let caption = format!(
        "Nodes of the rule learned on n = 3 to N, the decisions it reaches, and the smallest strategies found summed over n <= N; N = {to}: {} nodes for {} decisions, winning to n = {}",
        last.get(1).copied().unwrap_or(0.0),
        last.get(3).copied().unwrap_or(0.0),
        last.get(5).copied().unwrap_or(0.0)
    );
    let labels = Labels { title: &title, caption: &caption, x: "N", y: "count (log scale)" };
    let svg = drawn(draw::lines(&labels, &series, false, true, &[]))?;
    Ok(Figure { name: "zgame-rule-curve", title, caption, svg, table })
}

/// A heatmap of P-fractions per n: for each n, `cells(n, structure)` gives each row's
/// `(row, cell)`; the table gets `(n, row, positions, p_positions, p_per_mille)` under `row_name`.
fn p_fraction_heatmap(
    to: u32,
    row_name: &str,
    first_row: u32,
    cells: impl Fn(u32, &zecklab_lab::PStructure) -> Vec<(usize, zecklab_lab::Cell)>,
    labels: &Labels,
) -> Result<(String, Table)> {
    use zecklab_lab::p_counts;
    refuse("--to", to, 4, limits::P_STRUCTURE, "each n is solved")?;
    let mut table = Table::new(&["n", row_name, "positions", "p_positions", "p_per_mille"]);
    let mut columns: Vec<Vec<u32>> = Vec::new();
    let mut highest = 0;
    for n in 1..=to {
        let s = solve(n, false, 1 << 32, |_, _| {}).map_err(|e| FigureError(e.to_string()))?;
        let mut column = Vec::new();
        for (row, cell) in cells(n, &p_counts(&s)) {
            let per_mille = (1000 * cell.p_positions).div_ceil(cell.positions.max(1)) as u32;
            table.rows.push(vec![
                f64::from(n),
                row as f64,
                cell.positions as f64,
                cell.p_positions as f64,
                f64::from(per_mille),
            ]);
            if column.len() <= row {
                column.resize(row + 1, 0);
            }
            // Shaded from 1 (no P-position) to 1001 (all), so that an empty cell is not blank.
            column[row] = per_mille + 1;
            highest = highest.max(row as u32);
        }
        columns.push(column);
    }
    let svg = drawn(draw::heatmap(
        labels,
        (1, to),
        (first_row, highest + 1 - first_row),
        |n, r| columns[n as usize - 1].get(r as usize).copied().filter(|&v| v > 0),
        &[],
        "",
        &[],
    ))?;
    Ok((svg, table))
}

/// The share of P-positions in each tier, per n: a column per n, a cell per number of moves a
/// tier lies from the start (`n` minus its parts: combines lower the parts by one, splits keep
/// them), shaded by the P-fraction. Near the start the tiers alternate between all and none.
pub fn zgame_p_structure(to: u32) -> Result<Figure> {
    let title = "The Zeckendorf game's P-positions by tier".to_string();
    let caption = format!(
        "For n = 1 to {to}, the share of P-positions among the positions n - p combines from the start (p parts), from none (dark) to all (bright)"
    );
    let labels =
        Labels { title: &title, caption: &caption, x: "n", y: "combines from the start (n - parts)" };
    let by_tier = |n: u32, s: &zecklab_lab::PStructure| {
        s.by_parts.iter().rev().map(|(&parts, &cell)| ((n - parts) as usize, cell)).collect()
    };
    let (svg, table) = p_fraction_heatmap(to, "combines_from_start", 0, by_tier, &labels)?;
    Ok(Figure { name: "zgame-p-structure", title, caption, svg, table })
}

/// The share of P-positions among the positions with each largest part `F_i`, per n: the cut of
/// `zgame p-structure` by the largest part, shaded by the P-fraction.
pub fn zgame_p_largest(to: u32) -> Result<Figure> {
    let title = "The Zeckendorf game's P-positions by their largest part".to_string();
    let caption = format!(
        "For n = 1 to {to}, the share of P-positions among the positions whose largest part is F_i, from none (dark) to all (bright)"
    );
    let labels = Labels { title: &title, caption: &caption, x: "n", y: "index i of the largest part F_i" };
    let by_largest = |_: u32, s: &zecklab_lab::PStructure| {
        s.by_largest_part.iter().map(|(&largest, &cell)| (largest, cell)).collect()
    };
    let (svg, table) = p_fraction_heatmap(to, "largest_index", 1, by_largest, &labels)?;
    Ok(Figure { name: "zgame-p-largest", title, caption, svg, table })
}
