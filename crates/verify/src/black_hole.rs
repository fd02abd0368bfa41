//! Checks for the black-hole games: the solver against a search over multisets of piece values
//! written from the rules alone, from n ones and from count-vector starts, and the authors' own
//! example start.

use zecklab_games::zgame::black_hole::{solve_black_hole, BlackHole};
use zecklab_numeration::fib::FIB_U64;
use zecklab_reference::black_hole::NaiveBlackHole;

use crate::{Check, Level};

const BLACK_HOLE_PAPER: &str = r#"Cashman, Miller, Shuffelton and Son, "Black Hole Zeckendorf Games", arXiv 2409.10981, and the authors' program"#;

fn pieces(counts: &[u32]) -> Vec<u64> {
    counts.iter().enumerate().flat_map(|(i, &c)| std::iter::repeat_n(FIB_U64[i + 1], c as usize)).collect()
}

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let ones_n = level.pick(30u32, 60);
    let each = level.pick(8u32, 12);
    vec![
        Check::new(
            "black-hole-search",
            "The black-hole games' solver (count vectors, depth first) gives every reachable position's outcome as a memoised search over multisets of piece values, from n ones and from count-vector starts; the authors' example start (4, 0, 3) with the hole on F4 is a Player 1 win",
            BLACK_HOLE_PAPER,
            format!("every position reached from n ones, n <= {ones_n}, holes on F3 to F6; every start with up to {each} pieces a column, holes on F3 and F4"),
            "depth-first solve of count vectors against memoised search of multisets",
            move || check_search(ones_n, each),
        ),
    ]
}

fn check_search(ones_n: u32, each: u32) -> Result<String, String> {
    let mut compared = 0u64;
    for m in 3..=6 {
        let rules = BlackHole::new(m).map_err(|e| e.to_string())?;
        let mut naive = NaiveBlackHole::new(m);
        for n in 0..=ones_n {
            let solution = solve_black_hole(rules, &rules.start(n), 1 << 24).map_err(|e| e.to_string())?;
            for (counts, value) in solution.iter() {
                if value.win != naive.wins(&pieces(counts)) {
                    return Err(format!(
                        "hole on F{m}, n = {n}, {counts:?}: the solver and the search differ"
                    ));
                }
                compared += 1;
            }
        }
    }
    for m in [3usize, 4] {
        let rules = BlackHole::new(m).map_err(|e| e.to_string())?;
        let mut naive = NaiveBlackHole::new(m);
        let columns = m - 1;
        let mut start = vec![0u32; columns];
        loop {
            let solution = solve_black_hole(rules, &start, 1 << 24).map_err(|e| e.to_string())?;
            if solution.value(&start).map(|v| v.win) != Some(naive.wins(&pieces(&start))) {
                return Err(format!("hole on F{m}, start {start:?}: the solver and the search differ"));
            }
            compared += 1;
            let mut k = 0;
            while k < columns && start[k] == each {
                start[k] = 0;
                k += 1;
            }
            if k == columns {
                break;
            }
            start[k] += 1;
        }
    }
    let example = solve_black_hole(BlackHole::new(4).map_err(|e| e.to_string())?, &[4, 0, 3], 1 << 20)
        .map_err(|e| e.to_string())?;
    if !example.value(&[4, 0, 3]).is_some_and(|v| v.win) {
        return Err("the start (4, 0, 3) with the hole on F4 is not a Player 1 win".into());
    }
    Ok(format!("{} positions and starts equal the search; (4, 0, 3) is Player 1's", crate::grouped(compared)))
}
