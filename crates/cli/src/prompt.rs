//! Line-based terminal play: prompts on stdout, answers from stdin, so a game can be played by
//! hand or scripted through a pipe (`printf '3\nhint\n' | zecklab nim play 20`).

use std::io::{self, Write};

use crate::input::{read_line_bounded, skip_line, LineRead};

/// The longest line a game reads (a move of a million-digit heap fits): a longer one is read to
/// its end, dropped and answered with a message, so no input can exhaust memory.
pub const LINE_LIMIT: usize = 2 << 20;

/// What the player typed, read one line at a time.
pub struct Prompt {
    input: io::StdinLock<'static>,
    buf: Vec<u8>,
}

impl Prompt {
    pub fn new() -> Prompt {
        Prompt { input: io::stdin().lock(), buf: Vec::new() }
    }

    /// Prints `text` (no newline) and reads one trimmed line; `None` when the input has ended.
    /// A line past [`LINE_LIMIT`] bytes is answered with a message and read as a blank line.
    pub fn ask(&mut self, text: &str) -> io::Result<Option<String>> {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        match read_line_bounded(&mut self.input, &mut self.buf, LINE_LIMIT)? {
            LineRead::End => {
                out.write_all(b"\n")?;
                Ok(None)
            }
            LineRead::TooLong => {
                skip_line(&mut self.input)?;
                out.write_all(
                    format!("\nThat line is longer than {LINE_LIMIT} bytes: ignored.\n").as_bytes(),
                )?;
                Ok(Some(String::new()))
            }
            LineRead::Line => match std::str::from_utf8(&self.buf) {
                Ok(line) => Ok(Some(line.trim().to_string())),
                Err(_) => Err(io::Error::new(io::ErrorKind::InvalidData, "the input is not UTF-8 text")),
            },
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
