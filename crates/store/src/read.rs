//! Reading a table file. Opening checks the header (magic, version, its own checksum, layout),
//! the file's size, the ranking's fingerprint and the whole-file checksum over the chunk digests;
//! a lookup reads the chunk it needs into private memory and checks it against its digest before
//! using any byte of it.
//!
//! Nothing is memory-mapped: a file replaced or truncated in place by another program (`cp` over
//! it, say) turns a read into an error ([`StoreError::Changed`] or [`StoreError::Corrupted`]),
//! never into a SIGBUS or a value read from bytes nobody checked. Checked chunks are kept, up to
//! a budget of memory per table; past it, a chunk is read and checked again each time it is
//! needed. [`StoredTable::is_current`] tells a long-lived reader (the web explorer) when the file
//! has changed since it was opened, so that it opens it again.

use std::fs::File;
use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

use xxhash_rust::xxh3::xxh3_64;
use zecklab_games::zgame::family::{check_family_table, FamilyCheck, FamilyIndex, FamilyRules};
use zecklab_games::zgame::{remoteness_from_half_excess, PositionIndex, SolvedTable};
use zecklab_games::Outcome;

use crate::error::{io, StoreError};
use crate::format::{Header, GAME_ZGAME, PAGE};
use crate::game::{RemotenessEncoding, TableGame};

/// How a table's ranks map to positions: the Zeckendorf game's ranking (either play), or a
/// generalized game's.
enum Ranking {
    Zeckendorf(PositionIndex),
    Family(Box<(FamilyRules, FamilyIndex)>),
}

/// Memory a table keeps of checked chunks by default (past it, chunks are read again as needed).
pub const DEFAULT_CHUNK_BUDGET: u64 = 128 << 20;

/// Chunk states: not known to be bad, checked and bad.
const UNKNOWN: u8 = 0;
const BAD: u8 = 2;

/// What identifies one version of a file: a file replaced, rewritten or truncated in place
/// changes at least one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileIdentity {
    dev: u64,
    ino: u64,
    size: u64,
    mtime_ns: i128,
    ctime_ns: i128,
}

impl FileIdentity {
    fn of(meta: &std::fs::Metadata) -> FileIdentity {
        let ns = |s: i64, n: i64| i128::from(s) * 1_000_000_000 + i128::from(n);
        FileIdentity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.len(),
            mtime_ns: ns(meta.mtime(), meta.mtime_nsec()),
            ctime_ns: ns(meta.ctime(), meta.ctime_nsec()),
        }
    }

    /// The identity as words (for keys of caches that hold what was computed from one version).
    pub fn words(&self) -> [u64; 5] {
        [self.dev, self.ino, self.size, self.mtime_ns as u64, self.ctime_ns as u64]
    }

    /// The identity of the file at `path` now (following symbolic links).
    ///
    /// # Errors
    /// The file cannot be examined.
    pub fn of_path(path: &Path) -> std::io::Result<FileIdentity> {
        std::fs::metadata(path).map(|m| FileIdentity::of(&m))
    }
}

/// What a file that is not regular is, in words.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_fifo() {
        "a named pipe"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading only if it is a regular file (following symbolic links): a named
/// pipe is never waited on (it is opened without blocking, then refused), a directory or device
/// never read. `Ok(None)` when there is no such file.
///
/// # Errors
/// [`StoreError::NotRegular`], or the system's refusal naming the file.
pub fn open_regular(path: &Path) -> Result<Option<File>, StoreError> {
    let file = match File::options().read(true).custom_flags(libc::O_NONBLOCK).open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(path, "opening")(e)),
    };
    let file_type = file.metadata().map_err(io(path, "reading"))?.file_type();
    if !file_type.is_file() {
        return Err(StoreError::NotRegular { path: path.to_path_buf(), kind: kind_of(file_type) });
    }
    Ok(Some(file))
}

/// A stored table, read chunk by chunk through private, checked copies.
pub struct StoredTable {
    path: PathBuf,
    header: Header,
    file: File,
    identity: FileIdentity,
    ranking: Ranking,
    /// The digest of every chunk, from the list the file checksum covers.
    digests: Box<[u64]>,
    /// Checked copies of chunks, kept while they fit the budget.
    kept: Box<[OnceLock<Box<[u8]>>]>,
    kept_bytes: AtomicU64,
    budget: u64,
    states: Box<[AtomicU8]>,
    p_positions: OnceLock<u64>,
}

impl std::fmt::Debug for StoredTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoredTable").field("path", &self.path).field("header", &self.header).finish()
    }
}

/// The bytes of one checked chunk: kept by the table, or read for this use only.
enum Chunk<'a> {
    Kept(&'a [u8]),
    Read(Vec<u8>),
}

impl std::ops::Deref for Chunk<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Chunk::Kept(bytes) => bytes,
            Chunk::Read(bytes) => bytes,
        }
    }
}

impl StoredTable {
    /// Opens and validates a table file (everything but the table chunks, which are checked as
    /// they are read, or all at once by [`StoredTable::verify`]).
    ///
    /// # Errors
    /// [`StoreError`] naming the file: missing, not a regular file, unreadable, not a table,
    /// wrong size, foreign ranking or a digest list that does not match the file checksum.
    pub fn open(path: &Path) -> Result<StoredTable, StoreError> {
        let file = open_regular(path)?
            .ok_or_else(|| io(path, "opening")(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        StoredTable::from_file(path, file, DEFAULT_CHUNK_BUDGET)
    }

    /// [`StoredTable::open`] keeping checked chunks up to `budget` bytes in memory (past it, a
    /// chunk is read and checked again each time it is needed).
    ///
    /// # Errors
    /// As [`StoredTable::open`].
    pub fn open_with_budget(path: &Path, budget: u64) -> Result<StoredTable, StoreError> {
        let file = open_regular(path)?
            .ok_or_else(|| io(path, "opening")(std::io::Error::from(std::io::ErrorKind::NotFound)))?;
        StoredTable::from_file(path, file, budget)
    }

    fn from_file(path: &Path, file: File, budget: u64) -> Result<StoredTable, StoreError> {
        let meta = file.metadata().map_err(io(path, "reading"))?;
        let identity = FileIdentity::of(&meta);
        let size = meta.len();
        let not_a_table = |why: String| StoreError::NotATable { path: path.to_path_buf(), why };
        if size < PAGE {
            return Err(not_a_table(format!("{size} bytes, shorter than a header")));
        }
        let read_at = |offset: u64, len: u64| -> Result<Vec<u8>, StoreError> {
            let mut buf = vec![0u8; len as usize];
            file.read_exact_at(&mut buf, offset).map_err(|e| match e.kind() {
                std::io::ErrorKind::UnexpectedEof => StoreError::Changed { path: path.to_path_buf() },
                _ => io(path, "reading")(e),
            })?;
            Ok(buf)
        };
        let header = Header::decode(&read_at(0, PAGE)?).map_err(|e| not_a_table(e.to_string()))?;
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
        let digest_bytes = read_at(header.digests_offset, 8 * header.digest_count)?;
        if xxh3_64(&digest_bytes) != header.file_checksum {
            return Err(StoreError::Corrupted { path: path.to_path_buf(), what: "the digest list".into() });
        }
        let digests = digest_bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let cannot_rank = || StoreError::Foreign {
            path: path.to_path_buf(),
            what: format!("n = {} cannot be ranked here", header.n),
        };
        let game = header.table_game;
        let (ranking, count, fingerprint) = if game.is_fibonacci() {
            let index = PositionIndex::new(header.n).ok_or_else(cannot_rank)?;
            let (count, fingerprint) = (index.count(), index.fingerprint());
            (Ranking::Zeckendorf(index), count, fingerprint)
        } else {
            let rules = FamilyRules::new(game.recurrence(), game.rules(), header.n);
            let index = FamilyIndex::new(rules.terms(), header.n).ok_or_else(cannot_rank)?;
            let (count, fingerprint) = (index.count(), index.fingerprint());
            (Ranking::Family(Box::new((rules, index))), count, fingerprint)
        };
        if count != header.positions || fingerprint != header.ranking_fingerprint {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
                what: "it was made with another ranking of the positions".into(),
            });
        }
        let chunks = header.digest_count as usize;
        Ok(StoredTable {
            path: path.to_path_buf(),
            header,
            file,
            identity,
            ranking,
            digests,
            kept: (0..chunks).map(|_| OnceLock::new()).collect(),
            kept_bytes: AtomicU64::new(0),
            budget,
            states: (0..chunks).map(|_| AtomicU8::new(UNKNOWN)).collect(),
            p_positions: OnceLock::new(),
        })
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

    /// The game the table holds.
    pub fn game(&self) -> TableGame {
        self.header.table_game
    }

    /// Positions of the game (every rank of the table).
    pub fn positions(&self) -> u64 {
        self.header.positions
    }

    /// The ranking, for a table of the Zeckendorf game (either play); `None` for a generalized
    /// game's (see [`StoredTable::family`]).
    pub fn index(&self) -> Option<&PositionIndex> {
        match &self.ranking {
            Ranking::Zeckendorf(index) => Some(index),
            Ranking::Family(_) => None,
        }
    }

    /// The rules and ranking, for a table of a generalized game.
    pub fn family(&self) -> Option<(&FamilyRules, &FamilyIndex)> {
        match &self.ranking {
            Ranking::Zeckendorf(_) => None,
            Ranking::Family(family) => Some((&family.0, &family.1)),
        }
    }

    /// Whether the table holds remoteness.
    pub fn has_remoteness(&self) -> bool {
        self.header.remoteness_width > 0
    }

    /// The identity of the file as it was opened.
    pub fn identity(&self) -> FileIdentity {
        self.identity
    }

    /// Whether the file at this table's path is still the one opened (same file, size and
    /// modification time): a reader that keeps tables open asks before each use, and opens the
    /// file again when not.
    pub fn is_current(&self) -> bool {
        FileIdentity::of_path(&self.path).is_ok_and(|now| now == self.identity)
    }

    /// Bytes of checked chunks this table keeps in memory.
    pub fn kept_bytes(&self) -> u64 {
        self.kept_bytes.load(Relaxed)
    }

    /// Where the chunk with digest number `k` lies in the file.
    fn chunk_range(&self, k: u64) -> (u64, u64) {
        let h = &self.header;
        if k < h.outcome_chunks() {
            let start = h.outcome_offset + k * h.chunk;
            (start, (start + h.chunk).min(h.outcome_offset + h.outcome_bytes))
        } else {
            let start = h.remoteness_offset + (k - h.outcome_chunks()) * h.chunk;
            (start, (start + h.chunk).min(h.remoteness_offset + h.remoteness_bytes))
        }
    }

    /// Reads the chunk with digest number `k` and checks it against its digest.
    fn read_chunk(&self, k: u64) -> Result<Vec<u8>, StoreError> {
        let mut bytes = Vec::new();
        self.read_chunk_into(k, &mut bytes)?;
        Ok(bytes)
    }

    /// [`StoredTable::read_chunk`] into `bytes` (resized to the chunk), so that a reader of many
    /// chunks it does not keep reuses one buffer.
    fn read_chunk_into(&self, k: u64, bytes: &mut Vec<u8>) -> Result<(), StoreError> {
        if self.states[k as usize].load(Relaxed) == BAD {
            return Err(self.corrupted(k));
        }
        let (start, end) = self.chunk_range(k);
        bytes.resize((end - start) as usize, 0);
        self.file.read_exact_at(bytes, start).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => StoreError::Changed { path: self.path.clone() },
            _ => io(&self.path, "reading")(e),
        })?;
        if xxh3_64(bytes) != self.digests[k as usize] {
            // A file changed in place since it was opened is not damaged, only different.
            if !self.is_current() {
                return Err(StoreError::Changed { path: self.path.clone() });
            }
            self.states[k as usize].store(BAD, Relaxed);
            return Err(self.corrupted(k));
        }
        Ok(())
    }

    /// The checked bytes of chunk `k`: the kept copy, else read and checked now (and kept while
    /// the budget allows, or always when `keep`).
    fn chunk(&self, k: u64, keep: bool) -> Result<Chunk<'_>, StoreError> {
        let slot = &self.kept[k as usize];
        if let Some(bytes) = slot.get() {
            return Ok(Chunk::Kept(bytes));
        }
        let bytes = self.read_chunk(k)?;
        let len = bytes.len() as u64;
        if !keep && self.kept_bytes.load(Relaxed) + len > self.budget {
            return Ok(Chunk::Read(bytes));
        }
        let mut fresh = Some(bytes.into_boxed_slice());
        let kept = slot.get_or_init(|| {
            self.kept_bytes.fetch_add(len, Relaxed);
            fresh.take().expect("initialised once")
        });
        Ok(Chunk::Kept(kept))
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

    /// The byte at `offset` of region chunk `k` (a chunk-relative offset).
    fn byte(&self, k: u64, offset: u64) -> Result<u8, StoreError> {
        Ok(self.chunk(k, false)?[offset as usize])
    }

    /// The outcome of rank `r` (`r < positions`), from a checked chunk.
    ///
    /// # Errors
    /// [`StoreError::Corrupted`] when the chunk holding it does not match its digest,
    /// [`StoreError::Changed`] when the file changed since it was opened.
    pub fn outcome(&self, r: u64) -> Result<Outcome, StoreError> {
        let byte = r / 8;
        let b = self.byte(byte / self.header.chunk, byte % self.header.chunk)?;
        Ok(Outcome::win_if(b >> (r % 8) & 1 == 1))
    }

    /// The remoteness of rank `r`, whose position has `parts` parts (only tables of the
    /// Zeckendorf game need it: they store remoteness relative to it); `None` when the table
    /// holds no remoteness.
    ///
    /// # Errors
    /// As [`StoredTable::outcome`].
    pub fn remoteness(&self, r: u64, parts: u32) -> Result<Option<u32>, StoreError> {
        let width = u64::from(self.header.remoteness_width);
        if width == 0 {
            return Ok(None);
        }
        let win = self.outcome(r)?.is_win();
        let plain = self.header.table_game.encoding() == RemotenessEncoding::Plain;
        if !plain && parts < self.header.end_parts {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: "a position with too few parts".into(),
            });
        }
        // Slots never straddle chunks: a chunk holds a whole number of 1- or 2-byte slots.
        let byte = r * width;
        let (k, at) = (self.header.outcome_chunks() + byte / self.header.chunk, byte % self.header.chunk);
        let chunk = self.chunk(k, false)?;
        let h = if width == 1 {
            u32::from(chunk[at as usize])
        } else {
            u32::from(u16::from_le_bytes([chunk[at as usize], chunk[at as usize + 1]]))
        };
        if plain {
            return Ok(Some(h));
        }
        let misere = self.header.table_game.misere();
        Ok(Some(remoteness_from_half_excess(parts, self.header.end_parts, h, win, misere)))
    }

    /// Checks every position of a generalized game's table against its children by the rules
    /// (each chunk checked against its digest as it is read); see
    /// [`zecklab_games::zgame::family::check_family_table`].
    ///
    /// # Errors
    /// [`StoreError::Foreign`] for a table of the Zeckendorf game (its checker is
    /// [`zecklab_games::zgame::check_table`], on [`StoredTable::load`]); any read error.
    pub fn check_family(&self, progress: impl FnMut(u64, u64)) -> Result<FamilyCheck, StoreError> {
        let Some((rules, index)) = self.family() else {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: "a table of the Zeckendorf game, checked by the game's own checker".into(),
            });
        };
        let value = |r: u64| -> Result<(bool, u32), StoreError> {
            let win = self.outcome(r)?.is_win();
            Ok((win, self.remoteness(r, 0)?.unwrap_or(0)))
        };
        if !self.has_remoteness() {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: "a generalized game's table without remoteness".into(),
            });
        }
        check_family_table(rules, index, self.header.table_game.misere(), value, progress)
    }

    /// Bytes `first..first + out.len()` of the outcome table (bit `r % 8` of byte `r / 8` is set
    /// when rank `r` is a win), into `out`, from checked chunks.
    ///
    /// # Errors
    /// As [`StoredTable::outcome`]; [`StoreError::Foreign`] for a range past the table.
    pub fn outcome_bytes(&self, first: u64, out: &mut [u8]) -> Result<(), StoreError> {
        let chunk = self.header.chunk;
        if first + out.len() as u64 > self.header.outcome_bytes {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: format!("outcome bytes past the table's {}", self.header.outcome_bytes),
            });
        }
        let mut at = first;
        let mut rest = out;
        while !rest.is_empty() {
            let (k, offset) = (at / chunk, (at % chunk) as usize);
            let bytes = self.chunk(k, false)?;
            let take = rest.len().min(bytes.len() - offset);
            let (head, tail) = rest.split_at_mut(take);
            head.copy_from_slice(&bytes[offset..offset + take]);
            rest = tail;
            at += take as u64;
        }
        Ok(())
    }

    /// The outcome of each of `ranks` (`true`: a win), reading each outcome chunk they touch
    /// once, on up to `threads` threads: a chunk already kept is used, any other is read into a
    /// buffer of the thread's and checked, and not kept (a scattered lookup would otherwise
    /// allocate a chunk for every few ranks).
    ///
    /// # Errors
    /// [`StoreError::Foreign`] for a rank past the table; the first chunk that fails its check;
    /// a file changed since it was opened.
    pub fn outcomes_of(&self, ranks: &[u64], threads: usize) -> Result<Vec<bool>, StoreError> {
        if let Some(bad) = ranks.iter().find(|&&r| r >= self.header.positions) {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: format!("rank {bad}, past the table's {} positions", self.header.positions),
            });
        }
        let chunk_bits = self.header.chunk * 8;
        let mut order: Vec<usize> = (0..ranks.len()).collect();
        order.sort_unstable_by_key(|&i| ranks[i]);
        // Runs of `order` whose ranks share a chunk.
        let mut groups = Vec::new();
        let mut first = 0;
        for i in 1..=order.len() {
            if i == order.len() || ranks[order[i]] / chunk_bits != ranks[order[first]] / chunk_bits {
                groups.push(first..i);
                first = i;
            }
        }
        let wins: Vec<AtomicU8> = (0..ranks.len()).map(|_| AtomicU8::new(0)).collect();
        let next = AtomicU64::new(0);
        let work = || -> Result<(), StoreError> {
            let mut buffer = Vec::new();
            loop {
                let g = next.fetch_add(1, Relaxed) as usize;
                let Some(group) = groups.get(g) else { return Ok(()) };
                let k = ranks[order[group.start]] / chunk_bits;
                let bytes: &[u8] = match self.kept[k as usize].get() {
                    Some(kept) => kept,
                    None => {
                        self.read_chunk_into(k, &mut buffer)?;
                        &buffer
                    }
                };
                for &i in &order[group.clone()] {
                    let bit = ranks[i] - k * chunk_bits;
                    wins[i].store(bytes[(bit / 8) as usize] >> (bit % 8) & 1, Relaxed);
                }
            }
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(work)).collect();
            let mine = work();
            helpers
                .into_iter()
                .map(|h| h.join().expect("a lookup thread panicked"))
                .chain([mine])
                .collect::<Result<(), StoreError>>()
        })
        .map(|()| wins.into_iter().map(|w| w.into_inner() == 1).collect())
    }

    /// The number of losses (P-positions) in the table, counted over checked chunks once per
    /// opened table.
    ///
    /// # Errors
    /// As [`StoredTable::outcome`], for any outcome chunk.
    pub fn p_positions(&self) -> Result<u64, StoreError> {
        if let Some(&count) = self.p_positions.get() {
            return Ok(count);
        }
        let mut wins = 0u64;
        for k in 0..self.header.outcome_chunks() {
            wins += self.chunk(k, false)?.iter().map(|b| u64::from(b.count_ones())).sum::<u64>();
        }
        // Bits past the last position are zero (the writer pads with zeros), so every set bit is a win.
        Ok(*self.p_positions.get_or_init(|| self.header.positions - wins))
    }

    /// Checks every chunk, and that the padding between regions is zero (it carries no value,
    /// so a flipped padding byte is harmless, but it is still damage worth reporting);
    /// `progress(done, total)` counts chunks. Chunks are read one at a time (kept only within
    /// the table's budget).
    ///
    /// # Errors
    /// The first damaged chunk or padding, or a file changed while it was read.
    pub fn verify(&self, progress: impl Fn(u64, u64)) -> Result<(), StoreError> {
        for k in 0..self.header.digest_count {
            self.chunk(k, false)?;
            progress(k + 1, self.header.digest_count);
        }
        let h = &self.header;
        let pads = [
            (h.outcome_offset + h.outcome_bytes, h.remoteness_offset),
            (h.remoteness_offset + h.remoteness_bytes, h.digests_offset),
        ];
        for (start, end) in pads {
            let mut padding = vec![0u8; (end - start) as usize];
            self.file
                .read_exact_at(&mut padding, start)
                .map_err(|_| StoreError::Changed { path: self.path.clone() })?;
            if padding.iter().any(|&b| b != 0) {
                return Err(StoreError::Corrupted {
                    path: self.path.clone(),
                    what: "the padding between tables".into(),
                });
            }
        }
        Ok(())
    }

    /// Reads and checks every chunk and keeps them all in memory, so that every lookup after
    /// succeeds: the table the checker and the exports read. Refused when the table exceeds
    /// `memory_limit` bytes.
    ///
    /// # Errors
    /// [`StoreError::TooLarge`] past the limit; otherwise as [`StoredTable::verify`].
    pub fn load(
        &self,
        memory_limit: u64,
        progress: impl Fn(u64, u64),
    ) -> Result<VerifiedTable<'_>, StoreError> {
        let bytes = self.header.outcome_bytes + self.header.remoteness_bytes;
        self.load_chunks(self.header.digest_count, bytes, memory_limit, progress, true)
    }

    /// As [`StoredTable::load`], for the outcome table only (one bit a position, where the
    /// remoteness table takes one or two bytes): the table the strategy lab's tests read. Its
    /// remoteness is `None`. A table changed since it was opened is not loaded (chunks kept from
    /// reads before the change would still pass).
    ///
    /// # Errors
    /// As [`StoredTable::load`].
    pub fn load_outcomes(
        &self,
        memory_limit: u64,
        progress: impl Fn(u64, u64),
    ) -> Result<VerifiedTable<'_>, StoreError> {
        if !self.is_current() {
            return Err(StoreError::Changed { path: self.path.clone() });
        }
        let chunks = self.header.outcome_chunks();
        self.load_chunks(chunks, self.header.outcome_bytes, memory_limit, progress, false)
    }

    /// Reads, checks and keeps the first `chunks` chunks (`bytes` in all, refused past
    /// `memory_limit`).
    fn load_chunks(
        &self,
        chunks: u64,
        bytes: u64,
        memory_limit: u64,
        progress: impl Fn(u64, u64),
        with_remoteness: bool,
    ) -> Result<VerifiedTable<'_>, StoreError> {
        let Ranking::Zeckendorf(index) = &self.ranking else {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
                what: "a generalized game's table (checked by its own rules, not loaded)".into(),
            });
        };
        if bytes > memory_limit {
            return Err(StoreError::TooLarge { path: self.path.clone(), bytes, limit: memory_limit });
        }
        for k in 0..chunks {
            self.chunk(k, true)?;
            progress(k + 1, chunks);
        }
        Ok(VerifiedTable(self, index, with_remoteness))
    }

    /// The kept chunk `k` of a loaded table.
    fn loaded(&self, k: u64) -> &[u8] {
        self.kept[k as usize].get().expect("a loaded table keeps every chunk")
    }
}

/// A stored table whose every chunk has been checked and is held in memory, so lookups cannot
/// fail: it serves [`SolvedTable`] (for the table checker) and exports. Made by
/// [`StoredTable::load`], or [`StoredTable::load_outcomes`] (then without remoteness: the last
/// field says whether it is held).
#[derive(Clone, Copy, Debug)]
pub struct VerifiedTable<'a>(&'a StoredTable, &'a PositionIndex, bool);

impl VerifiedTable<'_> {
    /// The table.
    pub fn table(&self) -> &StoredTable {
        self.0
    }
}

impl SolvedTable for VerifiedTable<'_> {
    fn index(&self) -> &PositionIndex {
        self.1
    }

    fn misere(&self) -> bool {
        self.0.header.table_game.misere()
    }

    fn outcome(&self, r: u64) -> Outcome {
        let (byte, chunk) = (r / 8, self.0.header.chunk);
        let b = self.0.loaded(byte / chunk)[(byte % chunk) as usize];
        Outcome::win_if(b >> (r % 8) & 1 == 1)
    }

    fn remoteness_with_parts(&self, r: u64, parts: u32) -> Option<u32> {
        let t = self.0;
        let width = u64::from(t.header.remoteness_width);
        if width == 0 || !self.2 {
            return None;
        }
        let win = self.outcome(r).is_win();
        let (byte, chunk) = (r * width, t.header.chunk);
        let bytes = t.loaded(t.header.outcome_chunks() + byte / chunk);
        let at = (byte % chunk) as usize;
        let h = if width == 1 {
            u32::from(bytes[at])
        } else {
            u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]))
        };
        Some(remoteness_from_half_excess(parts, t.header.end_parts, h, win, t.header.table_game.misere()))
    }
}
