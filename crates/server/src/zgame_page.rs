//! `/zgame`: the Zeckendorf game's page and every member of its family (misère, generalized,
//! without initial combines, reversed, ordered), rendered on the server for a position or a whole
//! game link (`m`, `at`, `play`): the status, the moves as links, the optimal line, the record,
//! the game's own title, rules and cite panel. Play mode works without scripts too: the
//! computer's reply is a redirect to the game with it, and the hint, undo and restart are links.

use std::sync::Arc;

use axum::extract::{RawQuery, State as Shared};
use axum::response::Response;
use zecklab_answers::game_link::{move_of_token, GameJson, MoveTokens};
use zecklab_answers::moves::MoveJson;
use zecklab_answers::number;
use zecklab_answers::zgame::LineStepJson;

use crate::api::{replay, State, ZgamePosition};
use crate::assets::{error_response, html_response, page_html, see_other};
use crate::member::Member;
use crate::prerender::{
    api_request, escape, fill, fill_title, script_safe, titled, value_in_words, with_cite, with_error,
    with_inputs, with_record, Core, Notation, PlyRow, PLY_HEAD, WRITTEN_ANSWER_BYTES,
};
use crate::query::Params;
use crate::ApiError;

pub async fn zgame_page(Shared(state): Shared<Arc<State>>, RawQuery(q): RawQuery) -> Response {
    let params = Params::parse(q.as_deref());
    let member = Member::of(&params);
    match zgame_view(&state, &params, &member).await {
        Ok(View::Page(html)) => html_response(html),
        Ok(View::Reply(to)) => see_other(&to),
        Err((mut error, asked)) => {
            // What a position is, after an error about one (as the page's script says it).
            if let Some(what) = error.message.strip_prefix("invalid p: ") {
                let how = if member.ordered {
                    "Write an ordered position as its values from left to right, such as 1 2 1 3, or a number n for n ones."
                } else {
                    "Write a position as its parts with their counts, such as 1^3 2^2 5^7 (three 1s, two 2s and seven 5s), or a number n for the start of the game on n."
                };
                error.message = format!("{what}. {how}");
            }
            let page = member.fill(&with_inputs(page_html("/zgame"), &[("ask-p", &asked)], &[]));
            error_response(with_error(&page, &error.message), &error)
        }
    }
}

/// What the page's URL gets.
enum View {
    /// The page.
    Page(String),
    /// In play mode with the computer to move: the game with its reply, where to go.
    Reply(String),
}

/// The page for a position or a whole game link, its answer written in; else the error and what
/// was asked.
async fn zgame_view(
    state: &Arc<State>,
    params: &Params,
    member: &Member,
) -> Result<View, (ApiError, String)> {
    let asked = match (params.text("p"), params.text("n")) {
        (Some(p), _) => p.replace('_', " "),
        (None, Some(n)) => n.trim().to_string(),
        (None, None) => "10".to_string(),
    };
    let fail = |e: ApiError| (e, asked.clone());
    // A number n is the start of the game on n.
    let start = match params.text("p") {
        Some(p) => p.replace('_', " "),
        None if member.ordered => asked.clone(),
        None => match asked.parse::<u64>() {
            Ok(n) if n >= 1 && asked.bytes().all(|b| b.is_ascii_digit()) => member.start(n),
            _ => {
                let message = format!(
                    "invalid n '{}': the game on n needs a whole number n >= 1",
                    number::shown(&asked)
                );
                return Err(fail(ApiError::bad(message)));
            }
        },
    };
    let m = params.text("m").unwrap_or("");
    // The last position with its optimal line: the page's script shows it without asking again.
    let game = replay(state, params, &start, m, true).await.map_err(fail)?;
    // The player the visitor plays (`play`), as the page's script reads it.
    let human = match params.text("play") {
        Some("1") => Some(1),
        Some("2") => Some(2),
        _ => None,
    };
    let last = game.plies.len() - 1;
    let at = params.text("at").and_then(|a| a.parse::<usize>().ok());
    let shown = at.map_or(last, |a| a.min(last));
    let view = GameView {
        member,
        start: &start,
        game: &game,
        shown,
        human,
        tokens: m.trim(),
        hint: params.text("hint").is_some(),
    };
    // The computer replies at once (a game reviewed with `at` waits for Redo).
    if at.is_none() {
        if let Some(reply) = view.computer_reply() {
            return Ok(View::Reply(reply));
        }
    }
    Ok(View::Page(view.render(&asked)))
}

/// A game of the page as a link holds it, shown at ply `shown`.
struct GameView<'a> {
    member: &'a Member,
    start: &'a str,
    game: &'a GameJson<ZgamePosition>,
    shown: usize,
    /// The player the visitor plays, in play mode.
    human: Option<u32>,
    /// The link's moves (`m`).
    tokens: &'a str,
    /// Whether the visitor asked for a hint (play mode).
    hint: bool,
}

impl GameView<'_> {
    /// The player to move at ply `ply` (Player 1 moves first from the game's start).
    fn mover(ply: usize) -> u32 {
        if ply.is_multiple_of(2) {
            1
        } else {
            2
        }
    }

    /// The link's moves, one token each.
    fn played(&self) -> Vec<&str> {
        if self.tokens.is_empty() {
            Vec::new()
        } else {
            self.tokens.split('.').collect()
        }
    }

    /// The page of this game (its start, the visitor's side in play mode) with `moves` after it.
    fn link(&self, moves: &str) -> String {
        let play = self.human.map(|h| format!("&play={h}")).unwrap_or_default();
        self.member.link(&format!("p={}{moves}{play}", url_form(self.start)))
    }

    /// The game with its first `plies` moves, in play mode (a link of the play controls).
    fn link_to_ply(&self, plies: usize) -> String {
        let moves = self.played()[..plies].join(".");
        self.link(&if moves.is_empty() { String::new() } else { format!("&m={moves}") })
    }

    /// In play mode, at the game's last position with the computer to move: the game with the
    /// computer's reply (the best move).
    fn computer_reply(&self) -> Option<String> {
        let human = self.human?;
        let last = self.game.plies.len() - 1;
        let answer = &self.game.plies[last];
        if Self::mover(last) == human {
            return None;
        }
        let best = answer.moves().first()?;
        let token = MoveTokens::new(answer.moves()).token(best);
        let moves = if self.tokens.is_empty() { token } else { format!("{}.{token}", self.tokens) };
        Some(self.link(&format!("&m={moves}")))
    }

    /// A move's text: the move and the position it leads to.
    fn label(&self, m: &MoveJson) -> String {
        format!("{}: {}", self.member.move_words(&m.r#move), self.member.shown(&m.to))
    }

    /// Who won the finished game, in words for the visitor.
    fn winner_words(&self, winner: u32) -> String {
        match self.human {
            Some(human) if human == winner => "Game over: you win!".to_string(),
            Some(_) => "Game over: the computer wins.".to_string(),
            None => format!("Game over: Player {winner} wins."),
        }
    }

    /// The page: the position shown with its value (unless the visitor is playing and the game
    /// goes on), its moves as links (extending the game, for a game), the optimal line, the
    /// record of the moves played (each a link to the game at that move) and the game-over line.
    fn render(&self, asked: &str) -> String {
        let plies = &self.game.plies;
        let answer = &plies[self.shown];
        let (outcome, remoteness) = answer.value();
        let moves = answer.moves();
        let terminal = moves.is_empty();
        let core = Core { position: answer.position(), outcome, remoteness, moves, all_moves: true };
        let played = self.played();
        let so_far = played[..self.shown].join(".");
        let is_game = !played.is_empty() || self.human.is_some();
        let tokens = MoveTokens::new(moves);
        let extended = |m: &MoveJson| {
            let token = tokens.token(m);
            let moves = if so_far.is_empty() { token } else { format!("{so_far}.{token}") };
            self.link(&format!("&m={moves}"))
        };
        let position_page = |m: &MoveJson| self.member.link(&format!("p={}", url_form(&m.to)));
        let label = |m: &MoveJson| self.label(m);
        let paper = |m: &MoveJson| m.r#move.clone();
        let link: &dyn Fn(&MoveJson) -> String = if is_game { &extended } else { &position_page };
        let notation = Notation { link, label: &label, hover: &paper };
        let page = self.member.fill(&with_inputs(page_html("/zgame"), &[("ask-p", asked)], &[]));
        let mover = Self::mover(self.shown);
        let name = self.member.short_name().map(|n| format!(" · {n}")).unwrap_or_default();
        let shown_position = self.member.shown(answer.position());
        let in_title = titled(&shown_position);
        let playing = self.human.is_some() && !terminal;
        // The player left without a move has lost in normal play and won in misère play.
        let winner = if self.member.misere { mover } else { 3 - mover };
        let page = if playing {
            // In play mode the values stay out of the page until the game ends.
            let hint = (self.hint && Some(mover) == self.human).then(|| &moves[0]);
            let page = core.fill_playing(&page, &notation, mover, hint);
            fill_title(&page, &format!("{in_title} · Player {mover} to move{name}"))
        } else {
            let status = (terminal && self.shown > 0)
                .then(|| format!("<span class=\"who\">{}</span>", escape(&self.winner_words(winner))));
            let page = core.fill_with_status(&page, &notation, status);
            fill_title(&page, &format!("{in_title} ({outcome}){name}"))
        };
        // The heading names the winner; in explore mode the message says why.
        let message = match (terminal && self.shown > 0, self.human) {
            (false, _) => String::new(),
            (true, Some(_)) => self.winner_words(winner),
            (true, None) => format!(
                "Player {} made the last move{}.",
                3 - mover,
                if self.member.misere { " and loses (misère play)" } else { "" }
            ),
        };
        let page = fill(&page, &[("play-links", self.play_links(terminal, &shown_position))]);
        // The record: ply, mover, move (a link to the game at that move), position, and the move's
        // value for its mover when values show.
        let values_shown = !playing;
        let record: String = plies
            .iter()
            .zip(&plies[1..])
            .zip(&played)
            .enumerate()
            .map(|(k, ((before, after), &token))| {
                // The replay found this move already: the token names it.
                let made = move_of_token(before.moves(), token, before.position(), k + 1).ok();
                let (outcome, remoteness) = after.value();
                let value =
                    if values_shown { value_in_words(outcome == "loss", remoteness) } else { String::new() };
                PlyRow {
                    ply: k + 1,
                    mover: Self::mover(k),
                    href: &self.link(&format!("&m={}&at={}", self.tokens, k + 1)),
                    name: &made.map(|m| self.member.move_words(&m.r#move)).unwrap_or_default(),
                    to: &self.member.shown(after.position()),
                    value: &value,
                    shown: values_shown,
                    current: k + 1 == self.shown,
                }
                .html()
            })
            .collect();
        let page = with_record(&page, &record, &message);
        // While the visitor plays, the answers (values and all) stay out of the page too.
        if playing {
            return page;
        }
        let page = self.with_line(&page, answer);
        let page = self.with_cite(&page, answer);
        with_game_data(&page, self.tokens, self.game)
    }

    /// The play controls as links, for a page read without scripts: play from here (exploring),
    /// or hint, undo, restart and explore (playing).
    fn play_links(&self, terminal: bool, shown_position: &str) -> String {
        let link = |href: &str, text: &str| format!("<a href=\"{}\">{text}</a>", escape(href));
        let here = url_form(shown_position);
        let Some(human) = self.human else {
            if terminal {
                return String::new();
            }
            return format!(
                "Play from here against perfect play: {} · {}",
                link(&self.member.link(&format!("p={here}&play=1")), "as Player 1"),
                link(&self.member.link(&format!("p={here}&play=2")), "as Player 2")
            );
        };
        let mut links = Vec::new();
        if !terminal && Self::mover(self.shown) == human && !self.hint {
            let moves = self.played()[..self.shown].join(".");
            let m = if moves.is_empty() { String::new() } else { format!("&m={moves}") };
            links.push(link(&format!("{}&hint=1", self.link(&m)), "Hint"));
        }
        // Undo goes back to the visitor's previous turn.
        let first_turn = if human == 1 { 0 } else { 1 };
        if let Some(back) = (first_turn..self.shown).rev().find(|&ply| Self::mover(ply) == human) {
            links.push(link(&self.link_to_ply(back), "Undo"));
        }
        links.push(link(&self.link(""), "Restart"));
        links.push(link(&self.member.link(&format!("p={here}")), "Explore this position"));
        links.join(" · ")
    }

    /// `page` with the optimal line from the position shown, when its answer has one.
    fn with_line(&self, page: &str, answer: &ZgamePosition) -> String {
        let Some(Some(steps)) = line_of(answer) else { return page.to_string() };
        if steps.is_empty() {
            return fill(page, &[("line-note", "The game is over.".to_string())]);
        }
        let rows: String = steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                PlyRow {
                    ply: self.shown + i + 1,
                    mover: Self::mover(self.shown + i),
                    href: &self.member.link(&format!("p={}", url_form(&s.to))),
                    name: &self.member.move_words(&s.r#move),
                    to: &self.member.shown(&s.to),
                    value: &value_in_words(s.outcome == "loss", s.remoteness),
                    shown: true,
                    current: false,
                }
                .html()
            })
            .collect();
        let page = fill(page, &[("line", format!("{PLY_HEAD}<tbody>{rows}</tbody>"))]);
        page.replacen(
            "<section class=\"panel needs-script\" id=\"line-panel\">",
            "<section class=\"panel\" id=\"line-panel\">",
            1,
        )
    }

    /// `page` with the command that prints the answer for the position shown.
    fn with_cite(&self, page: &str, answer: &ZgamePosition) -> String {
        let position = answer.position();
        let command = format!("zecklab zgame position '{position}'{} --line --json", self.member.flags());
        let mut pairs: Vec<(String, String)> = form_urlencoded::parse(self.member.query().as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        pairs.push(("p".into(), url_form(position)));
        pairs.push(("line".into(), "1".into()));
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let api = api_request("/api/zgame/position", &pairs);
        let source = if answer.from_store() {
            "this server's store of solved games"
        } else {
            "solved on demand by this server (the command solves it again, or reads the store)"
        };
        with_cite(page, &command, source, &api)
    }
}

/// The optimal line of an answer, where its game has one.
fn line_of(answer: &ZgamePosition) -> Option<&Option<Vec<LineStepJson>>> {
    use zecklab_answers::position::PositionAnswer;
    match answer {
        PositionAnswer::Game(p) => p.line.as_ref(),
        PositionAnswer::Family(p) => p.position.line.as_ref(),
        PositionAnswer::Ordered(p) => p.line.as_ref(),
        PositionAnswer::BlackHole(_) => None,
    }
}

/// `page` with the game's answers (`{"m": the link's moves, "game": the API's answer}`) in a
/// JSON block the page's script reads instead of asking the API again (a data block: not run,
/// so the content-security policy allows it).
fn with_game_data(page: &str, tokens: &str, game: &GameJson<ZgamePosition>) -> String {
    let data = serde_json::json!({ "m": tokens, "game": game }).to_string();
    // A longer game's script asks the API, in one request.
    if data.len() > WRITTEN_ANSWER_BYTES {
        return page.to_string();
    }
    let block =
        format!("<script type=\"application/json\" id=\"game-data\">{}</script>\n", script_safe(&data));
    page.replacen("</main>", &format!("{block}</main>"), 1)
}

/// A position's text as a URL holds it (parts joined by `_`).
fn url_form(position: &str) -> String {
    position.split_whitespace().collect::<Vec<_>>().join("_")
}
