//! The answers behind the explorer's pages, each as one request computes it: a Fibonacci Nim
//! position with every take and its remoteness, a Wythoff position with every move, and a
//! Zeckendorf-game position with its moves and optimal line from a solution in memory.

use zecklab_answers::zgame::{parse_position, position, Values};
use zecklab_answers::{nim, repr, wythoff};
use zecklab_games::fibnim::Theory;
use zecklab_games::zgame::solve;

fn main() {
    divan::main();
}

/// A Nim page: every take of the opening of `heap`, with the remoteness table up to the heap.
#[divan::bench(args = [90, 500, 2000])]
fn nim_position_every_take(bencher: divan::Bencher, heap: u32) {
    let rules = nim::rules(2, false).unwrap();
    let theory = Theory::new(rules);
    let p = nim::position(&heap.to_string(), None, rules).unwrap();
    bencher.bench(|| nim::explore(&theory, divan::black_box(&p)));
}

/// A Wythoff page: every move of `(a, a + 10)` with remoteness from the board (every move is
/// listed while both heaps are at most 200).
#[divan::bench(args = [20, 100, 190])]
fn wythoff_position_every_move(bencher: divan::Bencher, a: u32) {
    let p = wythoff::position(&a.to_string(), &(a + 10).to_string()).unwrap();
    bencher.bench(|| wythoff::explore(divan::black_box(&p)));
}

/// A Zeckendorf page: the start of the game on `n` with every move and the optimal line.
#[divan::bench(args = [50, 150, 270])]
fn zgame_position_with_line(bencher: divan::Bencher, n: u32) {
    let solution = solve(n, true, 1 << 32, |_, _| {}).unwrap();
    let (p, _) = parse_position(&format!("1^{n}")).unwrap();
    bencher.bench(|| position(Values::Solved(&solution), divan::black_box(&p), true).unwrap());
}

/// A numeration page for a 1,000-digit number.
#[divan::bench]
fn repr_thousand_digits(bencher: divan::Bencher) {
    let text = "7".repeat(1000);
    let mut r = repr::Representer::new(2).unwrap();
    bencher.bench_local(|| r.answer_text(divan::black_box(&text), false).unwrap());
}

/// The outcomes near the start: `1^m 5` for every m to `to` (each game to `to + 5` solved whole
/// by the layered engine and read), as `zgame opening --parts 5` runs.
#[divan::bench(args = [100, 200], sample_count = 3, sample_size = 1)]
fn opening_of_five(bencher: divan::Bencher, to: u32) {
    use zecklab_answers::opening::opening_lines;
    bencher.bench(|| {
        let mut lines = Vec::new();
        opening_lines::<zecklab_answers::AnswerError>(
            &[vec![5]],
            to,
            &Default::default(),
            |_, _| {},
            |l| {
                lines.push(l);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(lines[0].outcomes.len(), to as usize + 1);
    });
}
