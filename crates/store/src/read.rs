//! Reading a table file by memory mapping. Opening checks the header (magic, version, its own
//! checksum, layout), the file's size, the ranking's fingerprint and the whole-file checksum
//! over the chunk digests; a lookup checks the chunk it reads (once per chunk per process)
//! and fails rather than answer from a chunk that does not match its digest.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use memmap2::Mmap;
use xxhash_rust::xxh3::xxh3_64;
use zecklab_games::zgame::{remoteness_from_half_excess, PositionIndex, SolvedTable};
use zecklab_games::Outcome;

use crate::error::{io, StoreError};
use crate::format::{Header, GAME_ZGAME, PAGE};

/// Chunk states: not yet checked, checked and good, checked and bad.
const UNCHECKED: u8 = 0;
const GOOD: u8 = 1;
const BAD: u8 = 2;

/// A stored table, memory-mapped.
pub struct StoredTable {
    path: PathBuf,
    header: Header,
    map: Mmap,
    index: PositionIndex,
    chunks: Box<[AtomicU8]>,
}

impl std::fmt::Debug for StoredTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoredTable").field("path", &self.path).field("header", &self.header).finish()
    }
}

impl StoredTable {
    /// Opens and validates a table file (everything but the table chunks, which are checked as
    /// they are read, or all at once by [`StoredTable::verify`]).
    ///
    /// # Errors
    /// [`StoreError`] naming the file: unreadable, not a table, wrong size, foreign ranking or a
    /// digest list that does not match the file checksum.
    pub fn open(path: &Path) -> Result<StoredTable, StoreError> {
        let file = File::open(path).map_err(io(path, "opening"))?;
        let size = file.metadata().map_err(io(path, "reading"))?.len();
        let not_a_table = |why: String| StoreError::NotATable { path: path.to_path_buf(), why };
        if size < PAGE {
            return Err(not_a_table(format!("{size} bytes, shorter than a header")));
        }
        // SAFETY: table files are only ever created whole and renamed into place; zecklab never
        // writes to a file that has a table's name, so the mapped bytes do not change under us.
        // (Another program truncating the file would be caught by the size and checksums only
        // where it happens before the check, as with any reader of a memory-mapped file.)
        let map = unsafe { Mmap::map(&file) }.map_err(io(path, "mapping"))?;
        let header = Header::decode(&map[..PAGE as usize]).map_err(not_a_table)?;
        if header.game != GAME_ZGAME {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
                what: "a table of another game".into(),
            });
        }
        if size != header.file_size() {
            return Err(StoreError::WrongSize {
                path: path.to_path_buf(),
                expected: header.file_size(),
                found: size,
            });
        }
        let digests = &map[header.digests_offset as usize..];
        if xxh3_64(digests) != header.file_checksum {
            return Err(StoreError::Corrupted { path: path.to_path_buf(), what: "the digest list".into() });
        }
        let index = PositionIndex::new(header.n).ok_or_else(|| StoreError::Foreign {
            path: path.to_path_buf(),
            what: format!("n = {} cannot be ranked here", header.n),
        })?;
        if index.count() != header.positions || index.fingerprint() != header.ranking_fingerprint {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
                what: "it was made with another ranking of the positions".into(),
            });
        }
        let chunks = (0..header.digest_count).map(|_| AtomicU8::new(UNCHECKED)).collect();
        Ok(StoredTable { path: path.to_path_buf(), header, map, index, chunks })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The number being played.
    pub fn n(&self) -> u32 {
        self.header.n
    }

    /// The ranking.
    pub fn index(&self) -> &PositionIndex {
        &self.index
    }

    /// Whether the table holds remoteness.
    pub fn has_remoteness(&self) -> bool {
        self.header.remoteness_width > 0
    }

    /// Checks the chunk with digest number `k` (once per process).
    fn check_chunk(&self, k: u64) -> Result<(), StoreError> {
        match self.chunks[k as usize].load(Relaxed) {
            GOOD => return Ok(()),
            BAD => return Err(self.corrupted(k)),
            _ => {}
        }
        let h = &self.header;
        let (start, end) = if k < h.outcome_chunks() {
            let start = h.outcome_offset + k * h.chunk;
            (start, (start + h.chunk).min(h.outcome_offset + h.outcome_bytes))
        } else {
            let start = h.remoteness_offset + (k - h.outcome_chunks()) * h.chunk;
            (start, (start + h.chunk).min(h.remoteness_offset + h.remoteness_bytes))
        };
        let at = (h.digests_offset + 8 * k) as usize;
        let digest = u64::from_le_bytes(self.map[at..at + 8].try_into().expect("8 bytes"));
        let good = xxh3_64(&self.map[start as usize..end as usize]) == digest;
        self.chunks[k as usize].store(if good { GOOD } else { BAD }, Relaxed);
        if good {
            Ok(())
        } else {
            Err(self.corrupted(k))
        }
    }

    fn corrupted(&self, k: u64) -> StoreError {
        let outcome_chunks = self.header.outcome_chunks();
        let what = if k < outcome_chunks {
            format!("chunk {k} of the outcome table")
        } else {
            format!("chunk {} of the remoteness table", k - outcome_chunks)
        };
        StoreError::Corrupted { path: self.path.clone(), what }
    }

    /// The outcome of rank `r` (`r < positions`), from a checked chunk.
    ///
    /// # Errors
    /// [`StoreError::Corrupted`] when the chunk holding it does not match its digest.
    pub fn outcome(&self, r: u64) -> Result<Outcome, StoreError> {
        let byte = r / 8;
        self.check_chunk(byte / self.header.chunk)?;
        let b = self.map[(self.header.outcome_offset + byte) as usize];
        Ok(Outcome::win_if(b >> (r % 8) & 1 == 1))
    }

    /// The remoteness of rank `r`, whose position has `parts` parts; `None` when the table holds
    /// no remoteness.
    ///
    /// # Errors
    /// [`StoreError::Corrupted`] when a chunk holding it does not match its digest.
    pub fn remoteness(&self, r: u64, parts: u32) -> Result<Option<u32>, StoreError> {
        let width = u64::from(self.header.remoteness_width);
        if width == 0 {
            return Ok(None);
        }
        let win = self.outcome(r)?.is_win();
        let byte = r * width;
        self.check_chunk(self.header.outcome_chunks() + byte / self.header.chunk)?;
        let at = (self.header.remoteness_offset + byte) as usize;
        let h = if width == 1 {
            u32::from(self.map[at])
        } else {
            u32::from(u16::from_le_bytes([self.map[at], self.map[at + 1]]))
        };
        if parts < self.header.end_parts {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: "a position with too few parts".into(),
            });
        }
        Ok(Some(remoteness_from_half_excess(parts, self.header.end_parts, h, win)))
    }

    /// The number of losses (P-positions) in the table, counted over checked chunks.
    ///
    /// # Errors
    /// [`StoreError::Corrupted`] when an outcome chunk does not match its digest.
    pub fn p_positions(&self) -> Result<u64, StoreError> {
        let h = &self.header;
        let mut wins = 0u64;
        for k in 0..h.outcome_chunks() {
            self.check_chunk(k)?;
            let start = h.outcome_offset + k * h.chunk;
            let end = (start + h.chunk).min(h.outcome_offset + h.outcome_bytes);
            wins +=
                self.map[start as usize..end as usize].iter().map(|b| u64::from(b.count_ones())).sum::<u64>();
        }
        // Bits past the last position are zero (the writer pads with zeros), so every set bit is a win.
        Ok(h.positions - wins)
    }

    /// Checks every chunk, and that the padding between regions is zero (it carries no value,
    /// so a flipped padding byte is harmless, but it is still damage worth reporting);
    /// `progress(done, total)` counts chunks.
    ///
    /// # Errors
    /// The first damaged chunk or padding.
    pub fn verify(&self, progress: impl Fn(u64, u64)) -> Result<VerifiedTable<'_>, StoreError> {
        for k in 0..self.header.digest_count {
            self.check_chunk(k)?;
            progress(k + 1, self.header.digest_count);
        }
        let h = &self.header;
        let pads = [
            (h.outcome_offset + h.outcome_bytes, h.remoteness_offset),
            (h.remoteness_offset + h.remoteness_bytes, h.digests_offset),
        ];
        for (start, end) in pads {
            if self.map[start as usize..end as usize].iter().any(|&b| b != 0) {
                return Err(StoreError::Corrupted {
                    path: self.path.clone(),
                    what: "the padding between tables".into(),
                });
            }
        }
        Ok(VerifiedTable(self))
    }
}

/// A stored table whose every chunk has been checked, so lookups cannot fail: it serves
/// [`SolvedTable`] (for the table checker) and exports.
#[derive(Clone, Copy, Debug)]
pub struct VerifiedTable<'a>(&'a StoredTable);

impl VerifiedTable<'_> {
    /// The table.
    pub fn table(&self) -> &StoredTable {
        self.0
    }
}

impl SolvedTable for VerifiedTable<'_> {
    fn index(&self) -> &PositionIndex {
        &self.0.index
    }

    fn outcome(&self, r: u64) -> Outcome {
        self.0.outcome(r).expect("every chunk was verified")
    }

    fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32> {
        self.0.remoteness(r, parts).expect("every chunk was verified")
    }
}
