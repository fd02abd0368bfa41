//! The API in-process (tower's `oneshot`): every endpoint's shape and status codes, the limits,
//! the solve gate and cache bound, store-first answers, and the embedded pages.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use zecklab_server::{router, Config, Solves};
use zecklab_store::Store;

async fn get(config: &Config, uri: &str) -> (StatusCode, String, Vec<u8>) {
    let response =
        router(config.clone()).oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let content_type =
        response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, content_type, body)
}

async fn json(config: &Config, uri: &str) -> (StatusCode, Value) {
    let (status, content_type, body) = get(config, uri).await;
    assert!(content_type.starts_with("application/json"), "{uri}: {content_type}");
    (status, serde_json::from_slice(&body).unwrap())
}

fn scratch_store(name: &str) -> Store {
    let dir = std::env::temp_dir().join(format!("zecklab-server-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Store::locate(Some(dir)).unwrap()
}

fn config() -> Config {
    Config::new(Some(scratch_store("empty")))
}

#[tokio::test]
async fn every_endpoint_answers_its_question() {
    let c = config();
    let (s, v) = json(&c, "/api/repr?n=32").await;
    assert_eq!((s, v["numeral"].as_str()), (StatusCode::OK, Some("1010100")));
    let (_, v) = json(&c, "/api/repr?numeral=1011").await;
    assert_eq!((v["n"].as_str(), v["canonical"].as_bool()), (Some("8"), Some(false)));
    let (_, v) = json(&c, "/api/ladder?k=3&count=6").await;
    assert_eq!(v["terms"], serde_json::json!(["1", "2", "3", "4", "6", "8"]));
    let (_, v) = json(&c, "/api/nim/solve?heap=90").await;
    assert_eq!(v["winning_moves"], serde_json::json!(["1"]));
    let (_, v) = json(&c, "/api/nim/position?heap=90&cap=89").await;
    assert_eq!((v["position"].as_str(), v["moves"].as_array().unwrap().len()), (Some("90/89"), 89));
    let (_, v) = json(&c, "/api/nim/index?to=20&misere=1").await;
    assert_eq!(v.as_array().unwrap().len(), 19);
    let (_, v) = json(&c, "/api/nim/index?from=1000000000000000000000&count=3").await;
    assert_eq!(v[2]["heap"], "1000000000000000000002");
    let (_, v) = json(&c, "/api/nim/census?to=50").await;
    assert_eq!(v["to"], 50);
    let (_, v) = json(&c, "/api/nim/reach?heap=30").await;
    assert!(v["positions"].as_u64().unwrap() > 30);
    let (_, v) = json(&c, "/api/wythoff/solve?a=11&b=18").await;
    assert_eq!(v["outcome"], "loss");
    let (_, v) = json(&c, "/api/wythoff/position?a=10&b=20").await;
    assert_eq!(v["moves"].as_array().unwrap().len(), 40);
    let (_, v) = json(&c, "/api/wythoff/board?size=5").await;
    assert_eq!(v["grundy"][1][2], 0);
    let (_, v) = json(&c, "/api/zgame/solve?n=10&tiers=1").await;
    assert_eq!((v["positions"].as_u64(), v["tiers"].as_array().map(Vec::len)), (Some(22), Some(9)));
    // Parts separated by `_`, `+` or `%20`, as the page URLs allow.
    for p in ["1^3_2^2_5^7", "1^3+2^2+5^7", "1^3%202^2%205^7"] {
        let (s, v) = json(&c, &format!("/api/zgame/position?p={p}&line=1")).await;
        assert_eq!(
            (s, v["position"].as_str(), v["n"].as_u64()),
            (StatusCode::OK, Some("1^3 2^2 5^7"), Some(42))
        );
        assert_eq!(v["line"].as_array().unwrap().len() as u64, v["remoteness"].as_u64().unwrap());
    }
    let (_, v) = json(&c, "/api/limits").await;
    assert_eq!(v["solve_up_to"], zecklab_server::DEFAULT_SOLVE_UP_TO);
}

#[tokio::test]
async fn bad_input_is_a_400_naming_the_value() {
    let c = config();
    for (uri, named) in [
        ("/api/nim/solve?heap=-3", "-3"),
        ("/api/nim/solve?heap=12&cap=x1", "x1"),
        ("/api/nim/solve?heap=1", "1"),
        ("/api/nim/solve?heap=12&k=0", "k"),
        ("/api/nim/solve", "heap"),
        ("/api/nim/position?heap=9&misere=maybe", "maybe"),
        ("/api/repr?n=12.5", "12.5"),
        ("/api/repr?numeral=1021", "1021"),
        ("/api/repr", "numeral"),
        ("/api/wythoff/solve?a=10&b=", "b"),
        ("/api/wythoff/board?size=1000", "1000"),
        ("/api/zgame/position?p=1^3_4", "4"),
        ("/api/zgame/position?p=", "p"),
        ("/api/zgame/solve?n=abc", "abc"),
        ("/api/nim/index?to=100000", "100000"),
        ("/api/nim/index?from=1&count=5", "first heap 1"),
        ("/api/nim/index?count=101", "count 101"),
        ("/api/ladder?count=0", "count"),
    ] {
        let (status, v) = json(&c, uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(named), "{uri}: {message}");
    }
}

#[tokio::test]
async fn too_large_unknown_and_too_long_requests_are_refused() {
    let c = config();
    let (status, v) = json(&c, "/api/zgame/position?p=1^600").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("zecklab zgame solve --n 600 --save"), "{v}");
    let past = zecklab_server::DEFAULT_SOLVE_UP_TO + 1;
    let (status, _) = json(&c, &format!("/api/zgame/solve?n={past}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = json(&c, "/api/repr?n=1&k=3000000000000000000").await;
    assert_eq!(status, StatusCode::OK);
    let huge = "9".repeat(8000);
    let (status, _) = json(&c, &format!("/api/repr?n={huge}&k=1000000")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a ladder past the memory bound");
    let (status, v) = json(&c, &format!("/api/repr?n={}", "1".repeat(zecklab_server::QUERY_LIMIT + 1))).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert!(v["error"].as_str().unwrap().contains("query"));
    let (status, v) = json(&c, "/api/nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(v["error"].as_str().unwrap().contains("/api/nope"));
}

#[tokio::test]
async fn pages_and_assets_are_embedded_and_nothing_else_is_reachable() {
    let c = config();
    for (uri, kind) in [
        ("/", "text/html"),
        ("/zgame?p=1^10", "text/html"),
        ("/nim?heap=90&cap=89", "text/html"),
        ("/wythoff?a=10&b=20", "text/html"),
        ("/numeration?n=1000", "text/html"),
        ("/assets/common.js", "text/javascript"),
        ("/assets/style.css", "text/css"),
        ("/favicon.ico", "image/svg+xml"),
    ] {
        let (status, content_type, body) = get(&c, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(content_type.starts_with(kind), "{uri}: {content_type}");
        assert!(!body.is_empty());
    }
    let (_, _, page) = get(&c, "/zgame").await;
    let page = String::from_utf8(page).unwrap();
    // Every script and stylesheet a page names is served, and none comes from elsewhere.
    for needed in page.split('"').filter(|s| s.starts_with("/assets/")) {
        assert_eq!(get(&c, needed).await.0, StatusCode::OK, "{needed}");
    }
    assert!(!page.contains("http://") && !page.contains("https://"));
    for uri in ["/assets/../Cargo.toml", "/assets/%2e%2e/src/lib.rs", "/etc/passwd", "/assets/", "/zgame/x"] {
        assert_eq!(get(&c, uri).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn stored_games_are_answered_from_the_store_at_any_size() {
    let store = scratch_store("stored");
    let solution = zecklab_games::zgame::solve(30, true, 1 << 30, |_, _| {}).unwrap();
    store.save(&solution, |_, _| {}).unwrap();
    let mut c = Config::new(Some(store));
    c.solve_up_to = 20;
    let (status, v) = json(&c, "/api/zgame/position?p=1^30").await;
    assert_eq!((status, v["source"].as_str()), (StatusCode::OK, Some("store")));
    let (_, v) = json(&c, "/api/zgame/solve?n=30").await;
    assert_eq!(v["p_positions"].as_u64(), Some(solution.p_positions()));
    let (status, _) = json(&c, "/api/zgame/position?p=1^25").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The statistics of a stored game past the solve limit are read from its table, and are
    // the solved game's.
    let (status, from_store) = json(&c, "/api/zgame/stats?n=30").await;
    assert_eq!((status, from_store["source"].as_str()), (StatusCode::OK, Some("store")));
    let (_, solved) = json(&config(), "/api/zgame/stats?n=30").await;
    assert_eq!(solved["source"], "solved");
    for field in ["p_positions", "max_remoteness", "remoteness_histogram", "by_tier", "deepest"] {
        assert_eq!(from_store[field], solved[field], "{field}");
    }
    let (status, page) = {
        let (status, _, page) = get(&c, "/zgame/stats?n=30").await;
        (status, String::from_utf8(page).unwrap())
    };
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("this server's store of solved games"), "the page says where it came from");
}

#[tokio::test]
async fn solves_beyond_the_queue_get_503_and_the_cache_keeps_its_bound() {
    let mut c = config();
    c.max_solves = 1;
    c.queued_solves = 0;
    let uris: Vec<String> = (0..4).map(|i| format!("/api/zgame/solve?n={}", 170 - i)).collect();
    let answers = futures_join(&c, &uris).await;
    let busy = answers.iter().filter(|s| **s == StatusCode::SERVICE_UNAVAILABLE).count();
    assert!(answers.contains(&StatusCode::OK), "{answers:?}");
    assert!(busy >= 1, "{answers:?}");

    let mut c = config();
    // Room for about two games of 60 (their tables take about 1.4 MB each).
    c.cache_bytes = 3_000_000;
    let solves = Solves::new(&c);
    for n in [60, 58, 56, 60, 54, 52] {
        let solved = solves.solution(n).await.unwrap();
        assert_eq!(solved.solution.index().n(), n);
        assert!(solves.cached_bytes() <= c.cache_bytes, "{} > {}", solves.cached_bytes(), c.cache_bytes);
    }
    assert!(solves.cached_bytes() > 0);
}

async fn futures_join(c: &Config, uris: &[String]) -> Vec<StatusCode> {
    let app = router(c.clone());
    let handles: Vec<_> = uris
        .iter()
        .map(|uri| {
            let app = app.clone();
            let request = Request::get(uri.as_str()).body(Body::empty()).unwrap();
            tokio::spawn(async move { app.oneshot(request).await.unwrap().status() })
        })
        .collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

#[tokio::test]
async fn a_damaged_stored_table_is_the_servers_500_whichever_part_is_damaged() {
    // The header (offset 100, inside its checksum) and the outcome table's only chunk (offset
    // 4096 onwards): the one is found when the file is opened, the other when a value is read.
    for (name, offset) in [("damaged-header", 100u64), ("damaged-chunk", 4096 + 8)] {
        let store = scratch_store(name);
        let solution = zecklab_games::zgame::solve(30, true, 1 << 30, |_, _| {}).unwrap();
        let path = store.save(&solution, |_, _| {}).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[offset as usize] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let c = Config::new(Some(store));
        let (status, v) = json(&c, "/api/zgame/position?p=1^30").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{name}: {v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.starts_with("the stored table for n = 30 is damaged: "), "{name}: {error}");
        assert!(error.contains("run zecklab store verify"), "{name}: {error}");
    }
}

#[tokio::test]
async fn the_ordered_game_is_answered_as_the_command_line_answers_it() {
    let c = config();
    let (s, v) = json(&c, "/api/zgame/position?variant=ordered&p=1_2_1_3").await;
    assert_eq!(s, StatusCode::OK);
    let cli = serde_json::to_value({
        use zecklab_answers::position::{answer_position, PositionGame, PositionQuestion};
        let question = PositionQuestion::parse(PositionGame::Ordered, "1 2 1 3", false).unwrap();
        answer_position(&question, None, &mut zecklab_answers::solve::Control::new()).unwrap()
    })
    .unwrap();
    assert_eq!(v, cli, "one JSON shape for the command line and the API");
    // A number is n ones.
    let (_, start) = json(&c, "/api/zgame/position?variant=ordered&p=6").await;
    assert_eq!(start["position"], "1 1 1 1 1 1");
    let (s, v) = json(&c, "/api/zgame/solve?variant=ordered&n=18").await;
    let cli = serde_json::to_value(
        zecklab_answers::ordered::ordered_solve_until(18, true, &zecklab_games::Cancel::new(), |_, _| {})
            .unwrap(),
    )
    .unwrap();
    assert_eq!(s, StatusCode::OK);
    for k in ["n", "positions", "p_positions", "winner", "remoteness", "variant"] {
        assert_eq!(v[k], cli[k], "{k}");
    }
    assert_eq!(v["winner"], "P2", "n = 18 is the ordered game's one Player 2 win");
    let (s, v) = json(&c, "/api/zgame/solve?variant=ordered&n=25").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("n <= 24"), "{v}");
    let (s, v) = json(&c, "/api/zgame/position?variant=ordered&p=1_4").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let (s, v) = json(&c, "/api/zgame/position?variant=unknown&p=1_2").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("unknown"), "{v}");
    // The page is rendered with the position's moves as links, without a script.
    let (s, _, body) = get(&c, "/zgame?variant=ordered&p=1_2_1_3").await;
    let html = String::from_utf8(body).unwrap();
    assert_eq!(s, StatusCode::OK);
    assert!(
        html.contains("href=\"/zgame?variant=ordered&amp;p=3_1_3\"")
            || html.contains("href=\"/zgame?variant=ordered&p=3_1_3\""),
        "the move merging 1 and 2 is a link"
    );
}

#[tokio::test]
async fn answers_are_compressed_for_clients_that_ask() {
    use std::io::Read;
    let c = config();
    let big_heap = format!("/api/nim/position?heap=1{}", "0".repeat(200));
    for uri in ["/zgame?p=1^12", "/assets/common.js", "/api/zgame/position?p=1^60&line=1", &big_heap] {
        let (status, _, plain) = get(&c, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        let request = Request::get(uri).header("accept-encoding", "gzip").body(Body::empty()).unwrap();
        let response = router(c.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.headers().get("content-encoding").unwrap(), "gzip", "{uri}");
        let gzipped = response.into_body().collect().await.unwrap().to_bytes();
        assert!(gzipped.len() * 2 < plain.len(), "{uri}: {} of {} bytes", gzipped.len(), plain.len());
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&gzipped[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain, "{uri}");
        let request =
            Request::get(uri).header("accept-encoding", "br;q=1, gzip;q=0.5").body(Body::empty()).unwrap();
        let response = router(c.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.headers().get("content-encoding").unwrap(), "br", "{uri}");
    }
    // Without the header, nothing is compressed.
    let response =
        router(c.clone()).oneshot(Request::get("/zgame?p=1^12").body(Body::empty()).unwrap()).await.unwrap();
    assert!(response.headers().get("content-encoding").is_none());
}

#[tokio::test]
async fn the_record_is_the_published_data_and_reads_without_scripts() {
    let c = config();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data");
    let published = zecklab_store::data::Record::load(&dir).unwrap();
    let (status, content_type, body) = get(&c, "/api/data/record").await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("application/x-ndjson"), "{content_type}");
    let lines: Vec<Value> =
        String::from_utf8(body).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let rows: Vec<Value> = published.rows().map(|r| serde_json::to_value(r).unwrap()).collect();
    assert_eq!(lines, rows, "one line per n, the fields of zgame-by-n.csv");
    let (_, v) = {
        let (status, _, body) = get(&c, "/api/data/record?n=30&tiers=1").await;
        (status, serde_json::from_slice::<Value>(&body).unwrap())
    };
    let tiers = v["tiers"].as_array().unwrap();
    assert_eq!(tiers.len(), published.tiers(30).unwrap().len());
    assert_eq!(
        tiers.iter().map(|t| t["positions"].as_u64().unwrap()).sum::<u64>(),
        published.get(30).unwrap().positions
    );
    assert_eq!(get(&c, "/api/data/record?n=900").await.0, StatusCode::BAD_REQUEST);

    // The page: every published file with its full checksum, a point linking to every n, the
    // figures by tier of the n asked for; no script needed.
    let (status, _, page) = get(&c, "/data").await;
    assert_eq!(status, StatusCode::OK);
    let page = String::from_utf8(page).unwrap();
    // No script of its own: the shared helpers only (a copy button), nothing it needs to read.
    assert_eq!(page.matches("<script").count(), 1);
    assert!(page.contains("<script src=\"/assets/common.js"));
    for (file, sum) in zecklab_store::data::recorded_checksums(&dir).unwrap() {
        assert!(
            page.contains(&format!("<code>{file}</code>")) && page.contains(&format!("<code>{sum}</code>")),
            "{file}"
        );
    }
    for row in published.rows() {
        assert!(page.contains(&format!("href=\"/data?n={0}#n-{0}\"", row.n)), "n = {}", row.n);
    }
    let (_, _, page) = get(&c, "/data?n=30").await;
    let page = String::from_utf8(page).unwrap();
    let row = published.get(30).unwrap();
    assert!(page.contains(&format!(
        "data-n=\"30\" data-positions=\"{}\" data-p-positions=\"{}\"",
        row.positions, row.p_positions
    )));
    assert!(page.contains("href=\"/zgame?n=30\""));
    let (status, _, page) = get(&c, "/data?n=900").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(String::from_utf8(page).unwrap().contains("n = 900 is not in the record"));
}

#[tokio::test]
async fn a_games_statistics_are_its_positions_counted() {
    let c = config();
    let (status, v) = json(&c, "/api/zgame/stats?n=40").await;
    assert_eq!(status, StatusCode::OK);
    let solution = zecklab_games::zgame::solve(40, true, 1 << 30, |_, _| {}).unwrap();
    let histogram = v["remoteness_histogram"].as_array().unwrap();
    assert_eq!(
        histogram.iter().map(|r| r["positions"].as_u64().unwrap()).sum::<u64>(),
        solution.index().count()
    );
    assert_eq!(
        histogram.iter().map(|r| r["p_positions"].as_u64().unwrap()).sum::<u64>(),
        solution.p_positions()
    );
    assert_eq!(v["p_positions"], solution.p_positions());
    assert_eq!(v["max_remoteness"], histogram.last().unwrap()["remoteness"]);
    // In normal play a loss has even remoteness, a win odd.
    for row in histogram {
        let even = row["remoteness"].as_u64().unwrap() % 2 == 0;
        assert_eq!(row["p_positions"] == row["positions"], even, "{row}");
    }
    // The length laws of random play, both measures, as zgame random-laws gives them.
    let laws = zecklab_answers::random_laws::random_laws(
        40,
        &[zecklab_games::zgame::random::Measure::Path, zecklab_games::zgame::random::Measure::Games],
        1 << 30,
        &zecklab_games::Cancel::new(),
        |_, _| {},
    )
    .unwrap();
    // (Both read from text: the parser's last digit is the same for both.)
    let laws: Value = serde_json::from_str(&serde_json::to_string(&laws).unwrap()).unwrap();
    assert_eq!(v["length_laws"], laws);
    let (_, beyond) = json(&c, "/api/zgame/stats?n=120").await;
    assert_eq!(beyond["length_laws"], serde_json::json!([]));
    let (status, _, page) = get(&c, "/zgame/stats?n=40").await;
    assert_eq!(status, StatusCode::OK);
    let page = String::from_utf8(page).unwrap();
    let attributes =
        format!("data-p-positions=\"{}\" data-max-remoteness=\"{}\"", v["p_positions"], v["max_remoteness"]);
    assert!(page.contains(&attributes), "{attributes}");
    for deepest in v["deepest"].as_array().unwrap() {
        let p = deepest.as_str().unwrap();
        assert!(page.contains(&format!("<a href=\"/zgame?p={}\">{p}</a>", p.replace(' ', "_"))), "{p}");
    }
    for (uri, status) in [
        ("/zgame/stats?n=0", 400),
        ("/zgame/stats?n=x", 400),
        ("/zgame/stats?n=401", 422),
        ("/api/zgame/stats?n=300", 422),
    ] {
        assert_eq!(get(&c, uri).await.0.as_u16(), status, "{uri}");
    }
}

#[tokio::test]
async fn the_reference_pages_and_every_published_file_are_served() {
    let c = config();
    // Every published file downloads as it is in the repository, with a content type.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/data");
    for (name, _) in zecklab_store::published::FILES {
        let (status, content_type, body) = get(&c, &format!("/data/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        assert!(
            !content_type.is_empty() && content_type != "application/octet-stream",
            "{name}: {content_type}"
        );
        assert_eq!(body, std::fs::read(dir.join(name)).unwrap(), "{name}");
    }
    for uri in [
        "/data/README.md",
        "/data/nonesuch.csv",
        "/data/oeis",
        "/data/%2e%2e/README.md",
        "/research/nonesuch",
    ] {
        assert_eq!(get(&c, uri).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
    // The JSON twins are what the command line prints.
    let (status, theorems) = json(&c, "/api/theorems").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(theorems, serde_json::to_value(zecklab_verify::catalogue()).unwrap());
    let (_, all) = json(&c, "/api/research").await;
    assert_eq!(all, serde_json::to_value(zecklab_answers::research::research()).unwrap());
    for note in zecklab_answers::research::NOTES {
        let (status, one) = json(&c, &format!("/api/research/{}", note.name)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(one, serde_json::to_value(zecklab_answers::research::note(note.name).unwrap()).unwrap());
        // Its page holds an anchor for every numbered statement, and every figure it shows is served.
        let (status, _, page) = get(&c, &format!("/research/{}", note.name)).await;
        assert_eq!(status, StatusCode::OK);
        let page = String::from_utf8(page).unwrap();
        for statement in one["statements"].as_array().unwrap() {
            assert!(page.contains(&format!("id=\"{}\"", statement["id"].as_str().unwrap())), "{}", note.name);
        }
        for src in page.split("src=\"").skip(1).map(|p| p.split('"').next().unwrap()) {
            let (status, content_type, _) = get(&c, src).await;
            assert_eq!((status, content_type.as_str()), (StatusCode::OK, "image/png"), "{src}");
        }
    }
    assert_eq!(json(&c, "/api/research/nonesuch").await.0, StatusCode::NOT_FOUND);
    // The theorems page lists every check with its status.
    let (_, _, page) = get(&c, "/theorems").await;
    let page = String::from_utf8(page).unwrap();
    for t in theorems["theorems"].as_array().unwrap() {
        assert!(
            page.contains(&format!("<article class=\"theorem\" id=\"{}\">", t["id"].as_str().unwrap())),
            "{t}"
        );
    }
    assert_eq!(page.matches("badge proved").count(), theorems["proved"].as_u64().unwrap() as usize);
    // A proved statement's proof and its automata, in Walnut's file format, download.
    let (status, _, script) = get(&c, "/theorems/wythoff-digit-rule-proved/proof.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        String::from_utf8(script).unwrap(),
        zecklab_verify::proofs::script("wythoff-digit-rule-proved").unwrap()
    );
    let (status, content_type, automaton) = get(&c, "/theorems/wythoff-digit-rule-proved/wythoffp.txt").await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "text/plain; charset=utf-8"));
    let automaton = String::from_utf8(automaton).unwrap();
    assert!(automaton.starts_with("msd_fib msd_fib\n"), "{automaton}");
    assert!(page.contains("href=\"/theorems/wythoff-digit-rule-proved/wythoffp.txt\""));
    // The search box: a redirect to what was typed, or a page saying what it takes.
    assert_eq!(get(&c, "/search?q=heap+90").await.0, StatusCode::SEE_OTHER);
    assert_eq!(get(&c, "/search?q=nothing+here").await.0, StatusCode::NOT_FOUND);
    for uri in ["/theorems/zeckendorf-unique/proof.txt", "/theorems/wythoff-digit-rule-proved/nonesuch.txt"] {
        assert_eq!(get(&c, uri).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn the_table_of_every_n_sorts_and_pages_without_scripts() {
    let c = config();
    let record = zecklab_store::published::record();
    // A cell's text, without the link the n column holds.
    let cell = |row: &str, i: usize| -> String {
        let raw = row.split("<td>").nth(i + 1).unwrap().split("</td>").next().unwrap();
        let mut inside = false;
        raw.chars()
            .filter(|&c| {
                inside = (inside || c == '<') && c != '>';
                !inside && c != '>'
            })
            .collect()
    };
    let rows = |page: &str| -> Vec<String> {
        let table =
            page.split("<table class=\"data every-n\">").nth(1).unwrap().split("</table>").next().unwrap();
        table.split("<tr>").skip(2).map(str::to_string).collect()
    };
    let (status, _, page) = get(&c, "/data").await;
    assert_eq!(status, StatusCode::OK);
    let first = rows(&String::from_utf8(page).unwrap());
    assert_eq!(first.len(), 100, "a page of 100 rows");
    assert_eq!(cell(&first[0], 0), "1");
    // By share, largest first, on its last page: the smallest shares, in order.
    let pages = record.rows().count().div_ceil(100);
    let (_, _, page) = get(&c, &format!("/data?sort=share&order=desc&page={pages}")).await;
    let page = String::from_utf8(page).unwrap();
    let last = rows(&page);
    assert_eq!(last.len(), record.rows().count() - 100 * (pages - 1));
    let shares: Vec<f64> = last.iter().map(|r| cell(r, 3).trim_end_matches('%').parse().unwrap()).collect();
    assert!(shares.windows(2).all(|w| w[0] >= w[1]), "{shares:?}");
    assert!(page.contains("aria-sort=\"descending\""));
    for bad in ["/data?sort=nonesuch", "/data?order=up", "/data?page=0"] {
        assert_eq!(get(&c, bad).await.0, StatusCode::BAD_REQUEST, "{bad}");
    }
}

/// The lab's rule tests run as jobs: a long test's page comes at once with its first lines and
/// its progress (refreshing itself without scripts), visitors asking the same test share it (the
/// API streams its lines as they come), and another test while the server is full is refused at
/// once, saying when to ask again.
#[tokio::test(flavor = "multi_thread")]
async fn rule_tests_run_as_jobs_and_a_full_server_refuses_at_once() {
    let app = router(Config { max_solves: 1, ..config() });
    let send = |uri: &str| app.clone().oneshot(Request::get(uri).body(Body::empty()).unwrap());
    let page = send("/lab?rule=ones&from=3&to=150").await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = String::from_utf8(page.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(html.contains("<div id=\"lab-progress\" data-running=\"true\">"), "{html}");
    assert!(html.contains("<progress max=\"148\""), "{html}");
    assert!(html.contains("<noscript><meta http-equiv=\"refresh\""), "{html}");
    assert!(html.contains("<tr data-n=\"3\" data-wins=\"false\">"), "the first lines show: {html}");
    for other in [
        "/api/zgame/rule-test?rule=split:largest,ones&from=3&to=150",
        "/lab?rule=split:largest,ones&from=3&to=150",
    ] {
        let refused = send(other).await.unwrap();
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE, "{other}");
        assert_eq!(refused.headers()["retry-after"], "5", "{other}");
    }
    // The same test, asked of the API: the running job's lines, streamed from the first.
    let shared = send("/api/zgame/rule-test?rule=ones&from=3&to=150").await.unwrap();
    assert_eq!(shared.status(), StatusCode::OK);
    assert_eq!(shared.headers()["content-type"], "application/x-ndjson");
    let mut body = shared.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let first: Value =
        serde_json::from_str(std::str::from_utf8(&first).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!((first["n"].as_u64(), first["rule"].as_str()), (Some(3), Some("ones")));
    // A short test comes whole, its page without a refresh.
    let (status, _, body) = get(&config(), "/lab?rule=ones,combine:smallest,split:smallest&to=10").await;
    let html = String::from_utf8(body).unwrap();
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("loses first at n = 4") && !html.contains("http-equiv=\"refresh\""), "{html}");
}
