//! The Zeckendorf game's family on the command line: `--recurrence C,K`, `--rules` and
//! `--misere` on `zgame solve`, `position` and `coalitions`, and the commands `zgame grundy` and
//! `zgame sum`. Glue only: the answers are `zecklab_answers::family`'s.

use std::time::Instant;
use zecklab_numeration::grouped;

use clap::Args;
use zecklab_answers::family::{self, FamilySolve, Variant};
use zecklab_games::Cancel;
use zecklab_store::Store;

use super::common::{check_range, solve_failed, MEMORY_LIMIT};
use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// Which member of the family a command plays.
#[derive(Args, Debug, Clone, Default)]
pub struct VariantArgs {
    /// The generalized game on G_n = C·(G_(n-1) + ... + G_(n-K)) (1 <= C <= 64, 2 <= K <= 16;
    /// 1,2 is the Zeckendorf game itself); positions are written with the values of the G_i.
    #[arg(long, value_name = "C,K")]
    pub recurrence: Option<String>,
    /// The moves: 'all' (every identity of the sequence: combines, initial combines and splits)
    /// or 'no-initial-combine' (the moves of the game's authors' own code); they differ only for
    /// K >= 3.
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
}

impl VariantArgs {
    /// The variant, in misère play or not.
    pub fn variant(&self, misere: bool) -> anyhow::Result<Variant> {
        Ok(Variant::parse(self.recurrence.as_deref(), self.rules.as_deref(), misere)?)
    }
}

/// Solves a member of the family on `n`, with a spinner on a terminal.
fn solved(
    variant: &Variant,
    n: u32,
    grundy: bool,
) -> anyhow::Result<(zecklab_games::zgame::family::FamilySolution, f64)> {
    let spinner = progress::spinner(&format!("solving n = {n}"));
    let start = Instant::now();
    let solution = family::solve(variant, n, grundy, MEMORY_LIMIT);
    spinner.finish_and_clear();
    Ok((solution?, start.elapsed().as_secs_f64()))
}

/// `zgame solve`'s line of text for one n of a generalized game (a recurrence other than the
/// Fibonacci one).
pub fn print_solve(out: &mut Out, variant: &Variant, line: &FamilySolve) -> anyhow::Result<()> {
    out.line(format!(
        "n = {}{}: {}, {}; {} wins (start remoteness {}); {:.2} s",
        line.solve.n,
        describe(variant),
        crate::output::counted(line.solve.positions, "position", "positions"),
        crate::output::counted(line.solve.p_positions, "P-position", "P-positions"),
        line.solve.winner,
        line.solve.remoteness.unwrap_or(0),
        line.solve.seconds,
    ))?;
    if let Some(path) = &line.solve.saved {
        out.line(format!("  saved to {path}"))?;
    }
    Ok(())
}

/// `zgame check` of a generalized game: its stored table when there is one (each chunk checked
/// against its digest as it is read), else a fresh solve, checked position by position by the
/// rules; exit status 1 on any inconsistency.
pub fn check(
    out: &mut Out,
    n: u32,
    store: Option<&Store>,
    variant: &Variant,
    json: bool,
) -> anyhow::Result<std::process::ExitCode> {
    let game = variant.table_game();
    let stored = match store {
        Some(store) => store.open_game(game, n).map_err(InputError::from_display)?,
        None => None,
    };
    let start = Instant::now();
    let bar = progress::bar(0, "positions", &format!("checking n = {n}"));
    let show = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let (report, positions, source, first) = match &stored {
        Some(table) => {
            let report = table.check_family(show).map_err(InputError::from_display)?;
            let (rules, index) = table.family().expect("a generalized game's table");
            let first = report.first_inconsistent.map(|r| rules.format(&index.unrank(r)));
            (report, table.positions(), "store", first)
        }
        None => {
            let (solution, _) = solved(variant, n, false)?;
            let value = |r: u64| {
                Ok::<_, std::convert::Infallible>((solution.outcome(r).is_win(), solution.remoteness(r)))
            };
            let report = zecklab_games::zgame::family::check_family_table(
                solution.rules(),
                solution.index(),
                variant.misere,
                value,
                show,
            )
            .unwrap_or_else(|never| match never {});
            let first =
                report.first_inconsistent.map(|r| solution.rules().format(&solution.index().unrank(r)));
            (report, solution.index().count(), "solved", first)
        }
    };
    bar.finish_and_clear();
    let line = super::common::CheckJson {
        n,
        positions,
        checked: report.checked,
        remoteness_checked: true,
        inconsistent: report.inconsistent,
        first_inconsistent: first,
        seconds: start.elapsed().as_secs_f64(),
        source,
        tags: variant.tags(),
    };
    super::common::print_check(out, &line, json)?;
    let passed = report.inconsistent == 0 && report.checked == positions;
    Ok(if passed { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::from(1) })
}

/// The variant in words, for the text lines.
pub(crate) fn describe(variant: &Variant) -> String {
    let mut words = Vec::new();
    if variant.named {
        words.push(format!("recurrence {}, rules {}", variant.recurrence, variant.rules.name()));
    }
    if variant.misere {
        words.push("misère".to_string());
    }
    if words.is_empty() {
        String::new()
    } else {
        format!(" ({})", words.join(", "))
    }
}

/// `zgame grundy`: the Grundy figures of each game of the range.
pub fn grundy(out: &mut Out, first: u32, last: u32, variant: &Variant, json: bool) -> anyhow::Result<()> {
    check_range(first, last)?;
    for n in first..=last {
        let spinner = progress::spinner(&format!("solving n = {n} with Grundy values"));
        let line = family::grundy(variant, n, MEMORY_LIMIT);
        spinner.finish_and_clear();
        let line = line?;
        let seconds = line.seconds;
        if json {
            out.json(&line)?;
        } else {
            let spread: Vec<String> =
                line.by_value.iter().map(|g| format!("{}: {}", g.value, grouped(g.positions))).collect();
            out.line(format!(
                "n = {n}{}: {} positions; Grundy value of the start {}, largest {}; positions by value {{{}}}; {seconds:.2} s",
                describe(variant),
                grouped(line.positions),
                line.grundy_of_start,
                line.max_grundy,
                spread.join(", ")
            ))?;
        }
    }
    Ok(())
}

/// `zgame sum`: the sum of several positions.
pub fn sum(out: &mut Out, positions: &[String], variant: &Variant, json: bool) -> anyhow::Result<()> {
    let answer = family::sum(variant, positions, MEMORY_LIMIT)?;
    if json {
        return out.json(&answer);
    }
    for (i, c) in answer.components.iter().enumerate() {
        out.line(format!("  {}. {} (n = {}): Grundy value {}", i + 1, c.position, c.n, c.grundy))?;
    }
    out.line(format!(
        "the sum: Grundy value {} (the nim-sum), a {} for the player to move",
        answer.grundy, answer.outcome
    ))?;
    for m in &answer.winning_moves {
        out.line(format!("  winning: in component {}, {{{}}} -> {}", m.component, m.r#move, m.to))?;
    }
    Ok(())
}

/// `zgame coalitions` of a member of the family.
pub fn coalitions(
    out: &mut Out,
    first: u32,
    last: u32,
    players: u32,
    variant: &Variant,
    json: bool,
) -> anyhow::Result<()> {
    check_range(first, last)?;
    for n in first..=last {
        let line =
            family::coalitions(variant, n, players, MEMORY_LIMIT, &Cancel::new()).map_err(solve_failed)?;
        if json {
            out.json(&line)?;
        } else {
            let winners: Vec<String> = line
                .coalitions
                .coalitions
                .iter()
                .filter(|c| c.wins)
                .map(|c| format!("{:?}", c.members))
                .collect();
            out.line(format!(
                "n = {n}{}, {players} players: winning coalitions {}",
                describe(variant),
                if winners.is_empty() { "none".into() } else { winners.join(" ") }
            ))?;
        }
    }
    Ok(())
}
