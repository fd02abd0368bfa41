//! Automata in Walnut's text format, read and written, so that a Walnut user's automaton files
//! work here and ours work there.
//!
//! The format: the first line names each input's numeration system (`msd_fib msd_2`; `true` or
//! `false` alone for an automaton of no input); then each state, the first being the start: a
//! line `STATE OUTPUT` (output 1 for accepting, 0 not), followed by its moves, one a line,
//! `DIGITS -> TARGET` with a digit per input. Moves not listed lead to a dead state. Blank lines
//! and lines starting `//` are skipped.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::base_system::Base;
use crate::dfa::Dfa;
use crate::AutomataError;

/// Writes `dfa` (which should be minimal) in Walnut's format, the dead state left out.
pub fn write(dfa: &Dfa) -> String {
    let dead = dfa.dead_states();
    if dfa.tracks() == 0 {
        return if dfa.is_accepting(dfa.start()) { "true\n".into() } else { "false\n".into() };
    }
    let names: Vec<&str> = dfa.bases().iter().map(|b| b.name()).collect();
    let mut text = names.join(" ");
    text.push('\n');
    // Live states in breadth-first order from the start (the start first even when dead).
    let a = dfa.alphabet();
    let mut number = HashMap::new();
    let mut order = vec![dfa.start()];
    number.insert(dfa.start(), 0u32);
    let mut i = 0;
    while i < order.len() {
        let q = order[i];
        for s in 0..a {
            let t = dfa.step(q, s);
            if !dead[t as usize] && !number.contains_key(&t) {
                number.insert(t, order.len() as u32);
                order.push(t);
            }
        }
        i += 1;
    }
    for &q in &order {
        let _ = writeln!(text, "\n{} {}", number[&q], u8::from(dfa.is_accepting(q)));
        for s in 0..a {
            let t = dfa.step(q, s);
            if dead[t as usize] {
                continue;
            }
            let digits: Vec<String> = (0..dfa.tracks()).map(|i| ((s >> i) & 1).to_string()).collect();
            let _ = writeln!(text, "{} -> {}", digits.join(" "), number[&t]);
        }
    }
    text
}

/// A state as the file declares it: its number, its output, and its moves (symbol, target,
/// line).
type Declared = (i64, bool, Vec<(usize, i64, usize)>);

/// Reads an automaton in Walnut's format; `path` only names the file in errors.
///
/// # Errors
/// [`AutomataError::File`] naming the line that cannot be read: an unknown numeration system, a
/// move with the wrong number of digits or a digit other than 0 and 1, a target that is not a
/// state, two targets for one move (a nondeterministic automaton).
pub fn read(text: &str, path: &str) -> Result<Dfa, AutomataError> {
    let bad = |line: usize, message: String| AutomataError::File {
        path: path.to_string(),
        message: format!("line {line}: {message}"),
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with("//"));
    let (first_line, header) = lines.next().ok_or_else(|| bad(1, "an empty file".into()))?;
    match header {
        "true" | "false" => return Ok(Dfa::constant(Vec::new(), header == "true")),
        _ => {}
    }
    let bases = header
        .split_whitespace()
        .map(|name| {
            Base::from_name(name.trim_start_matches('?')).ok_or_else(|| {
                bad(first_line, format!("unknown numeration system '{name}': this reads msd_fib and msd_2"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if bases.len() > crate::dfa::MAX_TRACKS {
        return Err(bad(first_line, format!("{} inputs: at most {}", bases.len(), crate::dfa::MAX_TRACKS)));
    }
    let a = 1usize << bases.len();
    // States by their number in the file, in the order they are declared.
    let mut declared: Vec<Declared> = Vec::new();
    for (number, line) in lines {
        if let Some((digits, target)) = line.split_once("->") {
            let Some(state) = declared.last_mut() else {
                return Err(bad(number, "a move before any state".into()));
            };
            let digits: Vec<&str> = digits.split_whitespace().collect();
            if digits.len() != bases.len() {
                return Err(bad(number, format!("{} digits for {} inputs", digits.len(), bases.len())));
            }
            let mut symbol = 0;
            for (i, d) in digits.iter().enumerate() {
                match *d {
                    "0" => {}
                    "1" => symbol |= 1 << i,
                    other => {
                        return Err(bad(
                            number,
                            format!("digit '{other}': the systems read here have digits 0 and 1"),
                        ))
                    }
                }
            }
            let targets: Vec<&str> = target.split_whitespace().collect();
            let [target] = targets[..] else {
                return Err(bad(
                    number,
                    "one target a move: nondeterministic automata are not read here".into(),
                ));
            };
            let target: i64 = target
                .parse()
                .map_err(|_| bad(number, format!("target '{target}' is not a state number")))?;
            state.2.push((symbol, target, number));
        } else {
            let parts: Vec<&str> = line.split_whitespace().collect();
            let [state, output] = parts[..] else {
                return Err(bad(
                    number,
                    format!("'{line}' is neither 'STATE OUTPUT' nor 'DIGITS -> TARGET'"),
                ));
            };
            let state: i64 =
                state.parse().map_err(|_| bad(number, format!("state '{state}' is not a number")))?;
            let accepting = match output {
                "0" => false,
                "1" => true,
                other => {
                    return Err(bad(number, format!("output '{other}': an automaton's states output 0 or 1")))
                }
            };
            declared.push((state, accepting, Vec::new()));
        }
    }
    if declared.is_empty() {
        return Err(bad(first_line, "no state".into()));
    }
    let id: HashMap<i64, u32> = declared.iter().enumerate().map(|(i, s)| (s.0, i as u32)).collect();
    if id.len() != declared.len() {
        return Err(bad(first_line, "a state is declared twice".into()));
    }
    let dead = declared.len() as u32;
    let mut next = vec![dead; (declared.len() + 1) * a];
    for (i, (_, _, moves)) in declared.iter().enumerate() {
        for &(symbol, target, line) in moves {
            let t = *id.get(&target).ok_or_else(|| bad(line, format!("target {target} is not a state")))?;
            let slot = &mut next[i * a + symbol];
            if *slot != dead && *slot != t {
                return Err(bad(
                    line,
                    "two targets for one move: nondeterministic automata are not read here".into(),
                ));
            }
            *slot = t;
        }
    }
    let mut accepting: Vec<bool> = declared.iter().map(|s| s.1).collect();
    accepting.push(false);
    let dfa = Dfa::from_parts(bases.clone(), next, accepting, 0)?;
    // A file may accept invalid words; only valid ones are meant.
    Ok(dfa.and(&crate::base::valid(&bases))?.minimize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::linear;

    #[test]
    fn an_automaton_survives_the_round_trip() {
        let adder = linear(&[Base::Fib; 3], &[1, 1, -1], 0);
        let text = write(&adder);
        assert!(text.starts_with("msd_fib msd_fib msd_fib\n\n0 1\n"));
        assert_eq!(read(&text, "adder.txt").unwrap(), adder);
        assert_eq!(read("true", "t.txt").unwrap(), Dfa::constant(Vec::new(), true));
    }

    #[test]
    fn a_damaged_file_names_its_line() {
        let err = read("msd_fib\n0 1\n0 -> 1\n1 0\n1 1 -> 0\n", "x.txt").unwrap_err();
        assert_eq!(
            err,
            AutomataError::File { path: "x.txt".into(), message: "line 5: 2 digits for 1 inputs".into() }
        );
        assert!(read("msd_3\n0 1\n", "x.txt").is_err());
        assert!(read("msd_fib\n0 1\n0 -> 7\n", "x.txt").is_err());
        assert!(read("msd_fib\n0 1\n0 -> 0 1\n", "x.txt").is_err());
    }
}
