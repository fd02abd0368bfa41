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
            Some(line) => Ok(Some(line?.trim().to_string())),
        }
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
