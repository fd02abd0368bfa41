//! `zecklab verify`: runs every theorem check, prints each as it finishes, and exits non-zero
//! if any fails.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use zecklab_verify::{checks, Level, Report, Status};

use crate::input::InputError;
use crate::output::Out;
use crate::progress;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Check smaller ranges (seconds rather than minutes).
    #[arg(long)]
    quick: bool,
    /// Print one JSON object: {"level", "checks": [...], "passed", "failed", "seconds"}.
    #[arg(long)]
    json: bool,
    /// Run only the checks whose id contains this text.
    #[arg(long, value_name = "TEXT")]
    only: Option<String>,
    /// List the statements checked, without running any: each one's subject, whether it is
    /// proved for every n or checked over a range, both ranges and the command that checks it.
    /// With --json: {"theorems": [{"id", "subject", "statement", "source", "status",
    /// "range", "quick_range", "method", "command", "proof"}], "proved", "checked"} (proof: the
    /// Walnut script of a proved statement, null for a checked one).
    #[arg(long, conflicts_with = "quick")]
    list: bool,
}

#[derive(Serialize)]
struct Summary<'a> {
    level: &'static str,
    checks: &'a [Report],
    passed: usize,
    failed: usize,
    seconds: f64,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    if args.list {
        list(&args)?;
        return Ok(ExitCode::SUCCESS);
    }
    let level = if args.quick { Level::Quick } else { Level::Full };
    let level_name = if args.quick { "quick" } else { "full" };
    let selected: Vec<_> = checks(level)
        .into_iter()
        .filter(|c| args.only.as_deref().is_none_or(|text| c.id.contains(text)))
        .collect();
    if selected.is_empty() {
        let ids: Vec<&str> = checks(level).iter().map(|c| c.id).collect();
        return Err(InputError::from_display(format!(
            "no check id contains '{}'; the checks are: {}",
            crate::input::shown(args.only.as_deref().unwrap_or("")),
            ids.join(", ")
        )));
    }
    let mut out = Out::new();
    if !args.json {
        out.line(format!("zecklab verify ({level_name}): {} checks", selected.len()))?;
        out.flush()?;
    }
    // A bar over the checks, redrawn while a long one runs, naming the one under way.
    let bar = progress::bar(selected.len() as u64, "checks", "");
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    let mut reports = Vec::with_capacity(selected.len());
    for check in &selected {
        bar.set_message(format!("checking {}", check.id));
        let report = check.run();
        if !args.json {
            bar.suspend(|| print_report(&mut out, &report))?;
        }
        bar.inc(1);
        reports.push(report);
    }
    bar.finish_and_clear();
    let passed = reports.iter().filter(|r| r.passed).count();
    let failed = reports.len() - passed;
    // A fold from +0.0: an empty float sum is -0.0, which would print as "-0.00 s".
    let seconds = reports.iter().map(|r| r.seconds).fold(0.0, |a, b| a + b);
    if args.json {
        out.json(&Summary { level: level_name, checks: &reports, passed, failed, seconds })?;
    } else {
        out.line(format!("{passed} passed, {failed} failed ({seconds:.2} s)"))?;
    }
    out.flush()?;
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The catalogue, as text grouped by subject or as one JSON object (`--only` narrows it).
fn list(args: &VerifyArgs) -> anyhow::Result<()> {
    let mut catalogue = zecklab_verify::catalogue();
    if let Some(text) = args.only.as_deref() {
        catalogue.theorems.retain(|t| t.id.contains(text));
        catalogue.proved = catalogue.theorems.iter().filter(|t| t.status == Status::Proved).count();
        catalogue.checked = catalogue.theorems.len() - catalogue.proved;
    }
    let mut out = Out::new();
    if args.json {
        out.json(&catalogue)?;
        return Ok(out.flush()?);
    }
    let mut subject = "";
    for t in &catalogue.theorems {
        if t.subject != subject {
            subject = t.subject;
            out.line(subject)?;
        }
        let status = match t.status {
            Status::Proved => "proved for every n".to_string(),
            Status::Checked => format!("checked: {}", t.range),
        };
        out.line(format!("  {}  [{}]", t.id, t.source))?;
        out.line(format!("      {}", t.statement))?;
        out.line(format!("      {status}"))?;
    }
    out.line(format!("{} proved for every n, {} checked over a range", catalogue.proved, catalogue.checked))?;
    Ok(out.flush()?)
}

fn print_report(out: &mut Out, r: &Report) -> std::io::Result<()> {
    let verdict = if r.passed { "PASS" } else { "FAIL" };
    out.line(format!("{verdict}  {}  [{}]", r.id, r.source))?;
    out.line(format!("      {}", r.statement))?;
    out.line(format!("      range: {}", r.range))?;
    out.line(format!("      method: {}", r.method))?;
    out.line(format!("      result: {} ({:.2} s)", r.detail, r.seconds))?;
    out.flush()
}
