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

pub use game::{RemotenessEncoding, TableGame};
pub use read::{StoredTable, VerifiedTable};
pub use store::{Entry, Store, STORE_VARIABLE};
