//! `zgame rule-test`, `zgame rule-search` and `zgame p-structure`: Player 2's strategy lab on the
//! command line. Glue only: the lab is `zecklab_lab`, the JSON shapes
//! `zecklab_answers::lab`'s. Tables come from the store when it holds the game, else from a solve
//! of outcomes.

use std::path::Path;

use zecklab_answers::lab::{self as answers, parse_rule};
use zecklab_answers::learn::RuleLearnJson;
use zecklab_games::zgame::{solve, SolvedTable};
use zecklab_lab::LearnProgress;
use zecklab_store::Store;

use super::common::{check_range, MEMORY_LIMIT};
use crate::input::InputError;
use crate::output::{counted, Out};
use crate::progress;

/// Runs `work` on the game on `n`'s table: the stored one (every chunk checked first), else a
/// fresh solve of outcomes.
fn with_table<T>(store: Option<&Store>, n: u32, work: impl Fn(&dyn SolvedTable) -> T) -> anyhow::Result<T> {
    if let Some(table) = super::stored::stored_table(store, n)? {
        let verified =
            table.load_outcomes(MEMORY_LIMIT as u64, |_, _| {}).map_err(InputError::from_display)?;
        return Ok(work(&verified));
    }
    let solution = solve(n, false, MEMORY_LIMIT, |_, _| {}).map_err(InputError::from_display)?;
    Ok(work(&solution))
}

/// The longest rule file read (a learned rule of tens of thousands of nodes fits many times over).
const RULE_FILE_LIMIT: u64 = 64 << 20;

/// Reads a rule from `path`: its text, spaces and line breaks ignored as in `--rule`.
pub fn read_rule_file(path: &Path) -> anyhow::Result<String> {
    let shown = path.display();
    let cannot = |reason: String| InputError(format!("cannot read the rule file '{shown}': {reason}"));
    let metadata = std::fs::metadata(path).map_err(|e| cannot(crate::output::io_reason(&e)))?;
    if metadata.is_dir() {
        return Err(cannot("it is a directory".into()).into());
    }
    if metadata.len() > RULE_FILE_LIMIT {
        return Err(cannot(format!(
            "it holds {} bytes, more than a rule file may ({RULE_FILE_LIMIT})",
            metadata.len()
        ))
        .into());
    }
    let bytes = std::fs::read(path).map_err(|e| cannot(crate::output::io_reason(&e)))?;
    String::from_utf8(bytes).map_err(|_| cannot("it is not UTF-8 text".into()).into())
}

/// `zgame rule-test`: one line per n.
pub fn rule_test(
    out: &mut Out,
    text: &str,
    first: u32,
    last: u32,
    store: Option<&Store>,
    json: bool,
) -> anyhow::Result<()> {
    let rule = parse_rule(text)?;
    check_range(first, last)?;
    answers::check_rule_test_size(last)?;
    // A long rule (a learned one) is named by its length in the lines; --json carries it whole.
    let canonical = rule.to_string();
    let name = if canonical.chars().count() <= 100 {
        canonical
    } else {
        format!("the rule ({} characters)", canonical.chars().count())
    };
    for n in first..=last {
        let bar = progress::bar(0, "positions", &format!("testing n = {n}"));
        let line = with_table(store, n, |t| {
            answers::rule_test(&rule, t, |done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
        });
        bar.finish_and_clear();
        let line = line?;
        if json {
            out.json(&line)?;
            continue;
        }
        let agreement = line
            .agreement
            .map_or("no decision with a winning move".into(), |a| format!("agreement {:.4}", a));
        let decisions = counted(line.decisions, "decision", "decisions");
        match &line.first_bad {
            None => out.line(format!("n = {n}: {name} wins ({decisions}, {agreement})"))?,
            Some(bad) if bad.end => out.line(format!(
                "n = {n}: Player 1 wins whatever Player 2 plays: after {} Player 2 is left at the end, {}, with no move",
                counted(u64::from(bad.depth), "move", "moves"),
                bad.position
            ))?,
            Some(bad) => {
                out.line(format!("n = {n}: {name} LOSES ({decisions}, {agreement})"))?;
                out.line(format!(
                    "  first bad decision, after {}: at {} the rule plays {}, {}",
                    counted(u64::from(bad.depth), "move", "moves"),
                    bad.position,
                    bad.rule_move.as_deref().unwrap_or("nothing"),
                    bad.winning_move
                        .as_ref()
                        .map_or("and no move wins there".into(), |m| format!("but {m} wins"))
                ))?;
                if let Some(line) = &line.losing_line {
                    out.line(format!("  a line Player 1 wins: {}", line.join(" | ")))?;
                }
            }
        }
    }
    Ok(())
}

/// `zgame rule-learn`: one rule, or with `curve` one per end of the range.
pub fn rule_learn(
    out: &mut Out,
    to: u32,
    max_nodes: usize,
    curve: bool,
    rule_out: Option<&Path>,
    json: bool,
) -> anyhow::Result<()> {
    zecklab_answers::learn::check_rule_learn(to)?;
    if let Some(path) = rule_out {
        crate::output::destination(path)?;
    }
    let spinner = progress::spinner(&format!("solving n = 1 to {}", 2 * to));
    let status = |m: u32, p: LearnProgress| {
        spinner.set_message(format!(
            "n = 3 to {m}: {} {}, round {}: {} lost, {} examples, {} nodes",
            p.method.order_name(),
            p.method.labelling_name(),
            p.round,
            counted(p.losing as u64, "game", "games"),
            p.examples,
            p.nodes
        ));
    };
    let mut last: Option<RuleLearnJson> = None;
    let mut show = |line: RuleLearnJson, out: &mut Out| -> anyhow::Result<()> {
        spinner.suspend(|| -> anyhow::Result<()> {
            if json {
                out.json(&line)?;
            } else {
                print_learned(out, &line, rule_out.is_some())?;
            }
            Ok(())
        })?;
        last = Some(line);
        Ok(())
    };
    if curve {
        let mut failed = None;
        let result = zecklab_answers::learn::rule_curve(
            to,
            max_nodes,
            |line| {
                show(line, out).map_err(|e| {
                    failed = Some(e);
                    zecklab_answers::AnswerError::Invalid("the output failed".into())
                })
            },
            status,
        );
        if let Some(e) = failed {
            return Err(e);
        }
        result?;
    } else {
        let line = zecklab_answers::learn::rule_learn(to, max_nodes, |p| status(to, p));
        spinner.finish_and_clear();
        show(line?, out)?;
    }
    spinner.finish_and_clear();
    if let (Some(path), Some(line)) = (rule_out, last) {
        crate::output::write_file(path, |w| {
            writeln!(w, "{}", line.rule)?;
            Ok(())
        })?;
    }
    Ok(())
}

/// A learned rule in words.
fn print_learned(out: &mut Out, line: &RuleLearnJson, saved: bool) -> anyhow::Result<()> {
    let range = format!("n = 3 to {}", line.to);
    let outcome = if line.converged {
        format!("wins every n from 3 to {}", line.wins_to)
    } else {
        format!(
            "no rule within the node bound wins all of {range}: the last wins every n from 3 to {}",
            line.wins_to
        )
    };
    out.line(format!(
        "{range}: {outcome}; {} nodes, depth {}, {} reached ({:.3} nodes a decision); {}",
        line.nodes,
        line.depth,
        counted(line.decisions, "decision", "decisions"),
        line.nodes_per_decision,
        line.first_loss
            .map_or(format!("no loss up to n = {}", 2 * line.to), |n| format!("first loses at n = {n}"))
    ))?;
    out.line(format!(
        "  {} rounds, {} examples, moves read {} to {}, labelled {}; {:.2} s",
        line.rounds,
        line.examples,
        if line.order == "first" { "first" } else { "last" },
        if line.order == "first" { "last" } else { "first" },
        line.labelling.replace('-', " "),
        line.seconds
    ))?;
    out.line(format!("  features: {}", line.features.join(", ")))?;
    if line.rule.len() <= 400 {
        out.line(format!("  rule: {}", line.rule))?;
    } else if !saved {
        out.line(format!(
            "  rule: {} characters; --rule-out FILE writes it, for zgame rule-test --rule-file FILE",
            line.rule.len()
        ))?;
    }
    Ok(())
}

/// `zgame rule-search`.
pub fn rule_search(
    out: &mut Out,
    size: usize,
    last: u32,
    agreement_n: Option<u32>,
    top: usize,
    json: bool,
) -> anyhow::Result<()> {
    let bar = progress::bar(0, "rules", &format!("solving n = 1 to {last}, then testing rules"));
    let report = answers::rule_search(size, last, agreement_n, top, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    let report = report?;
    if json {
        return out.json(&report);
    }
    out.line(format!(
        "{} rules of up to {size} preferences tested on n = 3 to {last} in {:.1} s",
        report.searched, report.seconds
    ))?;
    out.line("the longest runs of wins from n = 3:")?;
    for r in &report.longest {
        let loss = r.first_loss.map_or(format!("wins through {last}"), |n| format!("loses at n = {n}"));
        out.line(format!("  {:<50} {loss}", r.rule))?;
    }
    out.line(format!("the highest agreement with the winning moves at n = {}:", report.agreement_n))?;
    for r in &report.best_agreement {
        out.line(format!("  {:<50} {:.4}", r.rule, r.agreement.unwrap_or(0.0)))?;
    }
    Ok(())
}

/// `zgame p-structure`.
pub fn p_structure_of(out: &mut Out, n: u32, store: Option<&Store>, json: bool) -> anyhow::Result<()> {
    answers::check_lab_size(n, "zgame p-structure")?;
    let spinner = progress::spinner(&format!("counting n = {n}"));
    let answer = with_table(store, n, |t| answers::p_structure_of(t));
    spinner.finish_and_clear();
    let answer = answer?;
    if json {
        return out.json(&answer);
    }
    out.line(format!(
        "n = {n}: {}, {}",
        crate::output::counted(answer.positions as u64, "position", "positions"),
        crate::output::counted(answer.p_positions as u64, "P-position", "P-positions")
    ))?;
    let pct = |f: f64| format!("{:.2}%", 100.0 * f);
    for (cut, cells) in [("the number of parts", &answer.by_parts_parity), ("c1", &answer.by_c1_parity)] {
        out.line(format!("by the parity of {cut}:"))?;
        for c in cells {
            let which = if c.key.odd { "odd" } else { "even" };
            out.line(format!(
                "  {which:<5} {:>12} positions, {:>12} P ({})",
                c.positions,
                c.p_positions,
                pct(c.p_fraction)
            ))?;
        }
    }
    out.line("by the largest part:")?;
    for c in &answer.by_largest_part {
        out.line(format!(
            "  F{:<4} {:>12} positions, {:>12} P ({})",
            c.key.largest_index,
            c.positions,
            c.p_positions,
            pct(c.p_fraction)
        ))?;
    }
    out.line(format!(
        "Player 2's {} decisions with a winning move (Player 2 playing winning moves): how often each pick wins",
        answer.decisions
    ))?;
    for r in &answer.winning_replies {
        out.line(format!(
            "  {:<18} applies at {:>10}, wins at {:>10} ({})",
            r.pick,
            r.applies,
            r.wins,
            r.share.map_or("-".into(), pct)
        ))?;
    }
    out.line("each move, by kind and index: where it is legal at those decisions, how often it wins")?;
    for m in &answer.winning_moves {
        out.line(format!(
            "  {:<18} legal at {:>10}, wins at {:>10} ({})",
            m.r#move,
            m.legal,
            m.wins,
            pct(m.share)
        ))?;
    }
    out.line("(--json adds the cuts by number of parts and by each count c_i)")?;
    Ok(())
}
