//! Solved tables of the Zeckendorf game and its family on disk. A table file ([`format`], specified in `FORMAT.md`)
//! holds a solved game's outcome bits and, when computed, its remoteness, with a checksum per
//! 1 MiB chunk and one over the whole file. Files are written atomically ([`write`]), read by
//! positioned reads into private memory, every chunk checked before it is used ([`read`]), kept in a store
//! directory ([`store`]) and exported to CSV or Parquet ([`export`]).
//!
//! The games crate does no I/O; this crate is where solved tables meet the disk.
//!
//! ```no_run
//! use zecklab_games::zgame::solve;
//! use zecklab_store::Store;
//!
//! let store = Store::locate(Some("/tmp/zecklab-store".into())).unwrap();
//! let solution = solve(100, true, 1 << 30, |_, _| {}).unwrap();
//! let path = store.save(&solution, |_, _| {}).unwrap();
//! let table = store.open(100).unwrap().expect("just saved");
//! assert_eq!(table.outcome(0).unwrap(), solution.outcome(0));
//! # let _ = path;
//! ```

pub mod checkpoint;
pub mod data;
mod error;
pub mod export;
pub mod format;
pub mod game;
pub mod layered_checkpoint;
pub mod moments_checkpoint;
pub mod oeis;
pub mod published;
pub mod read;
pub mod store;
pub mod write;

pub use error::StoreError;

/// Saves the solved games on `1..=max_n` to a temporary store, reads every position back, and
/// checks the read tables with the independent checker: the round trip `zecklab verify` runs.
///
/// # Errors
/// A description of the first difference or failure.
pub fn round_trip_check(max_n: u32) -> Result<String, String> {
    use zecklab_games::zgame::{check_table, solve};
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let store = Store::locate(Some(dir.path().to_path_buf())).ok_or("no store")?;
    let mut positions = 0;
    for n in 1..=max_n {
        let solution = solve(n, true, 1 << 32, |_, _| {}).map_err(|e| e.to_string())?;
        store.save(&solution, |_, _| {}).map_err(|e| e.to_string())?;
        let table = store.open(n).map_err(|e| e.to_string())?.ok_or("saved table missing")?;
        let verified = table.load(u64::MAX, |_, _| {}).map_err(|e| e.to_string())?;
        let index = solution.index();
        for r in 0..index.count() {
            let p = index.unrank(r);
            let parts = p.counts().iter().sum();
            if table.outcome(r).map_err(|e| e.to_string())? != solution.outcome(r)
                || table.remoteness(r, parts).map_err(|e| e.to_string())? != solution.remoteness(r)
            {
                return Err(format!("n = {n}, {p}: the stored value differs from the solved one"));
            }
        }
        if !check_table(&verified, |_, _| {}).passed() {
            return Err(format!("n = {n}: the stored table fails the checker"));
        }
        positions += index.count();
    }
    Ok(format!("{positions} positions saved, read back and checked"))
}
pub use game::{RemotenessEncoding, TableGame};
pub use read::{StoredTable, VerifiedTable};
pub use store::{Entry, Store, STORE_VARIABLE};
