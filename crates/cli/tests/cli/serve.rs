//! `zecklab serve`: the API prints the command line's JSON for the same question, the server
//! works over a real socket, and a load test stays within the memory bound and answers every
//! request.

use crate::common;

use std::time::{Duration, Instant};

use axum::body::Body;
use common::{assert_usage_error, zecklab, Server};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The answer the API gives in-process (status and JSON).
async fn api(uri: &str) -> (u16, Value) {
    let config =
        zecklab_server::Config::new(Some(zecklab_store::Store::locate(Some(common::empty_store())).unwrap()));
    let request = axum::http::Request::get(uri).body(Body::empty()).unwrap();
    let response = zecklab_server::router(config).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap())
}

/// Drops the timing field, the only one that differs between two runs of the same solve (the
/// engine stays: both front ends choose it by the same dispatcher).
fn without_seconds(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("seconds");
    }
    v
}

#[tokio::test]
async fn the_api_prints_the_clis_json_for_the_same_question() {
    let big = "123456789012345678901234567890123456789";
    let questions: Vec<(Vec<&str>, String)> = vec![
        (vec!["repr", "32", "--json"], "/api/repr?n=32".into()),
        (vec!["repr", big, "--json"], format!("/api/repr?n={big}")),
        (vec!["repr", "1000", "--k", "3", "--json"], "/api/repr?n=1000&k=3".into()),
        (vec!["repr", "--from-numeral", "1011", "--json"], "/api/repr?numeral=1011".into()),
        (vec!["nim", "solve", "90", "--json"], "/api/nim/solve?heap=90".into()),
        (vec!["nim", "solve", "90", "--cap", "89", "--json"], "/api/nim/solve?heap=90&cap=89".into()),
        (
            vec!["nim", "solve", big, "--cap", "7", "--k", "3", "--misere", "--json"],
            format!("/api/nim/solve?heap={big}&cap=7&k=3&misere=1"),
        ),
        (vec!["wythoff", "solve", "10", "20", "--json"], "/api/wythoff/solve?a=10&b=20".into()),
        (vec!["wythoff", "solve", big, "3", "--json"], format!("/api/wythoff/solve?a={big}&b=3")),
        (vec!["zgame", "solve", "--n", "10", "--json"], "/api/zgame/solve?n=10".into()),
        // Every engine, chosen or named, through the one dispatcher.
        (vec!["zgame", "solve", "--n", "30", "--json"], "/api/zgame/solve?n=30".into()),
        (
            vec!["zgame", "solve", "30", "--no-remoteness", "--json"],
            "/api/zgame/solve?n=30&outcomes=1".into(),
        ),
        (vec!["zgame", "solve", "30", "--flat", "--json"], "/api/zgame/solve?n=30&engine=flat".into()),
        (
            vec!["zgame", "solve", "30", "--tiers", "--no-remoteness", "--json"],
            "/api/zgame/solve?n=30&engine=tiers&outcomes=1".into(),
        ),
        (
            vec!["zgame", "solve", "30", "--layers", "--no-remoteness", "--tiers-json"],
            "/api/zgame/solve?n=30&engine=layered&outcomes=1&tiers=1".into(),
        ),
        (vec!["zgame", "solve", "--n", "40", "--tiers-json"], "/api/zgame/solve?n=40&tiers=1".into()),
        (vec!["zgame", "position", "1^10", "--json"], "/api/zgame/position?p=1%5E10".into()),
        (
            vec!["zgame", "position", "1^3 2^2 5^7", "--line", "--json"],
            "/api/zgame/position?p=1%5E3_2%5E2_5%5E7&line=1".into(),
        ),
        (vec!["zgame", "position", "2 8", "--json"], "/api/zgame/position?p=2_8".into()),
        (
            vec!["zgame", "solve", "--n", "30", "--reversed", "--tiers-json"],
            "/api/zgame/solve?n=30&reversed=1&tiers=1".into(),
        ),
        (
            vec!["zgame", "position", "2 8", "--reversed", "--line", "--json"],
            "/api/zgame/position?p=2_8&reversed=1&line=1".into(),
        ),
        (
            vec!["zgame", "coalitions", "--n", "20", "--players", "4", "--json"],
            "/api/zgame/coalitions?n=20&players=4".into(),
        ),
        (
            vec![
                "zgame",
                "solve",
                "--n",
                "40",
                "--recurrence",
                "1,3",
                "--rules",
                "no-initial-combine",
                "--json",
            ],
            "/api/zgame/solve?n=40&recurrence=1,3&rules=no-initial-combine".into(),
        ),
        (vec!["zgame", "solve", "--n", "30", "--misere", "--json"], "/api/zgame/solve?n=30&misere=1".into()),
        // Both rule sets are the game's own moves on the Fibonacci numbers: the game's engines.
        (
            vec!["zgame", "solve", "--n", "30", "--rules", "no-initial-combine", "--json"],
            "/api/zgame/solve?n=30&rules=no-initial-combine".into(),
        ),
        (
            vec!["zgame", "solve", "--n", "12", "--ordered", "--json"],
            "/api/zgame/solve?n=12&variant=ordered".into(),
        ),
        (
            vec!["zgame", "position", "4 2^2 1^3", "--recurrence", "1,3", "--line", "--json"],
            "/api/zgame/position?p=4_2%5E2_1%5E3&recurrence=1,3&line=1".into(),
        ),
        (
            vec!["zgame", "position", "1^3 2^2 5^2", "--grundy", "--json"],
            "/api/zgame/position?p=1%5E3_2%5E2_5%5E2&grundy=1".into(),
        ),
        (
            vec!["zgame", "position", "1^9", "--misere", "--line", "--json"],
            "/api/zgame/position?p=1%5E9&misere=1&line=1".into(),
        ),
    ];
    for (args, uri) in questions {
        let out = zecklab(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", common::stderr(&out));
        let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
        let (status, served) = api(&uri).await;
        assert_eq!(status, 200, "{uri}: {served}");
        assert_eq!(without_seconds(served), without_seconds(cli), "{args:?} against {uri}");
    }
    // The dispatcher's refusal, in the server's words for bad input.
    let (status, refused) = api("/api/zgame/solve?n=30&engine=layered").await;
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("the layered engine finds outcomes only"),
        "{refused}"
    );
    // The same bad input is refused by both, naming the same value.
    for (args, uri, named) in [
        (vec!["nim", "solve", "-3", "--json"], "/api/nim/solve?heap=-3", "-3"),
        (vec!["zgame", "position", "1^3 4", "--json"], "/api/zgame/position?p=1%5E3_4", "4"),
        (vec!["repr", "--from-numeral", "102", "--json"], "/api/repr?numeral=102", "102"),
        (
            vec!["zgame", "coalitions", "--n", "9", "--players", "7", "--json"],
            "/api/zgame/coalitions?n=9&players=7",
            "7",
        ),
    ] {
        assert_usage_error(&zecklab(&args), named);
        let (status, served) = api(uri).await;
        assert_eq!(status, 400, "{uri}");
        assert!(served["error"].as_str().unwrap().contains(named), "{served}");
    }
}

/// One router shared by several in-process requests (so they share its cache).
fn app() -> axum::Router {
    let config =
        zecklab_server::Config::new(Some(zecklab_store::Store::locate(Some(common::empty_store())).unwrap()));
    zecklab_server::router(config)
}

/// A request to `app` in-process: status and body text.
async fn get(app: &axum::Router, uri: &str) -> (u16, String) {
    let request = axum::http::Request::get(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// The page's core is in its HTML (it reads without JavaScript): the title names the position
/// and its value, and every move the API lists is a link with its value in words.
fn assert_core_matches(page: &str, answer: &Value, link: impl Fn(&str) -> String) {
    let outcome = answer["outcome"].as_str().unwrap();
    let title = format!("<title>{} ({outcome}) · zecklab</title>", answer["position"].as_str().unwrap());
    assert!(page.contains(&title), "{title} in {page}");
    let verb = if outcome == "win" { "wins" } else { "loses" };
    assert!(page.contains(&format!("<span class=\"value {outcome}\">{verb}</span>")), "{page}");
    let moves = answer["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let href = format!("href=\"{}\"", link(m["to"].as_str().unwrap()).replace('&', "&amp;"));
        assert!(page.contains(&href), "{href} in {page}");
        let (class, verb) = if m["winning"] == true { ("win", "wins") } else { ("loss", "loses") };
        let r = m["remoteness"].as_u64().map(|r| format!(" in {}", r + 1)).unwrap_or_default();
        assert!(page.contains(&format!("<span class=\"badge {class}\">{verb}{r}</span>")), "{m} in {page}");
    }
    assert_eq!(page.matches("<a class=\"move\"").count(), moves.len(), "one link a move");
}

#[tokio::test]
async fn every_page_reads_without_javascript() {
    let app = app();
    let json = |(status, body): (u16, String)| {
        assert_eq!(status, 200, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()
    };
    // Fibonacci Nim: a heap small enough for every take, and one listing its winning takes only.
    for (query, all) in [
        ("heap=10", true),
        ("heap=20&cap=7&k=3&misere=1", true),
        ("heap=1000000000000000000000000000000", false),
    ] {
        let answer = json(get(&app, &format!("/api/nim/position?{query}")).await);
        let (status, page) = get(&app, &format!("/nim?{query}")).await;
        assert_eq!(status, 200);
        let rules: String = query
            .split('&')
            .filter(|p| p.starts_with("k=") || p.starts_with("misere="))
            .map(|p| format!("&{p}"))
            .collect();
        assert_core_matches(&page, &answer, |to| {
            let (heap, cap) = to.split_once('/').unwrap();
            format!("/nim?heap={heap}&cap={cap}{rules}")
        });
        let note = if all { "Winning moves fastest first" } else { "Only the winning moves are listed" };
        assert!(page.contains(note), "{query}: {page}");
    }
    // The form shows what was asked, so that sent without JavaScript it asks again from there.
    let (_, page) = get(&app, "/nim?heap=20&cap=7&k=3&misere=1").await;
    for input in [
        "id=\"ask-heap\" value=\"20\"",
        "id=\"ask-cap\" value=\"7\"",
        "id=\"ask-k\" value=\"3\"",
        "id=\"ask-misere\" checked",
    ] {
        assert!(page.contains(input), "{input} in {page}");
    }
    let (_, page) = get(&app, "/zgame?p=1^3_2^2_5^7").await;
    assert!(page.contains("id=\"ask-p\" value=\"1^3 2^2 5^7\""), "{page}");
    // The last take ends the game: its link replays the take from the position shown.
    let (_, page) = get(&app, "/nim?heap=3&cap=5").await;
    assert!(page.contains("href=\"/nim?heap=3&amp;cap=3&amp;m=2\""), "{page}");
    // Wythoff's game.
    let answer = json(get(&app, "/api/wythoff/position?a=10&b=20").await);
    let (_, page) = get(&app, "/wythoff?a=10&b=20").await;
    assert_core_matches(&page, &answer, |to| {
        let (a, b) = to.split_once(',').unwrap();
        format!("/wythoff?a={a}&b={b}")
    });
    assert!(page.contains("10 from both → (0, 10)"), "moves written in words: {page}");
    // Numeration: the terms, indices and numeral of 32 = 21 + 8 + 3 (1010100), and a numeral.
    let (_, page) = get(&app, "/numeration?n=32").await;
    let repr = json(get(&app, "/api/repr?n=32").await);
    assert_eq!(repr["numeral"], "1010100");
    assert!(page.contains("<p class=\"numeral\" id=\"numeral\">1010100</p>"), "{page}");
    assert!(page.contains("<p class=\"numeral-small\" id=\"indices\">7, 5, 3</p>"), "{page}");
    for t in repr["terms"].as_array().unwrap() {
        assert!(page.contains(&format!(">{}</span>", t.as_str().unwrap())), "{t} in {page}");
    }
    assert!(page.contains("<title>32 in Zeckendorf numeration · zecklab</title>"), "{page}");
    // 1100 is F4 + F3 = 5 + 3.
    let (_, page) = get(&app, "/numeration?numeral=1100").await;
    assert!(page.contains("The numeral 1100 is not canonical; its value is 8."), "{page}");
    // Play mode and a game to replay of Nim and Wythoff's game get the plain page (their scripts
    // draw them).
    for uri in ["/nim?heap=10&play=2", "/wythoff?a=10&b=20&play=1", "/nim?heap=10&m=0"] {
        let (status, page) = get(&app, uri).await;
        assert_eq!(status, 200, "{uri}");
        assert!(!page.contains("badge") && !page.contains("Winning moves"), "{uri}: {page}");
    }
    // Bad input gets the page with the error in words and its status, no value.
    for (uri, status_wanted, named) in [
        ("/nim?heap=x", 400, "x"),
        ("/wythoff?a=-1&b=2", 400, "-1"),
        ("/numeration?n=abc", 400, "abc"),
        ("/zgame?p=1^3_4", 400, "4"),
        ("/zgame?n=0", 400, "needs a whole number n"),
        ("/zgame?p=1^12&m=0.1.9", 400, "move 3 of this link (9)"),
        ("/zgame?p=1^12&m=0..1", 400, "move 2 of this link"),
        ("/zgame?n=100000", 422, "100000"),
    ] {
        let (status, page) = get(&app, uri).await;
        assert_eq!(status, status_wanted, "{uri}: {page}");
        let error =
            page.split("id=\"error\" role=\"alert\">").nth(1).unwrap().split("</div>").next().unwrap();
        assert!(error.contains(named), "{uri}: {error}");
        assert!(page.contains("<title>Error: "), "{uri}");
        assert!(
            !page.contains("badge") && !page.contains("Winning moves") && !page.contains("id=\"terms\""),
            "{uri}"
        );
    }
    let (_, page) = get(&app, "/zgame?p=1^3_4").await;
    assert!(page.contains("such as 1^3 2^2 5^7"), "the error says what a position is: {page}");
    assert!(page.contains("id=\"ask-p\" value=\"1^3 4\""), "the box keeps what was asked: {page}");
}

/// A game link (`m=`: one token a move) is one request to the API, whose plies are the
/// positions the position API gives move by move; its page, rendered without scripts, shows
/// the position reached with its value and the record of the moves, each a link to the game
/// at that move; in play mode no value shows until the game ends.
#[tokio::test]
async fn a_game_link_is_answered_whole_and_rendered_on_the_server() {
    let app = app();
    let json = |(status, body): (u16, String)| {
        assert_eq!(status, 200, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()
    };
    let game = json(get(&app, "/api/zgame/game?p=1^12&m=0.1.0.1.0&line=1").await);
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 6);
    // Ply by ply: the position API's answer for the move the token names (the names' text order).
    let mut here = json(get(&app, "/api/zgame/position?p=1^12").await);
    for (k, token) in ["0", "1", "0", "1", "0"].iter().enumerate() {
        let mut without_line = plies[k].clone();
        without_line.as_object_mut().unwrap().remove("line");
        assert_eq!(without_line, here, "ply {k}");
        let mut names: Vec<&str> =
            here["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
        names.sort_unstable();
        let name = names[usize::from_str_radix(token, 36).unwrap()];
        let to = here["moves"].as_array().unwrap().iter().find(|m| m["move"] == name).unwrap()["to"]
            .as_str()
            .unwrap()
            .to_string();
        here = json(get(&app, &format!("/api/zgame/position?p={}", to.replace(' ', "_"))).await);
    }
    let with_line = json(
        get(
            &app,
            &format!("/api/zgame/position?p={}&line=1", here["position"].as_str().unwrap().replace(' ', "_")),
        )
        .await,
    );
    assert_eq!(plies[5], with_line, "the last ply with its line");
    assert!(plies[..5].iter().all(|p| p.get("line").is_none()), "only the last ply carries its line");
    let (status, body) = get(&app, "/api/zgame/game?p=1^12&m=0.1.9").await;
    assert_eq!(status, 400);
    assert!(body.contains("move 3 of this link (9) is not one of the moves from 1^9 3^1"), "{body}");

    let (status, page) = get(&app, "/zgame?p=1^12&m=0.1.0.1.0").await;
    assert_eq!(status, 200);
    let last = &plies[5];
    let position = last["position"].as_str().unwrap();
    let outcome = last["outcome"].as_str().unwrap();
    assert!(page.contains(&format!("<title>{position} ({outcome}) · zecklab</title>")), "{page}");
    assert!(page.contains(&format!("id=\"position\" data-position=\"{position}\"")), "{page}");
    let record = page.split("id=\"record\">").nth(1).unwrap().split("</table>").next().unwrap();
    assert_eq!(record.matches("<tr data-to").count(), 5, "{record}");
    // Each row: the ply, its mover, the move as a link to the game at that ply, the position and
    // the move's value for its mover (the remoteness after it, plus one).
    for (k, ply) in plies.iter().enumerate().skip(1) {
        let to = ply["position"].as_str().unwrap();
        let r = ply["remoteness"].as_u64().unwrap();
        let verb = if ply["outcome"] == "loss" { "wins" } else { "loses" };
        let mover = if k % 2 == 1 { 1 } else { 2 };
        let row =
            record.split(&format!("<tr data-to=\"{to}\"")).nth(1).unwrap().split("</tr>").next().unwrap();
        for part in [
            format!("<td>{k}</td><td>Player {mover}</td>"),
            format!("href=\"/zgame?p=1^12&amp;m=0.1.0.1.0&amp;at={k}\""),
            format!("<td class=\"left\">{verb} in {}</td>", r + 1),
        ] {
            assert!(row.contains(&part), "{part} in {row}");
        }
    }
    assert!(page.contains("class=\"panel\" id=\"history\""), "the record shows without scripts: {page}");
    // The page carries the game's answers for its script, as the API gives them.
    let data = page.split("id=\"game-data\">").nth(1).unwrap().split("</script>").next().unwrap();
    let data: Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["m"], "0.1.0.1.0");
    assert_eq!(data["game"], game, "the page's answers are the API's");
    // Each move from there extends the game.
    for m in last["moves"].as_array().unwrap() {
        assert!(page.contains("href=\"/zgame?p=1^12&amp;m=0.1.0.1.0."), "{m}: {page}");
    }
    // At an earlier move (`at`): that position, the whole record kept.
    let (_, page) = get(&app, "/zgame?p=1^12&m=0.1.0.1.0&at=2").await;
    assert!(
        page.contains(&format!("data-position=\"{}\"", plies[2]["position"].as_str().unwrap())),
        "{page}"
    );
    let current = page.split("aria-current=\"step\"").nth(1).unwrap().split("</tr>").next().unwrap();
    assert!(
        current.starts_with("><td>2</td>") && current.contains("at=2\""),
        "the ply shown is marked: {current}"
    );
    // Play mode: whose turn, the moves as links that extend the game, and no value.
    let (status, page) = get(&app, "/zgame?p=1^12&m=0.1&play=1").await;
    assert_eq!(status, 200);
    assert!(page.contains("<span class=\"who\">Player 1 to move</span>"), "{page}");
    assert!(page.contains("href=\"/zgame?p=1^12&amp;m=0.1.0&amp;play=1\""), "{page}");
    // With the computer to move, the page is the game with its reply: its best move.
    let reply = app
        .clone()
        .oneshot(axum::http::Request::get("/zgame?p=1^12&m=0.1&play=2").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(reply.status(), axum::http::StatusCode::SEE_OTHER);
    let location = reply.headers()["location"].to_str().unwrap().to_string();
    let best = &plies[2]["moves"][0];
    let mut names: Vec<&str> =
        plies[2]["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    names.sort_unstable();
    let token = format!("{:x}", names.iter().position(|&n| n == best["move"]).unwrap());
    assert_eq!(location, format!("/zgame?p=1^12&m=0.1.{token}&play=2"));
    for hidden in [
        "badge",
        "Winning moves",
        "Losing moves",
        "(win)",
        "(loss)",
        "wins with best play",
        "loses with best play",
        "\"outcome\"",
        "\"winning\"",
        "game-data",
    ] {
        assert!(!page.contains(hidden), "{hidden} shows in play mode: {page}");
    }
    // A finished game in play mode: the values, and who won.
    let mut m = Vec::new();
    let mut here = plies[0].clone();
    while let Some(first) = here["moves"].as_array().unwrap().first().cloned() {
        let mut names: Vec<&str> =
            here["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
        names.sort_unstable();
        m.push(format!("{:x}", names.iter().position(|&n| n == first["move"]).unwrap()));
        here = json(
            get(&app, &format!("/api/zgame/position?p={}", first["to"].as_str().unwrap().replace(' ', "_")))
                .await,
        );
    }
    let (_, page) = get(&app, &format!("/zgame?p=1^12&m={}&play=2", m.join("."))).await;
    let winner = if m.len() % 2 == 1 { 1 } else { 2 };
    let said = if winner == 2 { "Game over: you win!" } else { "Game over: the computer wins." };
    assert!(page.contains(said), "{said}: {page}");
    assert!(
        page.contains("<td class=\"left\">wins in 1</td>"),
        "the values show once the game is over: {page}"
    );
}

#[tokio::test]
async fn the_expensive_panels_are_computed_once_and_then_served_from_the_cache() {
    let app = app();
    let status = |body: String| serde_json::from_str::<Value>(&body).unwrap();
    for uri in [
        "/api/zgame/coalitions?n=20&players=3",
        "/api/zgame/position?p=1^15&reversed=1",
        "/api/nim/reach?heap=300",
        "/api/nim/census?to=100",
    ] {
        let (code, first) = get(&app, uri).await;
        assert_eq!(code, 200, "{uri}: {first}");
        let before = status(get(&app, "/api/status").await.1);
        let (_, again) = get(&app, uri).await;
        let after = status(get(&app, "/api/status").await.1);
        assert_eq!(
            without_seconds(serde_json::from_str(&again).unwrap()),
            without_seconds(serde_json::from_str(&first).unwrap()),
            "{uri}"
        );
        assert_eq!(
            after["cache_hits"].as_u64().unwrap(),
            before["cache_hits"].as_u64().unwrap() + 1,
            "{uri}: {before} -> {after}"
        );
        assert_eq!(after["cache_entries"], before["cache_entries"], "{uri}: nothing new computed");
        assert_eq!(after["cache_bytes"], before["cache_bytes"], "{uri}");
    }
}

fn fetch(agent: &ureq::Agent, url: &str) -> (u16, String) {
    match agent.get(url).call() {
        Ok(r) => (r.status(), r.into_string().unwrap()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap()),
        Err(e) => panic!("{url}: {e}"),
    }
}

#[test]
fn the_server_answers_over_a_real_socket_and_refuses_bad_settings() {
    let server = Server::start(&[]);
    assert!(server.base.starts_with("http://127.0.0.1:"), "loopback by default: {}", server.base);
    let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(30)).build();
    let (status, body) = fetch(&agent, &format!("{}/api/zgame/position?p=1^12&line=1", server.base));
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["position"], "1^12");
    let (status, body) = fetch(&agent, &format!("{}/zgame?p=1^3_2^2_5^7", server.base));
    assert_eq!(status, 200);
    assert!(body.contains("<script src=\"/assets/zgame.js?v="), "{body}");
    // The pages name their scripts and stylesheet with a checksum of their content, so those
    // are cached for a year while the pages are checked each time.
    let page = agent.get(&format!("{}/zgame?p=1^3_2^2_5^7", server.base)).call().unwrap();
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    let assets: Vec<String> =
        body.split('"').filter(|s| s.starts_with("/assets/")).map(ToString::to_string).collect();
    assert!(assets.len() >= 3, "{assets:?}");
    for asset in &assets {
        assert!(asset.contains("?v=") && asset.len() == asset.find("?v=").unwrap() + 3 + 16, "{asset}");
        let served = agent.get(&format!("{}{asset}", server.base)).call().unwrap();
        assert_eq!(served.status(), 200, "{asset}");
        assert_eq!(served.header("cache-control"), Some("public, max-age=31536000, immutable"), "{asset}");
    }
    // The page's core is in the HTML itself (it reads without JavaScript): the value, and every
    // move as a link with its value in words, as the API answers them.
    let (_, api) = fetch(&agent, &format!("{}/api/zgame/position?p=1^3_2^2_5^7", server.base));
    let api: Value = serde_json::from_str(&api).unwrap();
    let (status, body) = fetch(&agent, &format!("{}/zgame?p=1^3_2^2_5^7", server.base));
    assert_eq!(status, 200);
    assert!(
        body.contains(&format!(
            "<title>1^3 2^2 5^7 ({}) · zecklab</title>",
            api["outcome"].as_str().unwrap()
        )),
        "{body}"
    );
    for m in api["moves"].as_array().unwrap() {
        let href = format!("href=\"/zgame?p={}\"", m["to"].as_str().unwrap().replace(' ', "_"));
        assert!(body.contains(&href), "{href} in {body}");
        let (class, verb) = if m["winning"] == true { ("win", "wins") } else { ("loss", "loses") };
        let badge = format!(
            "<span class=\"badge {class}\">{verb} in {}</span>",
            m["remoteness"].as_u64().unwrap() + 1
        );
        assert!(body.contains(&badge), "{badge} in {body}");
    }
    // In play mode the values stay out of the page.
    let (_, played) = fetch(&agent, &format!("{}/zgame?p=1^3_2^2_5^7&play=2", server.base));
    assert!(!played.contains("badge") && !played.contains("Winning moves"), "{played}");
    let (status, body) = fetch(&agent, &format!("{}/zgame?p=not_a_position", server.base));
    assert_eq!(status, 400, "a bad position gets the page with the error: {body}");
    assert!(body.contains("not_a_position") || body.contains("not a position"), "{body}");
    let (status, body) = fetch(&agent, &format!("{}/api/wythoff/solve?a=1x&b=2", server.base));
    assert_eq!(status, 400);
    assert!(body.contains("1x"), "{body}");
    // An address the explorer does not have: a page in its layout with a link to every page.
    let (status, body) = fetch(&agent, &format!("{}/no/such/page", server.base));
    assert_eq!(status, 404);
    for link in
        ["href=\"/\"", "href=\"/zgame\"", "href=\"/nim\"", "href=\"/wythoff\"", "href=\"/numeration\""]
    {
        assert!(body.contains(link), "the 404 page links {link}: {body}");
    }
    assert!(body.contains("<link rel=\"stylesheet\" href=\"/assets/style.css?v="), "styled: {body}");
    drop(server);

    assert_usage_error(&zecklab(&["serve", "--port", "70000"]), "70000");
    assert_usage_error(&zecklab(&["serve", "--port", "-1"]), "-1");
    assert_usage_error(&zecklab(&["serve", "--solve-up-to", "900"]), "--solve-up-to 900");
    assert_usage_error(&zecklab(&["serve", "--host", "not-an-address"]), "not-an-address");
    // A port already taken is a clear error, not a panic.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    assert_usage_error(&zecklab(&["serve", "--port", &port]), &port);
}

/// A few hundred requests over loopback from four clients, mixing every kind of answer: all are
/// answered (200, or 503 when the solve queue is full) within the time bound, and the server's
/// peak memory stays within its bound. The figures are printed for the record.
#[test]
fn a_small_load_test_stays_within_the_memory_bound() {
    let cache_mib = 64;
    let server = Server::start(&["--cache-mib", &cache_mib.to_string(), "--solve-up-to", "120"]);
    let base = server.base.clone();
    let start = Instant::now();
    let clients: Vec<_> = (0..4)
        .map(|c| {
            let base = base.clone();
            std::thread::spawn(move || {
                let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(60)).build();
                let mut statuses = Vec::new();
                let mut latencies = Vec::new();
                for i in 0..75u32 {
                    let n = 60 + (i * 7 + c * 13) % 61;
                    let uri = match i % 6 {
                        0 => format!("/api/zgame/position?p=1^{n}&line=1"),
                        1 => format!("/api/nim/position?heap={}", 2 + i * 23),
                        2 => format!("/api/wythoff/position?a={i}&b={}", i * 2 + 1),
                        3 => format!("/api/repr?n={}", "9".repeat(1 + (i as usize * 97) % 4000)),
                        4 => format!("/api/zgame/solve?n={n}"),
                        _ => "/zgame?p=1^10".to_string(),
                    };
                    let t = Instant::now();
                    statuses.push(fetch(&agent, &format!("{base}{uri}")).0);
                    latencies.push(t.elapsed());
                }
                (statuses, latencies)
            })
        })
        .collect();
    let mut statuses = Vec::new();
    let mut latencies = Vec::new();
    for c in clients {
        let (s, l) = c.join().unwrap();
        statuses.extend(s);
        latencies.extend(l);
    }
    let elapsed = start.elapsed();
    latencies.sort();
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    let busy = statuses.iter().filter(|&&s| s == 503).count();
    let peak = server.peak_rss();
    eprintln!(
        "load: {} requests in {:.2} s ({:.0}/s), {ok} answered 200, {busy} got 503; latency median {:.1} ms, max {:.1} ms; server peak RSS {} MiB",
        statuses.len(),
        elapsed.as_secs_f64(),
        statuses.len() as f64 / elapsed.as_secs_f64(),
        latencies[latencies.len() / 2].as_secs_f64() * 1e3,
        latencies[latencies.len() - 1].as_secs_f64() * 1e3,
        peak >> 20
    );
    assert_eq!(statuses.len(), 300);
    assert_eq!(ok + busy, 300, "every request answered: {statuses:?}");
    assert!(ok >= 270, "most requests answered in full: {ok}");
    assert!(elapsed < Duration::from_secs(120), "{elapsed:?}");
    // The cache bound plus the largest on-demand solve (n = 120: a few MB) and the runtime.
    assert!(peak < (cache_mib + 200) << 20, "peak RSS {} MiB", peak >> 20);
}

/// The text between `start` and the next `end` after it, HTML entities of URLs undone.
fn between(page: &str, start: &str, end: &str) -> String {
    let from = page.find(start).unwrap_or_else(|| panic!("{start} in the page")) + start.len();
    page[from..from + page[from..].find(end).unwrap()].replace("&amp;", "&")
}

/// Every research page, and every position page the server renders, names the command that prints
/// its answer and links the same answer as JSON: the command is run and the two compared.
#[tokio::test]
async fn every_page_cites_a_command_that_prints_its_json() {
    let app = app();
    for page_uri in [
        "/data",
        "/data?n=30",
        "/zgame/stats?n=30",
        "/lab?rule=ones,combine:smallest,split:smallest&to=20",
        "/zgame?p=1^3_2^2_5^7",
        "/zgame?p=1^12&m=0.1.0",
        "/zgame?variant=ordered&p=1_2_1_3",
        "/nim?heap=90&cap=89",
        "/nim?heap=20&k=3&misere=1",
        "/wythoff?a=10&b=20",
        "/numeration?n=1000",
        "/numeration?numeral=101101&k=3",
    ] {
        let (status, page) = get(&app, page_uri).await;
        assert_eq!(status, 200, "{page_uri}");
        let command = between(&page, "id=\"cite-command\">", "</code>");
        let json_uri = between(&page, "id=\"cite-json\" href=\"", "\"");
        let command = command.replace("&#39;", "'");
        // Words split at spaces outside single quotes, the quotes taken away, as a shell does.
        let (mut args, mut word, mut quoted) = (Vec::new(), String::new(), false);
        for c in command.chars() {
            match c {
                '\'' => quoted = !quoted,
                ' ' if !quoted => args.push(std::mem::take(&mut word)),
                c => word.push(c),
            }
        }
        args.push(word);
        let args: Vec<&str> = args.iter().map(String::as_str).filter(|a| !a.is_empty()).collect();
        assert_eq!(args[0], "zecklab", "{command}");
        let output = zecklab(&args[1..]);
        assert!(output.status.success(), "{command}: {}", String::from_utf8_lossy(&output.stderr));
        let printed: Vec<Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|l| without_seconds(serde_json::from_str(l).unwrap()))
            .collect();
        let (status, served) = get(&app, &json_uri).await;
        assert_eq!(status, 200, "{json_uri}");
        let served: Vec<Value> =
            served.lines().map(|l| without_seconds(serde_json::from_str(l).unwrap())).collect();
        assert!(!printed.is_empty());
        assert_eq!(printed, served, "{page_uri}: `{command}` against {json_uri}");
    }
}

/// The lab's rule tests: the API's lines are the command line's, and the page explains every
/// word of the rule language the command line's help lists.
#[tokio::test(flavor = "multi_thread")]
async fn the_labs_test_is_the_command_lines_and_its_language_is_explained() {
    let app = app();
    let rule = "ones,combine:smallest,split:smallest";
    let (status, streamed) = get(&app, &format!("/api/zgame/rule-test?rule={rule}&from=3&to=20")).await;
    assert_eq!(status, 200, "{streamed}");
    let cli = zecklab(&["zgame", "rule-test", "--rule", rule, "--from", "3", "--to", "20", "--json"]);
    assert_eq!(streamed, common::stdout(&cli));
    let help = common::stdout(&zecklab(&["zgame", "rule-test", "--help"]));
    let (_, page) = get(&app, "/lab").await;
    for word in [
        "ones",
        "combine:largest",
        "combine:smallest",
        "split:largest",
        "split:smallest",
        "combine:I",
        "split:I",
        "first",
        "last",
        "measure:odd",
        "measure:even",
        "is:KIND",
        "!is:KIND",
        "cI",
        "parts",
        "oddparts",
        "evenparts",
        "max",
        "min",
        "holes",
        "gap",
        "combines",
        "splits",
        "c@D",
        "next.",
        "%M",
        "decisions",
        "agreement",
    ] {
        assert!(help.contains(word), "the help has {word}");
        assert!(
            page.contains(&format!("<code>{word}</code>"))
                || page.contains(&format!("<strong>{word}</strong>")),
            "the lab explains {word}"
        );
    }
}
