//! Checks for Wythoff's game (seed 002): the digit rule against the golden-ratio formula and
//! against search, and the fast Grundy board against the naive one.

use num_bigint::BigUint;
use zecklab_games::wythoff::{digit_rule_partner, formula_pair, formula_pair_u64, is_lower, GrundyBoard};

use zecklab_reference::wythoff::{grundy_naive, p_position_board};

use crate::{grouped, Check, Level};

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let pairs = level.pick(1_000_000u64, 1_000_000);
    let board = level.pick(2_000usize, 2_000);
    let naive = level.pick(64usize, 96);
    let zeros = level.pick(1_000usize, 3_000);
    vec![
        Check::new(
            "wythoff-digit-rule",
            "(a, b) with a <= b is a P-position of Wythoff's game iff a's Zeckendorf numeral ends in an even number of zeros and b's is a's with one more zero; these are the pairs (floor(m phi), floor(m phi^2))",
            r#"the essay on base-Fibonacci numerals in a series on Wythoff's game"#,
            format!("m <= {} against the formula; the whole {board} x {board} board against search", grouped(pairs)),
            "exact integer formula (isqrt) against the digit rule for every m; exhaustive search of the board (row, column and diagonal flags) against both",
            move || check_digit_rule(pairs, board),
        ),
        Check::new(
            "wythoff-grundy",
            "The fast Grundy computation (line bitsets, mex scan from the lines' own mexes) equals the naive mex over every option, and its zeros are exactly the P-positions",
            r#"the essay on base-Fibonacci numerals in a series on Wythoff's game (P-positions); Grundy values by computation"#,
            format!("naive comparison on the {naive} x {naive} board; zeros on the {zeros} x {zeros} board"),
            "fast board against the cubic naive scan; zeros against the searched P-positions",
            move || check_grundy(naive, zeros),
        ),
    ]
}

fn check_digit_rule(pairs: u64, n: usize) -> Result<String, String> {
    for m in 1..=pairs {
        let (a, b) = formula_pair_u64(m);
        let (big_a, big_b) = (BigUint::from(a), BigUint::from(b));
        if !is_lower(&big_a) || digit_rule_partner(&big_a) != big_b || digit_rule_partner(&big_b) != big_a {
            return Err(format!("m = {m}: formula pair ({a}, {b}) breaks the digit rule"));
        }
        if m % 1009 == 0 && formula_pair(&BigUint::from(m)) != (big_a.clone(), big_b.clone()) {
            return Err(format!("m = {m}: arbitrary-precision formula differs"));
        }
    }
    let board = p_position_board(n);
    let mut count = 0;
    for a in 0..n {
        for b in 0..n {
            let (low, high) = (a.min(b), a.max(b));
            let by_rule = digit_rule_partner(&BigUint::from(low)) == BigUint::from(high)
                && (low == 0 || is_lower(&BigUint::from(low)));
            if by_rule != board[a * n + b] {
                return Err(format!(
                    "({a}, {b}): search says {}, the digit rule says {by_rule}",
                    board[a * n + b]
                ));
            }
            count += usize::from(by_rule);
        }
    }
    Ok(format!(
        "{} formula pairs follow the digit rule; search finds the same {count} P-positions on the board",
        grouped(pairs)
    ))
}

fn check_grundy(naive: usize, zeros: usize) -> Result<String, String> {
    let fast = GrundyBoard::compute(naive, |_| {});
    let slow = grundy_naive(naive);
    for a in 0..naive {
        for b in 0..naive {
            if fast.value(a, b) != slow[a * naive + b] {
                return Err(format!("g({a}, {b}): fast {} naive {}", fast.value(a, b), slow[a * naive + b]));
            }
        }
    }
    let board = GrundyBoard::compute(zeros, |_| {});
    let p = p_position_board(zeros);
    for a in 0..zeros {
        for b in 0..zeros {
            if (board.value(a, b) == 0) != p[a * zeros + b] {
                return Err(format!(
                    "g({a}, {b}) = {} but P-position = {}",
                    board.value(a, b),
                    p[a * zeros + b]
                ));
            }
        }
    }
    Ok(format!("all {} values equal; zeros match the P-positions", naive * naive))
}
