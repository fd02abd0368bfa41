//! End-to-end tests of `zecklab zgame`.

use crate::common;
use common::*;

#[test]
fn solve_range_json() {
    let lines = json_lines(&zecklab(&["zgame", "solve", "--to", "60", "--json"]));
    assert_eq!(lines.len(), 60);
    for line in &lines {
        let n = line["n"].as_u64().unwrap();
        for field in ["positions", "p_positions", "remoteness", "seconds"] {
            assert!(line[field].is_number(), "{field} in {line}");
        }
        let expected = if n == 2 { "P1" } else { "P2" };
        assert_eq!(line["winner"], expected, "n = {n}");
    }

    let hundred = &json_lines(&zecklab(&["zgame", "solve", "--n", "100", "--json"]))[0];
    assert_eq!(hundred["positions"], 97_075);
    let outcomes_only =
        &json_lines(&zecklab(&["zgame", "solve", "--n", "100", "--no-remoteness", "--json"]))[0];
    assert!(outcomes_only["remoteness"].is_null());
    assert_eq!(outcomes_only["p_positions"], hundred["p_positions"]);
    // Help text may be wrapped to the terminal width; compare it with whitespace collapsed.
    let help =
        stdout(&zecklab(&["zgame", "solve", "--help"])).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("(to n = 579)") && help.contains("up to n = 815") && help.contains("to n = 1007"),
        "{help}"
    );
}

#[test]
fn position_lists_every_move() {
    let p = &json_lines(&zecklab(&["zgame", "position", "1^3 2^2 5^7", "--json"]))[0];
    assert_eq!(p["position"], "1^3 2^2 5^7");
    let moves = p["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().any(|m| m["move"] == "{F2 ∧ F2 -> F1 ∧ F3}"));
    // A win has a winning move and its remoteness is one more than the fastest losing child.
    let fastest =
        moves.iter().filter(|m| m["outcome"] == "loss").map(|m| m["remoteness"].as_u64().unwrap()).min();
    assert_eq!(p["outcome"] == "win", fastest.is_some());
    if let Some(f) = fastest {
        assert_eq!(p["remoteness"].as_u64().unwrap(), f + 1);
    }
    let same = &json_lines(&zecklab(&["zgame", "position", "{1^3 ∧ 2^2 ∧ 5^7}", "--json"]))[0];
    assert_eq!(same, p);
}

#[test]
fn check_proves_the_tables_and_reports_in_json() {
    for n in ["1", "2", "30", "60"] {
        for extra in [None, Some("--no-remoteness")] {
            let mut args = vec!["zgame", "check", "--n", n, "--json"];
            args.extend(extra);
            let o = zecklab(&args);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let c = &json_lines(&o)[0];
            assert_eq!(c["n"], n.parse::<u32>().unwrap());
            assert_eq!(c["checked"], c["positions"]);
            assert_eq!(c["inconsistent"], 0);
            assert_eq!(c["first_inconsistent"], serde_json::Value::Null);
            assert_eq!(c["remoteness_checked"], extra.is_none());
        }
    }
    let human = stdout(&zecklab(&["zgame", "check", "--n", "30"]));
    assert!(human.starts_with("n = 30: all ") && human.contains("consistent"), "{human}");
    assert_usage_error(&zecklab(&["zgame", "check", "--n", "0"]), "n = 0");
}

#[test]
fn tiers_json_splits_the_positions_by_parts() {
    let plain = &json_lines(&zecklab(&["zgame", "solve", "--n", "50", "--json"]))[0];
    let with_tiers = &json_lines(&zecklab(&["zgame", "solve", "--n", "50", "--tiers-json"]))[0];
    for field in ["n", "positions", "p_positions", "winner", "remoteness"] {
        assert_eq!(plain[field], with_tiers[field], "{field}");
    }
    assert!(plain.get("tiers").is_none(), "plain JSON is unchanged");
    let tiers = with_tiers["tiers"].as_array().unwrap();
    assert_eq!(
        tiers[0],
        serde_json::json!({"parts": 50, "positions": 1, "p_positions": 1}),
        "the start, a loss"
    );
    let parts: Vec<u64> = tiers.iter().map(|t| t["parts"].as_u64().unwrap()).collect();
    assert!(parts.windows(2).all(|w| w[0] > w[1]), "most parts first");
    let sum = |f: &str| tiers.iter().map(|t| t[f].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("positions"), plain["positions"].as_u64().unwrap());
    assert_eq!(sum("p_positions"), plain["p_positions"].as_u64().unwrap());
}

#[test]
fn positions_past_64_bits_are_refused_when_read() {
    // 3 x F91 wraps a 64-bit sum; 25 parts of F90 sum past 2^64.
    assert_usage_error(&zecklab(&["zgame", "position", "7540113804746346429^3"]), "2^64");
    assert_usage_error(&zecklab(&["zgame", "position", "4660046610375530309^25"]), "2^64");
}

#[test]
fn errors() {
    assert_usage_error(&zecklab(&["zgame", "position", "4^2"]), "4");
    assert_usage_error(&zecklab(&["zgame", "position", "1^x"]), "malformed");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "0"]), "n = 0");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "5000"]), "too large");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "4294967295"]), "64 bits");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "4294967296"]), "4294967296");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "900", "--no-remoteness", "--flat"]), "MiB");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "3000"]), "too large");
    assert_usage_error(&zecklab(&["zgame", "solve", "--n", "-3"]), "-3");
    assert_usage_error(
        &zecklab(&["zgame", "strategy", "--n", "2", "--out", "/tmp/unused.txt"]),
        "Player 1 wins",
    );
    assert_usage_error(&zecklab(&["zgame", "play", "--n", "0"]), "n = 0");
}

fn temporary_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "zecklab-test-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn strategy_round_trip_and_refutations() {
    let dir = temporary_dir();
    let file = dir.join("s60.txt");
    let file_arg = file.to_str().unwrap();
    let written = &json_lines(&zecklab(&["zgame", "strategy", "--n", "60", "--out", file_arg, "--json"]))[0];
    let checked = zecklab(&["zgame", "check-strategy", file_arg, "--json"]);
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    let checked = &json_lines(&checked)[0];
    assert_eq!(checked["wins"], true);
    assert_eq!(checked["entries"], written["positions"]);
    assert_eq!(checked["unreachable_entries"], 0);

    // A strategy with one answer replaced by a losing move is refuted: exit status 1.
    let text = std::fs::read_to_string(&file).unwrap();
    let first = text.lines().position(|l| l.contains('\t')).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines[first].starts_with("1^58 2^1\t"), "P1's only first move is 1+1: {}", lines[first]);
    // Any answer that leads to a win for Player 1 must be refuted.
    let options = &json_lines(&zecklab(&["zgame", "position", "1^58 2^1", "--json"]))[0];
    let losing = options["moves"].as_array().unwrap().iter().find(|m| m["outcome"] == "win").unwrap();
    lines[first] = format!("1^58 2^1\t{}", losing["move"].as_str().unwrap());
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let refuted = zecklab(&["zgame", "check-strategy", bad.to_str().unwrap()]);
    assert_eq!(refuted.status.code(), Some(1), "{}", stdout(&refuted));
    assert!(stdout(&refuted).contains("FAILED"));

    // Corrupt files: exit 2 with one line naming the problem.
    let truncated = dir.join("truncated.txt");
    std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
    assert_usage_error(&zecklab(&["zgame", "check-strategy", truncated.to_str().unwrap()]), "line");
    let binary = dir.join("binary.bin");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    assert_usage_error(
        &zecklab(&["zgame", "check-strategy", binary.to_str().unwrap()]),
        "not a strategy file",
    );
    assert_usage_error(
        &zecklab(&["zgame", "check-strategy", dir.join("missing").to_str().unwrap()]),
        "cannot read",
    );

    assert_usage_error(
        &zecklab(&["zgame", "strategy", "--n", "10", "--out", dir.to_str().unwrap()]),
        "directory",
    );
    let nowhere = dir.join("missing-dir").join("s.txt");
    assert_usage_error(
        &zecklab(&["zgame", "strategy", "--n", "10", "--out", nowhere.to_str().unwrap()]),
        "no directory",
    );

    // Writing never leaves a partial file: a failed export keeps the old contents.
    std::fs::write(&file, "old").unwrap();
    assert_usage_error(&zecklab(&["zgame", "strategy", "--n", "2", "--out", file_arg]), "Player 1 wins");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_through_a_pipe() {
    // With --first computer the human is Player 2, who wins every n >= 3 with the hints' moves.
    let mut input = String::new();
    for _ in 0..40 {
        input.push_str("hint\n");
    }
    let o = zecklab_with_stdin(&["zgame", "play", "--n", "10", "--first", "computer"], &input);
    let text = stdout(&o);
    assert!(text.contains("You are winning. Winning moves:"), "{text}");
    assert_eq!(o.status.code(), Some(2), "input ended before the game: {text}");

    // Follow the hints: play the first winning move each turn; the human (Player 2) must win.
    let o = play_following_hints(10);
    assert!(o.contains("you win!"), "{o}");

    // n = 1 has no move: whoever is to move loses at once.
    let o = stdout(&zecklab_with_stdin(&["zgame", "play", "--n", "1"], ""));
    assert!(o.contains("You cannot move, so you lose"), "{o}");
}

/// Plays `zgame play --n N --first computer`, answering each prompt with the first winning move
/// the hint names, by running the game once per move with the moves so far.
fn play_following_hints(n: u32) -> String {
    let mut moves: Vec<String> = Vec::new();
    loop {
        let mut input: String = moves.iter().map(|m| format!("{m}\n")).collect();
        input.push_str("hint\n");
        let args = ["zgame", "play", "--n", &n.to_string(), "--first", "computer"];
        let o = zecklab_with_stdin(&args, &input);
        let text = stdout(&o);
        if text.contains("no moves are left") {
            return text;
        }
        let hint =
            text.lines().rev().find(|l| l.contains("Winning moves:")).unwrap_or_else(|| panic!("{text}"));
        let first = hint.split("Winning moves: ").nth(1).unwrap().split(" (wins").next().unwrap();
        moves.push(first.to_string());
        assert!(moves.len() < 40, "{text}");
    }
}

#[test]
fn lengths_and_play_out() {
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", "30", "--json"]))[0];
    assert_eq!(l["shortest"], 27);
    assert_eq!(l["combine_largest"], l["shortest"]);
    assert_eq!(l["split_smallest"], l["longest"]);
    // The number of games passes 64 bits by n = 30.
    assert!(l["games"].as_str().unwrap().parse::<u128>().unwrap() > u128::from(u64::MAX));
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", "20", "--json"]))[0];
    assert_eq!(l["bound_sharp"], true, "20 = F7 - 1");
    let p = &json_lines(&zecklab(&[
        "zgame",
        "play-out",
        "--n",
        "100000",
        "--p1",
        "split-smallest",
        "--p2",
        "combine-largest",
        "--json",
    ]))[0];
    assert!(p["length"].as_u64().unwrap() > 0);
    assert_usage_error(
        &zecklab(&["zgame", "play-out", "--n", "10", "--p1", "foo", "--p2", "split-largest"]),
        "'foo'",
    );
}

#[test]
fn play_out_table_has_every_pairing() {
    let lines = json_lines(&zecklab(&["zgame", "play-out", "--n", "300", "--table", "--json"]));
    assert_eq!(lines.len(), 16);
    for line in &lines {
        let single = &json_lines(&zecklab(&[
            "zgame",
            "play-out",
            "--n",
            "300",
            "--p1",
            line["p1"].as_str().unwrap(),
            "--p2",
            line["p2"].as_str().unwrap(),
            "--json",
        ]))[0];
        assert_eq!(single, line);
        let odd = line["length"].as_u64().unwrap() % 2 == 1;
        assert_eq!(line["winner"], if odd { "P1" } else { "P2" });
    }
    let text = stdout(&zecklab(&["zgame", "play-out", "--n", "300", "--table"]));
    assert_eq!(text.lines().count(), 6, "{text}");
}

#[test]
fn length_distribution() {
    let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", "40", "--distribution", "--json"]))[0];
    let d = l["distribution"].as_array().unwrap();
    assert_eq!(d[0]["length"], l["shortest"]);
    assert_eq!(d[d.len() - 1]["length"], l["longest"]);
    let total: f64 = d.iter().map(|e| e["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let mean: f64 =
        d.iter().map(|e| e["length"].as_f64().unwrap() * e["probability"].as_f64().unwrap()).sum();
    assert!((mean - l["random_mean"].as_f64().unwrap()).abs() < 1e-9);
    assert!(l["skewness"].is_number() && l["excess_kurtosis"].is_number());
    // Without the flag the contract fields are unchanged.
    let plain = &json_lines(&zecklab(&["zgame", "lengths", "--n", "40", "--json"]))[0];
    assert!(plain.get("distribution").is_none() && plain.get("skewness").is_none());
    assert_usage_error(&zecklab(&["zgame", "lengths", "--n", "251", "--distribution"]), "251");
}

#[test]
fn lengths_under_a_named_measure_carry_exact_values() {
    let games =
        &json_lines(&zecklab(&["zgame", "lengths", "12", "--measure", "games", "--distribution", "--json"]))
            [0];
    assert_eq!(games["measure"], "games");
    let entries = games["distribution"].as_array().unwrap();
    let total: u128 = entries.iter().map(|e| e["games"].as_str().unwrap().parse::<u128>().unwrap()).sum();
    assert_eq!(total.to_string(), games["games"].as_str().unwrap(), "every game counted once");
    for e in entries {
        let (p, q) = e["exact"].as_str().unwrap().split_once('/').unwrap();
        let (p, q): (f64, f64) = (p.parse().unwrap(), q.parse().unwrap());
        assert!((p / q - e["probability"].as_f64().unwrap()).abs() < 1e-15, "{e}");
    }
    let path = &json_lines(&zecklab(&["zgame", "lengths", "12", "--measure", "path", "--json"]))[0];
    let plain = &json_lines(&zecklab(&["zgame", "lengths", "12", "--json"]))[0];
    // Naming the default measure changes no figure; it adds the measure and the exact values.
    assert_eq!(path["random_mean"], plain["random_mean"]);
    assert!(plain.get("measure").is_none() && path["measure"] == "path");
    let (p, q) = path["mean_exact"].as_str().unwrap().split_once('/').unwrap();
    let exact: f64 = p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap();
    assert!((exact - plain["random_mean"].as_f64().unwrap()).abs() < 1e-12);
    let far =
        &json_lines(&zecklab(&["zgame", "lengths", "60", "--measure", "path", "--distribution", "--json"]))
            [0];
    assert!(far.get("mean_exact").is_none(), "past n = 50 the path law is not exact");
    assert!(far["distribution"][0]["exact"].is_null());
    // Past the big-integer push's reach, the counts by residues: every game counted once again.
    let beyond =
        &json_lines(&zecklab(&["zgame", "lengths", "130", "--measure", "games", "--distribution", "--json"]))
            [0];
    let counts = beyond["distribution"].as_array().unwrap().iter().map(|e| e["games"].as_str().unwrap());
    let total =
        counts.fold(num_bigint::BigUint::default(), |t, c| t + c.parse::<num_bigint::BigUint>().unwrap());
    assert_eq!(total.to_string(), beyond["games"].as_str().unwrap(), "the residues count every game once");
    assert_usage_error(&zecklab(&["zgame", "lengths", "251", "--measure", "games"]), "250");
    assert_usage_error(&zecklab(&["zgame", "lengths", "10", "--measure", "uniform"]), "uniform");
}

/// The reversed game under a named measure: its games measure is the game's (its complete games
/// are the game's read backwards), its path measure its own, whose exact mean is the float one.
#[test]
fn the_reversed_game_under_a_named_measure() {
    for n in ["12", "20"] {
        let forward = &json_lines(&zecklab(&["zgame", "lengths", n, "--measure", "games", "--json"]))[0];
        let reversed =
            &json_lines(&zecklab(&["zgame", "lengths", n, "--reversed", "--measure", "games", "--json"]))[0];
        assert_eq!(reversed["reversed"], true);
        for k in [
            "measure",
            "random_mean",
            "random_variance",
            "random_p1_wins",
            "mean_exact",
            "variance_exact",
            "games",
        ] {
            assert_eq!(reversed[k], forward[k], "n = {n}: {k}");
        }
        let path =
            &json_lines(&zecklab(&["zgame", "lengths", n, "--reversed", "--measure", "path", "--json"]))[0];
        let plain = &json_lines(&zecklab(&["zgame", "lengths", n, "--reversed", "--json"]))[0];
        assert_eq!(path["random_mean"], plain["random_mean"], "the path measure is the default");
        let (p, q) = path["mean_exact"].as_str().unwrap().split_once('/').unwrap();
        let exact: f64 = p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap();
        let float = path["random_mean"].as_f64().unwrap();
        assert!((exact - float).abs() <= 1e-12 * float, "n = {n}: {exact} against {float}");
        assert_ne!(path["mean_exact"], forward["mean_exact"], "the reversed game's path law is its own");
    }
}

#[test]
fn random_laws_give_one_line_per_n_and_measure_exact_where_the_law_is() {
    let lines = json_lines(&zecklab(&["zgame", "random-laws", "--n", "10", "--to", "12", "--json"]));
    let keys: Vec<(u64, &str)> =
        lines.iter().map(|l| (l["n"].as_u64().unwrap(), l["measure"].as_str().unwrap())).collect();
    assert_eq!(keys, [(10, "path"), (10, "games"), (11, "path"), (11, "games"), (12, "path"), (12, "games")]);
    let fields = [
        "n",
        "measure",
        "mean",
        "variance",
        "mean_over_n",
        "variance_over_n",
        "splits_mean_over_n",
        "splits_variance_over_n",
        "skewness",
        "excess_kurtosis",
        "kolmogorov",
        "p1_last_move",
        "exact",
        "bounds",
    ];
    for l in &lines {
        let mut got: Vec<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        got.sort_unstable();
        let mut want = fields.to_vec();
        want.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(l["exact"], true);
        assert!(l["bounds"].is_null() && l["kolmogorov"].as_f64().unwrap() > 0.0);
    }
    // The figures are those of `lengths` under the same measure.
    for l in &lines {
        let n = l["n"].to_string();
        let measure = l["measure"].as_str().unwrap();
        let other = &json_lines(&zecklab(&["zgame", "lengths", &n, "--measure", measure, "--json"]))[0];
        // (Here the nearest doubles of the exact values; `lengths` averages path figures in f64.)
        for (a, b) in
            [("mean", "random_mean"), ("variance", "random_variance"), ("p1_last_move", "random_p1_wins")]
        {
            let (x, y) = (l[a].as_f64().unwrap(), other[b].as_f64().unwrap());
            assert!((x - y).abs() <= 1e-13 * y.abs(), "n = {n} {measure} {a}: {x} against {y}");
        }
    }
    // Past the exact path law: bounded, each figure inside its enclosure.
    let far = &json_lines(&zecklab(&["zgame", "random-laws", "--n", "60", "--measure", "path", "--json"]))[0];
    assert_eq!((far["exact"].as_bool(), far["kolmogorov"].is_null()), (Some(false), true));
    for k in ["mean", "variance", "skewness", "excess_kurtosis", "p1_last_move"] {
        let b = far["bounds"][k].as_array().unwrap();
        let (lo, hi, v) = (b[0].as_f64().unwrap(), b[1].as_f64().unwrap(), far[k].as_f64().unwrap());
        assert!(lo <= v && v <= hi && hi - lo < 1e-6 * v.abs().max(1.0), "{k}: {lo} {v} {hi}");
    }
    let plain = zecklab(&["zgame", "random-laws", "--n", "60", "--measure", "path"]);
    assert!(stdout(&plain).contains("n = 60 path measure") && stdout(&plain).contains("bounded"));
    assert_usage_error(&zecklab(&["zgame", "random-laws", "--n", "601"]), "600");
    assert_usage_error(&zecklab(&["zgame", "random-laws", "--n", "0"]), "at least 1");
    assert_usage_error(&zecklab(&["zgame", "random-laws", "--n", "9", "--to", "8"]), "ends before");
    assert_usage_error(&zecklab(&["zgame", "random-laws", "--n", "9", "--step", "0"]), "step");
}

/// A bounded random-laws run stopped by SIGTERM saves its last finished tier, exits 143, and the
/// same command resumes from it to the lines of a run from the start; the finished run leaves
/// no checkpoint, and a damaged one is refused with its name and kept.
#[test]
fn a_random_laws_run_stopped_by_a_signal_resumes_to_the_same_lines() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("ckpt");
    let file = checkpoint.join("zgame-n230-path.moments");
    let args = [
        "zgame",
        "random-laws",
        "--n",
        "230",
        "--measure",
        "path",
        "--json",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ];
    // The run takes seconds; its smallest tiers are done well within this, and no save falls
    // due by the clock (every ten minutes): only the signal can have one written.
    let stopped = stopped_by_signal(&args, std::time::Duration::from_millis(1500), libc::SIGTERM);
    assert_eq!(stopped.status.code(), Some(128 + libc::SIGTERM), "{}", stderr(&stopped));
    assert!(stopped.stdout.is_empty(), "no answer from the stopped run");
    let said = stderr(&stopped);
    assert!(said.contains("stopped: the random laws of n = 230") && said.contains("resumes"), "{said}");
    assert!(file.exists(), "the stopped run saved its checkpoint");
    // Damage is refused, naming the file, and the file is kept.
    let good = std::fs::read(&file).unwrap();
    let mut bad = good.clone();
    bad[good.len() / 2] ^= 4;
    std::fs::write(&file, &bad).unwrap();
    let refused = zecklab(&args);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("damaged") && stderr(&refused).contains("zgame-n230"),
        "{}",
        stderr(&refused)
    );
    assert!(file.exists());
    std::fs::write(&file, &good).unwrap();
    let resumed = zecklab(&args);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resuming the random laws of n = 230"), "{}", stderr(&resumed));
    assert!(!file.exists(), "a finished run removes its checkpoint");
    let whole = zecklab(&["zgame", "random-laws", "--n", "230", "--measure", "path", "--json"]);
    assert_eq!(stdout(&resumed), stdout(&whole), "the resumed run prints the lines of a whole run");
}
