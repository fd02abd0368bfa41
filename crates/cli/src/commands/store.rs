//! `zecklab store`: the solved games kept on disk: list them, check every checksum, remove one.

use std::path::PathBuf;
use std::process::ExitCode;
use zecklab_numeration::grouped;

use clap::{Args, Subcommand};
use serde::Serialize;

use zecklab_answers::stored;
use zecklab_store::TableGame;

use crate::commands::zgame::common::GameAt;
use crate::commands::zgame::family::VariantArgs;
use crate::commands::zgame::store_at;
use crate::input::{self, InputError};
use crate::output::Out;
use crate::progress;

#[derive(Args, Debug)]
#[command(
    after_help = "The store is a directory of table files, one per solved game (zgame-nN.zkt; the family's other \
members as zgame-misere-nN.zkt, zgame-cCkK-nN.zkt, zgame-cCkK-noinit-misere-nN.zkt, ...), written \
atomically by `zecklab zgame solve --n N --save` (with the member's --recurrence, --rules, --misere). Its place: --store DIR, else $ZECKLAB_STORE, else the user's \
data directory (e.g. ~/.local/share/zecklab). The file format is documented in crates/store/FORMAT.md."
)]
pub struct StoreArgs {
    #[command(subcommand)]
    command: StoreCommand,
    /// The store directory.
    #[arg(long, value_name = "DIR", global = true)]
    store: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum StoreCommand {
    /// One line per stored table: {"game","n","positions","remoteness","bytes","path"} (and
    /// "error" for a file that cannot be opened; "recurrence", "rules" and "misere" for the
    /// family's other members, as `zgame solve` prints them).
    List {
        /// One JSON object per table per line.
        #[arg(long)]
        json: bool,
    },
    /// Check every stored file's checksums: one line per file {"game","n","path","ok","error"?};
    /// exit status 1 when any file is damaged.
    Verify {
        /// One JSON object per file per line.
        #[arg(long)]
        json: bool,
    },
    /// Remove the stored table of the game on N (of the member named by --recurrence, --rules,
    /// --misere).
    Remove {
        #[command(flatten)]
        at: GameAt,
        /// The game on N.
        #[arg(long, required_unless_present = "at", conflicts_with = "at", value_parser = input::whole_u32, allow_hyphen_values = true)]
        n: Option<u32>,
        #[command(flatten)]
        variant: VariantArgs,
        /// The misère game's table.
        #[arg(long)]
        misere: bool,
        /// Print one JSON object: {"n","removed","path"}.
        #[arg(long)]
        json: bool,
    },
}

/// " (misère, recurrence 2,3, rules all)" for the family's other members, else nothing.
fn described(game: TableGame) -> String {
    if game == TableGame::ZECKENDORF {
        String::new()
    } else {
        format!(" ({})", game.describe())
    }
}

pub fn run(args: StoreArgs) -> anyhow::Result<ExitCode> {
    // A directory the user named (a typo, most often) that is not there is an error; the default
    // one is simply empty until the first `--save`.
    let named = args.store.is_some() || std::env::var_os("ZECKLAB_STORE").is_some();
    let store = store_at(args.store)?;
    if named && !store.dir().is_dir() {
        let what = if store.dir().exists() { "is not a directory" } else { "does not exist" };
        return Err(InputError(format!(
            "the store directory {} {what}: check --store or $ZECKLAB_STORE (`zgame solve --save` makes it)",
            store.dir().display()
        ))
        .into());
    }
    let mut out = Out::new();
    let mut status = ExitCode::SUCCESS;
    match args.command {
        StoreCommand::List { json } => {
            let entries = store.list().map_err(InputError::from_display)?;
            if !json && entries.is_empty() {
                out.line(format!("no stored tables in {}", store.dir().display()))?;
            }
            for e in entries {
                let line = stored::list_line(&e);
                if json {
                    out.json(&line)?;
                } else if let Some(error) = &line.error {
                    out.line(format!("{}: {error}", line.path))?;
                } else {
                    out.line(format!(
                        "zgame n = {}{}: {} positions, {}, {} MiB  {}",
                        line.n.unwrap_or(0),
                        described(e.game),
                        grouped(line.positions.unwrap_or(0)),
                        if line.remoteness == Some(true) { "outcome and remoteness" } else { "outcome only" },
                        line.bytes.div_ceil(1 << 20),
                        line.path
                    ))?;
                }
            }
        }
        StoreCommand::Verify { json } => {
            let entries = store.list().map_err(InputError::from_display)?;
            for e in entries {
                let bar = progress::bar(
                    e.table.as_ref().map_or(0, |t| t.header().digest_count),
                    "chunks",
                    &format!("checking n = {}", e.n),
                );
                let line = stored::verify_line(&e, |done, _| bar.set_position(done));
                bar.finish_and_clear();
                if !line.ok {
                    status = ExitCode::from(1);
                }
                if json {
                    out.json(&line)?;
                } else {
                    match &line.error {
                        None => out.line(format!("ok       {}", line.path))?,
                        Some(error) => out.line(format!("DAMAGED  {error}"))?,
                    }
                }
            }
        }
        StoreCommand::Remove { at, n, variant, misere, json } => {
            let n = at.required(n)?;
            let game = variant.variant(misere)?.table_game();
            let path = store.path_for_game(game, n);
            let removed = store.remove(game, n).map_err(InputError::from_display)?;
            if json {
                #[derive(Serialize)]
                struct RemoveJson {
                    n: u32,
                    removed: bool,
                    path: String,
                }
                out.json(&RemoveJson { n, removed, path: path.display().to_string() })?;
            } else if removed {
                out.line(format!("removed {}", path.display()))?;
            } else {
                out.line(format!("nothing stored for n = {n} (no {})", path.display()))?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}
