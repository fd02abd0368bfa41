//! `zecklab nim`: Fibonacci Nim and its factor-`k` family: solve positions of any size, the
//! essay's figures, Grundy values, sums of heaps, and play against perfect play.

use std::process::ExitCode;
use zecklab_numeration::grouped;

use anyhow::Context;
use clap::{Args, Subcommand};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use zecklab_games::fibnim::{Analysis, NimPosition, NimRules, Theory};

use zecklab_answers as answers;

use crate::input::{self, InputError};
use crate::output::Out;
use crate::progress;
use crate::prompt::{say, First, Prompt, Turn};

use zecklab_answers::tables::{self, NIM_GRUNDY_LIMIT as GRUNDY_LIMIT};

#[derive(Args, Debug)]
pub struct NimArgs {
    #[command(subcommand)]
    command: NimCommand,
}

#[derive(Args, Debug, Clone, Copy)]
struct RuleArgs {
    /// The factor: a player may take at most K times what the opponent just took.
    #[arg(long, default_value = "2", value_parser = input::factor, global = true, allow_hyphen_values = true)]
    k: u64,
    /// Misère play: whoever takes the last counter loses.
    #[arg(long, global = true)]
    misere: bool,
}

impl RuleArgs {
    fn rules(self) -> anyhow::Result<NimRules> {
        NimRules::new(self.k, self.misere).map_err(InputError::from_display)
    }
}

#[derive(Subcommand, Debug)]
enum NimCommand {
    /// Outcome, every winning move and the threshold of a position, for heaps of any size.
    Solve {
        /// Counters in the heap (at most 20,000 digits: every winning take is listed, and their
        /// text grows with the square of the digits).
        #[arg(allow_negative_numbers = true)]
        heap: String,
        /// The cap on the next take (default: the opening rule, heap - 1).
        #[arg(long, allow_negative_numbers = true)]
        cap: Option<String>,
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The essay's census of opening heaps 2..=TO: losing heaps, winning openings, the numeral check.
    Census {
        /// The largest opening heap (at most 50,000).
        #[arg(long, default_value = "120", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The positions (heap, cap) reachable from the opening of one heap.
    Reach {
        /// The opening heap (2 to 5,000).
        #[arg(allow_negative_numbers = true)]
        heap: String,
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The losing opening heaps for factor K up to TO, against the ladder recurrence.
    Sequence {
        /// The largest opening heap (at most 10^9).
        #[arg(long, default_value = "200", value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Grundy values g(heap, cap) of single heaps up to TO (normal play).
    Grundy {
        /// The largest heap (at most 5,000).
        #[arg(long, value_parser = input::whole_u32, allow_hyphen_values = true)]
        to: u32,
        #[command(flatten)]
        rules: RuleArgs,
        /// One JSON object per heap per line: {"heap", "grundy": [g(heap,1), ..., g(heap,heap)]}.
        #[arg(long)]
        json: bool,
    },
    /// Several heaps: HEAP/CAP pairs with their own caps (nim-sum), or plain heaps with --shared-cap.
    Sum {
        /// Heaps as HEAP/CAP (own caps) or HEAP (with --shared-cap).
        #[arg(required = true, allow_negative_numbers = true)]
        heaps: Vec<String>,
        /// One cap shared by all heaps: it applies to whichever heap is moved in next.
        #[arg(long, allow_negative_numbers = true)]
        shared_cap: Option<String>,
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play against perfect play in the terminal (type a number to take, `hint`, `help` or `quit`).
    Play {
        /// The opening heap (default: a heap between 20 and 100).
        #[arg(allow_negative_numbers = true)]
        heap: Option<String>,
        #[command(flatten)]
        rules: RuleArgs,
        /// Who moves first.
        #[arg(long, value_enum, default_value = "me")]
        first: First,
    },
}

pub fn run(args: NimArgs) -> anyhow::Result<ExitCode> {
    let mut out = Out::new();
    match args.command {
        NimCommand::Solve { heap, cap, rules, json } => {
            solve(&mut out, &heap, cap.as_deref(), rules.rules()?, json)?
        }
        NimCommand::Census { to, rules, json } => {
            let rules = rules.rules()?;
            let c = tables::census(rules, to)?;
            if json {
                out.json(&c)?;
            } else {
                out.line(format!("opening heaps 2..={to}, k = {}, {}", c.k, play_name(rules)))?;
                out.line(format!("  losing heaps: {:?}", c.losing_heaps))?;
                out.line(format!("  winnable heaps: {}", c.winnable))?;
                out.line(format!("  with more than one winning opening: {}", c.several_winning_openings))?;
                out.line(format!(
                    "  mean winning openings (winnable heaps): {:.4}",
                    c.mean_winning_openings
                ))?;
                out.line(format!(
                    "  smallest term wins: {} of {} winnable heaps ({} heaps have more than one term); numeral check {}",
                    c.smallest_term_wins,
                    c.winnable,
                    c.numeral_cases,
                    if c.numeral_check { "passed" } else { "FAILED" }
                ))?;
            }
        }
        NimCommand::Reach { heap, rules, json } => {
            let heap = small_number("heap", &heap, 2, tables::REACH_LIMIT)?;
            let r = tables::reach(rules.rules()?, heap)?;
            if json {
                out.json(&r)?;
            } else {
                out.line(format!(
                    "from the opening of {heap}: {} positions reachable",
                    grouped(r.positions as u64)
                ))?;
                out.line(format!(
                    "  heap reached with the most caps: {} ({} caps)",
                    r.most_caps_heap, r.most_caps
                ))?;
                out.line(format!(
                    "  heaps reached with caps of opposite outcome: {:?}",
                    r.opposite_answer_heaps
                ))?;
            }
        }
        NimCommand::Sequence { to, rules, json } => {
            let rules = rules.rules()?;
            let steps = tables::sequence_steps(rules, to)?;
            // A long search shows that it is working (on a terminal only).
            let spinner = (steps > 1_000_000_000)
                .then(|| progress::spinner(&format!("searching every heap up to {to}")));
            let s = tables::sequence(rules, to)?;
            if let Some(spinner) = spinner {
                spinner.finish_and_clear();
            }
            if json {
                out.json(&s)?;
            } else {
                out.line(format!("k = {}: losing opening heaps up to {to}: {:?}", s.k, s.losing_heaps))?;
                out.line(format!("  ladder terms: {:?}", s.ladder))?;
                out.line(format!("  ladder matches: {}", s.ladder_matches))?;
            }
        }
        NimCommand::Grundy { to, rules, json } => {
            for row in tables::nim_grundy(rules.rules()?, to)? {
                if json {
                    out.json(&row)?;
                } else {
                    let values: Vec<String> = row.grundy.iter().map(ToString::to_string).collect();
                    out.line(format!("{:>5}: {}", row.heap, values.join(" ")))?;
                }
            }
        }
        NimCommand::Sum { heaps, shared_cap, rules, json } => {
            sum(&mut out, &heaps, shared_cap.as_deref(), rules.rules()?, json)?
        }
        NimCommand::Play { heap, rules, first } => return play(heap.as_deref(), rules.rules()?, first),
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn play_name(rules: NimRules) -> &'static str {
    if rules.misere() {
        "misère play"
    } else {
        "normal play"
    }
}

fn small_number(name: &str, text: &str, low: u32, high: u32) -> anyhow::Result<u32> {
    let n = input::natural(text)?;
    match n.to_u32() {
        Some(v) if (low..=high).contains(&v) => Ok(v),
        _ => Err(InputError::from_display(format!(
            "invalid {name} {}: must be between {low} and {high}",
            zecklab_numeration::abbreviate(text)
        ))),
    }
}

fn solve(out: &mut Out, heap: &str, cap: Option<&str>, rules: NimRules, json: bool) -> anyhow::Result<()> {
    let position = answers::nim::position(heap, cap, rules)?;
    answers::nim::check_heap_digits(heap, answers::nim::SOLVE_DIGITS)?;
    let theory = Theory::new(rules);
    if json {
        return out.json(&answers::nim::solve(&theory, &position));
    }
    let a = theory.analyse(&position);
    let opening = if cap.is_none() { " (the opening)" } else { "" };
    out.line(format!(
        "heap {}, cap {}{opening}, k = {}, {}: {} for the player to move",
        position.heap(),
        position.cap(),
        rules.k(),
        play_name(rules),
        a.outcome
    ))?;
    for line in explain(&a, position.cap(), rules) {
        out.line(format!("  {line}"))?;
    }
    Ok(())
}

/// The numeral behind an analysis, in words.
fn explain(a: &Analysis, cap: &BigUint, rules: NimRules) -> Vec<String> {
    let mut lines = Vec::new();
    let heap_word = if rules.misere() { "heap - 1 = " } else { "" };
    if a.terms.is_empty() {
        lines.push("one counter is left and it must be taken: the player to move loses (misère)".to_string());
        return lines;
    }
    let terms = if a.terms.len() <= 12 {
        a.terms.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ")
    } else {
        format!("a sum of {} ladder terms", a.terms.len())
    };
    let numeral = a.representation.numeral();
    let numeral = if numeral.len() <= 80 { numeral } else { format!("of {} digits", numeral.len()) };
    lines.push(format!("{heap_word}{} = {terms} (numeral {numeral})", a.effective_heap));
    let smallest = a.terms.last().expect("non-empty");
    let threshold = a.threshold.as_ref().map(ToString::to_string).unwrap_or_else(|| "none".into());
    lines.push(format!("threshold (least winning cap): {threshold}"));
    if a.winning_moves.is_empty() {
        lines.push(format!(
            "the smallest term {smallest} is more than the cap {cap}: every move leaves the opponent a smallest term they can take"
        ));
    } else {
        let moves: Vec<String> = a.winning_moves.iter().map(ToString::to_string).collect();
        lines.push(format!("winning moves: take {}", moves.join(", ")));
        let what = if rules.misere() { "heap - 1" } else { "the heap" };
        lines.push(format!(
            "taking the smallest term {smallest} leaves {what} with a smallest term more than {} x {smallest}, so the opponent cannot take a whole term",
            rules.k()
        ));
    }
    lines
}

fn sum(
    out: &mut Out,
    heaps: &[String],
    shared_cap: Option<&str>,
    rules: NimRules,
    json: bool,
) -> anyhow::Result<()> {
    if let Some(cap_text) = shared_cap {
        let cap = small_number("--shared-cap", cap_text, 1, u32::MAX)?;
        let mut sizes = Vec::new();
        for text in heaps {
            if text.contains('/') {
                return Err(InputError::from_display(format!(
                    "invalid heap '{text}': with --shared-cap give plain heaps, without /CAP"
                )));
            }
            sizes.push(small_number("heap", text, 0, answers::sums::SHARED_HEAP_LIMIT)?);
        }
        let a = answers::sums::shared_cap(&sizes, cap, rules)?;
        if json {
            return out.json(&a);
        }
        out.line(format!(
            "heaps {sizes:?} sharing cap {cap}, k = {}: {} for the player to move",
            a.k, a.outcome
        ))?;
        out.line(format!("  exhaustive search over {} positions", grouped(a.positions_solved as u64)))?;
        for m in &a.winning_moves {
            out.line(format!("  winning move: take {} from heap {}", m.take, m.heap))?;
        }
        return Ok(());
    }
    let mut pairs = Vec::new();
    for text in heaps {
        let (h, c) = text.split_once('/').ok_or_else(|| {
            InputError::from_display(format!("invalid heap/cap pair '{text}': expected HEAP/CAP such as 5/3"))
        })?;
        let heap = small_number("heap", h, 0, GRUNDY_LIMIT).with_context(|| format!("in pair '{text}'"))?;
        let cap = small_number("cap", c, 1, u32::MAX).with_context(|| format!("in pair '{text}'"))?;
        pairs.push((heap, cap));
    }
    let a = answers::sums::own_caps(&pairs, rules)?;
    if json {
        return out.json(&a);
    }
    for h in &a.heaps {
        out.line(format!("heap {} cap {}: Grundy value {}", h.heap, h.cap, h.grundy))?;
    }
    out.line(format!(
        "nim-sum {}: {} for the player to move (each heap keeps its own cap)",
        a.nim_sum, a.outcome
    ))?;
    for m in &a.winning_moves {
        out.line(format!("  winning move: take {} from heap {}", m.take, m.heap))?;
    }
    Ok(())
}

fn play(heap: Option<&str>, rules: NimRules, first: First) -> anyhow::Result<ExitCode> {
    let heap = match heap {
        Some(text) => input::natural(text)?,
        None => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            BigUint::from(20 + nanos % 81)
        }
    };
    let mut position = NimPosition::opening(heap).map_err(InputError::from_display)?;
    input::ladder_fits(rules.k(), position.heap())?;
    let theory = Theory::new(rules);
    let mut prompt = Prompt::new();
    say(format!(
        "Fibonacci Nim, k = {}, {}: a heap of {}. Take at most {} times what your opponent just took; whoever takes the last counter {}.",
        rules.k(),
        play_name(rules),
        position.heap(),
        rules.k(),
        if rules.misere() { "loses" } else { "wins" }
    ))?;
    say("Type a number to take, 'hint' for the numeral and a winning move, 'help' or 'quit'.")?;
    let mut human_turn = first == First::Me;
    loop {
        if !human_turn {
            let a = theory.analyse(&position);
            let take = a.winning_moves.first().cloned().unwrap_or_else(|| BigUint::from(1u32));
            let next = position.play(&take, rules).expect("the computer plays legal moves");
            match next {
                None => {
                    say(format!("computer takes {take}, the last counter."))?;
                    say(if rules.misere() {
                        "You win: the computer had to take the last counter."
                    } else {
                        "The computer wins."
                    })?;
                    return Ok(ExitCode::SUCCESS);
                }
                Some(p) => {
                    say(format!("computer takes {take}, leaving {}.", p.heap()))?;
                    position = p;
                }
            }
            human_turn = true;
            continue;
        }
        let question = format!("heap {}, you may take 1 to {} > ", position.heap(), position.cap());
        let answer = match prompt.turn(
            &question,
            "Type how many counters to take, 'hint' for the numeral and a winning move, or 'quit'.",
        )? {
            Turn::InputEnded => return Ok(ExitCode::from(2)),
            Turn::Quit => return Ok(ExitCode::SUCCESS),
            Turn::AskAgain => continue,
            Turn::Hint => {
                let a = theory.analyse(&position);
                say(format!(
                    "You are in a {} position.",
                    if a.outcome.is_win() { "winning" } else { "losing" }
                ))?;
                for line in explain(&a, position.cap(), rules) {
                    say(format!("  {line}"))?;
                }
                continue;
            }
            Turn::Move(answer) => answer,
        };
        let take = match zecklab_numeration::parse_natural(&answer) {
            Ok(t) => t,
            Err(e) => {
                say(format!("{e}; type a number, 'hint', 'help' or 'quit'."))?;
                continue;
            }
        };
        match position.play(&take, rules) {
            Err(e) => {
                say(format!("{e}"))?;
                continue;
            }
            Ok(None) => {
                say(if rules.misere() {
                    "You took the last counter: you lose."
                } else {
                    "You took the last counter: you win!"
                })?;
                return Ok(ExitCode::SUCCESS);
            }
            Ok(Some(p)) => {
                say(format!("you take {take}, leaving {}.", p.heap()))?;
                position = p;
            }
        }
        human_turn = false;
    }
}
