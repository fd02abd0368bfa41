//! What the browser test checks on a page: a game played by its hints, the review, a Zeckendorf
//! position's data against the naive solver, the relatives' pages, moves best first, the
//! reference pages (theorems, research notes, downloads).

use super::*;

/// Plays the game of a play-mode URL to its end by clicking the hinted move at each of the human's
/// turns (at most `most`), checking that no value shows while the human plays; the final state.
pub(super) async fn play_by_hints(browser: &Browser, path: &str, most: u32) -> Value {
    browser.open(path).await;
    let mut clicks = 0;
    loop {
        let state = browser
            .wait_until("the human's turn or the end", |s| {
                s["winner"] != ""
                    || s["moves"].as_array().unwrap().first().is_some_and(|m| m["enabled"] == true)
            })
            .await;
        if state["winner"] != "" {
            return state;
        }
        // While the human plays, the values are not in the page: no outcome, no move's value,
        // no optimal line.
        assert_eq!(state["outcome"], "", "{path}: {state}");
        assert_eq!(state["line"], 0, "{path}: {state}");
        assert_eq!(state["cite"], false, "no link to the values while playing: {path}: {state}");
        assert!(
            state["moves"].as_array().unwrap().iter().all(|m| m["winning"].is_null() && m["badge"] == ""),
            "{path}: {state}"
        );
        browser.click("#hint").await;
        let before = state["position"].as_str().unwrap().to_string();
        browser.click("#moves li[data-hint='true'] a").await;
        browser.wait_until("the hinted move", |s| s["position"] != before.as_str()).await;
        clicks += 1;
        assert!(clicks < most, "{path}: the game is short");
    }
}

pub(super) fn outcome_text(o: Outcome) -> &'static str {
    o.as_str()
}

/// The review of a finished game: the game on 12 played to its end by the slowest losing move
/// where there is one (so that some moves give a win away), every row's mark against the naive
/// solver, a best move instead that does keep the win, and play on from a ply; then a Nim game's.
pub(super) async fn check_review(browser: &Browser, naive: &mut NaiveSolver) {
    let review = |browser: &Browser| {
        let client = browser.client.clone();
        async move {
            client
                .execute(
                    "const p = document.getElementById('review-panel');
                     return { shown: !p.hidden, rows: [...document.querySelectorAll('#review tbody tr')].map(tr => ({
                       gave: tr.dataset.gaveAway, best: (tr.querySelector('a.best-instead') || {}).href || null,
                       on: tr.querySelector('a.play-on').href })) };",
                    vec![],
                )
                .await
                .unwrap()
        }
    };
    let mut state = browser.open("/zgame?p=1^12").await;
    assert_eq!(review(browser).await["shown"], false, "no review before the game ends");
    let mut positions = vec![state["position"].as_str().unwrap().to_string()];
    while let Some(m) = state["moves"].as_array().unwrap().last().cloned() {
        let before = state["position"].as_str().unwrap().to_string();
        browser.click(&format!("#moves li[data-move='{}'] a", m["move"].as_str().unwrap())).await;
        state = browser.wait_until("the move made", |s| s["position"] != before.as_str()).await;
        positions.push(state["position"].as_str().unwrap().to_string());
    }
    let shown = review(browser).await;
    assert_eq!(shown["shown"], true, "{shown}");
    let rows = shown["rows"].as_array().unwrap();
    assert_eq!(rows.len(), positions.len() - 1);
    let mut gave_any = false;
    for (k, row) in rows.iter().enumerate() {
        let before = naive.value(&ZPosition::parse(&positions[k]).unwrap());
        let after = naive.value(&ZPosition::parse(&positions[k + 1]).unwrap());
        let gave = before.outcome == Outcome::Win && after.outcome == Outcome::Win;
        gave_any |= gave;
        assert_eq!(row["gave"], gave.to_string(), "ply {}: {row}", k + 1);
        assert_eq!(row["best"].is_null(), !gave, "{row}");
    }
    assert!(gave_any, "the slowest moves give a win away somewhere: {shown}");
    let (k, row) = rows.iter().enumerate().find(|(_, r)| r["gave"] == "true").unwrap();
    let best = row["best"].as_str().unwrap().to_string();
    let on = rows[k]["on"].as_str().unwrap().to_string();
    let instead = browser.open(&best[best.find("/zgame").unwrap()..]).await;
    assert_eq!(instead["record"].as_array().unwrap().len(), k + 1, "{instead}");
    let reached = naive.value(&ZPosition::parse(instead["position"].as_str().unwrap()).unwrap());
    assert_eq!(reached.outcome, Outcome::Loss, "the best move leaves the opponent lost: {instead}");
    let resumed = browser.open(&on[on.find("/zgame").unwrap()..]).await;
    assert_eq!(resumed["position"], positions[k + 1].as_str(), "play on from ply {}", k + 1);
    assert_eq!(review(browser).await["shown"], false, "the game goes on: no review");
    // Every game the explorer plays has it: a game of Fibonacci Nim to its end.
    let mut state = browser.open("/nim?heap=6").await;
    let mut plies = 0;
    while let Some(m) = state["moves"].as_array().unwrap().first().cloned() {
        let before = state["position"].as_str().unwrap().to_string();
        browser.click(&format!("#moves li[data-move='{}'] a", m["move"].as_str().unwrap())).await;
        state = browser.wait_until("the take made", |s| s["position"] != before.as_str()).await;
        plies += 1;
    }
    let shown = review(browser).await;
    assert_eq!(shown["shown"], true, "{shown}");
    assert_eq!(shown["rows"].as_array().unwrap().len(), plies, "{shown}");
    assert!(
        shown["rows"].as_array().unwrap().iter().all(|r| r["gave"] == "false"),
        "best play gives nothing away: {shown}"
    );
}

/// Checks the Zeckendorf-game page against the naive solver, position and every move.
pub(super) fn check_zgame(state: &Value, naive: &mut NaiveSolver) {
    let p = ZPosition::parse(state["position"].as_str().unwrap()).unwrap();
    let v = naive.value(&p);
    assert_eq!(state["outcome"], outcome_text(v.outcome), "{state}");
    assert_eq!(state["remoteness"], v.remoteness.to_string(), "{state}");
    let moves = state["moves"].as_array().unwrap();
    assert_eq!(moves.len(), p.moves().len(), "every move listed");
    for m in moves {
        let child = ZPosition::parse(m["to"].as_str().unwrap()).unwrap();
        let c = naive.value(&child);
        assert_eq!(m["winning"], (c.outcome == Outcome::Loss).to_string(), "{m}");
        assert_eq!(m["remoteness"], c.remoteness.to_string(), "{m}");
    }
    assert_best_first(moves);
    assert_told_apart_by_text(state);
    // Every move is a link to the position it leads to.
    for m in moves {
        assert_eq!(m["link"], format!("/zgame?p={}", m["to"].as_str().unwrap().replace(' ', "_")), "{m}");
    }
}

/// Winning and losing moves are told apart by text, not colour alone: each move's badge says
/// "wins in N" or "loses in N" (N the moves to the end, this one included: the remoteness of
/// the position it leads to, plus one), its link's text (its accessible name) ends so, and the moves
/// stand under the headings "Winning moves (k)" and "Losing moves (k)".
pub(super) fn assert_told_apart_by_text(state: &Value) {
    let moves = state["moves"].as_array().unwrap();
    for m in moves {
        let word = if m["winning"] == "true" { "wins" } else { "loses" };
        let r: u32 = m["remoteness"].as_str().unwrap().parse().unwrap();
        let words = format!("{word} in {}", r + 1);
        assert_eq!(m["badge"], words, "{m}");
        assert!(m["name"].as_str().unwrap().ends_with(&format!(" {words}")), "{m}");
    }
    let count = |w: &str| moves.iter().filter(|m| m["winning"] == w).count();
    let mut want = Vec::new();
    if count("true") > 0 {
        want.push(format!("Winning moves ({})", count("true")));
    }
    if count("false") > 0 {
        want.push(format!("Losing moves ({})", count("false")));
    }
    assert_eq!(state["groups"], json!(want), "{state}");
}

/// Whether the page scrolls sideways (at the window's width).
pub(super) async fn scrolls_sideways(browser: &Browser) -> bool {
    browser
        .client
        .execute(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

/// Winning moves first and fastest first; then losing moves slowest first.
/// The relatives panel of the game on `n`: the reversed game's winner and every coalition of
/// three players, against the reference searches.
pub(super) async fn check_relatives(browser: &Browser, n: u32) {
    use zecklab_reference::relatives::{NaiveCoalition, NaiveReversed};
    let deadline = Instant::now() + Duration::from_secs(5);
    let shown = loop {
        let shown = browser
            .client
            .execute(
                r#"const list = document.getElementById('coalitions');
                   return { n: list.dataset.n || '', players: list.dataset.players || '',
                     winner: document.getElementById('rev-winner').textContent,
                     coalitions: [...list.querySelectorAll('li')].map(li => [li.dataset.members, li.dataset.wins]) };"#,
                vec![],
            )
            .await
            .unwrap();
        if shown["n"] == n.to_string().as_str()
            && shown["winner"] != ""
            && !shown["coalitions"].as_array().unwrap().is_empty()
        {
            break shown;
        }
        assert!(Instant::now() < deadline, "no relatives panel for n = {n}: {shown}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    };
    let zeckendorf = zecklab_games::zgame::zeckendorf_position(n);
    let p1 = NaiveReversed::new(n).value(&zeckendorf).outcome == Outcome::Win;
    assert_eq!(shown["winner"], if p1 { "Player 1" } else { "Player 2" });
    assert_eq!(shown["players"], "3");
    let listed = shown["coalitions"].as_array().unwrap();
    assert_eq!(listed.len(), 6, "every proper coalition of three players");
    let start = ZPosition::start(n).unwrap();
    for entry in listed {
        let members: Vec<u32> = entry[0].as_str().unwrap().split(',').map(|m| m.parse().unwrap()).collect();
        let set = members.iter().fold(0u64, |s, m| s | 1 << (m - 1));
        let wins = NaiveCoalition::new(3, set).wins(&start, 0);
        assert_eq!(entry[1], wins.to_string(), "coalition {members:?} of n = {n}");
    }
}

pub(super) fn assert_best_first(moves: &[Value]) {
    let key = |m: &Value| {
        let r: i64 = m["remoteness"].as_str().unwrap().parse().unwrap();
        if m["winning"] == "true" {
            (0, r)
        } else {
            (1, -r)
        }
    };
    assert!(moves.windows(2).all(|w| key(&w[0]) <= key(&w[1])), "best first: {moves:?}");
}

/// `/theorems` lists every check `zecklab verify` runs with its status, a research note's
/// numbered statements are anchors, and a published file downloads with the checksum `/data`
/// lists beside its link.
pub(super) async fn check_reference_pages(browser: &Browser) {
    browser.client.goto(&format!("{}/theorems", browser.base)).await.unwrap();
    let listed = browser
        .client
        .execute(
            r#"return [...document.querySelectorAll('article.theorem')]
                 .map((a) => [a.id, a.querySelector('.badge').textContent]);"#,
            vec![],
        )
        .await
        .unwrap();
    let catalogue = zecklab_verify::catalogue();
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), catalogue.theorems.len(), "every check is listed once");
    for (row, theorem) in listed.iter().zip(&catalogue.theorems) {
        let badge = match theorem.status {
            zecklab_verify::Status::Proved => "proved for every n",
            zecklab_verify::Status::Checked => "checked",
        };
        assert_eq!(row, &json!([theorem.id, badge]));
    }

    browser.client.goto(&format!("{}/research/random-games#theorem-7", browser.base)).await.unwrap();
    let target = browser
        .client
        .execute(
            "const t = document.querySelector(':target'); return t ? [t.id, t.textContent] : null;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(target[0], "theorem-7", "the link opens at the statement: {target}");
    assert!(target[1].as_str().unwrap().contains("the pairing"), "{target}");

    browser.client.goto(&format!("{}/data", browser.base)).await.unwrap();
    let file = "zgame-parity.jsonl";
    let row = browser
        .client
        .execute_async(
            r#"const [file, done] = arguments;
               const link = document.querySelector(`#files a[href="/data/${file}"]`);
               const listed = link.closest('tr').querySelector('.sha').textContent;
               fetch(link.href).then((r) => r.arrayBuffer()).then((b) => crypto.subtle.digest('SHA-256', b))
                 .then((d) => done([listed, [...new Uint8Array(d)].map((x) => x.toString(16).padStart(2, '0')).join('')]));"#,
            vec![json!(file)],
        )
        .await
        .unwrap();
    let published = &zecklab_store::published::checksums()[file];
    assert_eq!(row, json!([published, published]), "the listed checksum and the downloaded bytes' SHA-256");

    // The search box on the home page goes to what was typed: here a pair of Wythoff heaps.
    browser.client.goto(&format!("{}/", browser.base)).await.unwrap();
    let input = browser.client.find(Locator::Css("form[role=search] input[name=q]")).await.unwrap();
    input.send_keys("10, 20\n").await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !browser.client.current_url().await.unwrap().as_str().contains("/wythoff?a=10&b=20") {
        assert!(Instant::now() < deadline, "the search went to Wythoff's game");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A long rule test in the lab: the page comes within two seconds with its first lines and its
/// progress, and its script shows more n as they are done, in place (the page is not reloaded).
pub(super) async fn check_lab_progress(browser: &Browser) {
    let started = Instant::now();
    browser.client.goto(&format!("{}/lab?rule=ones&from=3&to=150", browser.base)).await.unwrap();
    let came = started.elapsed();
    let rows = || async {
        browser
            .client
            .execute(
                "window.kept = window.kept || 'this page';
                 const p = document.getElementById('lab-progress');
                 return { rows: document.querySelectorAll('#lab-lines tbody tr').length, kept: window.kept,
                          running: !!p, done: p ? Number(p.querySelector('progress').value) : null };",
                vec![],
            )
            .await
            .unwrap()
    };
    let first = rows().await;
    assert!(came < Duration::from_secs(2), "the lab's page came after {came:?}");
    assert_eq!(first["running"], true, "a test to 150 is still running: {first}");
    assert!(first["rows"].as_u64().unwrap() >= 1, "its first lines show: {first}");
    assert_eq!(first["rows"], first["done"], "{first}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let now = rows().await;
        if now["rows"].as_u64() > first["rows"].as_u64() {
            assert_eq!(now["kept"], "this page", "updated in place, not reloaded: {now}");
            break;
        }
        assert!(Instant::now() < deadline, "no progress in 30 s: {now}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The research pages' charts at the window's width: every label inside its chart's box (no
/// clipped tick), no text smaller than 12 px, and no chart point in the tab order (the tables
/// beside the charts are their accessible form).
pub(super) async fn check_charts(browser: &Browser, width: u32) {
    for page in ["/data", "/zgame/stats?n=30"] {
        browser.client.goto(&format!("{}{page}", browser.base)).await.unwrap();
        let found = browser
            .client
            .execute(
                "return [...document.querySelectorAll('svg.chart')].map(svg => {
                   const box = svg.getBoundingClientRect();
                   const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() !== '');
                   return { id: svg.id, texts: texts.length,
                     outside: texts.filter(t => { const r = t.getBoundingClientRect();
                       return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5; })
                       .map(t => t.textContent),
                     smallest: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * (box.width / svg.viewBox.baseVal.width))),
                     tabbable: [...svg.querySelectorAll('a')].filter(a => a.tabIndex >= 0).length };
                 });",
                vec![],
            )
            .await
            .unwrap();
        let charts = found.as_array().unwrap();
        assert!(!charts.is_empty(), "{page} has charts");
        for chart in charts {
            assert!(chart["texts"].as_u64().unwrap() > 0, "{page} at {width} px: {chart}");
            assert_eq!(
                chart["outside"],
                json!([]),
                "{page} at {width} px: labels outside the chart: {chart}"
            );
            assert!(
                chart["smallest"].as_f64().unwrap() >= 11.5,
                "{page} at {width} px: text too small: {chart}"
            );
            assert_eq!(chart["tabbable"], 0, "{page} at {width} px: chart points in the tab order: {chart}");
        }
    }
}
