//! A solved game's statistics, as `zgame stats --json` prints them and `/api/zgame/stats`
//! serves them: positions and P-positions by remoteness and by number of parts, and the deepest
//! positions (those of greatest remoteness).

use serde::Serialize;
use zecklab_games::zgame::stats::{game_stats, RemotenessCount};
use zecklab_games::zgame::{SolvedTable, TierCount};
use zecklab_games::Winner;

use zecklab_games::zgame::random::Measure;
use zecklab_games::Cancel;

use crate::random_laws::{random_laws, RandomLawJson};
use crate::solve::SOLVE_MEMORY;
use crate::AnswerError;

/// The most positions of greatest remoteness listed (their number is always given).
pub const DEEPEST_LISTED: usize = 20;

/// The statistics of the game on n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatsJson {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// Its P-positions.
    pub p_positions: u64,
    /// `"P1"` or `"P2"`: who wins from the start.
    pub winner: Winner,
    /// The start's remoteness, when the table holds remoteness.
    pub start_remoteness: Option<u32>,
    /// The greatest remoteness of any position, when the table holds remoteness.
    pub max_remoteness: Option<u32>,
    /// Positions and P-positions by remoteness, smallest first (empty without remoteness).
    pub remoteness_histogram: Vec<RemotenessCount>,
    /// Positions and P-positions by number of parts, most parts first.
    pub by_tier: Vec<TierCount>,
    /// The positions of greatest remoteness, the first [`DEEPEST_LISTED`] by rank.
    pub deepest: Vec<String>,
    /// How many positions have the greatest remoteness.
    pub deepest_count: u64,
    /// The law of the game's length under random play, both measures (`zgame random-laws`), for
    /// n up to [`LENGTH_LAWS_TO`]; empty beyond.
    pub length_laws: Vec<RandomLawJson>,
    /// Where the values came from: `"store"` or `"solved"`.
    pub source: &'static str,
}

/// The largest n whose statistics carry the length laws of random play (they take a second at
/// n = 100, half a minute at 150 and minutes beyond: `zgame random-laws` computes them there).
pub const LENGTH_LAWS_TO: u32 = 100;

/// The statistics of a solved table (`source`: where it came from).
pub fn stats_of(table: &(impl SolvedTable + ?Sized), source: &'static str) -> StatsJson {
    let stats = game_stats(table, DEEPEST_LISTED);
    let index = table.index();
    // The start, n ones, comes first in the ranking, and has n parts.
    let (start, start_parts) = (0, index.n());
    StatsJson {
        n: index.n(),
        positions: stats.positions,
        p_positions: stats.p_positions,
        winner: Winner::of_start(table.outcome(start)),
        start_remoteness: table.remoteness_with_parts(start, start_parts),
        max_remoteness: stats.max_remoteness,
        remoteness_histogram: stats.by_remoteness,
        by_tier: stats.by_tier,
        deepest: stats.deepest.iter().map(|&r| index.unrank(r).to_string()).collect(),
        deepest_count: stats.deepest_count,
        length_laws: length_laws(index.n()),
        source,
    }
}

/// The length laws of the game on `n` under both measures, up to [`LENGTH_LAWS_TO`].
fn length_laws(n: u32) -> Vec<RandomLawJson> {
    if n > LENGTH_LAWS_TO {
        return Vec::new();
    }
    // Within the bound both laws are exact or nearly so and small; nothing can fail there.
    random_laws(n, &[Measure::Path, Measure::Games], SOLVE_MEMORY, &Cancel::new(), |_, _| {})
        .unwrap_or_default()
}

/// The largest n whose statistics are computed (every position's remoteness in memory).
pub const STATS_LIMIT: u32 = 400;

/// The statistics of a stored game, read from its table when that holds remoteness (`None`
/// when it does not: the game is then solved, by the caller's means).
///
/// # Errors
/// [`AnswerError::Damaged`] for a table that cannot be read.
pub fn stats_from_store(table: &zecklab_store::StoredTable) -> Result<Option<StatsJson>, AnswerError> {
    if table.header().remoteness_width == 0 {
        return Ok(None);
    }
    let loaded =
        table.load(SOLVE_MEMORY as u64, |_, _| {}).map_err(|e| AnswerError::damaged_table(table.n(), &e))?;
    Ok(Some(stats_of(&loaded, "store")))
}

/// Refuses n = 0 and n past [`STATS_LIMIT`].
///
/// # Errors
/// [`AnswerError::Invalid`] for 0, [`AnswerError::TooLarge`] past the limit.
pub fn check_stats_size(n: u32) -> Result<(), AnswerError> {
    match n {
        0 => Err(AnswerError::Invalid(format!("invalid n = 0: the statistics take 1 <= n <= {STATS_LIMIT}"))),
        n if n > STATS_LIMIT => Err(AnswerError::TooLarge(format!(
            "invalid n = {n}: the statistics hold every position's remoteness in memory, for 1 <= n <= {STATS_LIMIT}"
        ))),
        _ => Ok(()),
    }
}
