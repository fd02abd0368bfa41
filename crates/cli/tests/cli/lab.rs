//! Player 2's strategy lab on the command line: the JSON contracts of `rule-test`, `rule-search`
//! and `p-structure`, their agreement with the rest of the program, and refusals.

use crate::common;

use common::{assert_usage_error, json_lines, zecklab};

#[test]
fn rule_test_lines_carry_the_contract_and_agree_with_the_solver() {
    let out = zecklab(&[
        "zgame",
        "rule-test",
        "--rule",
        "split:largest, combine:smallest, ones",
        "--to",
        "25",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 25);
    for line in &lines {
        for key in ["n", "rule", "wins", "decisions", "agreement", "first_bad", "losing_line"] {
            assert!(line.get(key).is_some(), "{key} missing: {line}");
        }
        assert_eq!(line["rule"], "split:largest,combine:smallest,ones");
        let n = line["n"].as_u64().unwrap();
        if line["wins"] == true {
            assert!(line["first_bad"].is_null() && line["losing_line"].is_null());
        } else {
            let losing = line["losing_line"].as_array().unwrap();
            assert_eq!(losing[0], format!("1^{n}"));
            assert_eq!(losing.len() % 2, 0, "ends after Player 1's move: {line}");
            let bad = &line["first_bad"];
            assert_eq!(losing[bad["depth"].as_u64().unwrap() as usize], bad["position"]);
        }
    }
    // A rule can only win where Player 2 wins: n = 2 is Player 1's.
    assert_eq!(lines[1]["wins"], false);
    // Both verdicts occur in the range, so neither branch above is vacuous.
    assert!(lines.iter().any(|l| l["wins"] == true) && lines.iter().any(|l| l["wins"] == false));
}

#[test]
fn rule_search_reports_its_best_rules_and_p_structure_adds_up() {
    let out = zecklab(&["zgame", "rule-search", "--size", "2", "--to", "40", "--top", "3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let report = &json_lines(&out)[0];
    assert_eq!(report["searched"], 900);
    assert_eq!(report["longest"].as_array().unwrap().len(), 3);
    let best = &report["longest"][0];
    // The best rule's run is confirmed by rule-test.
    let through = best["wins_through"].as_u64().unwrap();
    let test = zecklab(&[
        "zgame",
        "rule-test",
        "--rule",
        best["rule"].as_str().unwrap(),
        "--from",
        "3",
        "--to",
        &(through + 1).to_string(),
        "--json",
    ]);
    let verdicts: Vec<bool> = json_lines(&test).iter().map(|l| l["wins"].as_bool().unwrap()).collect();
    assert!(verdicts[..verdicts.len() - 1].iter().all(|&w| w), "{verdicts:?}");
    assert_eq!(verdicts.last(), Some(&false));

    let structure = &json_lines(&zecklab(&["zgame", "p-structure", "--n", "40", "--json"]))[0];
    let solve = &json_lines(&zecklab(&["zgame", "solve", "--n", "40", "--json"]))[0];
    assert_eq!(structure["positions"], solve["positions"]);
    assert_eq!(structure["p_positions"], solve["p_positions"]);
    for cut in ["by_parts", "by_parts_parity", "by_c1_parity", "by_largest_part"] {
        let cells = structure[cut].as_array().unwrap();
        let p: u64 = cells.iter().map(|c| c["p_positions"].as_u64().unwrap()).sum();
        assert_eq!(p, solve["p_positions"].as_u64().unwrap(), "{cut}");
    }
    assert_eq!(structure["winning_replies"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_rules_and_sizes_are_refused_naming_them() {
    assert_usage_error(
        &zecklab(&["zgame", "rule-test", "--rule", "split:biggest", "--to", "5"]),
        "split:biggest",
    );
    assert_usage_error(&zecklab(&["zgame", "rule-test", "--rule", "ones,,ones", "--to", "5"]), "preference");
    assert_usage_error(&zecklab(&["zgame", "rule-test", "--rule", "ones", "--to", "701"]), "700");
    assert_usage_error(&zecklab(&["zgame", "rule-search", "--size", "4", "--to", "10"]), "--size 4");
    assert_usage_error(&zecklab(&["zgame", "rule-search", "--size", "1", "--to", "201"]), "200");
    assert_usage_error(&zecklab(&["zgame", "p-structure", "--n", "0"]), "0");
}

#[test]
fn the_smallest_of_all_strategies_is_never_above_a_greedy_one_and_checks() {
    let lines =
        json_lines(&zecklab(&["zgame", "certificates", "--n", "3", "--to", "20", "--minimal", "--json"]));
    assert_eq!(lines.len(), 18);
    let mut beaten = 0;
    for line in &lines {
        let minimal = line["minimal"].as_u64().unwrap();
        let greedy = ["fastest", "slowest", "smallest"].map(|k| line[k].as_u64().unwrap());
        assert!(greedy.iter().all(|&g| minimal <= g), "{line}");
        assert!(line["smallest"].as_u64().unwrap() <= greedy[0].min(greedy[1]), "{line}");
        beaten += usize::from(minimal < greedy[2]);
    }
    assert!(beaten > 0, "the exact search beats every greedy construction somewhere to n = 20");
    // Without --minimal the lines keep their shape.
    let plain = &json_lines(&zecklab(&["zgame", "certificates", "17", "--json"]))[0];
    assert!(plain.get("minimal").is_none());
    // The strategy it finds is written and passes the rules-only check, at the size it reports.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("minimal.txt");
    let written = &json_lines(&zecklab(&[
        "zgame",
        "strategy",
        "17",
        "--choose",
        "minimal",
        "--out",
        file.to_str().unwrap(),
        "--json",
    ]))[0];
    assert_eq!(written["positions"], lines[14]["minimal"], "n = 17");
    let checked = &json_lines(&zecklab(&["zgame", "check-strategy", file.to_str().unwrap(), "--json"]))[0];
    assert_eq!(checked["wins"], true);
    // Past its reach: null with the reason, exit 0; the help states the same reach.
    let reach = zecklab_lab::minimal::MINIMAL_TO;
    let past = zecklab(&["zgame", "certificates", &(reach + 1).to_string(), "--minimal", "--json"]);
    assert_eq!(past.status.code(), Some(0));
    let past = &json_lines(&past)[0];
    assert!(
        past["minimal"].is_null() && past["minimal_reason"].as_str().unwrap().contains(&reach.to_string())
    );
    let help = common::stdout(&zecklab(&["zgame", "certificates", "--help"]));
    assert!(help.contains(&format!("up to n = {reach}")), "{help}");
}

#[test]
fn a_learned_rule_is_one_rule_test_reads_and_wins_as_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rule.txt");
    let out = zecklab(&["zgame", "rule-learn", "--to", "14", "--json", "--rule-out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "one object");
    let learned = &lines[0];
    for key in [
        "to",
        "rule",
        "nodes",
        "wins_to",
        "rounds",
        "examples",
        "depth",
        "decisions",
        "first_loss",
        "features",
    ] {
        assert!(learned.get(key).is_some(), "{key} missing: {learned}");
    }
    assert_eq!(learned["to"], 14);
    assert_eq!(learned["converged"], true);
    let wins_to = learned["wins_to"].as_u64().unwrap();
    assert!((14..=28).contains(&wins_to), "{learned}");
    let rule = learned["rule"].as_str().unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), rule, "--rule-out writes the same rule");
    // rule-test, given the rule verbatim and from the file, agrees with wins_to.
    let last = (wins_to + 1).min(28).to_string();
    for source in [["--rule", rule], ["--rule-file", file.to_str().unwrap()]] {
        let test =
            zecklab(&["zgame", "rule-test", source[0], source[1], "--from", "3", "--to", &last, "--json"]);
        assert_eq!(test.status.code(), Some(0), "{}", common::stderr(&test));
        let tested = json_lines(&test);
        for line in &tested {
            let n = line["n"].as_u64().unwrap();
            assert_eq!(line["wins"] == true, n <= wins_to, "{source:?}, n = {n}");
        }
    }
}

#[test]
fn the_complexity_curve_has_a_line_for_each_end() {
    let out = zecklab(&["zgame", "rule-learn", "--curve", "--to", "9", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(
        lines.iter().map(|l| l["to"].as_u64().unwrap()).collect::<Vec<_>>(),
        (3..=9).collect::<Vec<_>>()
    );
    for line in &lines {
        assert_eq!(line["converged"], true, "{line}");
        assert!(line["wins_to"].as_u64() >= line["to"].as_u64(), "{line}");
    }
    // Examples are carried from one end to the next.
    let examples: Vec<u64> = lines.iter().map(|l| l["examples"].as_u64().unwrap()).collect();
    assert!(examples.windows(2).all(|w| w[0] <= w[1]), "{examples:?}");
    let words = zecklab(&["zgame", "rule-learn", "--to", "8"]);
    let text = common::stdout(&words);
    assert!(text.contains("n = 3 to 8: wins every n from 3 to") && text.contains("rule: "), "{text}");
}

#[test]
fn rule_files_and_learning_ranges_are_checked() {
    assert_usage_error(&zecklab(&["zgame", "rule-learn", "--to", "2"]), "--to 2");
    assert_usage_error(&zecklab(&["zgame", "rule-learn", "--to", "61"]), "60");
    assert_usage_error(&zecklab(&["zgame", "rule-learn", "--to", "-4"]), "-4");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    assert_usage_error(
        &zecklab(&["zgame", "rule-test", "--rule-file", missing.to_str().unwrap(), "--to", "5"]),
        "missing.txt",
    );
    assert_usage_error(
        &zecklab(&["zgame", "rule-test", "--rule-file", dir.path().to_str().unwrap(), "--to", "5"]),
        "directory",
    );
    let binary = dir.path().join("binary");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    assert_usage_error(
        &zecklab(&["zgame", "rule-test", "--rule-file", binary.to_str().unwrap(), "--to", "5"]),
        "UTF-8",
    );
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "is:split|\nnext.i>2?first\n").unwrap();
    assert_usage_error(
        &zecklab(&["zgame", "rule-test", "--rule-file", bad.to_str().unwrap(), "--to", "5"]),
        "next.i>2",
    );
    assert_usage_error(&zecklab(&["zgame", "rule-test", "--to", "5"]), "--rule");
    // A rule over two lines reads as one (spaces and line breaks are ignored).
    let split = dir.path().join("split.txt");
    std::fs::write(&split, "split:largest,\ncombine:smallest,\nones\n").unwrap();
    let out = zecklab(&["zgame", "rule-test", "--rule-file", split.to_str().unwrap(), "--to", "4", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert_eq!(json_lines(&out)[0]["rule"], "split:largest,combine:smallest,ones");
}
