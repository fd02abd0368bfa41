//! Checks for the ordered Zeckendorf game: the sweep against a memoised search over lists, the
//! published winners, the shortest game `n - Z(n)`, and the long-game strategy against the
//! longest game `M(n)` (a game where it falls short would be a counterexample to the authors'
//! conjecture).

use zecklab_numeration::zeckendorf_mask_u64;
use zecklab_ordered::{ordered_lengths, solve_ordered, OrderedIndex};
use zecklab_reference::ordered::NaiveOrdered;

use crate::{Check, Level};

const ORDERED_PAPER: &str = r#"Bortnovskyi, Lucas, Miller, Vranesko, Watson and White, "The Ordered Zeckendorf Game", arXiv 2508.20222, abstract"#;

const MEMORY: u128 = 4 << 30;

pub(crate) fn checks(level: Level) -> Vec<Check> {
    let naive_n = level.pick(12u32, 16);
    let winners_n = 25u32;
    let lengths_n = level.pick(20u32, 28);
    vec![
        Check::new(
            "ordered-search",
            "The ordered game's sweep (lists ranked from their right end, every move to a higher rank) gives every position's outcome and remoteness as a memoised search over lists, with moves written apart from the rules",
            ORDERED_PAPER,
            format!("every position of every n <= {naive_n}"),
            "rank sweep against memoised minimax over lists",
            move || check_search(naive_n),
        ),
        Check::new(
            "ordered-winners",
            "Player 1 wins the ordered game on n for every n from 2 to 25 except n = 18, where Player 2 wins",
            ORDERED_PAPER,
            format!("every n from 2 to {winners_n}"),
            "rank sweep",
            move || check_winners(winners_n),
        ),
        Check::new(
            "ordered-lengths",
            "The shortest ordered game from n ones has n - Z(n) moves; the longest, M(n), is compared with n²/2; the long-game strategy (switch the leftmost descending pair, else merge the leftmost 1 1, else split the rightmost equal pair, else merge the leftmost consecutive pair) is checked against M(n) (the authors conjecture it attains it)",
            ORDERED_PAPER,
            format!("every n from 1 to {lengths_n}"),
            "longest and shortest paths by one rank sweep; the strategy played out",
            move || check_lengths(lengths_n),
        ),
    ]
}

fn check_search(max_n: u32) -> Result<String, String> {
    let mut naive = NaiveOrdered::new();
    let mut compared = 0u64;
    for n in 1..=max_n {
        let solution = solve_ordered(n, true, MEMORY).map_err(|e| e.to_string())?;
        let index = solution.index();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let list: Vec<u64> = p.values().collect();
            let (win, remoteness) = naive.value(&list);
            if solution.outcome(r).is_win() != win || solution.remoteness(r) != Some(remoteness) {
                return Err(format!("n = {n}, {p}: the sweep and the search differ"));
            }
            compared += 1;
        }
    }
    Ok(format!("{} positions equal the search", crate::grouped(compared)))
}

fn check_winners(max_n: u32) -> Result<String, String> {
    let mut player_two = Vec::new();
    for n in 2..=max_n {
        let solution = solve_ordered(n, false, MEMORY).map_err(|e| e.to_string())?;
        if !solution.outcome(0).is_win() {
            player_two.push(n);
        }
    }
    if player_two != [18] {
        return Err(format!("Player 2 wins at n = {player_two:?}, not only at n = 18"));
    }
    Ok(format!("Player 1 wins every n from 2 to {max_n} but n = 18"))
}

fn check_lengths(max_n: u32) -> Result<String, String> {
    let mut short_of = Vec::new();
    let mut ratio = 0.0;
    for n in 1..=max_n {
        let index = OrderedIndex::new(n).expect("small games rank");
        let lengths = ordered_lengths(&index);
        let parts = zeckendorf_mask_u64(u64::from(n)).count_ones();
        if lengths.shortest != n - parts {
            return Err(format!(
                "n = {n}: the shortest game has {} moves, not n - Z(n) = {}",
                lengths.shortest,
                n - parts
            ));
        }
        if lengths.long_game > lengths.longest {
            return Err(format!(
                "n = {n}: the strategy's game ({}) is longer than the longest ({})",
                lengths.long_game, lengths.longest
            ));
        }
        if lengths.long_game < lengths.longest {
            short_of.push(n);
        }
        ratio = f64::from(lengths.longest) / (f64::from(n) * f64::from(n) / 2.0);
    }
    let strategy = if short_of.is_empty() {
        "the long-game strategy attains M(n) at every n".to_string()
    } else {
        format!("the long-game strategy falls short of M(n) at n = {short_of:?}")
    };
    Ok(format!("shortest = n - Z(n) at every n; {strategy}; M({max_n}) / ({max_n}²/2) = {ratio:.3}"))
}
