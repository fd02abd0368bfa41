//! `zecklab repr`: the Zeckendorf representation (or the factor-`k` ladder representation) of
//! integers of any size, or of numerals read back with `--from-numeral`.

use std::process::ExitCode;

use clap::Args;
use num_bigint::BigUint;
use serde::Serialize;
use zecklab_numeration::{fibonacci_terms, zeckendorf_big, Digits, Ladder, Representation};

use crate::input::{self, InputError};
use crate::output::Out;

/// Above this many decimal digits, `terms` is left out (`null` in JSON) unless `--all-terms`:
/// the terms of a 100,000-digit number would run to gigabytes of text.
pub const TERMS_DIGIT_LIMIT: usize = 2_000;

#[derive(Args, Debug)]
#[command(
    after_help = "Terms are printed for numbers of up to 2,000 digits; above that `terms` is null in JSON \
(indices and numeral are always given) unless --all-terms is passed.\n\n\
JSON fields: n (decimal string), terms (decimal strings, largest first, or null), indices (largest first), \
numeral, z (number of terms), iz (sum of indices), k; with --from-numeral also input and canonical."
)]
pub struct ReprArgs {
    /// Integers in decimal (any number of digits), or numerals of 0s and 1s with --from-numeral.
    /// `-` reads whitespace-separated inputs from stdin (for inputs longer than the 128 KiB
    /// a single command-line argument may hold).
    #[arg(required = true, allow_negative_numbers = true, value_name = "N")]
    numbers: Vec<String>,
    /// Represent in the ladder of factor K (K = 2: Fibonacci numbers, K = 1: powers of two).
    #[arg(long, default_value = "2", value_parser = input::factor)]
    k: u64,
    /// Read each input as a numeral (canonical or not) and give its value and canonical form.
    #[arg(long)]
    from_numeral: bool,
    /// Print one JSON object per input per line.
    #[arg(long)]
    json: bool,
    /// Print the terms even for numbers of more than 2,000 digits.
    #[arg(long)]
    all_terms: bool,
}

#[derive(Serialize)]
struct ReprJson {
    n: String,
    terms: Option<Vec<String>>,
    indices: Vec<u32>,
    numeral: String,
    z: usize,
    iz: u64,
    k: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<bool>,
}

/// The ladder to represent in: the Fibonacci numbers take the fast downward walk.
enum Sequence {
    Fibonacci,
    Ladder(Ladder),
}

impl Sequence {
    fn represent(&mut self, n: &BigUint) -> Representation {
        match self {
            Sequence::Fibonacci => zeckendorf_big(n),
            Sequence::Ladder(ladder) => ladder.represent(n),
        }
    }

    fn terms(&mut self, rep: &Representation) -> Vec<BigUint> {
        match self {
            Sequence::Fibonacci => fibonacci_terms(rep),
            Sequence::Ladder(ladder) => ladder.terms_of(rep),
        }
    }

    fn value(&mut self, digits: &Digits) -> BigUint {
        match self {
            Sequence::Fibonacci => digits.fibonacci_value(),
            Sequence::Ladder(ladder) => ladder.value_of_digits(digits.as_slice()),
        }
    }
}

/// Replaces each `-` argument by the whitespace-separated words of stdin.
fn expand_stdin(arguments: &[String]) -> anyhow::Result<Vec<String>> {
    let mut texts = Vec::with_capacity(arguments.len());
    for argument in arguments {
        if argument == "-" {
            let mut all = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut all)
                .map_err(|e| InputError(format!("cannot read stdin: {e}")))?;
            texts.extend(all.split_whitespace().map(str::to_string));
        } else {
            texts.push(argument.clone());
        }
    }
    Ok(texts)
}

pub fn run(args: ReprArgs) -> anyhow::Result<ExitCode> {
    // Validate every input before printing anything, so a bad argument never leaves half output.
    let mut sequence = if args.k == 2 {
        Sequence::Fibonacci
    } else {
        Sequence::Ladder(Ladder::new(args.k).map_err(InputError::from_display)?)
    };
    let texts = expand_stdin(&args.numbers)?;
    let mut parsed = Vec::with_capacity(texts.len());
    for text in &texts {
        if args.from_numeral {
            let digits = Digits::parse(text.trim()).map_err(InputError::from_display)?;
            parsed.push((sequence.value(&digits), Some(text.trim().to_string())));
        } else {
            parsed.push((input::natural(text)?, None));
        }
    }
    let mut out = Out::new();
    for (n, numeral_input) in parsed {
        let rep = sequence.represent(&n);
        let decimal = n.to_string();
        let terms = (args.all_terms || decimal.len() <= TERMS_DIGIT_LIMIT)
            .then(|| sequence.terms(&rep).iter().map(ToString::to_string).collect::<Vec<_>>());
        let numeral = rep.numeral();
        let canonical = numeral_input
            .as_ref()
            .map(|given| given.trim_start_matches('0') == numeral.trim_start_matches('0'));
        if args.json {
            out.json(&ReprJson {
                n: decimal,
                terms,
                indices: rep.indices().to_vec(),
                numeral,
                z: rep.z(),
                iz: rep.iz(),
                k: args.k,
                input: numeral_input,
                canonical,
            })?;
            continue;
        }
        if let Some(given) = &numeral_input {
            let status = if canonical == Some(true) { "canonical" } else { "not canonical" };
            out.line(format!("numeral {given} ({status}) = {decimal}"))?;
        }
        let sum = match &terms {
            Some(t) if t.is_empty() => "0 (no terms)".to_string(),
            Some(t) => t.join(" + "),
            None => format!("a sum of {} terms (pass --all-terms to print them)", rep.z()),
        };
        let name = if args.k == 2 { "numeral".to_string() } else { format!("ladder-{} numeral", args.k) };
        out.line(format!("{decimal} = {sum}"))?;
        let indices: Vec<String> = rep.indices().iter().map(ToString::to_string).collect();
        out.line(format!(
            "  {name} {numeral}  indices [{}]  Z = {}  IZ = {}",
            indices.join(", "),
            rep.z(),
            rep.iz()
        ))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
