//! `zecklab repr`: the Zeckendorf representation (or the factor-`k` ladder representation) of
//! integers of any size, or of numerals read back with `--from-numeral`.
//!
//! Inputs are answered one at a time as they are read, so `-` streams standard input in
//! constant memory. Numbers that fit in 64 bits take a fast path (a digit mask, no big
//! integers, no allocation per number); the output is the same as the general path's, which a
//! test holds it to.

use std::io::BufRead;
use std::process::ExitCode;

use clap::Args;
use zecklab_answers::repr::{ReprJson, Representer, U64Strings};
use zecklab_numeration::fib::FIB_U64;
use zecklab_numeration::{zeckendorf_mask_u64, Digits};

use crate::input::{self, InputError};
use crate::output::Out;

#[derive(Args, Debug)]
#[command(
    after_help = "Integers: decimal digits, optionally after a '+', with white space around them ignored (the same \
rule for every number zecklab reads), up to 1,000,000 digits (the time grows with the square of the length: about \
a second at 100,000 digits, a minute and a half at 1,000,000). Numerals (--from-numeral): digits 0 and 1.\n\n\
Terms are printed for numbers of up to 2,000 digits; above that `terms` is null in JSON \
(indices and numeral are always given) unless --all-terms is passed. With K other than 2 the ladder's terms are \
held in memory; numbers whose ladder would need more than 1 GiB are refused before any work.\n\n\
`-` reads whitespace-separated inputs from stdin and answers each as it is read (constant memory); a bad input \
stops the run with an error naming it, after the answers to the inputs before it.\n\n\
JSON fields: n (decimal string), terms (decimal strings, largest first, or null), indices (largest first), \
numeral, z (number of terms), iz (sum of indices), k; with --from-numeral also input and canonical."
)]
pub struct ReprArgs {
    /// Integers in decimal (up to a million digits), or numerals of 0s and 1s with --from-numeral.
    /// `-` reads whitespace-separated inputs from stdin (for inputs longer than the 128 KiB
    /// a single command-line argument may hold, or for many inputs).
    #[arg(required = true, allow_negative_numbers = true, value_name = "N")]
    numbers: Vec<String>,
    /// Represent in the ladder of factor K (K = 2: Fibonacci numbers, K = 1: powers of two).
    #[arg(long, default_value = "2", value_parser = input::factor, allow_hyphen_values = true)]
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

/// Answers inputs one at a time.
struct Answerer {
    args: ReprArgs,
    representer: Representer,
    out: Out,
    /// Reused for the human form of the fast path.
    line: Line,
}

pub fn run(args: ReprArgs) -> anyhow::Result<ExitCode> {
    let representer = Representer::new(args.k)?;
    let mut answerer = Answerer { args, representer, out: Out::new(), line: Line::new() };
    // Arguments on the command line are all checked before anything is printed, so a typo never
    // leaves half an answer; standard input is answered as it streams.
    let arguments = std::mem::take(&mut answerer.args.numbers);
    for text in arguments.iter().filter(|t| *t != "-") {
        answerer.validate(text)?;
    }
    for text in &arguments {
        if text == "-" {
            answerer.stream_stdin()?;
        } else {
            answerer.answer(text)?;
        }
    }
    answerer.out.flush()?;
    Ok(ExitCode::SUCCESS)
}

impl Answerer {
    /// Checks one input without answering it (the same checks as [`Answerer::answer`]).
    fn validate(&mut self, text: &str) -> anyhow::Result<()> {
        if self.args.from_numeral {
            Digits::parse(text.trim()).map_err(InputError::from_display)?;
        } else {
            let n = input::natural(text)?;
            input::ladder_fits(self.args.k, &n)?;
        }
        Ok(())
    }

    /// Reads whitespace-separated words from stdin and answers each as soon as it is complete.
    fn stream_stdin(&mut self) -> anyhow::Result<()> {
        let stdin = std::io::stdin();
        let mut reader = std::io::BufReader::with_capacity(1 << 16, stdin.lock());
        let mut word: Vec<u8> = Vec::new();
        loop {
            let buffer = reader
                .fill_buf()
                .map_err(|e| InputError(format!("cannot read stdin: {}", crate::output::io_reason(&e))))?;
            if buffer.is_empty() {
                break;
            }
            let length = buffer.len();
            let mut start = 0;
            for (i, &b) in buffer.iter().enumerate() {
                if b.is_ascii_whitespace() {
                    // A word inside the buffer is answered in place; one that began in an
                    // earlier buffer was gathered in `word`.
                    if !word.is_empty() {
                        word.extend_from_slice(&buffer[start..i]);
                        self.answer_bytes(&word)?;
                        word.clear();
                    } else if i > start {
                        self.answer_bytes(&buffer[start..i])?;
                    }
                    start = i + 1;
                }
            }
            word.extend_from_slice(&buffer[start..]);
            reader.consume(length);
        }
        if !word.is_empty() {
            self.answer_bytes(&word)?;
        }
        Ok(())
    }

    /// Answers one word of standard input (checked for UTF-8 only off the fast path, whose
    /// digits are ASCII).
    fn answer_bytes(&mut self, word: &[u8]) -> anyhow::Result<()> {
        if !self.args.from_numeral && self.args.k == 2 {
            if let Some(n) = natural_u64_bytes(word) {
                return self.answer_u64(n);
            }
        }
        self.answer_general(utf8(word)?)
    }

    /// Answers one input: the fast path for 64-bit Zeckendorf inputs, else the general one.
    fn answer(&mut self, text: &str) -> anyhow::Result<()> {
        if !self.args.from_numeral && self.args.k == 2 {
            if let Some(n) = natural_u64(text) {
                return self.answer_u64(n);
            }
        }
        self.answer_general(text)
    }

    fn answer_u64(&mut self, n: u64) -> anyhow::Result<()> {
        let mask = zeckendorf_mask_u64(n);
        // The indices, smallest first, from the mask's two 64-bit halves (bit `i - 1` is index `i`).
        let mut ascending = [0u32; 96];
        let mut z = 0;
        for (half, offset) in [(mask as u64, 1), ((mask >> 64) as u64, 65)] {
            let mut bits = half;
            while bits != 0 {
                ascending[z] = bits.trailing_zeros() + offset;
                z += 1;
                bits &= bits - 1;
            }
        }
        let ascending = &ascending[..z];
        let descending = || ascending.iter().rev().copied();
        let top = ascending.last().copied().unwrap_or(0);
        let iz: u64 = ascending.iter().map(|&i| u64::from(i)).sum();
        let numeral_digits = |line: &mut Vec<u8>| {
            if top == 0 {
                line.push(b'0');
            }
            line.extend((1..=top).rev().map(|i| b'0' + ((mask >> (i - 1)) & 1) as u8));
        };
        let mut decimal = itoa::Buffer::new();
        let decimal = decimal.format(n);
        let strings = decimal_strings();
        if self.args.json {
            let mut indices = [0u32; 64];
            let mut terms = [0u64; 64];
            for (j, i) in descending().enumerate() {
                indices[j] = i;
                terms[j] = FIB_U64[i as usize];
            }
            let mut numeral = Vec::with_capacity(96);
            numeral_digits(&mut numeral);
            return self.out.json(&ReprJson {
                n: decimal,
                terms: Some(U64Strings(&terms[..z])),
                indices: &indices[..z],
                numeral: std::str::from_utf8(&numeral).expect("ASCII digits"),
                z,
                iz,
                k: 2,
                input: None,
                canonical: None,
            });
        }
        let line = &mut self.line;
        line.clear();
        line.push_str(decimal.as_bytes());
        if z == 0 {
            line.push_str(b" = 0 (no terms)");
        }
        for (j, i) in descending().enumerate() {
            line.push_str(if j == 0 { b" = " } else { b" + " });
            line.push_padded(&strings.fibonacci[i as usize]);
        }
        line.push_str(b"\n  numeral ");
        if top == 0 {
            line.push_str(b"0");
        }
        // The numeral eight digits at a time, from a table of the 256 bytes' digits.
        let mut bit = top;
        while bit > 0 {
            let take = if bit % 8 == 0 { 8 } else { bit % 8 };
            let byte = (mask >> (bit - take)) as u8;
            line.push_str(&strings.byte_digits[usize::from(byte)][8 - take as usize..]);
            bit -= take;
        }
        line.push_str(b"  indices [");
        for (j, i) in descending().enumerate() {
            if j > 0 {
                line.push_str(b", ");
            }
            line.push_padded(&strings.index[i as usize]);
        }
        line.push_str(b"]  Z = ");
        line.push_padded(&strings.index[z]);
        line.push_str(b"  IZ = ");
        line.push_str(itoa::Buffer::new().format(iz).as_bytes());
        line.push_str(b"\n");
        self.out.raw(line.as_bytes())?;
        Ok(())
    }

    fn answer_general(&mut self, text: &str) -> anyhow::Result<()> {
        let all_terms = self.args.all_terms;
        let answer = if self.args.from_numeral {
            self.representer.answer_numeral(text, all_terms)?
        } else {
            let n = input::natural(text)?;
            input::ladder_fits(self.args.k, &n)?;
            // A number of hundreds of thousands of digits takes seconds: show that it is working.
            let spinner =
                (n.bits() > 300_000).then(|| crate::progress::spinner("representing a large number"));
            let answer = self.representer.answer(&n, all_terms);
            if let Some(spinner) = spinner {
                spinner.finish_and_clear();
            }
            answer
        };
        if self.args.json {
            return self.out.json(&answer);
        }
        let (decimal, terms, numeral, rep) =
            (&answer.n, &answer.terms, &answer.numeral, &answer.representation);
        let (numeral_input, canonical) = (answer.input.as_deref(), answer.canonical);
        let k = self.args.k;
        let out = &mut self.out;
        if let Some(given) = numeral_input {
            let status = if canonical == Some(true) { "canonical" } else { "not canonical" };
            out.line(format!("numeral {given} ({status}) = {decimal}"))?;
        }
        let sum = match &terms {
            Some(t) if t.is_empty() => "0 (no terms)".to_string(),
            Some(t) => t.join(" + "),
            None => format!("a sum of {} terms (pass --all-terms to print them)", rep.z()),
        };
        let name = if k == 2 { "numeral".to_string() } else { format!("ladder-{k} numeral") };
        out.line(format!("{decimal} = {sum}"))?;
        let indices: Vec<String> = rep.indices().iter().map(ToString::to_string).collect();
        out.line(format!(
            "  {name} {numeral}  indices [{}]  Z = {}  IZ = {}",
            indices.join(", "),
            rep.z(),
            rep.iz()
        ))?;
        Ok(())
    }
}

/// Short text held in a fixed 24-byte array, so it is copied with one fixed-size move.
struct Padded {
    bytes: [u8; 24],
    len: usize,
}

impl Padded {
    fn new(text: &str) -> Padded {
        let mut bytes = [0; 24];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Padded { bytes, len: text.len() }
    }
}

/// The text of the fast path's answers: decimal text of every 64-bit Fibonacci number and of
/// every index, and the numeral digits of every byte, made once.
struct DecimalStrings {
    fibonacci: Vec<Padded>,
    index: Vec<Padded>,
    byte_digits: [[u8; 8]; 256],
}

fn decimal_strings() -> &'static DecimalStrings {
    static STRINGS: std::sync::OnceLock<DecimalStrings> = std::sync::OnceLock::new();
    STRINGS.get_or_init(|| {
        let mut byte_digits = [[b'0'; 8]; 256];
        for (byte, digits) in byte_digits.iter_mut().enumerate() {
            for (k, d) in digits.iter_mut().enumerate() {
                *d = b'0' + ((byte >> (7 - k)) & 1) as u8;
            }
        }
        DecimalStrings {
            fibonacci: FIB_U64.iter().map(|f| Padded::new(&f.to_string())).collect(),
            index: (0..=FIB_U64.len()).map(|i| Padded::new(&i.to_string())).collect(),
            byte_digits,
        }
    })
}

/// One answer's text in a fixed buffer (a 64-bit answer is under 1,600 bytes), so that short
/// pieces are copied by fixed-size moves rather than a call per piece.
struct Line {
    buf: Box<[u8; 4096]>,
    len: usize,
}

impl Line {
    fn new() -> Line {
        Line { buf: Box::new([0; 4096]), len: 0 }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn push_str(&mut self, bytes: &[u8]) {
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    fn push_padded(&mut self, text: &Padded) {
        self.buf[self.len..self.len + 24].copy_from_slice(&text.bytes);
        self.len += text.len;
    }

    fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// A word of standard input as text.
fn utf8(word: &[u8]) -> Result<&str, InputError> {
    std::str::from_utf8(word).map_err(|_| InputError("stdin is not UTF-8 text".into()))
}

/// A natural number that fits in 64 bits, read by the one integer grammar (digits, optionally
/// after `+`, white space around ignored); `None` for anything else, which the general path
/// then answers or refuses with the grammar's own message.
fn natural_u64(text: &str) -> Option<u64> {
    natural_u64_bytes(text.trim().as_bytes())
}

/// [`natural_u64`] on a word with no white space around it.
fn natural_u64_bytes(word: &[u8]) -> Option<u64> {
    let digits = word.strip_prefix(b"+").unwrap_or(word);
    if digits.is_empty() || digits.len() > 20 {
        return None;
    }
    digits.iter().try_fold(0u64, |n, &b| {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u64::from(d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_grammar_is_the_general_one() {
        for text in ["0", "7", "+7", " 7 ", "007", "18446744073709551615"] {
            let fast = natural_u64(text).unwrap();
            assert_eq!(num_bigint::BigUint::from(fast), input::natural(text).unwrap(), "{text:?}");
        }
        for text in ["", "+", "-7", "7x", "1_000", "18446744073709551616", "1 2"] {
            assert_eq!(natural_u64(text), None, "{text:?}");
        }
    }
}
