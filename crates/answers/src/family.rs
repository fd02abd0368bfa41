//! The Zeckendorf game's family: a generalized game, the misère game and Grundy values, in the
//! shapes of the game's own answers (`zgame solve` and `zgame position` lines, with the variant's
//! fields added: `recurrence` and `rules` when either was named, `misere` in misère play, and
//! `grundy` where computed), and the two new answers: a game's Grundy figures
//! ([`GrundyJson`]) and a sum of games ([`SumJson`]).

use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::Serialize;
use zecklab_games::zgame::family::{
    parse_family_position, solve_family, FamilyIndex, FamilyMove, FamilyOptions, FamilyRules, FamilySolution,
    Recurrence, RuleSet,
};
use zecklab_games::zgame::random::{exact_mean_variance, Measure};
use zecklab_games::zgame::ZPosition;
use zecklab_games::Outcome;
use zecklab_games::Winner;
use zecklab_store::StoredTable;

use crate::moves::{sort_best_first, MoveJson};
// The variant and its fields live apart, so that the game's own shapes can carry them without
// depending on this module; they are also offered here, where the family's users look for them.
pub use crate::variant::{Tags, Variant};
use crate::zgame::{LineStepJson, PositionJson, Values, ZgameSolve};
use crate::AnswerError;

/// A solved member of the family, as `zgame solve --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FamilySolve {
    /// The game's own fields.
    #[serde(flatten)]
    pub solve: ZgameSolve,
    /// The variant's.
    #[serde(flatten)]
    pub tags: Tags,
}

/// Solves the game on `n` of a variant, with Grundy values when asked (normal play only).
///
/// # Errors
/// [`AnswerError::TooLarge`] past the memory limit or 64-bit counts; cancelled solves too.
pub fn solve(
    variant: &Variant,
    n: u32,
    grundy: bool,
    memory_limit: u128,
) -> Result<FamilySolution, AnswerError> {
    solve_until(variant, n, grundy, memory_limit, &zecklab_games::Cancel::new())
}

/// [`solve`], stopped when `cancel` is cancelled.
///
/// # Errors
/// As [`solve`].
pub fn solve_until(
    variant: &Variant,
    n: u32,
    grundy: bool,
    memory_limit: u128,
    cancel: &zecklab_games::Cancel,
) -> Result<FamilySolution, AnswerError> {
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: a game needs n >= 1".into()));
    }
    let rules = FamilyRules::new(variant.recurrence, variant.rules, n);
    let options = FamilyOptions { misere: variant.misere, grundy, cancel: cancel.clone() };
    solve_family(&rules, n, &options, memory_limit, |_, _| {})
        .map_err(|e| AnswerError::TooLarge(e.to_string()))
}

impl FamilySolve {
    /// The line of a solved game that took `seconds`.
    pub fn of(solution: &FamilySolution, variant: &Variant, seconds: f64) -> FamilySolve {
        let r = solution.start_rank();
        FamilySolve {
            solve: ZgameSolve {
                n: solution.index().n(),
                positions: solution.index().count(),
                p_positions: solution.p_positions(),
                winner: Winner::of_start(solution.outcome(r)),
                remoteness: Some(solution.remoteness(r)),
                seconds,
                engine: crate::zgame::Engine::Flat,
                saved: None,
                tiers: None,
            },
            tags: variant.tags(),
        }
    }
}

/// A position of a member of the family, as `zgame position --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyPositionJson {
    /// The game's own fields.
    #[serde(flatten)]
    pub position: PositionJson,
    /// The position's Grundy value, where computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u32>,
    /// The terms of the sequence up to n, `G_1` first (the values positions are written in).
    pub terms: Vec<u64>,
    /// The variant's fields.
    #[serde(flatten)]
    pub tags: Tags,
}

/// Reads a position of a variant (values of its sequence) and gives the game it belongs to.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the bad part.
pub fn parse(variant: &Variant, text: &str) -> Result<(Vec<u32>, u32), AnswerError> {
    // The paper's braces and wedges are read as spaces, as for the game itself.
    let text = text.trim().trim_start_matches('{').trim_end_matches('}').replace('∧', " ");
    parse_family_position(variant.recurrence, &text).map_err(AnswerError::invalid)
}

/// A solved member of the family as the answers read it: its rules and ranking, and each rank's
/// value, from a solve in memory or a stored table.
pub trait FamilyValues {
    /// The rules.
    fn rules(&self) -> &FamilyRules;
    /// The ranking.
    fn index(&self) -> &FamilyIndex;
    /// Outcome and remoteness of rank `r`, whose position is `counts`.
    ///
    /// # Errors
    /// [`AnswerError::Invalid`] when a stored file cannot be read where the value lies.
    fn value(&self, r: u64, counts: &[u32]) -> Result<(Outcome, u32), AnswerError>;
    /// The Grundy value of rank `r`, where computed.
    fn grundy(&self, r: u64) -> Option<u32>;
    /// `"store"` or `"solved"`, the JSON `source` field.
    fn source(&self) -> &'static str;
}

impl FamilyValues for FamilySolution {
    fn rules(&self) -> &FamilyRules {
        FamilySolution::rules(self)
    }
    fn index(&self) -> &FamilyIndex {
        FamilySolution::index(self)
    }
    fn value(&self, r: u64, _: &[u32]) -> Result<(Outcome, u32), AnswerError> {
        Ok((self.outcome(r), self.remoteness(r)))
    }
    fn grundy(&self, r: u64) -> Option<u32> {
        FamilySolution::grundy(self, r)
    }
    fn source(&self) -> &'static str {
        "solved"
    }
}

/// The Zeckendorf game's own values (its flat solve or stored table, in either play) read as a
/// member of the family: the Fibonacci recurrence ranks positions exactly as the game does.
pub struct GameValues<'a> {
    values: Values<'a>,
    rules: FamilyRules,
    index: FamilyIndex,
}

impl<'a> GameValues<'a> {
    /// The values of the game on `n`.
    ///
    /// # Errors
    /// [`AnswerError::TooLarge`] when `n`'s positions cannot be ranked.
    pub fn new(values: Values<'a>) -> Result<GameValues<'a>, AnswerError> {
        let n = values.n();
        let rules = FamilyRules::new(Recurrence::FIBONACCI, RuleSet::All, n);
        let index = FamilyIndex::new(rules.terms(), n)
            .ok_or_else(|| AnswerError::TooLarge(format!("n = {n}: its positions cannot be ranked")))?;
        Ok(GameValues { values, rules, index })
    }
}

impl FamilyValues for GameValues<'_> {
    fn rules(&self) -> &FamilyRules {
        &self.rules
    }
    fn index(&self) -> &FamilyIndex {
        &self.index
    }
    fn value(&self, _: u64, counts: &[u32]) -> Result<(Outcome, u32), AnswerError> {
        let p = ZPosition::from_counts(counts.to_vec()).map_err(AnswerError::invalid)?;
        let (outcome, remoteness) = self.values.value(&p)?;
        let remoteness = remoteness.ok_or_else(|| {
            AnswerError::TooLarge("this table holds no remoteness (solved or stored without it)".into())
        })?;
        Ok((outcome, remoteness))
    }
    fn grundy(&self, _: u64) -> Option<u32> {
        None
    }
    fn source(&self) -> &'static str {
        self.values.source()
    }
}

/// A generalized game's stored table, read as the answers read a solve.
pub struct StoredFamily<'a> {
    table: &'a StoredTable,
    rules: &'a FamilyRules,
    index: &'a FamilyIndex,
}

impl<'a> StoredFamily<'a> {
    /// The values of a stored generalized game; `None` for a table of the Zeckendorf game.
    pub fn new(table: &'a StoredTable) -> Option<StoredFamily<'a>> {
        let (rules, index) = table.family()?;
        Some(StoredFamily { table, rules, index })
    }
}

impl FamilyValues for StoredFamily<'_> {
    fn rules(&self) -> &FamilyRules {
        self.rules
    }
    fn index(&self) -> &FamilyIndex {
        self.index
    }
    fn value(&self, r: u64, _: &[u32]) -> Result<(Outcome, u32), AnswerError> {
        let outcome = self.table.outcome(r).map_err(AnswerError::invalid)?;
        let remoteness = self.table.remoteness(r, 0).map_err(AnswerError::invalid)?.ok_or_else(|| {
            AnswerError::TooLarge(format!("{} holds no remoteness", self.table.path().display()))
        })?;
        Ok((outcome, remoteness))
    }
    fn grundy(&self, _: u64) -> Option<u32> {
        None
    }
    fn source(&self) -> &'static str {
        "store"
    }
}

/// The children of `counts` by the rules, each move with its child's counts and rank.
fn children(values: &impl FamilyValues, counts: &[u32]) -> Vec<(FamilyMove, Vec<u32>, u64)> {
    let (rules, index) = (values.rules(), values.index());
    let mut work = counts.to_vec();
    let mut out = Vec::new();
    rules.for_each_move(counts, |m| {
        rules.apply(&mut work, m);
        out.push((m, work.clone(), index.rank(&work)));
        rules.undo(&mut work, m);
    });
    out
}

/// Every move of `counts` with the value it leads to and that position, best first for the
/// mover.
fn moves_best_first(
    values: &impl FamilyValues,
    counts: &[u32],
) -> Result<Vec<(MoveJson, Vec<u32>)>, AnswerError> {
    let rules = values.rules();
    let mut moves = Vec::new();
    for (m, child, r) in children(values, counts) {
        let (outcome, remoteness) = values.value(r, &child)?;
        let json = MoveJson::new(rules.describe(m), rules.format(&child), outcome, Some(remoteness));
        moves.push((json, child));
    }
    // The order `sort_best_first` gives, each move keeping its position.
    let mut order: Vec<MoveJson> = moves.iter().map(|(m, _)| m.clone()).collect();
    sort_best_first(&mut order);
    moves.sort_by_key(|(m, _)| order.iter().position(|o| o == m));
    Ok(moves)
}

/// The answer for the position `counts` of a solved member of the family.
///
/// # Errors
/// [`AnswerError::Invalid`] when a stored table cannot be read where a value lies.
pub fn position(
    values: &impl FamilyValues,
    variant: &Variant,
    counts: &[u32],
    with_line: bool,
) -> Result<FamilyPositionJson, AnswerError> {
    let index = values.index();
    let r = index.rank(counts);
    let moves = moves_best_first(values, counts)?;
    let line = if with_line {
        let mut steps = Vec::new();
        let mut at = counts.to_vec();
        while let Some((best, next)) = moves_best_first(values, &at)?.into_iter().next() {
            steps.push(LineStepJson {
                r#move: best.r#move,
                to: best.to,
                outcome: best.outcome,
                remoteness: best.remoteness,
            });
            at = next;
        }
        Some(Some(steps))
    } else {
        None
    };
    let moves: Vec<MoveJson> = moves.into_iter().map(|(m, _)| m).collect();
    let (outcome, remoteness) = values.value(r, counts)?;
    Ok(FamilyPositionJson {
        position: PositionJson {
            position: values.rules().format(counts),
            n: index.n(),
            outcome: outcome.as_str(),
            remoteness: Some(remoteness),
            terminal: moves.is_empty(),
            source: values.source(),
            moves,
            line,
        },
        grundy: values.grundy(r),
        terms: values.rules().terms().to_vec(),
        tags: variant.tags(),
    })
}

/// One Grundy value and how many positions have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GrundyCount {
    /// The value.
    pub value: u32,
    /// Positions with that value.
    pub positions: u64,
}

/// A game's Grundy figures, as `zgame grundy --json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GrundyJson {
    /// The game on n.
    pub n: u32,
    /// Its positions.
    pub positions: u64,
    /// The Grundy value of the start.
    pub grundy_of_start: u32,
    /// The largest Grundy value of any position.
    pub max_grundy: u32,
    /// Positions per Grundy value, increasing.
    pub by_value: Vec<GrundyCount>,
    /// Seconds the solve took.
    pub seconds: f64,
    /// The variant's fields.
    #[serde(flatten)]
    pub tags: Tags,
}

impl GrundyJson {
    /// The figures of a family solution with Grundy values.
    pub fn of(solution: &FamilySolution, variant: &Variant, seconds: f64) -> GrundyJson {
        GrundyJson::from_counts(
            (solution.index().n(), solution.index().count()),
            solution.grundy(solution.start_rank()).expect("solved with Grundy values"),
            solution.grundy_counts().expect("solved with Grundy values"),
            variant,
            seconds,
        )
    }

    /// The figures of the Zeckendorf game's own solution with Grundy values.
    pub fn of_game(solution: &zecklab_games::zgame::Solution, seconds: f64) -> GrundyJson {
        GrundyJson::from_counts(
            (solution.index().n(), solution.index().count()),
            solution.grundy(solution.start_rank()).expect("solved with Grundy values"),
            solution.grundy_counts().expect("solved with Grundy values"),
            &Variant::ZECKENDORF,
            seconds,
        )
    }

    fn from_counts(
        (n, positions): (u32, u64),
        grundy_of_start: u32,
        counts: Vec<(u32, u64)>,
        variant: &Variant,
        seconds: f64,
    ) -> GrundyJson {
        let by_value: Vec<GrundyCount> =
            counts.into_iter().map(|(value, positions)| GrundyCount { value, positions }).collect();
        GrundyJson {
            n,
            positions,
            grundy_of_start,
            max_grundy: by_value.last().map_or(0, |g| g.value),
            by_value,
            seconds,
            tags: Tags { misere: None, ..variant.tags() },
        }
    }
}

/// The Grundy figures of the game on `n`: by the game's own parallel sweep for the Zeckendorf
/// game, else by the family's.
///
/// # Errors
/// [`AnswerError::TooLarge`] past the memory limit.
pub fn grundy(variant: &Variant, n: u32, memory_limit: u128) -> Result<GrundyJson, AnswerError> {
    let start = std::time::Instant::now();
    if variant.recurrence == Recurrence::FIBONACCI && !variant.named {
        let options = zecklab_games::zgame::SolveOptions {
            with_grundy: true,
            ..zecklab_games::zgame::SolveOptions::new(false, memory_limit)
        };
        let solution = zecklab_games::zgame::solve_with(n, &options, |_, _| {})
            .map_err(|e| AnswerError::TooLarge(e.to_string()))?;
        return Ok(GrundyJson::of_game(&solution, start.elapsed().as_secs_f64()));
    }
    let solution = solve(variant, n, true, memory_limit)?;
    Ok(GrundyJson::of(&solution, variant, start.elapsed().as_secs_f64()))
}

/// One component of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentJson {
    /// The position.
    pub position: String,
    /// The game it belongs to.
    pub n: u32,
    /// Its Grundy value.
    pub grundy: u32,
}

/// A winning move of a sum: which component, which move, and that component after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMoveJson {
    /// The component, 1-based.
    pub component: usize,
    /// The move.
    pub r#move: String,
    /// The component after it.
    pub to: String,
}

/// A sum of games, as `zgame sum --json` prints it: several positions side by side, a move in
/// one of them per turn, normal play (whoever cannot move in any loses).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumJson {
    /// The components with their Grundy values.
    pub components: Vec<ComponentJson>,
    /// The sum's Grundy value: the nim-sum (exclusive or) of the components'.
    pub grundy: u32,
    /// For the player to move: `win` exactly when the Grundy value is not 0.
    pub outcome: &'static str,
    /// Every winning move: to a component value that makes the nim-sum 0.
    pub winning_moves: Vec<SumMoveJson>,
}

/// The largest component game `zgame sum` solves (its Grundy values are computed for every
/// position of the game the component belongs to).
pub const SUM_COMPONENT_LIMIT: u32 = 250;

/// The sum of the positions `texts` (each of any game of the variant's recurrence and rules, up
/// to [`SUM_COMPONENT_LIMIT`]), in normal play.
///
/// # Errors
/// [`AnswerError`] naming a malformed position or one past the limit.
pub fn sum(variant: &Variant, texts: &[String], memory_limit: u128) -> Result<SumJson, AnswerError> {
    if texts.is_empty() {
        return Err(AnswerError::Invalid("a sum needs at least one position".into()));
    }
    let variant = Variant { misere: false, ..*variant };
    let mut parsed = Vec::new();
    for text in texts {
        let (counts, n) = parse(&variant, text)?;
        if n > SUM_COMPONENT_LIMIT {
            return Err(AnswerError::TooLarge(format!(
                "'{}' is a position of the game on n = {n}: sums take components of games up to n = {SUM_COMPONENT_LIMIT}",
                crate::number::shown(text)
            )));
        }
        parsed.push((counts, n));
    }
    // One solve a game, shared by the components of the same n.
    let mut solved: Vec<(u32, FamilySolution)> = Vec::new();
    for &(_, n) in &parsed {
        if !solved.iter().any(|(m, _)| *m == n) {
            solved.push((n, solve(&variant, n, true, memory_limit)?));
        }
    }
    let solution_of = |n: u32| &solved.iter().find(|(m, _)| *m == n).expect("solved above").1;
    let mut components = Vec::new();
    for (counts, n) in &parsed {
        let s = solution_of(*n);
        let r = s.index().rank(counts);
        components.push(ComponentJson {
            position: s.rules().format(counts),
            n: *n,
            grundy: s.grundy(r).expect("with Grundy values"),
        });
    }
    let total = components.iter().fold(0, |x, c| x ^ c.grundy);
    let mut winning_moves = Vec::new();
    if total != 0 {
        for (i, (counts, n)) in parsed.iter().enumerate() {
            let s = solution_of(*n);
            let wanted = components[i].grundy ^ total;
            for (m, child) in s.children(counts) {
                if s.grundy(child) == Some(wanted) {
                    winning_moves.push(SumMoveJson {
                        component: i + 1,
                        r#move: s.rules().describe(m),
                        to: s.rules().format(&s.index().unrank(child)),
                    });
                }
            }
        }
    }
    Ok(SumJson { components, grundy: total, outcome: Outcome::win_if(total != 0).as_str(), winning_moves })
}

/// The shortest and longest games of a member of the family (`zgame lengths --recurrence`).
#[derive(Clone, Debug, Serialize)]
pub struct FamilyLengthsJson {
    pub n: u32,
    pub shortest: u32,
    pub longest: u32,
    #[serde(flatten)]
    pub tags: Tags,
    /// Under a named random measure: its name and the length's law's figures.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub random: Option<FamilyRandomJson>,
}

/// The random fields of a generalized game's lengths under a named measure (those of the
/// Zeckendorf game's `lengths --measure`).
#[derive(Clone, Debug, Serialize)]
pub struct FamilyRandomJson {
    pub measure: &'static str,
    pub random_mean: f64,
    pub random_variance: f64,
    pub random_p1_wins: f64,
    /// The number of complete games, a decimal string.
    #[serde(serialize_with = "crate::decimal::decimal")]
    pub games: String,
    pub mean_exact: String,
    pub variance_exact: String,
}

/// Positions up to which a generalized game's exact laws are computed (every position's laws
/// are held at once).
pub const FAMILY_LAWS_POSITIONS: u64 = 200_000;

/// The shortest and longest games of the variant on `n`.
///
/// # Errors
/// [`AnswerError::Invalid`] for `n = 0`; [`AnswerError::TooLarge`] past the lengths limit or when
/// the positions cannot be counted.
pub fn lengths(variant: &Variant, n: u32) -> Result<FamilyLengthsJson, AnswerError> {
    lengths_by(variant, n, None)
}

/// As [`lengths`], with the exact law of the length under `measure` when one is named (the path
/// measure to n = 50, both to [`FAMILY_LAWS_POSITIONS`] positions).
///
/// # Errors
/// As [`lengths`]; a measure past its reach is [`AnswerError::TooLarge`].
pub fn lengths_by(
    variant: &Variant,
    n: u32,
    measure: Option<Measure>,
) -> Result<FamilyLengthsJson, AnswerError> {
    let limit = crate::lengths::LENGTHS_LIMIT;
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()));
    }
    if n > limit {
        return Err(AnswerError::TooLarge(format!("invalid n = {n}: zgame lengths takes 1 <= n <= {limit}")));
    }
    let rules = FamilyRules::new(variant.recurrence, variant.rules, n);
    let (shortest, longest) = zecklab_games::zgame::family::family_lengths(&rules, n)
        .ok_or_else(|| AnswerError::TooLarge(format!("n = {n} is too large to count its positions")))?;
    let random = match measure {
        None => None,
        Some(measure) => {
            if measure == Measure::Path && n > crate::lengths::EXACT_PATH_TO {
                return Err(AnswerError::TooLarge(format!(
                    "invalid n = {n}: a generalized game's path law is computed for 1 <= n <= {}",
                    crate::lengths::EXACT_PATH_TO
                )));
            }
            let (games, path) = zecklab_games::zgame::family::family_laws(&rules, n, FAMILY_LAWS_POSITIONS)
                .ok_or_else(|| {
                AnswerError::TooLarge(format!(
                    "n = {n}: the laws of this game are computed up to {FAMILY_LAWS_POSITIONS} positions"
                ))
            })?;
            let law = match measure {
                Measure::Path => path.law(),
                Measure::Games => games.law(),
            };
            let (mean, variance) = exact_mean_variance(&law);
            let (m, v, _, _) = crate::lengths::float_moments(&law);
            // Player 1 makes the last move exactly in the games of odd length.
            let odd: BigRational = law.iter().filter(|(l, _)| l % 2 == 1).map(|(_, p)| p.clone()).sum();
            Some(FamilyRandomJson {
                measure: if measure == Measure::Path { "path" } else { "games" },
                random_mean: m,
                random_variance: v,
                random_p1_wins: odd.to_f64().unwrap_or(f64::NAN),
                games: games.total().to_string(),
                mean_exact: crate::lengths::fraction(&mean),
                variance_exact: crate::lengths::fraction(&variance),
            })
        }
    };
    Ok(FamilyLengthsJson { n, shortest, longest, tags: variant.tags(), random })
}

/// Which coalitions win a member of the family with several players (`zgame coalitions
/// --recurrence`): the game's coalitions line with the variant's fields.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyCoalitionsJson {
    #[serde(flatten)]
    pub coalitions: crate::zgame::CoalitionsJson,
    #[serde(flatten)]
    pub tags: Tags,
}

/// The coalitions of `players` players that win the variant on `n`.
///
/// # Errors
/// [`crate::solve::SolveFailure::Refused`] for a bad number of players, `n = 0` or a game too
/// large for `memory_limit`; [`crate::solve::SolveFailure::Cancelled`] when `cancel` is set.
pub fn coalitions(
    variant: &Variant,
    n: u32,
    players: u32,
    memory_limit: u128,
    cancel: &zecklab_games::Cancel,
) -> Result<FamilyCoalitionsJson, crate::solve::SolveFailure> {
    use zecklab_games::zgame::family::{solve_family_coalitions, FamilyError};
    use zecklab_games::zgame::{members, proper_coalitions};
    crate::relatives::check_players(players)?;
    if n == 0 {
        return Err(AnswerError::Invalid("invalid n = 0: the game needs n >= 1".into()).into());
    }
    let rules = FamilyRules::new(variant.recurrence, variant.rules, n);
    let solution = match solve_family_coalitions(&rules, n, players, memory_limit, cancel) {
        Ok(solution) => solution,
        Err(FamilyError::Cancelled) => return Err(crate::solve::SolveFailure::Cancelled),
        Err(e @ FamilyError::TooManyPositions(_)) => return Err(AnswerError::TooLarge(e.to_string()).into()),
        Err(e) => return Err(AnswerError::invalid(e).into()),
    };
    let coalitions = crate::zgame::CoalitionsJson {
        n,
        players,
        coalitions: proper_coalitions(players)
            .into_iter()
            .map(|s| crate::zgame::CoalitionJson { members: members(s), wins: solution.wins(s) })
            .collect(),
    };
    Ok(FamilyCoalitionsJson { coalitions, tags: variant.tags() })
}
