//! Line-based terminal play: prompts on stdout, answers from stdin, so a game can be played by
//! hand or scripted through a pipe (`printf '3\nhint\n' | zecklab nim play 20`).

use std::io::{self, BufRead, Write};

/// What the player typed, read one line at a time.
pub struct Prompt {
    lines: io::Lines<io::StdinLock<'static>>,
}

impl Prompt {
    pub fn new() -> Prompt {
        Prompt { lines: io::stdin().lock().lines() }
    }

    /// Prints `text` (no newline) and reads one trimmed line; `None` when the input has ended.
    pub fn ask(&mut self, text: &str) -> io::Result<Option<String>> {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        match self.lines.next() {
            None => {
                out.write_all(b"\n")?;
                Ok(None)
            }
            Some(Err(e)) if e.kind() == io::ErrorKind::InvalidData => {
                Err(io::Error::new(io::ErrorKind::InvalidData, "the input is not UTF-8 text"))
            }
            Some(line) => Ok(Some(line?.trim().to_string())),
        }
    }
}

/// What one line of input asks for in a game.
pub enum Turn {
    /// The input ended before the game did (exit status 2).
    InputEnded,
    /// The player quit.
    Quit,
    /// A blank line, or `help` (already answered): ask again.
    AskAgain,
    /// `hint`.
    Hint,
    /// Anything else: a move to parse.
    Move(String),
}

impl Prompt {
    /// Asks for the player's turn and answers the commands every game shares: a blank line,
    /// `help` (printing `help`), `quit` (printing a goodbye) and the end of the input.
    pub fn turn(&mut self, question: &str, help: &str) -> io::Result<Turn> {
        let Some(answer) = self.ask(question)? else {
            eprintln!("error: input ended before the game was over");
            return Ok(Turn::InputEnded);
        };
        Ok(match answer.as_str() {
            "" => Turn::AskAgain,
            "quit" | "q" => {
                say("Game abandoned.")?;
                Turn::Quit
            }
            "help" | "?" => {
                say(help)?;
                Turn::AskAgain
            }
            "hint" | "h" => Turn::Hint,
            _ => Turn::Move(answer),
        })
    }
}

/// Prints one line of game text.
pub fn say(text: impl AsRef<str>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_ref().as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Who moves first in a game against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The computer moves first.
    Computer,
}
