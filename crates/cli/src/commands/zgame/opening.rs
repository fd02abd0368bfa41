//! `zgame opening` and `zgame book`: the game near its start, read from each game solved whole
//! (the work is in `zecklab_answers::opening`; this is its glue); and `zgame parity`, the
//! parity law of the complete games from the start.

use zecklab_answers::opening::book::{book_json, book_lines, BookJson};
use zecklab_answers::opening::rule::{RuleJson, RuleSearch};
use zecklab_answers::opening::{
    for_each_game, multisets_to, opening_lines, parse_parts, OpeningJson, OPENING_N_TO, OPENING_SUM_TO,
};
use zecklab_games::zgame::ZPosition;
use zecklab_games::Cancel;

use super::args::{BookArgs, OpeningArgs, ParityArgs};
use super::common::check_range;
use crate::input::InputError;
use crate::output::Out;
use crate::progress;

/// The most moves of Player 2 a book covers: the lines grow about tenfold a move.
const BOOK_DEPTH_TO: u32 = 4;

/// Prints one line per multiset S.
pub fn opening(out: &mut Out, args: OpeningArgs) -> anyhow::Result<()> {
    let sets = match (&args.parts, args.sum_to) {
        (Some(parts), _) => vec![parse_parts(parts)?],
        (None, Some(k)) if (2..=OPENING_SUM_TO).contains(&k) => multisets_to(k),
        (None, k) => {
            return Err(InputError::from_display(format!(
                "invalid --sum-to {}: it is 2 to {OPENING_SUM_TO}",
                k.unwrap_or(0)
            )))
        }
    };
    let bar = progress::bar(0, "games", "solving the games near the start");
    let result = opening_lines::<anyhow::Error>(
        &sets,
        args.to,
        &Cancel::new(),
        |done, total| {
            bar.set_length(u64::from(total));
            bar.set_position(u64::from(done));
        },
        |line| print_line(out, &bar, args.json, &line, describe_opening),
    );
    bar.finish_and_clear();
    result.map_err(|e| e.unwrap_or_else(|| anyhow::anyhow!("cancelled")))
}

fn describe_opening(line: &OpeningJson) -> String {
    let parts: Vec<String> = line.parts.iter().map(u64::to_string).collect();
    let period = match (line.period, line.preperiod) {
        (Some(p), Some(q)) => format!("period {p} from m = {q}"),
        _ => "no period".to_string(),
    };
    let wins: Vec<String> =
        line.outcomes.char_indices().filter(|&(_, c)| c == 'W').map(|(m, _)| m.to_string()).collect();
    let wins = if wins.len() <= 24 {
        wins.join(", ")
    } else {
        format!("{}, ... ({} in all)", wins[..24].join(", "), wins.len())
    };
    format!(
        "1^m ∪ {{{}}}, m = 0 to {}: {period}; the mover wins at m = {}",
        parts.join(" "),
        line.to,
        if wins.is_empty() { "none".into() } else { wins }
    )
}

/// Prints the book of each n, or with `--rule` the finding for each depth.
pub fn book(out: &mut Out, args: BookArgs) -> anyhow::Result<()> {
    let last = args.to.unwrap_or(args.n);
    check_range(args.n, last)?;
    if !(1..=BOOK_DEPTH_TO).contains(&args.depth) {
        return Err(InputError::from_display(format!(
            "invalid --depth {}: a book covers 1 to {BOOK_DEPTH_TO} moves of Player 2",
            args.depth
        )));
    }
    if last > OPENING_N_TO {
        return Err(InputError::from_display(format!(
            "invalid n = {last}: books are read up to n = {OPENING_N_TO}"
        )));
    }
    let mut searches: Vec<RuleSearch> = (1..=args.depth).map(RuleSearch::new).collect();
    let bar = progress::bar(u64::from(last - args.n + 1), "games", "the opening book");
    let result = for_each_game::<anyhow::Error>(args.n..=last, &Cancel::new(), |n, table| {
        let lines = book_lines(n, args.depth, &|p: &ZPosition| table.is_loss(p.counts()));
        bar.inc(1);
        if args.rule {
            searches.iter_mut().for_each(|s| s.add(n, &lines));
            return Ok(());
        }
        let book = book_json(n, args.depth, &lines);
        print_line(out, &bar, args.json, &book, describe_book)
    });
    bar.finish_and_clear();
    result.map_err(|e| e.unwrap_or_else(|| anyhow::anyhow!("cancelled")))?;
    if args.rule {
        for search in &searches {
            let finding = search.finding();
            if args.json {
                out.json(&finding)?;
            } else {
                out.line(describe_rule(&finding))?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

fn describe_book(book: &BookJson) -> String {
    let mut text = format!("n = {}, Player 2's first {} move(s):", book.n, book.depth);
    for line in &book.lines {
        let replies =
            if line.replies.is_empty() { "no winning reply".to_string() } else { line.replies.join(" | ") };
        text.push_str(&format!("\n  {}  =>  {replies}", line.plies.join(" -> ")));
    }
    text
}

fn describe_rule(finding: &RuleJson) -> String {
    let mut text = format!(
        "Player 2's first {} move(s), n = {} to {} ({} positions faced): ",
        finding.depth, finding.from, finding.to, finding.shapes
    );
    match finding.period {
        Some(1) => text.push_str("one reply for each position wins for every n"),
        Some(p) => text.push_str(&format!("a reply for each position and n mod {p} wins for every n")),
        None => text.push_str("no rule of period up to 12 wins for every n"),
    }
    for entry in &finding.rule {
        let class = match finding.period {
            Some(p) if p > 1 => format!(" (n = {} mod {p})", entry.residue),
            _ => String::new(),
        };
        text.push_str(&format!("\n  {}{class}  =>  {}", entry.position, entry.reply));
    }
    for p in finding.periods.iter().filter(|p| p.first_n.is_some()) {
        text.push_str(&format!(
            "\n  period {}: fails by n = {} at {}; holds from n = {}",
            p.period,
            p.first_n.unwrap_or_default(),
            p.position.as_deref().unwrap_or_default(),
            p.holds_from
        ));
    }
    if finding.period != Some(1) {
        text.push_str(&format!(
            "\n  from n = {} to {}, one reply for each position:",
            finding.eventual_from, finding.to
        ));
        for entry in &finding.eventual {
            text.push_str(&format!("\n    {}  =>  {}", entry.position, entry.reply));
        }
    }
    text
}

/// Prints the parity law's line for each n.
pub fn parity(out: &mut Out, args: ParityArgs) -> anyhow::Result<()> {
    use zecklab_answers::parity::{parity_line, ParityJson};
    let last = args.to.unwrap_or(args.n);
    check_range(args.n, last)?;
    let bar = progress::bar(u64::from(last - args.n + 1), "games", "the parity of complete games");
    let describe = |l: &ParityJson| {
        let law = match l.law {
            Some(true) => "as many complete games of odd as of even length",
            Some(false) => "the law fails",
            None => "undecided (some game is unpaired and the counts are not computed this far)",
        };
        let mut text = format!("n = {}: {law}", l.n);
        if let (Some(games), Some(signed)) = (&l.games, &l.signed) {
            let noun = if games == "1" { "game" } else { "games" };
            text.push_str(&format!("; {games} complete {noun}, even less odd {signed}"));
        }
        text.push_str(if l.unpaired_exists { "; some games unpaired" } else { "; every game paired" });
        if let Some(zero) = l.zero_positions {
            text.push_str(&format!("; {zero} of {} positions with signed count 0", l.positions));
        }
        for z in l.zeros.iter().flatten() {
            text.push_str(&format!("\n  {z}"));
        }
        text
    };
    for n in args.n..=last {
        let line = parity_line(n, args.zeros)?;
        bar.inc(1);
        print_line(out, &bar, args.json, &line, describe)?;
    }
    bar.finish_and_clear();
    Ok(())
}

/// Prints `value` as a JSON line or as `describe` says, above the progress bar, and flushes.
fn print_line<T: serde::Serialize>(
    out: &mut Out,
    bar: &indicatif::ProgressBar,
    json: bool,
    value: &T,
    describe: impl Fn(&T) -> String,
) -> anyhow::Result<()> {
    bar.suspend(|| {
        if json {
            out.json(value)?;
        } else {
            out.line(describe(value))?;
        }
        Ok(out.flush()?)
    })
}
