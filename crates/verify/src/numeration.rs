//! Checks for the numeration theorems: Zeckendorf's existence and uniqueness, the numeral rule,
//! and the ladder property for factors `k = 1..10`. Each compares the greedy algorithm with an
//! exhaustive enumeration that never uses it.

use num_bigint::BigUint;
use zecklab_numeration::{
    fib::FIB_U64, ladder_u64, zeckendorf_big, zeckendorf_mask_u64, zeckendorf_u64, Digits, Representation,
};

use crate::{grouped, Check, Level};

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let limit = level.pick(1_000_000u64, 10_000_000);
    let numeral_limit = level.pick(200_000u64, 2_000_000);
    let numeral_bits = level.pick(16u32, 22);
    let ladder_limit = level.pick(1_000_000u64, 4_000_000);
    vec![
        Check::new(
            "zeckendorf-unique",
            "Every integer n >= 0 is a sum of distinct, non-adjacent Fibonacci numbers (F1 = 1, F2 = 2, ...) in exactly one way, and the greedy algorithm finds it",
            r#"the essay on base-Fibonacci numerals in a series on Wythoff's game; the note "石取りゲームとFibonacci数" (Fibonacci Freak)"#,
            format!("0 <= n <= {}", grouped(limit)),
            "enumerate every set of non-adjacent Fibonacci numbers with sum <= the bound (exhaustive, no greedy), count the sets for each sum, and compare each with the greedy digit mask and the arbitrary-precision path",
            move || check_zeckendorf_unique(limit),
        ),
        Check::new(
            "numeral-rule",
            "A base-Fibonacci numeral, canonical or not, reads back to its integer; the canonical numeral has no adjacent 1s, and canonical numerals order like the integers",
            r#"the essay on base-Fibonacci numerals in a series on Wythoff's game"#,
            format!("every n <= {} and every 0/1 numeral of up to {numeral_bits} digits", grouped(numeral_limit)),
            "numeral -> Horner-style value against the sum of its terms; canonical numeral of that value reads back to it; shortlex order of numerals of 0..=n",
            move || check_numerals(numeral_limit, numeral_bits),
        ),
        Check::new(
            "ladder-property",
            "For every factor k = 1..10, every n >= 0 has exactly one representation in the ladder H1 = 1, H(j+1) = H(j) + H(m) (k H(m) >= H(j)) whose consecutive terms satisfy bigger > k * smaller, and greedy finds it; k = 1 gives the powers of two, k = 2 the Fibonacci numbers",
            r#"the essay "The heap is not the position" (the factor k)"#,
            format!("k = 1..10, 0 <= n <= {}", grouped(ladder_limit)),
            "enumerate every set of ladder terms with bigger > k * smaller and sum <= the bound (exhaustive), count per sum, compare with the greedy representation",
            move || check_ladders(ladder_limit),
        ),
    ]
}

/// Enumerates every set of terms of `seq` (increasing, `seq[0]` the first term) with sum at
/// most `limit` in which consecutive chosen terms satisfy `allowed(larger_index, smaller_index)`,
/// calling `visit(sum, top)` for each, with `top` the 1-based index of its largest term (0 for
/// the empty set). Depth-first from the largest term down; no greedy step.
///
/// Recording only the top term is enough to compare with greedy: once every sum has exactly one
/// set, the set of `n` is its top term plus the set of `n - top`, so equal top terms for every
/// `n` make the whole sets equal by induction on `n`.
fn enumerate_sparse_sets(
    seq: &[u64],
    limit: u64,
    allowed: &dyn Fn(usize, usize) -> bool,
    visit: &mut dyn FnMut(u64, u32),
) {
    // Stack entries: (sum so far, top index, smallest chosen index or None, next index bound).
    let mut stack: Vec<(u64, u32, Option<usize>, usize)> = vec![(0, 0, None, seq.len())];
    visit(0, 0);
    while let Some((sum, top, last, end)) = stack.pop() {
        for (j, &term) in seq.iter().enumerate().take(end) {
            if let Some(l) = last {
                if !allowed(l, j) {
                    continue;
                }
            }
            let s = sum + term;
            if s > limit {
                break;
            }
            let t = if top == 0 { j as u32 + 1 } else { top };
            visit(s, t);
            stack.push((s, t, Some(j), j));
        }
    }
}

fn check_zeckendorf_unique(limit: u64) -> Result<String, String> {
    // F_1..F_k with F_k <= limit (fits a u64 mask: F_63 > 10^12).
    let seq: Vec<u64> = FIB_U64[1..].iter().copied().take_while(|&f| f <= limit).collect();
    let size = usize::try_from(limit + 1).map_err(|_| "range too large".to_string())?;
    let mut count = vec![0u8; size];
    let mut found = vec![0u32; size];
    enumerate_sparse_sets(&seq, limit, &|larger, smaller| larger >= smaller + 2, &mut |sum, top| {
        let c = &mut count[sum as usize];
        *c = c.saturating_add(1);
        found[sum as usize] = top;
    });
    for n in 0..=limit {
        match count[n as usize] {
            1 => {}
            0 => return Err(format!("n = {n} has no representation")),
            c => return Err(format!("n = {n} has {c} representations")),
        }
        let greedy = zeckendorf_mask_u64(n);
        let greedy_top = 128 - greedy.leading_zeros();
        if greedy_top != found[n as usize] {
            return Err(format!(
                "n = {n}: greedy leading index {greedy_top} differs from the enumerated {}",
                found[n as usize]
            ));
        }
        if n % 997 == 0 && zeckendorf_big(&BigUint::from(n)) != Representation::from_mask(greedy) {
            return Err(format!("n = {n}: arbitrary-precision path differs from the u64 path"));
        }
    }
    Ok(format!(
        "{} integers, each with exactly one representation, equal to the greedy one",
        grouped(limit + 1)
    ))
}

fn check_numerals(limit: u64, bits: u32) -> Result<String, String> {
    let mut previous = String::new();
    for n in 0..=limit {
        let rep = zeckendorf_u64(n);
        let numeral = rep.numeral();
        if numeral.contains("11") {
            return Err(format!("n = {n}: canonical numeral {numeral} has adjacent 1s"));
        }
        let back = Digits::parse(&numeral).map_err(|e| e.to_string())?.fibonacci_value();
        if back != BigUint::from(n) {
            return Err(format!("n = {n}: numeral {numeral} reads back as {back}"));
        }
        let ordered = n == 0 || (previous.len(), previous.as_str()) < (numeral.len(), numeral.as_str());
        if !ordered {
            return Err(format!("n = {n}: numeral {numeral} does not sort after {previous}"));
        }
        previous = numeral;
    }
    for width in 1..=bits {
        for value in 0u64..(1u64 << width) {
            let text = format!("{value:0width$b}", width = width as usize);
            let digits = Digits::parse(&text).map_err(|e| e.to_string())?;
            let direct: u64 =
                (0..width).filter(|b| value >> b & 1 == 1).map(|b| FIB_U64[b as usize + 1]).sum();
            let horner = digits.fibonacci_value();
            if horner != BigUint::from(direct) {
                return Err(format!("numeral {text}: value {horner}, expected {direct}"));
            }
            let canonical = zeckendorf_u64(direct);
            let canonical_value: u64 = canonical.indices().iter().map(|&i| FIB_U64[i as usize]).sum();
            if canonical_value != direct {
                return Err(format!(
                    "numeral {text}: canonical form {canonical} has value {canonical_value}"
                ));
            }
        }
    }
    Ok(format!(
        "{} canonical numerals and {} numerals of 0s and 1s read back correctly",
        grouped(limit + 1),
        grouped((2u64 << bits) - 2)
    ))
}

fn check_ladders(limit: u64) -> Result<String, String> {
    for k in 1..=10u64 {
        let ladder = ladder_u64(k, limit).map_err(|e| e.to_string())?;
        let terms = ladder.terms();
        if k == 1 && terms.iter().enumerate().any(|(j, &t)| t != 1u64 << j) {
            return Err(format!("k = 1 ladder is not the powers of two: {terms:?}"));
        }
        if k == 2 && terms.iter().enumerate().any(|(j, &t)| t != FIB_U64[j + 1]) {
            return Err(format!("k = 2 ladder is not the Fibonacci numbers: {terms:?}"));
        }
        let size = (limit + 1) as usize;
        let mut count = vec![0u8; size];
        let mut found = vec![0u32; size];
        let terms_ref = &terms;
        enumerate_sparse_sets(
            terms,
            limit,
            &|larger, smaller| u128::from(terms_ref[larger]) > u128::from(k) * u128::from(terms_ref[smaller]),
            &mut |sum, top| {
                let c = &mut count[sum as usize];
                *c = c.saturating_add(1);
                found[sum as usize] = top;
            },
        );
        for n in 0..=limit {
            if count[n as usize] != 1 {
                return Err(format!(
                    "k = {k}, n = {n}: {} representations with bigger > k * smaller",
                    count[n as usize]
                ));
            }
            let greedy = ladder.represent(n).ok_or(format!("k = {k}: {n} is past the ladder's limit"))?;
            if greedy.largest_index().unwrap_or(0) != found[n as usize] {
                return Err(format!(
                    "k = {k}, n = {n}: greedy representation {greedy} differs from the enumerated one"
                ));
            }
        }
    }
    Ok(format!(
        "k = 1..10: each of the {} integers has exactly one k-sparse representation, the greedy one",
        grouped(limit + 1)
    ))
}
