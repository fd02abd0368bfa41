//! The store's listing and check (`zecklab store list --json`, `store verify --json`): one
//! shape for each, from the store's entries.

use serde::Serialize;
use zecklab_store::store::Entry;
use zecklab_store::TableGame;

use crate::variant::{Tags, Variant};

/// A stored table, as `store list --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListJson {
    /// Always `zgame` (the family's members say which in their tags).
    pub game: &'static str,
    /// The game on n, when the file could be opened.
    pub n: Option<u32>,
    /// Its positions, likewise.
    pub positions: Option<u64>,
    /// Whether it holds remoteness, likewise.
    pub remoteness: Option<bool>,
    /// The file's size.
    pub bytes: u64,
    /// The file.
    pub path: String,
    /// Why the file cannot be opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Which member of the family.
    #[serde(flatten)]
    pub tags: Tags,
}

/// A stored table's check, as `store verify --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyJson {
    /// Always `zgame`.
    pub game: &'static str,
    /// The game on n, when the file could be opened.
    pub n: Option<u32>,
    /// The file.
    pub path: String,
    /// Whether every checksum matched.
    pub ok: bool,
    /// What is damaged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Which member of the family.
    #[serde(flatten)]
    pub tags: Tags,
}

/// The JSON fields naming a member of the family, as `zgame solve` prints them.
pub fn tags(game: TableGame) -> Tags {
    let variant = Variant {
        recurrence: game.recurrence(),
        rules: game.rules(),
        misere: game.misere(),
        named: !game.is_fibonacci(),
    };
    variant.tags()
}

/// The listing line of one entry.
pub fn list_line(e: &Entry) -> ListJson {
    ListJson {
        game: "zgame",
        n: e.table.as_ref().ok().map(|t| t.n()),
        positions: e.table.as_ref().ok().map(|t| t.header().positions),
        remoteness: e.table.as_ref().ok().map(|t| t.has_remoteness()),
        bytes: e.bytes,
        path: e.path.display().to_string(),
        error: e.table.as_ref().err().map(ToString::to_string),
        tags: tags(e.game),
    }
}

/// Checks every chunk of one entry's table against its checksum (`progress(done, total)` in
/// chunks) and says what it found.
pub fn verify_line(e: &Entry, progress: impl Fn(u64, u64)) -> VerifyJson {
    let (n, result) = match &e.table {
        Ok(table) => (Some(table.n()), table.verify(progress).map(|_| ()).map_err(|e| e.to_string())),
        Err(error) => (None, Err(error.to_string())),
    };
    VerifyJson {
        game: "zgame",
        n,
        path: e.path.display().to_string(),
        ok: result.is_ok(),
        error: result.err(),
        tags: tags(e.game),
    }
}
