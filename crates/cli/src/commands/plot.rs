//! `zecklab plot`: the figures, written as SVG or PNG (by the output file's extension), with the
//! numbers behind them as CSV (`--csv`) or JSON (`--json`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use serde::Serialize;
use zecklab_games::fibnim::NimRules;
use zecklab_games::zgame::ZPosition;
use zecklab_plot::{Figure, GameCount, Table};

use crate::input::{self, InputError};
use crate::output::{self, Out};

#[derive(Args, Debug)]
#[command(
    after_help = "Every figure has a title, labelled axes, a legend where there is more than one series and a \
one-line caption; its numbers come from the same library calls as the matching --json command. Text is drawn with \
an embedded font (DejaVu Sans), so PNGs look the same on any machine, and the same command gives the same bytes. \
Sizes past what a figure can show legibly are refused (each figure's --help gives its range).\n\
JSON: {\"figure\",\"title\",\"caption\",\"columns\",\"rows\",\"out\",\"csv\"}."
)]
pub struct PlotArgs {
    #[command(subcommand)]
    figure: FigureCommand,
    /// Where to write the figure: FILE.svg (vector) or FILE.png (960 x 600 pixels); '-' is not
    /// allowed (say which format with the extension).
    #[arg(long, value_name = "FILE", global = true)]
    out: Option<PathBuf>,
    /// Also write the numbers behind the figure as CSV.
    #[arg(long, value_name = "FILE", global = true)]
    csv: Option<PathBuf>,
    /// Print the numbers behind the figure as one JSON object.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Args, Debug, Clone, Copy)]
struct Rules {
    /// The factor: a player may take at most K times what the opponent just took.
    #[arg(long, default_value = "2", value_parser = input::factor, allow_hyphen_values = true)]
    k: u64,
    /// Misère play: whoever takes the last counter loses.
    #[arg(long)]
    misere: bool,
}

#[derive(Subcommand, Debug)]
enum FigureCommand {
    /// For each heap reachable from the opening of HEAP, how many caps it is reached with; heaps
    /// reached with caps of opposite outcome marked (the essay's head figure). HEAP: 2..=200.
    NimReach {
        #[arg(long, default_value = "20", value_parser = input::whole_u32, allow_hyphen_values = true)]
        heap: u32,
        #[command(flatten)]
        rules: Rules,
    },
    /// Winning openings per heap 2..=TO, the losing (Fibonacci) heaps marked. TO: 2..=400.
    NimCensus {
        #[arg(long, default_value = "120", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: Rules,
    },
    /// The threshold staircase: the least cap that wins, per heap 1..=TO (log axes past 1,000).
    /// TO: 2..=20,000.
    NimThresholds {
        #[arg(long, default_value = "200", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: Rules,
    },
    /// Grundy values g(heap, cap) as a heatmap with a colour scale. TO: 1..=200.
    NimGrundy {
        #[arg(long, default_value = "60", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: Rules,
    },
    /// Wythoff's Grundy board as a heatmap, P-positions marked, the lines y = φx and y = x/φ.
    /// SIZE: 2..=300.
    WythoffGrundy {
        #[arg(long, default_value = "100", value_parser = input::whole_u32, allow_hyphen_values = true)]
        size: u32,
    },
    /// Positions and P-positions of the Zeckendorf game per n (log scale), and the P-fraction.
    /// TO: 2..=300 (each n is solved; default 200), or with --data every n of the record's
    /// unbroken range from 1 (up to TO when given).
    ZgameGrowth {
        #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: Option<u32>,
        /// Draw the solved games recorded in this data directory (see `zecklab data`) instead.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// The P-fraction of each tier (the positions with the same number of parts) against
    /// parts / n, one line per n. N: up to eight, comma-separated; each solved (2..=300, default
    /// 50,100,200), or with --data taken from the record (default: four recorded n up to the largest).
    ZgameTiers {
        #[arg(long, value_delimiter = ',', value_parser = input::whole_u32, allow_hyphen_values = true)]
        n: Vec<u32>,
        /// Take the tiers from this data directory (see `zecklab data`) instead of solving.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// The exact length distribution under random play, the normal curve of the same mean and
    /// variance, the shortest and longest game and Theorem 1.3's bound. N: 3..=150.
    ZgameLengths {
        #[arg(long, default_value = "100", value_parser = input::whole_u32, allow_hyphen_values = true)]
        n: u32,
    },
    /// Mean/n and variance/n of the random game's length against n. TO: 2..=120.
    ZgameRandom {
        #[arg(long, default_value = "100", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// Who wins the generalized game on each n, a row per (c, k) with c = 1..4 and k = 2..4, under
    /// a rule set ('all' or 'no-initial-combine'). TO: 2..=160 (every game is solved).
    FamilyWinners {
        #[arg(long, default_value = "100", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        /// The rule set.
        #[arg(long, default_value = "all")]
        rules: String,
    },
    /// The share of the Zeckendorf game's positions with each Grundy value, per n. TO: 2..=250.
    ZgameGrundy {
        #[arg(long, default_value = "120", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// The size of Player 2's strategy per n for each choice of winning reply (fastest, slowest,
    /// smallest found), against the game's P-positions. TO: 4..=120.
    ZgameCertificates {
        #[arg(long, default_value = "80", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// Random play's law against the normal: the variance and the mean splits over n, the
    /// skewness, excess kurtosis and Kolmogorov distance, for the path and games measures, every
    /// STEP-th n from STEP to TO (TO: 2..=400), or the lines of `zgame random-laws --json` saved
    /// in a file (--from).
    ZgameRandomLaws {
        #[arg(long, default_value = "150", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[arg(long, default_value = "5", value_parser = input::whole_u32, allow_hyphen_values = true)]
        step: u32,
        /// Draw the lines of this file (`zgame random-laws --json` output) instead.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["to", "step"])]
        from: Option<PathBuf>,
    },
    /// Player 2's smallest strategy of all (an exact search per n) against the smallest greedy
    /// construction and the game's P-positions. TO: 4..=40 (4..=60 in a build with CBC).
    ZgameMinimal {
        #[arg(long, default_value = "40", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// The complexity curve of learned rules: for each N, the nodes of the rule learned to win every
    /// n from 3 to N, the decisions it reaches, and the smallest strategies summed. TO: 4..=40.
    ZgameRuleCurve {
        #[arg(long, default_value = "30", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// Who wins the black-hole game with the hole on F_M from a pieces on F1 and b on F_(M-1), a,
    /// b = 0..=SIZE. SIZE: 1..=60.
    BlackHoleTable {
        #[arg(long, default_value = "4", value_parser = clap::value_parser!(usize))]
        m: usize,
        #[arg(long, default_value = "30", value_parser = input::whole_u32, allow_hyphen_values = true)]
        size: u32,
    },
    /// The share of P-positions by the parity of the number of parts and of c1, per n. TO: 4..=200.
    ZgamePStructure {
        #[arg(long, default_value = "120", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// The share of P-positions by the largest part, per n. TO: 4..=200.
    ZgamePLargest {
        #[arg(long, default_value = "120", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// Who wins 1^m ∪ S near the start: every multiset S of parts of at least 2 with sum up to
    /// SUM_TO (2..=12) down the side, m = 0 to TO (up to 500) across.
    ZgameOpening {
        #[arg(long, default_value = "10", value_parser = input::whole_u32, allow_hyphen_values = true)]
        sum_to: u32,
        #[arg(long, default_value = "200", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
    },
    /// A position drawn as columns of tokens per Fibonacci part, with its outcome and remoteness
    /// (from the store when the game is stored, else solved, up to n = 500).
    ZgamePosition {
        /// The position, e.g. "1^3 2^2 5^7".
        position: String,
        /// The store of solved games.
        #[arg(long, value_name = "DIR")]
        store: Option<PathBuf>,
    },
}

/// The picture formats, by extension.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> anyhow::Result<Format> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => Err(InputError(format!(
            "cannot tell the format of '{}': give --out a name ending in .svg or .png",
            input::shown(&path.to_string_lossy())
        ))
        .into()),
    }
}

#[derive(Serialize)]
struct PlotJson<'a> {
    figure: &'a str,
    title: &'a str,
    caption: &'a str,
    columns: &'a [String],
    rows: &'a [Vec<f64>],
    out: Option<String>,
    csv: Option<String>,
}

pub fn run(args: PlotArgs) -> anyhow::Result<ExitCode> {
    // Every destination is checked before any work.
    let format = args.out.as_deref().map(format_of).transpose()?;
    if args.out.is_none() && args.csv.is_none() && !args.json {
        return Err(InputError(
            "nothing to write: give --out FILE.svg|FILE.png, --csv FILE or --json".into(),
        )
        .into());
    }
    for path in args.out.iter().chain(&args.csv) {
        output::destination(path)?;
    }
    let rules = |r: Rules| NimRules::new(r.k, r.misere).map_err(InputError::from_display);
    let figure = match args.figure {
        FigureCommand::NimReach { heap, rules: r } => zecklab_plot::nim_reach(rules(r)?, heap),
        FigureCommand::NimCensus { to, rules: r } => zecklab_plot::nim_census(rules(r)?, to),
        FigureCommand::NimThresholds { to, rules: r } => zecklab_plot::nim_thresholds(rules(r)?, to),
        FigureCommand::NimGrundy { to, rules: r } => zecklab_plot::nim_grundy(rules(r)?, to),
        FigureCommand::WythoffGrundy { size } => zecklab_plot::wythoff_grundy(size),
        FigureCommand::ZgameGrowth { to, data: None } => zecklab_plot::zgame_growth(to.unwrap_or(200)),
        FigureCommand::ZgameGrowth { to, data: Some(dir) } => {
            let record = crate::commands::data::load(&dir)?;
            let counts: Vec<GameCount> = record
                .rows()
                .enumerate()
                .take_while(|(i, row)| row.n == *i as u32 + 1 && to.is_none_or(|to| row.n <= to))
                .map(|(_, row)| GameCount {
                    n: row.n,
                    positions: row.positions,
                    p_positions: row.p_positions,
                })
                .collect();
            zecklab_plot::zgame_growth_of(&counts, "the published record")
        }
        FigureCommand::ZgameTiers { n, data: None } => {
            let n = if n.is_empty() { vec![50, 100, 200] } else { n };
            zecklab_plot::zgame_tiers(&n.into_iter().map(|n| (n, Vec::new())).collect::<Vec<_>>(), "")
        }
        FigureCommand::ZgameTiers { n, data: Some(dir) } => {
            let record = crate::commands::data::load(&dir)?;
            let recorded: Vec<u32> = record.rows().map(|row| row.n).collect();
            let chosen = if n.is_empty() {
                // Four recorded n near a quarter, a half, three quarters and all of the largest.
                let largest = recorded.last().copied().unwrap_or(0);
                let mut chosen: Vec<u32> = (1..=4)
                    .filter_map(|k| recorded.iter().copied().filter(|&r| r * 4 <= largest * k).max())
                    .collect();
                chosen.dedup();
                chosen
            } else {
                n
            };
            let mut games = Vec::new();
            for n in chosen {
                let tiers = record
                    .tiers(n)
                    .ok_or_else(|| InputError(format!("n = {n} is not recorded in '{}'", dir.display())))?;
                games.push((n, tiers.iter().map(|t| (t.parts, t.positions, t.p_positions)).collect()));
            }
            zecklab_plot::zgame_tiers(&games, "the published record")
        }
        FigureCommand::ZgameLengths { n } => zecklab_plot::zgame_lengths(n),
        FigureCommand::ZgameRandom { to } => zecklab_plot::zgame_random(to),
        FigureCommand::FamilyWinners { to, rules } => zecklab_plot::family_winners(
            zecklab_games::zgame::family::RuleSet::from_name(&rules).map_err(InputError::from_display)?,
            to,
        ),
        FigureCommand::ZgameGrundy { to } => zecklab_plot::zgame_grundy(to),
        FigureCommand::ZgameCertificates { to } => zecklab_plot::zgame_certificates(to),
        FigureCommand::ZgameRandomLaws { to, step, from } => {
            let (lines, source) = match from {
                Some(file) => (random_law_lines(&file)?, file.display().to_string()),
                None => (computed_random_laws(to, step)?, String::new()),
            };
            zecklab_plot::zgame_random_laws(&lines, &source)
        }
        FigureCommand::ZgameMinimal { to } => zecklab_plot::zgame_minimal(to),
        FigureCommand::ZgameRuleCurve { to } => zecklab_plot::zgame_rule_curve(to),
        FigureCommand::BlackHoleTable { m, size } => zecklab_plot::black_hole_table(m, size),
        FigureCommand::ZgamePStructure { to } => zecklab_plot::zgame_p_structure(to),
        FigureCommand::ZgamePLargest { to } => zecklab_plot::zgame_p_largest(to),
        FigureCommand::ZgameOpening { sum_to, to } => opening_figure(sum_to, to)?,
        FigureCommand::ZgamePosition { position, store } => {
            use zecklab_answers::position::{PositionAnswer, PositionGame, PositionQuestion};
            let p = ZPosition::parse(&position).map_err(InputError::from_display)?;
            let question = PositionQuestion::parse(PositionGame::Game, &position, false)?;
            let PositionAnswer::Game(answer) = crate::commands::zgame::position_answer(&question, store)?
            else {
                unreachable!("a position of the game is answered in the game's shape")
            };
            zecklab_plot::zgame_position(&p, answer.outcome, answer.remoteness)
        }
    }
    .map_err(InputError::from_display)?;
    if let (Some(path), Some(format)) = (&args.out, format) {
        let bytes = match format {
            Format::Svg => figure.svg.clone().into_bytes(),
            Format::Png => zecklab_plot::render_png(&figure.svg).map_err(InputError::from_display)?,
        };
        output::write_file(path, |w| Ok(w.write_all(&bytes)?))?;
    }
    if let Some(path) = &args.csv {
        output::write_file(path, |w| Ok(w.write_all(csv(&figure.table).as_bytes())?))?;
    }
    let mut out = Out::new();
    if args.json {
        out.json(&PlotJson {
            figure: figure.name,
            title: &figure.title,
            caption: &figure.caption,
            columns: &figure.table.columns,
            rows: &figure.table.rows,
            out: args.out.as_ref().map(|p| p.display().to_string()),
            csv: args.csv.as_ref().map(|p| p.display().to_string()),
        })?;
    } else {
        summary(&mut out, &figure, args.out.as_deref(), args.csv.as_deref())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn summary(out: &mut Out, figure: &Figure, svg: Option<&Path>, csv: Option<&Path>) -> anyhow::Result<()> {
    out.line(format!("{}: {}", figure.name, figure.title))?;
    out.line(format!("  {}", figure.caption))?;
    for (what, path) in [("figure", svg), ("data", csv)] {
        if let Some(path) = path {
            out.line(format!("  {what} written to {}", path.display()))?;
        }
    }
    Ok(())
}

/// The table as CSV with a header line (whole numbers without a decimal point).
fn csv(table: &Table) -> String {
    let mut text = table.columns.join(",");
    text.push('\n');
    for row in &table.rows {
        let cells: Vec<String> =
            row.iter()
                .map(|&v| {
                    if v.fract() == 0.0 && v.abs() < 9e15 {
                        format!("{}", v as i64)
                    } else {
                        format!("{v}")
                    }
                })
                .collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    text
}

/// The random laws of every `step`-th n to `to`, both measures.
fn computed_random_laws(to: u32, step: u32) -> anyhow::Result<Vec<zecklab_plot::RandomLawPoint>> {
    use zecklab_games::zgame::random::Measure;
    if !(2..=400).contains(&to) || step == 0 || step > to {
        return Err(InputError::from_display(format!(
            "invalid --to {to} --step {step}: the figure takes 2 <= TO <= 400 and 1 <= STEP <= TO"
        )));
    }
    let cancel = zecklab_games::Cancel::new();
    let mut points = Vec::new();
    for n in (step..=to).step_by(step as usize) {
        for measure in [Measure::Path, Measure::Games] {
            let line = zecklab_answers::random_laws::random_law(
                n,
                measure,
                zecklab_answers::solve::SOLVE_MEMORY,
                &cancel,
                |_, _| {},
            )
            .map_err(InputError::from_display)?;
            points.push(point(&serde_json::to_value(&line)?)?);
        }
    }
    Ok(points)
}

/// The lines of a file of `zgame random-laws --json` output.
fn random_law_lines(file: &std::path::Path) -> anyhow::Result<Vec<zecklab_plot::RandomLawPoint>> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| InputError::from_display(format!("cannot read {}: {e}", file.display())))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let value: serde_json::Value = serde_json::from_str(l).map_err(|e| {
                InputError::from_display(format!("{}, line {}: not JSON ({e})", file.display(), i + 1))
            })?;
            point(&value)
                .map_err(|e| InputError::from_display(format!("{}, line {}: {e}", file.display(), i + 1)))
        })
        .collect()
}

/// A line of `zgame random-laws --json` as a point of the figure.
fn point(v: &serde_json::Value) -> anyhow::Result<zecklab_plot::RandomLawPoint> {
    let number = |k: &str| v[k].as_f64().ok_or_else(|| anyhow::anyhow!("no number {k:?}"));
    Ok(zecklab_plot::RandomLawPoint {
        n: v["n"].as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| anyhow::anyhow!("no n"))?,
        games: match v["measure"].as_str() {
            Some("games") => true,
            Some("path") => false,
            _ => anyhow::bail!("no measure \"path\" or \"games\""),
        },
        variance_over_n: number("variance_over_n")?,
        splits_mean_over_n: number("splits_mean_over_n")?,
        skewness: v["skewness"].as_f64(),
        excess_kurtosis: v["excess_kurtosis"].as_f64(),
        kolmogorov: v["kolmogorov"].as_f64(),
    })
}

/// The `zgame-opening` figure: the lines `zgame opening --sum-to SUM_TO --to TO` prints, drawn.
fn opening_figure(sum_to: u32, to: u32) -> anyhow::Result<Result<Figure, zecklab_plot::FigureError>> {
    use zecklab_answers::opening::{multisets_to, opening_lines};
    if !(2..=12).contains(&sum_to) || to > 500 {
        return Err(InputError::from_display(format!(
            "invalid --sum-to {sum_to} or --to {to}: this figure takes sums 2 to 12 and m up to 500"
        )));
    }
    let mut rows = Vec::new();
    let bar = crate::progress::bar(0, "games", "solving the games near the start");
    opening_lines::<anyhow::Error>(
        &multisets_to(sum_to),
        to,
        &zecklab_games::Cancel::new(),
        |done, total| {
            bar.set_length(u64::from(total));
            bar.set_position(u64::from(done));
        },
        |line| {
            rows.push(zecklab_plot::OpeningRow { parts: line.parts, outcomes: line.outcomes });
            Ok(())
        },
    )
    .map_err(|e| e.unwrap_or_else(|| anyhow::anyhow!("cancelled")))?;
    bar.finish_and_clear();
    Ok(zecklab_plot::zgame_opening_of(&rows))
}
