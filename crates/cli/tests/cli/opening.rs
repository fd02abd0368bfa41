//! End-to-end tests of `zgame opening`, `zgame book` and the `zgame-opening` figure: the JSON
//! contracts, the findings the help describes, and bad input.

use crate::common;
use common::*;
use serde_json::json;

#[test]
fn the_outcomes_near_the_start_and_their_period() {
    let o = zecklab(&["zgame", "opening", "--parts", "5", "--to", "80", "--json"]);
    let lines = json_lines(&o);
    let [line] = &lines[..] else { panic!("one line: {lines:?}") };
    for field in ["parts", "outcomes", "preperiod", "period", "to", "seconds"] {
        assert!(line.get(field).is_some(), "{field} in {line}");
    }
    assert_eq!(line["parts"], json!([5]));
    let outcomes = line["outcomes"].as_str().unwrap();
    assert_eq!(outcomes.len(), 81);
    // The mover wins at 1^m 5 exactly at m = 2, 3, 6, 7, 12, 18, 22, 23, 38, 67, 70 up to 80.
    let wins: Vec<usize> = outcomes.char_indices().filter(|&(_, c)| c == 'W').map(|(m, _)| m).collect();
    assert_eq!(wins, [2, 3, 6, 7, 12, 18, 22, 23, 38, 67, 70]);
    assert_eq!((&line["period"], &line["preperiod"]), (&json!(1), &json!(71)));
    let text = stdout(&zecklab(&["zgame", "opening", "--parts", "3^2", "--to", "30"]));
    assert!(text.starts_with("1^m ∪ {3 3}, m = 0 to 30:"), "{text}");

    let sweep = json_lines(&zecklab(&["zgame", "opening", "--sum-to", "6", "--to", "20", "--json"]));
    let parts: Vec<&serde_json::Value> = sweep.iter().map(|l| &l["parts"]).collect();
    assert_eq!(
        parts,
        [
            &json!([2]),
            &json!([3]),
            &json!([2, 2]),
            &json!([2, 3]),
            &json!([5]),
            &json!([2, 2, 2]),
            &json!([3, 3])
        ]
    );
}

#[test]
fn the_book_and_its_rule() {
    let o = zecklab(&["zgame", "book", "--n", "6", "--to", "8", "--depth", "2", "--json"]);
    let books = json_lines(&o);
    assert_eq!(books.len(), 3);
    assert_eq!(books[0]["n"], 6);
    assert_eq!(books[0]["depth"], 2);
    assert_eq!(books[0]["lines"][0], json!({"plies": ["1^6", "1^4 2^1"], "replies": ["1^3 3^1"]}));
    let findings = json_lines(&zecklab(&[
        "zgame", "book", "--n", "3", "--to", "40", "--depth", "2", "--rule", "--json",
    ]));
    assert_eq!(findings.len(), 2);
    assert_eq!(findings[0]["period"], 1);
    assert_eq!(
        findings[0]["rule"],
        json!([{"position": "1^(n-2) 2^1", "residue": 0, "reply": "1^(n-3) 3^1", "games": 38}])
    );
    for field in ["depth", "from", "to", "period", "shapes", "rule", "periods", "eventual", "eventual_from"] {
        assert!(findings[1].get(field).is_some(), "{field} in {}", findings[1]);
    }
    assert_eq!(findings[1]["periods"].as_array().unwrap().len(), 12);
}

#[test]
fn bad_input_is_refused_by_name() {
    for (args, says) in [
        (&["zgame", "opening", "--parts", "4"][..], "not a Fibonacci"),
        (&["zgame", "opening", "--parts", "1 2"], "ones are the m"),
        (&["zgame", "opening", "--parts", "-5"], "bad part"),
        (&["zgame", "opening", "--sum-to", "41"], "--sum-to 41"),
        (&["zgame", "opening", "--parts", "5", "--to", "996"], "m + sum(S) reaches 1001"),
        (&["zgame", "book", "--n", "0"], "n = 0"),
        (&["zgame", "book", "--n", "5", "--depth", "9"], "--depth 9"),
        (&["zgame", "book", "--n", "9", "--to", "5"], "ends before it starts"),
        (&["plot", "zgame-opening", "--sum-to", "13", "--out", "x.svg"], "--sum-to 13"),
    ] {
        let o = zecklab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = zecklab(&["zgame", "opening"]);
    assert_usage_error(&o, "--parts");
}

#[test]
fn the_figure_draws_every_set() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("opening.svg");
    let o = zecklab(&[
        "plot",
        "zgame-opening",
        "--sum-to",
        "5",
        "--to",
        "30",
        "--out",
        svg.to_str().unwrap(),
        "--json",
    ]);
    let line = &json_lines(&o)[0];
    assert_eq!(line["figure"], "zgame-opening");
    // Five sets (2; 3; 2 2; 2 3; 5), 31 values of m each.
    assert_eq!(line["rows"].as_array().unwrap().len(), 5 * 31);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("<svg") && drawn.contains("the mover wins"));
}

/// The published files, as `docs/data` holds them.
fn published(name: &str) -> Vec<serde_json::Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

#[test]
fn the_published_files_are_what_the_commands_print() {
    // The outcomes near the start: each S with sum up to 8, m up to 60, against the file's.
    let file = published("zgame-opening.jsonl");
    let computed = json_lines(&zecklab(&["zgame", "opening", "--sum-to", "8", "--to", "60", "--json"]));
    assert_eq!(computed.len(), 13);
    for line in &computed {
        let stored = file.iter().find(|l| l["parts"] == line["parts"]).expect("the file holds every S");
        let prefix = &stored["outcomes"].as_str().unwrap()[..61];
        assert_eq!(line["outcomes"].as_str().unwrap(), prefix, "{}", line["parts"]);
        assert_eq!(stored["to"], 500);
    }
    assert_eq!(file.len(), 133, "every S with sum up to 20");
    // The book: its first games, computed again.
    let book = published("zgame-opening-book.jsonl");
    let computed =
        json_lines(&zecklab(&["zgame", "book", "--n", "3", "--to", "30", "--depth", "3", "--json"]));
    assert_eq!(computed[..], book[..28]);
    assert_eq!(book.last().unwrap()["n"], 500);
}

#[test]
fn the_research_notes_statements_hold_in_the_published_files() {
    // docs/research/opening.md, Propositions 1 to 3 and 5, read from the published outcomes.
    let file = published("zgame-opening.jsonl");
    let word = |parts: serde_json::Value| -> Vec<bool> {
        let line = file.iter().find(|l| l["parts"] == parts).expect("S in the file");
        line["outcomes"].as_str().unwrap().chars().map(|c| c == 'W').collect()
    };
    let at = |w: &[bool], wins: bool| -> Vec<usize> { (0..w.len()).filter(|&m| w[m] == wins).collect() };
    assert_eq!(at(&word(json!([3])), true), Vec::<usize>::new(), "Proposition 1");
    let e = at(&word(json!([5])), true);
    assert_eq!(e, [2, 3, 6, 7, 12, 18, 22, 23, 38, 67, 70, 305, 365, 408, 409, 433], "Proposition 2");
    let (threes, two_five) = (word(json!([3, 3])), word(json!([2, 5])));
    for m in 1..=500 {
        assert_eq!(!threes[m - 1], e.contains(&m), "Proposition 3, 3 3 at m = {m}");
        if m >= 2 {
            assert_eq!(!two_five[m - 2], e.contains(&m), "Proposition 3, 2 5 at m = {m}");
        }
    }
    let e_prime = at(&word(json!([2, 3, 3])), false);
    assert_eq!(e_prime, [6, 12, 18, 21, 24, 27, 30, 33, 36, 51, 54, 72, 75, 87, 99, 144], "E'");
    let mut expected: Vec<usize> =
        e.iter().filter_map(|m| m.checked_sub(2)).chain(e_prime.iter().map(|m| m + 1)).collect();
    expected.sort_unstable();
    assert_eq!(at(&word(json!([2, 2, 3])), true), expected, "Proposition 5, 2 2 3");
    let period = |l: &serde_json::Value| (l["period"].as_u64(), l["preperiod"].as_u64().unwrap_or(0));
    let early = file.iter().filter(|l| matches!(period(l), (Some(1), q) if q <= 20)).count();
    let late = file.iter().filter(|l| matches!(period(l), (Some(1), q) if q > 20)).count();
    let none = file.iter().filter(|l| l["period"].is_null()).count();
    assert_eq!((early, late, none), (56, 62, 14), "Proposition 5");
    let settled_on_wins = file.iter().filter(|l| {
        matches!(period(l), (Some(1), q) if q <= 20) && l["outcomes"].as_str().unwrap().ends_with('W')
    });
    assert_eq!(settled_on_wins.count(), 46);
}

#[test]
fn the_parity_law_by_counts_and_by_the_pairing() {
    let lines = json_lines(&zecklab(&["zgame", "parity", "--n", "6", "--to", "7", "--zeros", "--json"]));
    for field in [
        "n",
        "law",
        "unpaired_exists",
        "games",
        "signed",
        "unpaired",
        "positions",
        "zero_positions",
        "zeros",
        "method",
        "seconds",
    ] {
        assert!(lines[0].get(field).is_some(), "{field} in {}", lines[0]);
    }
    assert_eq!(
        (&lines[0]["law"], &lines[0]["signed"], &lines[0]["games"]),
        (&json!(true), &json!("0"), &json!("8"))
    );
    assert_eq!(lines[0]["zeros"].as_array().unwrap().len(), 6);
    assert_eq!(
        (&lines[1]["law"], &lines[1]["signed"], &lines[1]["unpaired"]),
        (&json!(false), &json!("-2"), &json!("2"))
    );
    // Past the exact counts, the pairing alone: it decides even n, and leaves odd n open.
    let far = json_lines(&zecklab(&["zgame", "parity", "--n", "161", "--to", "162", "--json"]));
    assert_eq!(
        (&far[0]["law"], &far[0]["method"], &far[0]["signed"]),
        (&json!(null), &json!("pairing"), &json!(null))
    );
    assert_eq!((&far[1]["law"], &far[1]["unpaired_exists"]), (&json!(true), &json!(false)));
    for (args, says) in [
        (&["zgame", "parity", "--n", "0"][..], "n = 0"),
        (&["zgame", "parity", "--n", "701"], "n = 701"),
        (&["zgame", "parity", "--n", "170", "--zeros"], "--zeros"),
    ] {
        let o = zecklab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn the_fits_quoted_in_the_notes_are_what_data_fits_computes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data");
    let lines = json_lines(&zecklab(&["data", "fits", "--dir", dir.to_str().unwrap(), "--json"]));
    let fit =
        |name: &str| lines.iter().find(|l| l["name"] == name).unwrap_or_else(|| panic!("{name}")).clone();
    let parameter = |name: &str, k: usize| {
        (
            fit(name)["parameters"][k]["value"].as_f64().unwrap(),
            fit(name)["parameters"][k]["std_error"].as_f64().unwrap(),
        )
    };
    let near = |got: (f64, f64), value: f64, error: f64, digits: f64| {
        (got.0 - value).abs() <= digits && (got.1 - error).abs() <= digits
    };
    // docs/research/record.md, Conjectures 1 and 2.
    assert!(near(parameter("zgame-remoteness", 0), -39.7, 0.9, 0.05));
    assert!(near(parameter("zgame-remoteness", 1), 0.0115, 0.0022, 0.00005));
    assert_eq!(fit("zgame-remoteness")["points"], 402);
    assert_eq!(fit("zgame-remoteness")["observed"], json!([-48.0, -18.0]));
    let remoteness = fit("zgame-remoteness");
    assert!((remoteness["residual_sd"].as_f64().unwrap() - 5.4).abs() < 0.05);
    assert!((remoteness["max_abs_residual"].as_f64().unwrap() - 16.6).abs() < 0.05);
    assert_eq!(remoteness["max_residual_at"], 439);
    assert!((fit("zgame-p-share")["residual_sd"].as_f64().unwrap() - 0.0027).abs() < 0.00005);
    assert_eq!(fit("zgame-p-share")["points"], 605);
    assert!(near(parameter("zgame-p-share", 0), 0.2790, 0.0006, 0.00005));
    assert!(near(parameter("zgame-p-share", 1), -0.483, 0.012, 0.0005));
    // docs/research/random-games.md, Conjectures 1 and 2.
    assert!(near(parameter("random-path-mean", 0), 1.2122, 0.0031, 0.00005));
    assert!(near(parameter("random-path-variance", 0), 0.2249, 0.0008, 0.00005));
    assert!(near(parameter("random-games-mean", 0), 2.31, 0.01, 0.005));
    assert!(near(parameter("random-games-variance", 0), 0.191, 0.005, 0.0005));
    // docs/research/ordered-and-black-hole.md, Conjectures 1 and 2.
    assert!(near(parameter("ordered-longest", 1), 1.540, 0.015, 0.0005));
    assert!(near(parameter("ordered-p-share", 1), -0.563, 0.006, 0.0005));
    let o = zecklab(&["data", "fits", "--dir", "/nonexistent"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_parity_statements_hold_in_the_published_file() {
    // docs/research/random-games.md, Propositions 8 and 9 and Question 1.
    let file = published("zgame-parity.jsonl");
    assert_eq!(file.len(), 400);
    for line in &file {
        let n = line["n"].as_u64().unwrap();
        let law = &line["law"];
        if n >= 4 && n % 2 == 0 {
            assert_eq!((law, &line["unpaired_exists"]), (&json!(true), &json!(false)), "n = {n}");
        } else if n <= 160 {
            assert_eq!(law, &json!(false), "n = {n}");
        }
    }
    let at = |n: usize| &file[n - 1];
    let signed: Vec<&str> =
        [1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 19].iter().map(|&n| at(n)["signed"].as_str().unwrap()).collect();
    assert_eq!(signed, ["1", "-1", "1", "1", "-2", "1", "10", "2", "-47", "115", "786"]);
    assert_eq!((&at(11)["unpaired"], &at(11)["games"]), (&json!("30"), &json!("2710")));
    assert_eq!((&at(19)["unpaired"], &at(19)["games"]), (&json!("149848"), &json!("4810571404")));
    assert_eq!((&at(12)["zero_positions"], &at(12)["positions"]), (&json!(13), &json!(33)));
    assert_eq!((&at(20)["zero_positions"], &at(20)["positions"]), (&json!(6), &json!(134)));
    // The file is what the command prints (seconds aside).
    let mut computed = json_lines(&zecklab(&["zgame", "parity", "--n", "1", "--to", "30", "--json"]));
    let mut stored = file[..30].to_vec();
    for line in computed.iter_mut().chain(stored.iter_mut()) {
        line.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(computed, stored);
}
