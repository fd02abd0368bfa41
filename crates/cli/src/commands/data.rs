//! `zecklab data`: the open data of the Zeckendorf game's solves, written from the solver and
//! never by hand. `solve` extends the record over a range of n (skipping the n already
//! recorded, so a stopped run resumes where it stopped), `import` adds `zgame solve --tiers-json`
//! lines, `write` rewrites the files from the record, and `check` checks them: checksums, an
//! independent count of every tier, and optionally a fresh solve by the other solver; `fits`
//! fits the research notes' models to the files.

mod fits;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use zecklab_answers::record::record_lines;

use clap::{Args, Subcommand};
use serde::{Deserialize, Serialize};
use zecklab_store::data::{self, Record, Solved, Tier};

use crate::commands::zgame::solve::solve_with_bar;
use crate::commands::zgame::{common::MEMORY_LIMIT, EngineArg};
use crate::input::{self, InputError};
use crate::output::Out;
use zecklab_answers::solve::limits::TIERED_REMOTENESS_TO;
use zecklab_answers::solve::{Checkpointing, Engine, SolveRequest};

#[derive(Args, Debug)]
#[command(after_help = "The files, in DIR:\n\
  zgame-by-n.csv        one row per solved n: n,positions,p_positions,winner,remoteness,seconds,solver,version,machine\n\
                        (remoteness of the start, empty when not computed; winner P1 or P2)\n\
  zgame-tiers.parquet   one row per tier of every solved n: n, parts, positions, p_positions (INT32, INT32, INT64, INT64)\n\
  b-zgame-positions.txt, b-zgame-p-positions.txt, b-zgame-remoteness.txt\n\
                        OEIS-style b-files (`n a(n)` lines) over the unbroken range from n = 1\n\
  README.md             keeps, between its marker lines, the SHA-256 of every other file in DIR\n\
Every file is written atomically (a reader sees the old one or the new one).")]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Subcommand, Debug)]
enum DataCommand {
    /// Solve every n of a range not yet recorded (tier by tier) and record each as it finishes:
    /// stopped and started again, it goes on from the first n missing. One line per solved n
    /// (with --json the row of zgame-by-n.csv as JSON).
    Solve {
        /// The data directory.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// The first n.
        #[arg(long, default_value_t = 1, value_parser = input::whole_u32, allow_hyphen_values = true)]
        from: u32,
        /// The last n.
        #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        /// Compute the start's remoteness for every n up to this one (an n recorded without it
        /// is solved again), as far as the tiered solve keeps it (see `zgame solve --help`).
        #[arg(long, value_name = "N", value_parser = input::whole_u32, allow_hyphen_values = true)]
        remoteness_to: Option<u32>,
        /// Save each n's solve state in DIR after finished tiers (every 5 minutes), and resume
        /// from it; Ctrl-C then stops after the tier being solved, with the state saved.
        #[arg(long, value_name = "DIR")]
        checkpoint: Option<PathBuf>,
        /// The machinery of the tiered solve (see `zgame solve --help`).
        #[arg(long, value_enum, default_value_t = EngineArg::Fast)]
        engine: EngineArg,
        /// One JSON object per solved n per line.
        #[arg(long)]
        json: bool,
    },
    /// Record the lines of `zgame solve --tiers-json` files (one JSON object per line). An n
    /// already recorded is replaced, unless it has the start's remoteness and the line has not.
    /// Lines whose tiers do not add up, whose winner the start's tier contradicts, or whose tiers
    /// are not the partitions of n into Fibonacci parts (counted afresh) are refused, and then
    /// nothing is recorded.
    Import {
        /// The data directory.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The solver the lines came from.
        #[arg(long, default_value = "tiered-fast")]
        solver: String,
        /// The zecklab version that solved them (default: this one).
        #[arg(long)]
        solver_version: Option<String>,
        /// The machine they ran on (default: this one).
        #[arg(long)]
        machine: Option<String>,
    },
    /// Print the record: one line per solved n (with --json the row of zgame-by-n.csv as JSON,
    /// with "tiers" added by --tiers). Without --dir, the data published with this version,
    /// built into the program.
    Record {
        /// A data directory to read instead of the published data.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Only this n.
        #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
        n: Option<u32>,
        /// Add each n's positions and P-positions by number of parts ("tiers":
        /// [{"parts","positions","p_positions"}], most parts first).
        #[arg(long)]
        tiers: bool,
        /// One JSON object per n per line.
        #[arg(long)]
        json: bool,
    },
    /// The models the research notes state as conjectures, fitted by least squares to the
    /// published files: the start's remoteness less 2n, the share of P-positions, random play's
    /// mean and variance over n, and the ordered game's longest game and P-share. JSON, one line
    /// per fit: {"name","quantity","model","range","points","parameters":[{"name","value",
    /// "std_error"}],"residual_sd","max_abs_residual","max_residual_at","observed"}.
    Fits {
        /// The data directory (the published one is docs/data in the source tree).
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// One JSON object per fit per line.
        #[arg(long)]
        json: bool,
    },
    /// Write every file again from the record (and the README's checksums of the others).
    Write {
        /// The data directory.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
    },
    /// Check the data: every file's SHA-256 against the README, every tier's positions against
    /// a count of partitions into Fibonacci parts, and with --flat-to every n up to N against a
    /// fresh flat solve. Exit status 1 on any disagreement. With --json one object:
    /// {"files","checksums_ok","n_recorded","flat_to","disagreements","ok"}.
    Check {
        /// The data directory.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// Solve every recorded n up to N again with the flat solver and compare.
        #[arg(long, value_name = "N", value_parser = input::whole_u32, allow_hyphen_values = true)]
        flat_to: Option<u32>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// What `data check` found.
#[derive(Serialize)]
struct CheckJson {
    files: usize,
    checksums_ok: bool,
    n_recorded: usize,
    flat_to: Option<u32>,
    disagreements: Vec<String>,
    ok: bool,
}

/// A line of `zgame solve --tiers-json`, as far as the record goes.
#[derive(Deserialize)]
struct SolveLine {
    n: u32,
    positions: u64,
    p_positions: u64,
    winner: zecklab_games::Winner,
    remoteness: Option<u32>,
    seconds: f64,
    tiers: Option<Vec<Tier3>>,
}

#[derive(Deserialize)]
struct Tier3 {
    parts: u32,
    positions: u64,
    p_positions: u64,
}

pub fn run(args: DataArgs) -> anyhow::Result<ExitCode> {
    let mut out = Out::new();
    match args.command {
        DataCommand::Solve { dir, from, to, remoteness_to, checkpoint, engine, json } => {
            solve(&mut out, &dir, from, to, remoteness_to.unwrap_or(0), checkpoint.as_deref(), engine, json)?;
        }
        DataCommand::Import { dir, files, solver, solver_version, machine } => {
            let mut record = load(&dir)?;
            let version = solver_version.unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_string());
            let machine = machine.unwrap_or_else(this_machine);
            // The lines alone, so that their tiers are recounted before anything is written.
            let mut lines = Record::default();
            for file in &files {
                import(&mut record, &mut lines, file, &solver, &version, &machine)?;
            }
            refuse_miscounted(&lines)?;
            record.write(&dir).map_err(InputError::from_display)?;
            let imported = lines.rows().count();
            out.line(format!("recorded {imported} lines in {}", dir.display()))?;
        }
        DataCommand::Record { dir, n, tiers, json } => {
            let loaded;
            let record = match dir {
                Some(dir) => {
                    loaded = load(&dir)?;
                    &loaded
                }
                None => zecklab_store::published::record(),
            };
            for line in record_lines(record, n, tiers)? {
                if json {
                    out.json(&line)?;
                    continue;
                }
                let row = line.row;
                let remoteness = row.remoteness.map(|r| format!(", remoteness {r}")).unwrap_or_default();
                out.line(format!(
                    "n = {}: {}, {}, {} wins{remoteness}",
                    row.n,
                    crate::output::counted(row.positions, "position", "positions"),
                    crate::output::counted(row.p_positions, "P-position", "P-positions"),
                    row.winner
                ))?;
                for tier in line.tiers.unwrap_or_default() {
                    out.line(format!(
                        "  {} parts: {}, {}",
                        tier.parts,
                        crate::output::counted(tier.positions, "position", "positions"),
                        crate::output::counted(tier.p_positions, "P-position", "P-positions")
                    ))?;
                }
            }
        }
        DataCommand::Write { dir } => {
            load(&dir)?.write(&dir).map_err(InputError::from_display)?;
        }
        DataCommand::Fits { dir, json } => fits::run(&mut out, &dir, json)?,
        DataCommand::Check { dir, flat_to, json } => return check(&mut out, &dir, flat_to, json),
    }
    Ok(ExitCode::SUCCESS)
}

/// The record in `dir`, or an error saying why it cannot be read.
pub fn load(dir: &Path) -> anyhow::Result<Record> {
    if !dir.is_dir() {
        return Err(InputError::from_display(format!(
            "'{}' is not a directory",
            input::shown(&dir.to_string_lossy())
        )));
    }
    Record::load(dir).map_err(InputError::from_display)
}

/// "AMD EPYC, 2 threads, 24 GiB": the processor, the threads available and the memory.
fn this_machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let memory = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(format!(", {:.0} GiB", kib / f64::from(1 << 20)))
    });
    format!("{cpu}, {threads} threads{}", memory.unwrap_or_default())
}

fn tiers_of(tiers: impl IntoIterator<Item = (u32, u64, u64)>) -> Vec<Tier> {
    tiers.into_iter().map(|(parts, positions, p_positions)| Tier { parts, positions, p_positions }).collect()
}

#[allow(clippy::too_many_arguments)]
fn solve(
    out: &mut Out,
    dir: &Path,
    from: u32,
    to: u32,
    remoteness_to: u32,
    checkpoint: Option<&Path>,
    engine: EngineArg,
    json: bool,
) -> anyhow::Result<()> {
    super::zgame::common::check_range(from, to)?;
    zecklab_answers::solve::tiers_that_fit(to)?;
    // Past this the solve would drop remoteness and record the n without it, and every later run
    // of the same command would solve that n again, to the same end.
    if remoteness_to > TIERED_REMOTENESS_TO && to > TIERED_REMOTENESS_TO {
        return Err(InputError(format!(
            "--remoteness-to {remoteness_to} is too large: the start's remoteness is kept to n = {TIERED_REMOTENESS_TO} (two tiers of it fit in {} GiB); use --remoteness-to {TIERED_REMOTENESS_TO} or less",
            MEMORY_LIMIT >> 30
        ))
        .into());
    }
    let mut record = load(dir)?;
    // The record is written after every n: a directory it cannot write fails now, not after the
    // first solve.
    zecklab_store::write::prepare_dir(dir, "creating").map_err(InputError::from_display)?;
    let machine = this_machine();
    let solver = format!("tiered-{}", engine.name());
    let checkpoint =
        checkpoint.map(|dir| Checkpointing { dir: dir.to_path_buf(), every: Some(Duration::from_secs(300)) });
    for n in from..=to {
        let remoteness = n <= remoteness_to;
        if record.get(n).is_some_and(|s| s.remoteness.is_some() || !remoteness) {
            continue;
        }
        let request = SolveRequest {
            remoteness,
            tiers: true,
            engine: Some(Engine::Tiers),
            kernel: engine.into(),
            checkpoint: checkpoint.clone(),
            ..SolveRequest::new(n)
        };
        let game = zecklab_answers::solve::SolveGame::Family(zecklab_answers::family::Variant::ZECKENDORF);
        let line = solve_with_bar(&game, &request, None)?.answer.line().clone();
        let row = Solved {
            n,
            positions: line.positions,
            p_positions: line.p_positions,
            winner: line.winner,
            remoteness: line.remoteness,
            seconds: line.seconds,
            solver: solver.clone(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            machine: machine.clone(),
        };
        let tiers =
            tiers_of(line.tiers.unwrap_or_default().iter().map(|t| (t.parts, t.positions, t.p_positions)));
        record.insert(row.clone(), tiers)?;
        record.write(dir).map_err(InputError::from_display)?;
        if json {
            out.json(&row)?;
        } else {
            let remoteness = row.remoteness.map(|r| format!(", remoteness {r}")).unwrap_or_default();
            out.line(format!(
                "n = {n}: {}, {}, {} wins{remoteness} ({:.1} s)",
                crate::output::counted(row.positions, "position", "positions"),
                crate::output::counted(row.p_positions, "P-position", "P-positions"),
                row.winner,
                row.seconds
            ))?;
        }
        out.flush()?;
    }
    Ok(())
}

/// Refuses lines whose tiers are not the partitions of n into Fibonacci parts: a count no
/// solver took part in, as `data check` makes of the whole record.
fn refuse_miscounted(lines: &Record) -> anyhow::Result<()> {
    let found = zecklab_verify::data::recount_tiers(lines);
    if found.is_empty() {
        return Ok(());
    }
    const SHOWN: usize = 5;
    let more = found.len().saturating_sub(SHOWN);
    let more = if more > 0 { format!("; and {more} more") } else { String::new() };
    Err(InputError(format!(
        "nothing recorded: the lines disagree with a count of partitions into Fibonacci parts: {}{more}",
        found[..found.len().min(SHOWN)].join("; ")
    ))
    .into())
}

/// Records the lines of one file in `record`, and in `lines` those it takes.
fn import(
    record: &mut Record,
    lines: &mut Record,
    file: &Path,
    solver: &str,
    version: &str,
    machine: &str,
) -> anyhow::Result<()> {
    let shown = input::shown(&file.to_string_lossy());
    let reader = std::fs::File::open(file)
        .map_err(|e| InputError(format!("cannot read '{shown}': {e}")))
        .map(std::io::BufReader::new)?;
    for (number, text) in reader.lines().enumerate() {
        let text = text.map_err(|e| InputError(format!("cannot read '{shown}': {e}")))?;
        if text.trim().is_empty() {
            continue;
        }
        let at = |why: String| InputError(format!("'{shown}', line {}: {why}", number + 1));
        let line: SolveLine = serde_json::from_str(&text).map_err(|e| at(e.to_string()))?;
        let tiers = line.tiers.ok_or_else(|| at("no \"tiers\" (solve with --tiers-json)".into()))?;
        if record.get(line.n).is_some_and(|s| s.remoteness.is_some() && line.remoteness.is_none()) {
            continue;
        }
        let row = Solved {
            n: line.n,
            positions: line.positions,
            p_positions: line.p_positions,
            winner: line.winner,
            remoteness: line.remoteness,
            seconds: line.seconds,
            solver: solver.to_string(),
            version: version.to_string(),
            machine: machine.to_string(),
        };
        let tiers = tiers_of(tiers.iter().map(|t| (t.parts, t.positions, t.p_positions)));
        record.insert(row.clone(), tiers.clone()).map_err(|e| at(e.to_string()))?;
        lines.insert(row, tiers).map_err(|e| at(e.to_string()))?;
    }
    Ok(())
}

fn check(out: &mut Out, dir: &Path, flat_to: Option<u32>, json: bool) -> anyhow::Result<ExitCode> {
    let record = load(dir)?;
    let computed = data::checksums(dir).map_err(InputError::from_display)?;
    let recorded = data::recorded_checksums(dir).map_err(InputError::from_display)?;
    let mut disagreements = Vec::new();
    for (name, sum) in &computed {
        match recorded.get(name) {
            None => disagreements.push(format!("{name}: no SHA-256 in the README")),
            Some(listed) if listed != sum => {
                disagreements.push(format!("{name}: SHA-256 {sum}, the README says {listed}"))
            }
            Some(_) => {}
        }
    }
    for name in recorded.keys().filter(|name| !computed.contains_key(*name)) {
        disagreements.push(format!("{name}: in the README but not in the directory"));
    }
    let checksums_ok = disagreements.is_empty();
    // The b-files must be what the record gives.
    let fresh = tempfile::tempdir()?;
    record.write(fresh.path()).map_err(InputError::from_display)?;
    for name in [data::B_POSITIONS, data::B_P_POSITIONS, data::B_REMOTENESS] {
        if std::fs::read(dir.join(name)).ok() != std::fs::read(fresh.path().join(name)).ok() {
            disagreements.push(format!("{name}: not what {} gives", data::BY_N));
        }
    }
    // So must the OEIS entries and their b-files (an entry's author line keeps its own date).
    let undated = |path: &std::path::Path| {
        std::fs::read_to_string(path)
            .ok()
            .map(|text| text.lines().filter(|l| !l.starts_with("%A ")).collect::<Vec<_>>().join("\n"))
    };
    for sequence in &zecklab_store::oeis::SEQUENCES {
        for name in [format!("{}.txt", sequence.stem), format!("b-{}.txt", sequence.stem)] {
            let name = format!("{}/{name}", data::OEIS_DIR);
            if undated(&dir.join(&name)) != undated(&fresh.path().join(&name)) {
                disagreements.push(format!("{name}: not what {} gives", data::BY_N));
            }
        }
    }
    disagreements.extend(zecklab_verify::data::recount_tiers(&record));
    if let Some(to) = flat_to {
        let bar = crate::progress::bar(u64::from(to), "n", "solving again, flat");
        let found =
            zecklab_verify::data::resolve_flat(&record, to, MEMORY_LIMIT, |n| bar.set_position(u64::from(n)))
                .map_err(InputError::from_display)?;
        bar.finish_and_clear();
        disagreements.extend(found);
    }
    let report = CheckJson {
        files: computed.len(),
        checksums_ok,
        n_recorded: record.rows().count(),
        flat_to,
        ok: disagreements.is_empty(),
        disagreements,
    };
    if json {
        out.json(&report)?;
    } else {
        for d in &report.disagreements {
            out.line(format!("disagreement: {d}"))?;
        }
        let flat = flat_to.map(|to| format!(", solved again flat to n = {to}")).unwrap_or_default();
        out.line(format!(
            "{}: {} files, {} n recorded, tiers recounted{flat}",
            if report.ok { "ok" } else { "FAILED" },
            report.files,
            report.n_recorded
        ))?;
    }
    Ok(if report.ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
