//! `zecklab plot`: each figure's numbers equal what the matching `--json` command prints; every
//! SVG parses as XML and holds its title and axis labels as text; every PNG decodes at 960 x 600
//! and is not blank; the same command gives the same bytes twice.

use crate::common;
use common::*;

use serde_json::Value;

/// A fresh directory for one call (two tests may draw the same figure at once).
fn scratch(name: &str) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("zecklab-plot-{name}-{}-{call}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Draws a figure as SVG and PNG (twice each), checks both files, and returns its JSON.
fn figure(args: &[&str], texts: &[&str]) -> Value {
    let dir = scratch(args[1]);
    let mut files = Vec::new();
    for (i, ext) in ["svg", "png", "svg", "png"].iter().enumerate() {
        let path = dir.join(format!("f{i}.{ext}"));
        let mut all: Vec<&str> = args.to_vec();
        let out = path.to_str().unwrap().to_string();
        all.extend(["--out", &out]);
        let o = zecklab(&all);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        files.push(std::fs::read(&path).unwrap());
    }
    assert_eq!(files[0], files[2], "{args:?}: the SVG is deterministic");
    assert_eq!(files[1], files[3], "{args:?}: the PNG is deterministic");
    // The SVG is XML with the title and the axis labels as text.
    let svg = String::from_utf8(files[0].clone()).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
    let text: String = document.descendants().filter_map(|n| n.text()).collect::<Vec<_>>().join(" ");
    for t in texts {
        assert!(text.contains(t), "{args:?}: the SVG has no text {t:?}");
    }
    // The PNG decodes at the figure's size and is not blank.
    let png = resvg::tiny_skia::Pixmap::decode_png(&files[1]).expect("the PNG decodes");
    assert_eq!((png.width(), png.height()), (960, 600));
    let colours: std::collections::HashSet<&[u8]> = png.data().chunks(4).collect();
    assert!(colours.len() >= 8, "{args:?}: only {} colours", colours.len());
    let o = zecklab(&[args, &["--json"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    json_lines(&o).remove(0)
}

fn rows(figure: &Value) -> Vec<Vec<f64>> {
    figure["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect())
        .collect()
}

#[test]
fn nim_reach_is_nim_reach() {
    let f = figure(
        &["plot", "nim-reach", "--heap", "20"],
        &["Positions reachable from the opening of 20", "heap size (counters)", "distinct caps"],
    );
    let r = &json_lines(&zecklab(&["nim", "reach", "20", "--json"]))[0];
    let from_command: Vec<Vec<f64>> = r["caps_by_heap"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let heap = h["heap"].as_u64().unwrap();
            let opposite = r["opposite_answer_heaps"].as_array().unwrap().contains(&Value::from(heap));
            vec![heap as f64, h["caps"].as_f64().unwrap(), f64::from(u8::from(opposite))]
        })
        .collect();
    assert_eq!(rows(&f), from_command);
    assert_eq!(rows(&f).iter().map(|r| r[1]).sum::<f64>(), r["positions"].as_f64().unwrap());
}

#[test]
fn nim_census_is_nim_census() {
    let f = figure(
        &["plot", "nim-census", "--to", "120"],
        &["Winning opening moves per heap", "opening heap (counters)", "losing heap"],
    );
    let c = &json_lines(&zecklab(&["nim", "census", "--to", "120", "--json"]))[0];
    let rows = rows(&f);
    let losing: Vec<u64> = rows.iter().filter(|r| r[1] == 0.0).map(|r| r[0] as u64).collect();
    let expected: Vec<u64> =
        c["losing_heaps"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(losing, expected);
    assert_eq!(rows.iter().filter(|r| r[1] > 0.0).count() as u64, c["winnable"].as_u64().unwrap());
    assert_eq!(
        rows.iter().filter(|r| r[1] > 1.0).count() as u64,
        c["several_winning_openings"].as_u64().unwrap()
    );
    let mean = rows.iter().map(|r| r[1]).sum::<f64>() / c["winnable"].as_f64().unwrap();
    assert!((mean - c["mean_winning_openings"].as_f64().unwrap()).abs() < 1e-9);
}

#[test]
fn nim_thresholds_are_the_solved_thresholds() {
    let f = figure(
        &["plot", "nim-thresholds", "--k", "3", "--to", "300"],
        &["Least winning cap per heap (k = 3)", "heap (counters)"],
    );
    for row in rows(&f).iter().step_by(17) {
        let heap = (row[0] as u64).to_string();
        let s = &json_lines(&zecklab(&["nim", "solve", &heap, "--cap", &heap, "--k", "3", "--json"]))[0];
        assert_eq!(s["threshold"].as_str().unwrap().parse::<f64>().unwrap(), row[1], "heap {heap}");
    }
    // Log axes for a long range.
    figure(&["plot", "nim-thresholds", "--to", "5000"], &["log axes"]);
}

#[test]
fn nim_grundy_is_nim_grundy() {
    let f = figure(
        &["plot", "nim-grundy", "--to", "30"],
        &["Grundy values of single heaps", "cap (counters)", "value"],
    );
    let lines = json_lines(&zecklab(&["nim", "grundy", "--to", "30", "--json"]));
    let mut expected = Vec::new();
    for line in &lines {
        let heap = line["heap"].as_f64().unwrap();
        for (c, g) in line["grundy"].as_array().unwrap().iter().enumerate() {
            expected.push(vec![heap, (c + 1) as f64, g.as_f64().unwrap()]);
        }
    }
    assert_eq!(rows(&f), expected);
}

#[test]
fn wythoff_grundy_is_wythoff_grundy() {
    let f = figure(
        &["plot", "wythoff-grundy", "--size", "40"],
        &["Grundy values of Wythoff", "heap a (counters)", "P-position", "y = φx"],
    );
    let lines = json_lines(&zecklab(&["wythoff", "grundy", "--size", "40", "--json"]));
    let mut expected = Vec::new();
    for line in &lines {
        let a = line["a"].as_f64().unwrap();
        for (b, g) in line["grundy"].as_array().unwrap().iter().enumerate() {
            expected.push(vec![a, b as f64, g.as_f64().unwrap()]);
        }
    }
    assert_eq!(rows(&f), expected);
}

#[test]
fn zgame_growth_is_zgame_solve() {
    let f = figure(
        &["plot", "zgame-growth", "--to", "60"],
        &["positions and P-positions", "positions (log scale)", "P-positions / positions"],
    );
    let solved =
        json_lines(&zecklab(&["zgame", "solve", "--n", "1", "--to", "60", "--no-remoteness", "--json"]));
    for (row, line) in rows(&f).iter().zip(&solved) {
        assert_eq!(row[0], line["n"].as_f64().unwrap());
        assert_eq!(row[1], line["positions"].as_f64().unwrap());
        assert_eq!(row[2], line["p_positions"].as_f64().unwrap());
    }
    assert_eq!(rows(&f).len(), 60);
}

/// A data directory with the games on 1..=30 solved into it.
fn data_to_30() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let o = zecklab(&["data", "solve", "--dir", dir.path().to_str().unwrap(), "--to", "30"]);
    assert!(o.status.success(), "{}", stderr(&o));
    dir
}

#[test]
fn zgame_growth_from_data_is_the_record() {
    let data = data_to_30();
    let dir = data.path().to_str().unwrap();
    let f = figure(
        &["plot", "zgame-growth", "--data", dir, "--to", "25"],
        &["n = 1 to 25 (the published record)"],
    );
    let solved =
        json_lines(&zecklab(&["zgame", "solve", "--n", "1", "--to", "25", "--no-remoteness", "--json"]));
    let expected: Vec<Vec<f64>> = solved
        .iter()
        .map(|l| {
            let (p, q) = (l["positions"].as_f64().unwrap(), l["p_positions"].as_f64().unwrap());
            vec![l["n"].as_f64().unwrap(), p, q, q / p]
        })
        .collect();
    // The counts exactly; the fraction to the last bit JSON's float parsing keeps.
    let drawn = rows(&f);
    assert_eq!(drawn.len(), expected.len());
    for (row, want) in drawn.iter().zip(&expected) {
        assert_eq!(row[..3], want[..3]);
        assert!((row[3] - want[3]).abs() < 1e-12, "{row:?} {want:?}");
    }
}

#[test]
fn zgame_tiers_is_the_solve_by_tier_and_the_record() {
    let solved =
        figure(&["plot", "zgame-tiers", "--n", "20,30"], &["P-positions tier by tier", "n = 20", "n = 30"]);
    let data = data_to_30();
    let dir = data.path().to_str().unwrap();
    let recorded = figure(&["plot", "zgame-tiers", "--n", "20,30", "--data", dir], &["n = 30"]);
    assert_eq!(rows(&solved), rows(&recorded));
    for n in [20, 30] {
        let line = &json_lines(&zecklab(&["zgame", "solve", "--n", &n.to_string(), "--tiers-json"]))[0];
        let mut tiers: Vec<Vec<f64>> = line["tiers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["positions"].as_u64().unwrap() > 0)
            .map(|t| {
                let (p, q) = (t["positions"].as_f64().unwrap(), t["p_positions"].as_f64().unwrap());
                vec![f64::from(n), t["parts"].as_f64().unwrap(), p, q, q / p]
            })
            .collect();
        tiers.sort_by(|a, b| a[1].total_cmp(&b[1]));
        let drawn: Vec<Vec<f64>> = rows(&solved).into_iter().filter(|r| r[0] == f64::from(n)).collect();
        assert_eq!(drawn.len(), tiers.len(), "n = {n}");
        for (row, want) in drawn.iter().zip(&tiers) {
            assert_eq!(row[..4], want[..4], "n = {n}");
            assert!((row[4] - want[4]).abs() < 1e-12, "{row:?} {want:?}");
        }
    }
    let o = zecklab(&["plot", "zgame-tiers", "--n", "31", "--data", dir, "--json"]);
    assert_usage_error(&o, "n = 31 is not recorded");
    assert_usage_error(&zecklab(&["plot", "zgame-tiers", "--n", "301", "--json"]), "2 to 300");
}

#[test]
fn family_winners_is_zgame_solve_of_each_recurrence() {
    let f = figure(
        &["plot", "family-winners", "--to", "40", "--rules", "no-initial-combine"],
        &["Who wins", "n"],
    );
    let rows = rows(&f);
    assert_eq!(rows.len(), 12 * 40);
    for (c, k) in [(1, 3), (2, 2), (4, 4)] {
        let recurrence = format!("{c},{k}");
        let args = [
            "zgame",
            "solve",
            "--n",
            "1",
            "--to",
            "40",
            "--recurrence",
            &recurrence,
            "--rules",
            "no-initial-combine",
            "--json",
        ];
        let solved = json_lines(&zecklab(&args));
        let drawn: Vec<&Vec<f64>> =
            rows.iter().filter(|r| r[0] == f64::from(c) && r[1] == f64::from(k)).collect();
        assert_eq!(drawn.len(), 40);
        for (row, line) in drawn.iter().zip(&solved) {
            assert_eq!(row[2], line["n"].as_f64().unwrap());
            assert_eq!(row[3] == 1.0, line["winner"] == "P1", "({c},{k}) n = {}", line["n"]);
        }
    }
}

#[test]
fn zgame_grundy_is_zgame_grundy() {
    let f = figure(&["plot", "zgame-grundy", "--to", "40"], &["Sprague-Grundy", "Grundy value"]);
    let lines = json_lines(&zecklab(&["zgame", "grundy", "--n", "1", "--to", "40", "--json"]));
    let mut expected = Vec::new();
    for line in &lines {
        for g in line["by_value"].as_array().unwrap() {
            expected.push((
                line["n"].as_f64().unwrap(),
                g["value"].as_f64().unwrap(),
                g["positions"].as_f64().unwrap(),
            ));
        }
    }
    let drawn: Vec<(f64, f64, f64)> = rows(&f).iter().map(|r| (r[0], r[1], r[2])).collect();
    assert_eq!(drawn, expected);
}

#[test]
fn zgame_lengths_is_the_distribution() {
    let f = figure(
        &["plot", "zgame-lengths", "--n", "40"],
        &[
            "Lengths of the Zeckendorf game on 40",
            "game length (moves)",
            "Theorem 1.3 bound",
            "shortest",
            "longest",
        ],
    );
    let d = &json_lines(&zecklab(&["zgame", "lengths", "--n", "40", "--distribution", "--json"]))[0];
    let expected: Vec<(f64, f64)> = d["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["length"].as_f64().unwrap(), p["probability"].as_f64().unwrap()))
        .collect();
    let got: Vec<(f64, f64)> = rows(&f).iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(got, expected);
}

#[test]
fn zgame_random_is_zgame_lengths() {
    let f = figure(
        &["plot", "zgame-random", "--to", "30"],
        &["Random play in the Zeckendorf game", "mean length / n"],
    );
    for row in rows(&f).iter().skip(2).step_by(7) {
        let n = row[0];
        let l = &json_lines(&zecklab(&["zgame", "lengths", "--n", &(n as u32).to_string(), "--json"]))[0];
        assert!((row[1] - l["random_mean"].as_f64().unwrap() / n).abs() < 1e-12, "n = {n}");
        assert!((row[2] - l["random_variance"].as_f64().unwrap() / n).abs() < 1e-12, "n = {n}");
    }
}

#[test]
fn zgame_minimal_is_zgame_certificates_minimal() {
    let f = figure(
        &["plot", "zgame-minimal", "--to", "18"],
        &["smallest strategy against the game's P-positions", "smallest of all strategies"],
    );
    let rows = rows(&f);
    // One row per n where Player 2 wins, each equal to what `certificates --minimal` prints.
    let mut expected = Vec::new();
    for n in 3..=18u32 {
        let c = &json_lines(&zecklab(&["zgame", "certificates", &n.to_string(), "--minimal", "--json"]))[0];
        if c["p_positions"].is_null() || c["minimal"].is_null() {
            continue;
        }
        let p = c["p_positions"].as_f64().unwrap();
        let minimal = c["minimal"].as_f64().unwrap();
        expected.push(vec![f64::from(n), p, c["smallest"].as_f64().unwrap(), minimal, minimal / p]);
    }
    assert!(expected.len() >= 5, "Player 2 wins several n to 18");
    assert_eq!(rows, expected);
}

#[test]
fn zgame_random_laws_is_zgame_random_laws() {
    let f = figure(
        &["plot", "zgame-random-laws", "--to", "60", "--step", "30"],
        &["the length's law against the normal", "variance / n (path)", "skewness (games)"],
    );
    let lines =
        json_lines(&zecklab(&["zgame", "random-laws", "--n", "30", "--to", "60", "--step", "30", "--json"]));
    let number = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
    let expected: Vec<Vec<f64>> = lines
        .iter()
        .map(|l| {
            vec![
                number(&l["n"]),
                if l["measure"] == "games" { 1.0 } else { 0.0 },
                number(&l["variance_over_n"]),
                number(&l["splits_mean_over_n"]),
                number(&l["skewness"]),
                number(&l["excess_kurtosis"]),
                number(&l["kolmogorov"]),
            ]
        })
        .collect();
    let same = |a: &[Vec<f64>], b: &[Vec<f64>]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.iter().zip(y).all(|(p, q)| p == q || (p.is_nan() && q.is_nan())))
    };
    // A figure absent from a line (no distance past the exact law) is null in the JSON.
    let rows = |f: &Value| -> Vec<Vec<f64>> {
        f["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_array().unwrap().iter().map(number).collect())
            .collect()
    };
    assert!(same(&rows(&f), &expected), "{:?} against {expected:?}", rows(&f));
    // The same figure from the saved lines.
    let dir = scratch("random-laws-file");
    let file = dir.join("laws.jsonl");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, text).unwrap();
    let from = figure(&["plot", "zgame-random-laws", "--from", file.to_str().unwrap()], &["laws.jsonl"]);
    assert!(same(&rows(&from), &expected));
    std::fs::write(&file, "{\"n\": 3}\n").unwrap();
    let o = zecklab(&["plot", "zgame-random-laws", "--from", file.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(2), "a line without the figures is refused");
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
}

#[test]
fn zgame_position_is_zgame_position() {
    let f = figure(
        &["plot", "zgame-position", "1^3 2^2 5^7"],
        &["1^3 2^2 5^7", "part (value of the Fibonacci number)"],
    );
    let p = &json_lines(&zecklab(&["zgame", "position", "1^3 2^2 5^7", "--json"]))[0];
    let caption = f["caption"].as_str().unwrap();
    assert!(caption.starts_with(p["outcome"].as_str().unwrap()), "{caption}");
    assert!(caption.contains(&format!("remoteness {}", p["remoteness"])), "{caption}");
    assert_eq!(rows(&f), vec![vec![1.0, 3.0], vec![2.0, 2.0], vec![3.0, 0.0], vec![5.0, 7.0]]);
    // A long column is written as a count.
    figure(&["plot", "zgame-position", "1^100 2^3"], &["×100"]);
}

#[test]
fn bad_requests_are_refused_before_work() {
    assert_usage_error(&zecklab(&["plot", "nim-grundy", "--to", "201", "--out", "x.svg"]), "1 to 200");
    assert_usage_error(&zecklab(&["plot", "nim-census", "--out", "figure.jpg"]), ".svg or .png");
    assert_usage_error(&zecklab(&["plot", "nim-census"]), "nothing to write");
    assert_usage_error(&zecklab(&["plot", "nim-census", "--out", "/nonexistent/x.svg"]), "no directory");
    let dir = scratch("csv");
    let csv = dir.join("census.csv");
    let o = zecklab(&["plot", "nim-census", "--to", "20", "--csv", csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("heap,winning_openings,losing\n2,0,1\n3,0,1\n4,1,0\n"), "{text}");
}
