//! The record's new sequences as entries ready for the OEIS: one file per sequence in the OEIS
//! internal format (`%I`, `%S`/`%T`/`%U` data lines, `%N` name, `%C` comments, `%H` links, `%F`
//! formulas, `%o` program, `%Y` cross-references, `%K` keywords, `%O` offset, `%A` author), with
//! its b-file beside it. The sequences have no A-number yet, so the files are named by what they
//! hold and every line carries the placeholder `A??????`, which the OEIS replaces on submission.
//!
//! Everything in an entry is computed from the record (terms, ranges, offset) or is a statement
//! about the game that holds by definition (each `%F` line says why).

use std::fmt::Write;

/// The A-number placeholder of a sequence not yet in the OEIS.
pub const PLACEHOLDER: &str = "A??????";

/// The most characters of terms an entry's data lines hold (the OEIS keeps about three lines).
const DATA_CHARS: usize = 260;

/// One sequence of the record, as the OEIS would list it.
pub struct Sequence {
    /// The file stem: the entry is `STEM.txt`, its b-file `b-STEM.txt`.
    pub stem: &'static str,
    /// The `%N` line: what a(n) is.
    pub name: &'static str,
    /// `%C` lines.
    pub comments: &'static [&'static str],
    /// `%F` lines.
    pub formulas: &'static [&'static str],
    /// The `zecklab` command that prints the terms, and the JSON field that holds them.
    pub program: &'static str,
    /// `%Y` lines.
    pub crossrefs: &'static str,
}

/// The two sequences of the record that the OEIS does not hold (the number of positions is
/// A003107, shifted: see the data README).
pub const SEQUENCES: [Sequence; 2] = [
    Sequence {
        stem: "zgame-p-positions",
        name: "Number of P-positions (positions that are a loss for the player to move) of the Zeckendorf game on n.",
        comments: &[
            "The Zeckendorf game of Baird-Smith, Epstein, Flint and Miller starts from n ones; a move combines two consecutive Fibonacci numbers F(i-1) + F(i) into F(i+1) or two 1's into a 2, or splits two equal parts 2F(i) into F(i-2) + F(i+1) (two 2's into 1 + 3); whoever makes the last move wins. The positions are the partitions of n into Fibonacci numbers, counted by A003107(n).",
            "Every position of the game on n is solved by retrograde analysis; the tiers of positions with the same number of parts are recounted independently by coin change.",
        ],
        formulas: &["a(n) <= A003107(n), the number of positions of the game on n."],
        program: "(zecklab) zecklab zgame solve --n 1 --to N --no-remoteness --json  # field p_positions",
        crossrefs: "Cf. A003107, A007895.",
    },
    Sequence {
        stem: "zgame-remoteness",
        name: "Remoteness of the start of the Zeckendorf game on n: the number of moves of the game from n ones when the winner hurries and the loser delays.",
        comments: &[
            "The Zeckendorf game of Baird-Smith, Epstein, Flint and Miller starts from n ones; a move combines two consecutive Fibonacci numbers F(i-1) + F(i) into F(i+1) or two 1's into a 2, or splits two equal parts 2F(i) into F(i-2) + F(i+1) (two 2's into 1 + 3); whoever makes the last move wins.",
            "a(n) is odd exactly when the first player wins the game on n.",
        ],
        formulas: &[
            "a(n) >= n - A007895(n), the length of the shortest game (every game from n ones has at least n - A007895(n) moves).",
        ],
        program: "(zecklab) zecklab zgame solve --n 1 --to N --json  # field remoteness",
        crossrefs: "Cf. A003107, A007895.",
    },
];

/// The entry of `sequence` with terms `values` (`(n, a(n))` from n = 1, unbroken), for the
/// date `date` of the `%A` line ("Dec 04 2026").
pub fn entry(sequence: &Sequence, values: &[(u32, u64)], author: &str, date: &str) -> String {
    let id = PLACEHOLDER;
    let mut text = String::new();
    let mut line = |tag: &str, body: &str| {
        let _ = writeln!(text, "%{tag} {id} {body}");
        // `%I` has no body: no space at the end of its line.
        if body.is_empty() {
            text.truncate(text.trim_end().len());
            text.push('\n');
        }
    };
    line("I", "");
    // The data: as many terms as fit, over three lines that break after a comma.
    let mut data = String::new();
    for (_, v) in values {
        let term = v.to_string();
        if !data.is_empty() && data.len() + 1 + term.len() > DATA_CHARS {
            break;
        }
        if !data.is_empty() {
            data.push(',');
        }
        data.push_str(&term);
    }
    for (tag, part) in ["S", "T", "U"].iter().zip(data_lines(&data)) {
        line(tag, &part);
    }
    line("N", sequence.name);
    for c in sequence.comments {
        line("C", c);
    }
    let last = values.last().map_or(0, |&(n, _)| n);
    line(
        "H",
        &format!(
            "{author}, <a href=\"/{id}/b-{}.txt\">Table of n, a(n) for n = 1..{last}</a>",
            sequence.stem
        ),
    );
    line(
        "H",
        "P. Baird-Smith, A. Epstein, K. Flint and S. J. Miller, <a href=\"https://arxiv.org/abs/1809.04881\">The Zeckendorf Game</a>, arXiv:1809.04881 [math.NT], 2018.",
    );
    for f in sequence.formulas {
        line("F", f);
    }
    line("o", sequence.program);
    line("Y", sequence.crossrefs);
    line("K", "nonn,hard");
    // The offset, and the 1-based place of the first term greater than 1 in absolute value.
    let first_big = values.iter().position(|&(_, v)| v > 1).map_or(1, |i| i + 1);
    line("O", &format!("1,{first_big}"));
    line("A", &format!("_{author}_, {date}"));
    text
}

/// The data split into at most three lines of about equal length, each breaking after a comma.
fn data_lines(data: &str) -> Vec<String> {
    let target = data.len().div_ceil(3).max(1);
    let mut lines = Vec::new();
    let mut current = String::new();
    for (i, term) in data.split(',').enumerate() {
        if i > 0 {
            current.push(',');
        }
        if current.len() >= target && lines.len() < 2 {
            lines.push(std::mem::take(&mut current));
        }
        current.push_str(term);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// The b-file of a sequence in the OEIS's own form: `n a(n)` lines, no comments.
pub fn b_file(values: &[(u32, u64)]) -> String {
    values.iter().fold(String::new(), |mut text, (n, v)| {
        let _ = writeln!(text, "{n} {v}");
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_carries_every_line_the_format_asks_for() {
        let values: Vec<(u32, u64)> = (1..=300).map(|n| (n, u64::from(n) * 1000)).collect();
        let text = entry(&SEQUENCES[0], &values, "Someone", "Dec 04 2026");
        for tag in ["%I", "%S", "%T", "%U", "%N", "%C", "%H", "%F", "%o", "%Y", "%K", "%O", "%A"] {
            assert!(text.lines().any(|l| l.starts_with(&format!("{tag} A??????"))), "{tag} missing:\n{text}");
        }
        // The data lines hold the first terms, in order, and no more than the OEIS keeps.
        let data: String = text
            .lines()
            .filter(|l| l.starts_with("%S") || l.starts_with("%T") || l.starts_with("%U"))
            .map(|l| &l["%S A?????? ".len()..])
            .collect();
        assert!(data.len() <= DATA_CHARS && data.len() > DATA_CHARS - 12, "{data}");
        let terms: Vec<u64> = data.split(',').map(|t| t.parse().unwrap()).collect();
        assert_eq!(terms, values[..terms.len()].iter().map(|&(_, v)| v).collect::<Vec<_>>());
        assert!(text.contains("%O A?????? 1,1\n"), "the first term is already above 1");
        assert!(text.contains("for n = 1..300"));
        let small = entry(&SEQUENCES[1], &[(1, 0), (2, 1), (3, 2)], "Someone", "Dec 04 2026");
        assert!(small.contains("%O A?????? 1,3\n"), "{small}");
        assert_eq!(b_file(&[(1, 0), (2, 1)]), "1 0\n2 1\n");
    }
}
