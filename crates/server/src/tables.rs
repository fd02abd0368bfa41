//! [`Tables`]: the stored tables this server answers from, each opened once and kept (at most
//! [`OPEN_TABLES`] of them, least recently used dropped first), so that a request reads only the
//! chunks it needs, not the whole file.
//!
//! Before each use the file is examined again (its device, inode, size and modification and
//! change times): a table replaced, rewritten or truncated since it was opened is opened anew,
//! so no answer comes from bytes checked against another version of the file. Reading never
//! maps the file (see `zecklab_store::read`), so a file changed in place in the instant between
//! that check and a read gives an error, never a crash.

use std::sync::{Arc, Mutex};

use zecklab_answers::AnswerError;
use zecklab_store::read::FileIdentity;
use zecklab_store::{Store, StoredTable};

use crate::ApiError;

/// The most stored tables kept open (each keeps at most its chunk budget of checked chunks).
pub const OPEN_TABLES: usize = 8;

struct Open {
    n: u32,
    table: Arc<StoredTable>,
    last_used: u64,
}

/// What [`Tables::current`] found.
pub enum Lookup {
    /// The table, open and current.
    Found(Arc<StoredTable>),
    /// No table of that game is stored.
    Absent,
    /// A table is stored but not open (or changed since): open it.
    Open,
}

/// The opened tables of one store.
pub struct Tables {
    store: Option<Store>,
    open: Mutex<(Vec<Open>, u64)>,
}

impl Tables {
    /// The tables of `store` (none without one).
    pub fn new(store: Option<Store>) -> Tables {
        Tables { store, open: Mutex::new((Vec::new(), 0)) }
    }

    /// The stored table of the game on `n` as far as it is known without reading the file: the
    /// one already open when its file has not changed, `Absent` when there is no such file,
    /// else `Open` (call [`Tables::open`] on the blocking pool). Only examines the file, which
    /// never blocks on what it is (a named pipe is seen, not opened).
    ///
    /// # Errors
    /// 500 naming the file when it cannot be examined.
    pub fn current(&self, n: u32) -> Result<Lookup, ApiError> {
        let Some(store) = &self.store else { return Ok(Lookup::Absent) };
        let path = store.path_for(n);
        let now = match FileIdentity::of_path(&path) {
            Ok(identity) => identity,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                self.forget(n);
                return Ok(Lookup::Absent);
            }
            Err(e) => {
                let e = zecklab_store::StoreError::Io { path, doing: "reading", source: e };
                return Err(AnswerError::damaged_table(n, &e).into());
            }
        };
        let mut open = self.lock();
        open.1 += 1;
        let clock = open.1;
        match open.0.iter_mut().find(|e| e.n == n && e.table.identity() == now) {
            Some(entry) => {
                entry.last_used = clock;
                Ok(Lookup::Found(entry.table.clone()))
            }
            None => Ok(Lookup::Open),
        }
    }

    /// Opens the stored table of the game on `n` and keeps it. Blocking: call it on the
    /// blocking pool.
    ///
    /// # Errors
    /// 500 naming the file when it exists but cannot be used (damaged, foreign, not a regular
    /// file): the store's problem, never a silent fallback to solving.
    pub fn open(&self, n: u32) -> Result<Option<Arc<StoredTable>>, ApiError> {
        let Some(store) = &self.store else { return Ok(None) };
        let Some(table) = store.open(n).map_err(|e| ApiError::from(AnswerError::damaged_table(n, &e)))?
        else {
            self.forget(n);
            return Ok(None);
        };
        let table = Arc::new(table);
        let mut open = self.lock();
        open.0.retain(|e| e.n != n);
        if open.0.len() >= OPEN_TABLES {
            if let Some(i) = open.0.iter().enumerate().min_by_key(|(_, e)| e.last_used).map(|(i, _)| i) {
                open.0.swap_remove(i);
            }
        }
        open.1 += 1;
        let last_used = open.1;
        open.0.push(Open { n, table: table.clone(), last_used });
        Ok(Some(table))
    }

    /// The tables open now.
    pub fn open_count(&self) -> usize {
        self.lock().0.len()
    }

    fn forget(&self, n: u32) {
        self.lock().0.retain(|e| e.n != n);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (Vec<Open>, u64)> {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
