//! The family's pages without scripts: each member (misère, generalized, without initial
//! combines, reversed, ordered) shows its own heading, title, rules, status and moves as links
//! with their values (against the reference crate's independent searches), its optimal line and
//! its cite panel; play mode gets the computer's reply and a hint by links; a finished game's
//! heading names its winner.

use super::*;
use zecklab_reference::family::{parse_multiset, NaiveFamily};
use zecklab_reference::ordered::NaiveOrdered;
use zecklab_reference::relatives::NaiveReversed;

/// What a page without scripts shows: its heading and title, status, rules, moves (link, text,
/// badge; `to`: where it leads, from its hover text in play mode, else from its link), the optimal
/// line's rows, the cite command and the play links.
async fn read(browser: &Browser, path: &str) -> Value {
    browser.client.goto(&format!("{}{path}", browser.base)).await.unwrap();
    browser
        .client
        .execute(
            r#"const text = (id) => (document.getElementById(id) || {}).textContent || '';
               return { scripted: !document.documentElement.classList.contains('no-script'),
                 url: location.pathname + location.search, title: document.title, heading: text('title'),
                 lead: text('lead'), status: text('position'),
                 line: [...document.querySelectorAll('#line tbody tr')].map(tr => tr.dataset.to),
                 line_shown: getComputedStyle(document.getElementById('line-panel')).display !== 'none',
                 cite: text('cite-command'),
                 play: [...document.querySelectorAll('#play-links a')].map(a => ({ text: a.textContent, href: a.getAttribute('href') })),
                 hint: [...document.querySelectorAll('#moves li.hint a')].map(a => a.getAttribute('href')),
                 moves: [...document.querySelectorAll('#moves li a')].map(a => ({
                   href: a.getAttribute('href'), to: (a.getAttribute('title') || '').includes('leads to ')
                     ? a.getAttribute('title').replace(/^.*leads to /, '')
                     : new URLSearchParams(a.getAttribute('href').split('?')[1]).get('p').replace(/_/g, ' '),
                   badge: (a.querySelector('.badge') || {}).textContent || '' })) };"#,
            vec![],
        )
        .await
        .unwrap()
}

/// A value in the page's words for the player to move: "wins" or "loses".
fn verb(win: bool) -> &'static str {
    if win {
        "wins"
    } else {
        "loses"
    }
}

/// A page of a member: scripts off, its own heading and title, its rules, and every move a link
/// of the same member whose badge is the move's value by `value` (win, remoteness of the
/// position it leads to); its status by `value` of its own position.
fn check_member(
    page: &Value,
    query: &str,
    name: &str,
    flag: &str,
    value: &mut dyn FnMut(&str) -> (bool, u32),
) {
    assert_eq!(page["scripted"], false, "{page}");
    assert!(page["heading"].as_str().unwrap().starts_with("The "), "{page}");
    assert!(page["title"].as_str().unwrap().contains(&format!(" · {name} · zecklab")), "{name}: {page}");
    assert!(page["cite"].as_str().unwrap().contains(flag), "{flag}: {page}");
    let status = page["status"].as_str().unwrap();
    let at = page["url"].as_str().unwrap();
    let moves = page["moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{at}: {page}");
    let mut any_win = false;
    for m in moves {
        let href = m["href"].as_str().unwrap();
        assert!(href.starts_with(&format!("/zgame?{query}&p=")), "{query}: {href}");
        let (win, remoteness) = value(m["to"].as_str().unwrap());
        any_win |= !win;
        // A move wins for its mover when it leads to a loss for the player to move there.
        assert_eq!(m["badge"], format!("{} in {}", verb(!win), remoteness + 1), "{at}: {m}");
    }
    assert!(
        status.contains(&format!("The player to move: {} with best play", verb(any_win))),
        "{at}: {status}"
    );
}

pub(super) async fn check_variants_without_scripts(browser: &Browser) {
    // Misère play: the last mover loses.
    let mut misere = NaiveFamily::new(1, 2, true, 12, true);
    let page = read(browser, "/zgame?p=1^12&misere=1").await;
    check_member(&page, "misere=1", "misère", "--misere", &mut |to| {
        let v = misere.value(&parse_multiset(to));
        (v.win, v.remoteness)
    });
    assert!(page["lead"].as_str().unwrap().contains("whoever makes the last move loses"), "{page}");
    // The generalized game (c = 1, k = 3), and without its initial combines.
    let mut tribonacci = NaiveFamily::new(1, 3, true, 12, false);
    let page = read(browser, "/zgame?p=1^12&recurrence=1%2C3").await;
    check_member(&page, "recurrence=1%2C3", "generalized (c = 1, k = 3)", "--recurrence 1,3", &mut |to| {
        let v = tribonacci.value(&parse_multiset(to));
        (v.win, v.remoteness)
    });
    assert!(page["lead"].as_str().unwrap().contains("G(n) = 1·(G(n−1) + … + G(n−3))"), "{page}");
    let mut plain = NaiveFamily::new(1, 3, false, 12, false);
    let page = read(browser, "/zgame?n=12&recurrence=1%2C3&rules=no-initial-combine").await;
    check_member(
        &page,
        "recurrence=1%2C3&rules=no-initial-combine",
        "generalized (c = 1, k = 3), no initial combine",
        "--rules no-initial-combine",
        &mut |to| {
            let v = plain.value(&parse_multiset(to));
            (v.win, v.remoteness)
        },
    );
    // The reversed game starts at the Zeckendorf representation: 12 = 8 + 3 + 1.
    let mut reversed = NaiveReversed::new(12);
    let page = read(browser, "/zgame?n=12&reversed=1").await;
    check_member(&page, "reversed=1", "reversed game", "--reversed", &mut |to| {
        let v = reversed.value(&ZPosition::parse(to).unwrap());
        (v.outcome == Outcome::Win, v.remoteness)
    });
    assert!(page["title"].as_str().unwrap().starts_with("1^1 3^1 8^1 ("), "{page}");
    // The ordered game, with its optimal line: as long as the start's remoteness, to the end.
    let mut ordered = NaiveOrdered::new();
    let list = |text: &str| text.split_whitespace().map(|v| v.parse::<u64>().unwrap()).collect::<Vec<_>>();
    let page = read(browser, "/zgame?variant=ordered&n=7").await;
    check_member(&page, "variant=ordered", "ordered game", "--ordered", &mut |to| ordered.value(&list(to)));
    let (_, remoteness) = ordered.value(&[1; 7]);
    assert_eq!(page["line_shown"], true, "{page}");
    assert_eq!(page["line"].as_array().unwrap().len() as u32, remoteness, "{page}");
    let end = list(page["line"].as_array().unwrap().last().unwrap().as_str().unwrap());
    assert!(zecklab_reference::ordered::children(&end).is_empty(), "the line ends the game: {page}");
    browser.screenshot("zgame-ordered-no-javascript").await;

    // A finished game's heading names its winner: in normal play the last mover, in misère play
    // the other player.
    let page = read(browser, "/zgame?p=1^2&m=0").await;
    assert_eq!(page["status"], "Game over: Player 1 wins.", "{page}");
    let page = read(browser, "/zgame?p=1^2&m=0&misere=1").await;
    assert_eq!(page["status"], "Game over: Player 2 wins.", "{page}");

    // Play without scripts: as Player 2 the computer moves first, at once (the URL holds its
    // move); a hint marks a move that keeps the best value; each of the visitor's moves gets the
    // computer's reply; Undo goes back to the visitor's previous turn.
    let mut naive = NaiveSolver::new();
    let page = read(browser, "/zgame?n=10&play=2").await;
    assert!(page["url"].as_str().unwrap().contains("&m="), "the computer replied: {page}");
    assert!(page["status"].as_str().unwrap().contains("Player 2 to move"), "{page}");
    assert!(
        page["moves"].as_array().unwrap().iter().all(|m| m["badge"] == ""),
        "no value while playing: {page}"
    );
    let hint =
        page["play"].as_array().unwrap().iter().find(|a| a["text"] == "Hint").expect("a hint link").clone();
    let hinted = read(browser, hint["href"].as_str().unwrap()).await;
    let best = hinted["hint"][0].as_str().expect("a hinted move").to_string();
    let children: Vec<_> = hinted["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| naive.value(&ZPosition::parse(m["to"].as_str().unwrap()).unwrap()).outcome)
        .collect();
    let to = hinted["moves"].as_array().unwrap().iter().find(|m| m["href"] == best.as_str()).unwrap()["to"]
        .clone();
    let child = naive.value(&ZPosition::parse(to.as_str().unwrap()).unwrap()).outcome;
    assert!(child == Outcome::Loss || !children.contains(&Outcome::Loss), "the hint keeps a win: {hinted}");
    let after = read(browser, &best).await;
    let tokens = after["url"]
        .as_str()
        .unwrap()
        .split("m=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .split('.')
        .count();
    assert_eq!(tokens, 3, "the visitor's move and the computer's reply: {after}");
    assert!(after["status"].as_str().unwrap().contains("Player 2 to move"), "{after}");
    let undo = after["play"].as_array().unwrap().iter().find(|a| a["text"] == "Undo").expect("undo").clone();
    let back = read(browser, undo["href"].as_str().unwrap()).await;
    assert_eq!(back["url"], page["url"], "undo goes back to the visitor's previous turn");
}
