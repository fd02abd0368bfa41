//! The store: a directory of table files, one per solved game (`zgame-n400.zkt`). Where it is:
//! the directory given, else `$ZECKLAB_STORE`, else the platform's data directory for the user
//! (`~/.local/share/zecklab` on Linux).

use std::path::{Path, PathBuf};

use crate::error::{io, StoreError};
use crate::game::TableGame;
use crate::read::StoredTable;
use crate::write::{remove_stale_temporaries, write_table, TableSource, TEMPORARY_PREFIX};

/// The environment variable naming the store directory.
pub const STORE_VARIABLE: &str = "ZECKLAB_STORE";

/// A store directory (it need not exist until something is saved).
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// One file of the store, as listed.
#[derive(Debug)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its size.
    pub bytes: u64,
    /// The game its name says it holds.
    pub game: TableGame,
    /// The n its name says.
    pub n: u32,
    /// The table, or why it cannot be opened.
    pub table: Result<StoredTable, StoreError>,
}

/// `table`, if it holds the game on `n` that its name promises.
fn named_right(table: StoredTable, game: TableGame, n: u32) -> Result<StoredTable, StoreError> {
    if table.game() != game {
        return Err(StoreError::Foreign {
            path: table.path().to_path_buf(),
            what: format!("it holds {}, not {} as its name says", table.game().describe(), game.describe()),
        });
    }
    if table.n() == n {
        Ok(table)
    } else {
        Err(StoreError::Foreign {
            path: table.path().to_path_buf(),
            what: format!("it holds the game on {}, not {n} as its name says", table.n()),
        })
    }
}

impl Store {
    /// The store at `dir`, else `$ZECKLAB_STORE`, else the user's data directory; `None` when
    /// none of them is known.
    pub fn locate(dir: Option<PathBuf>) -> Option<Store> {
        let dir = dir
            .or_else(|| std::env::var_os(STORE_VARIABLE).filter(|v| !v.is_empty()).map(PathBuf::from))
            .or_else(|| dirs::data_dir().map(|d| d.join("zecklab")))?;
        Some(Store { dir })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the table of the Zeckendorf game on `n` lives.
    pub fn path_for(&self, n: u32) -> PathBuf {
        self.path_for_game(TableGame::ZECKENDORF, n)
    }

    /// Where the table of `game` on `n` lives.
    pub fn path_for_game(&self, game: TableGame, n: u32) -> PathBuf {
        self.dir.join(game.file_name(n))
    }

    /// Opens the stored table of the Zeckendorf game on `n`, if there is one (`Ok(None)` when
    /// not).
    ///
    /// # Errors
    /// [`StoreError`] when the file exists but cannot be used.
    pub fn open(&self, n: u32) -> Result<Option<StoredTable>, StoreError> {
        self.open_game(TableGame::ZECKENDORF, n)
    }

    /// Opens the stored table of `game` on `n`, if there is one (`Ok(None)` when not).
    ///
    /// # Errors
    /// [`StoreError`] when the file exists but cannot be used.
    pub fn open_game(&self, game: TableGame, n: u32) -> Result<Option<StoredTable>, StoreError> {
        let path = self.path_for_game(game, n);
        if !path.exists() {
            return Ok(None);
        }
        named_right(StoredTable::open(&path)?, game, n).map(Some)
    }

    /// Makes sure a table can be saved here before the work that would fill it: creates the
    /// directory if need be and tries writing in it.
    ///
    /// # Errors
    /// [`StoreError`] naming the directory.
    pub fn prepare(&self) -> Result<(), StoreError> {
        crate::write::prepare_dir(&self.dir, "creating the store directory")
    }

    /// Saves a solved game, replacing any table of the same game and n; returns its path.
    ///
    /// # Errors
    /// [`StoreError`] naming the file or directory.
    pub fn save(
        &self,
        solution: &impl TableSource,
        progress: impl Fn(u64, u64),
    ) -> Result<PathBuf, StoreError> {
        std::fs::create_dir_all(&self.dir).map_err(io(&self.dir, "creating the store directory"))?;
        self.remove_stale_temporaries();
        let header = solution.header();
        let path = self.path_for_game(header.table_game, header.n);
        write_table(solution, &path, progress)?;
        Ok(path)
    }

    /// Every table file: the Zeckendorf game's by n, then each other game's by n (temporary
    /// files and other names are left out).
    ///
    /// # Errors
    /// [`StoreError`] when the directory exists but cannot be read.
    pub fn list(&self) -> Result<Vec<Entry>, StoreError> {
        let read = match std::fs::read_dir(&self.dir) {
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(&self.dir, "reading")(e)),
        };
        let mut entries: Vec<((String, u32), Entry)> = Vec::new();
        for entry in read {
            let entry = entry.map_err(io(&self.dir, "reading"))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some((game, n)) = TableGame::from_file_name(&name) else {
                continue;
            };
            let path = entry.path();
            let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            // A file is what its name says, or it is listed as unusable.
            let table = StoredTable::open(&path).and_then(|table| named_right(table, game, n));
            entries.push(((game.name_tag(), n), Entry { path, bytes, game, n, table }));
        }
        entries.sort_by(|(a, _), (b, _)| a.cmp(b));
        Ok(entries.into_iter().map(|(_, e)| e).collect())
    }

    /// Removes the table of `game` on `n`; returns whether there was one.
    ///
    /// # Errors
    /// [`StoreError`] when it exists but cannot be removed.
    pub fn remove(&self, game: TableGame, n: u32) -> Result<bool, StoreError> {
        let path = self.path_for_game(game, n);
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io(&path, "removing")(e)),
        }
    }

    /// Removes temporary files left by writers that no longer run.
    pub fn remove_stale_temporaries(&self) {
        remove_stale_temporaries(&self.dir, TEMPORARY_PREFIX);
    }
}
