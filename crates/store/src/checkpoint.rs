//! Checkpoints of a tiered Zeckendorf-game solve: the state after the last finished tier
//! ([`TierState`]), saved atomically after each tier so that a run killed at any moment resumes
//! from the last finished tier. The format is in `FORMAT.md` ("Tier checkpoints").
//!
//! A checkpoint is written to a temporary file in the same directory, synced, renamed over the
//! previous one and the directory synced: at every moment the file on disk is a whole
//! checkpoint (the old or the new). It ends with an XXH3-64 checksum of everything before it,
//! so a damaged or truncated file is refused, never resumed from.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;
use zecklab_engines::{TierState, TierStateView, TierValues};
use zecklab_games::zgame::TierCount;

use crate::error::io;
use crate::StoreError;

/// The first 16 bytes of every checkpoint.
pub const CHECKPOINT_MAGIC: [u8; 16] = *b"ZECKLAB TIERS\0\0\x01";
/// The format version.
pub const CHECKPOINT_VERSION: u32 = 1;

/// Bytes a save or a load buffers: a checkpoint costs this, not a copy of the tier.
pub const BUFFER: usize = 64 << 10;

/// The checkpoint file of the game on `n` in `dir`.
pub fn checkpoint_path(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("zgame-n{n}.tiers"))
}

/// Bytes of the checkpoint of `state`.
fn encoded_len(state: &TierStateView<'_>) -> u64 {
    let words = state.wins().len() as u64;
    let rem_len = state.remoteness.map_or(0, <[u16]>::len) as u64;
    16 + 5 * 4 + 20 * state.finished.len() as u64 + 8 + 8 * words + 8 + 2 * rem_len + 8
}

/// A writer that hashes what passes through it, so that the checksum needs no copy of the file.
pub(crate) struct Hashing<W> {
    pub(crate) inner: W,
    pub(crate) hasher: Xxh3,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.hasher.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes the checkpoint of `state` to `out`, a buffer's worth at a time: the tier is read in
/// place, never copied (at n = 1000 a tier with remoteness is some 10 GB).
fn encode_into(state: &TierStateView<'_>, out: impl Write) -> std::io::Result<()> {
    let mut w = Hashing { inner: std::io::BufWriter::with_capacity(BUFFER, out), hasher: Xxh3::new() };
    w.write_all(&CHECKPOINT_MAGIC)?;
    let flags = u32::from(state.remoteness.is_some());
    for v in [CHECKPOINT_VERSION, state.n, state.parts, flags, state.finished.len() as u32] {
        w.write_all(&v.to_le_bytes())?;
    }
    for t in state.finished {
        w.write_all(&t.parts.to_le_bytes())?;
        w.write_all(&t.positions.to_le_bytes())?;
        w.write_all(&t.p_positions.to_le_bytes())?;
    }
    w.write_all(&(state.wins().len() as u64).to_le_bytes())?;
    for word in state.wins() {
        w.write_all(&word.to_le_bytes())?;
    }
    let remoteness = state.remoteness.unwrap_or(&[]);
    w.write_all(&(remoteness.len() as u64).to_le_bytes())?;
    for r in remoteness {
        w.write_all(&r.to_le_bytes())?;
    }
    let sum = w.hasher.digest();
    let mut inner = w.inner;
    inner.write_all(&sum.to_le_bytes())?;
    inner.flush()
}

/// Reads little-endian fields in order from a file, hashing what it reads: the checkpoint is
/// decoded straight into the tier's vectors, never held as bytes besides.
pub(crate) struct Reader<R> {
    pub(crate) inner: R,
    pub(crate) hasher: Xxh3,
    /// Bytes left before the trailing checksum.
    pub(crate) left: u64,
}

impl<R: std::io::Read> Reader<R> {
    pub(crate) fn fill(&mut self, buf: &mut [u8]) -> Option<()> {
        self.left = self.left.checked_sub(buf.len() as u64)?;
        self.inner.read_exact(buf).ok()?;
        self.hasher.update(buf);
        Some(())
    }
    pub(crate) fn u32(&mut self) -> Option<u32> {
        let mut b = [0; 4];
        self.fill(&mut b)?;
        Some(u32::from_le_bytes(b))
    }
    pub(crate) fn u64(&mut self) -> Option<u64> {
        let mut b = [0; 8];
        self.fill(&mut b)?;
        Some(u64::from_le_bytes(b))
    }
    /// `count` values of `W` bytes each, decoded by `decode`, checked against the bytes left
    /// before allocating anything.
    pub(crate) fn values<T, const W: usize>(
        &mut self,
        count: u64,
        decode: fn([u8; W]) -> T,
    ) -> Option<Vec<T>> {
        if count.checked_mul(W as u64)? > self.left {
            return None;
        }
        let mut out = Vec::with_capacity(usize::try_from(count).ok()?);
        let per_read = BUFFER / W;
        let mut buf = vec![0u8; W * per_read];
        let mut left = count as usize;
        while left > 0 {
            let take = left.min(per_read);
            self.fill(&mut buf[..take * W])?;
            out.extend(buf[..take * W].chunks_exact(W).map(|c| decode(c.try_into().expect("W bytes"))));
            left -= take;
        }
        Some(out)
    }
}

fn decode(file: File, size: u64, path: &Path) -> Result<TierState, StoreError> {
    let not = |why: &str| StoreError::NotATable { path: path.to_path_buf(), why: why.to_string() };
    let corrupted = || StoreError::CheckpointDamaged { path: path.to_path_buf() };
    if size < 16 + 8 {
        return Err(not("not a tier checkpoint (too short)"));
    }
    let mut r = Reader {
        inner: std::io::BufReader::with_capacity(BUFFER, file),
        hasher: Xxh3::new(),
        left: size - 8,
    };
    let mut magic = [0u8; 16];
    r.fill(&mut magic).ok_or_else(|| not("not a tier checkpoint (unreadable)"))?;
    if magic != CHECKPOINT_MAGIC {
        return Err(not("not a tier checkpoint (bad magic number)"));
    }
    let parse = |r: &mut Reader<_>| -> Option<TierState> {
        let version = r.u32()?;
        if version != CHECKPOINT_VERSION {
            return None;
        }
        let (n, parts, flags) = (r.u32()?, r.u32()?, r.u32()?);
        let finished_len = r.u32()?;
        if u64::from(finished_len) * 20 > r.left {
            return None;
        }
        let mut finished = Vec::with_capacity(finished_len as usize);
        for _ in 0..finished_len {
            finished.push(TierCount { parts: r.u32()?, positions: r.u64()?, p_positions: r.u64()? });
        }
        let words = r.u64()?;
        let wins = r.values(words, u64::from_le_bytes)?;
        let rem_len = r.u64()?;
        let rem = r.values(rem_len, u16::from_le_bytes)?;
        (r.left == 0).then_some(TierState {
            n,
            last: TierValues { parts, wins, remoteness: (flags & 1 == 1).then_some(rem) },
            finished,
        })
    };
    let parsed = parse(&mut r);
    // The checksum decides first: a damaged file is damaged, whatever its layout looks like.
    let mut sum = [0u8; 8];
    let summed = parsed.is_some() && r.inner.read_exact(&mut sum).is_ok();
    if summed && r.hasher.digest() != u64::from_le_bytes(sum) {
        return Err(corrupted());
    }
    match parsed {
        Some(state) if summed => Ok(state),
        _ => Err(not("an unreadable checkpoint (unknown version, bad layout or truncated)")),
    }
}

/// Makes sure checkpoints can be saved in `dir` before any work that they would keep: creates
/// it if need be and writes and removes a temporary file there, so that a run with a directory
/// it cannot write fails at once rather than at its first save.
///
/// # Errors
/// [`StoreError`] naming the directory (not a directory, no permission, read-only, ...).
pub fn prepare_checkpoint_dir(dir: &Path) -> Result<(), StoreError> {
    crate::write::prepare_dir(dir, "creating")
}

/// Saves `state` as the checkpoint of its game in `dir`, atomically (see the module header),
/// streaming the tier to the file: a save takes a buffer of memory, not a copy of the tier.
///
/// # Errors
/// [`StoreError`] naming the file or directory (no space, no permission, ...).
pub fn save_checkpoint(dir: &Path, state: &TierStateView<'_>) -> Result<PathBuf, StoreError> {
    let target = checkpoint_path(dir, state.n);
    save_atomically(dir, &target, encoded_len(state), |file| encode_into(state, file))
}

/// Writes `target` in `dir` by `encode` (`needed` bytes) atomically: to a temporary file,
/// synced, renamed over the old file, the directory synced (see the module header).
pub(crate) fn save_atomically(
    dir: &Path,
    target: &Path,
    needed: u64,
    encode: impl FnOnce(&File) -> std::io::Result<()>,
) -> Result<PathBuf, StoreError> {
    std::fs::create_dir_all(dir).map_err(io(dir, "creating"))?;
    let available = fs4::available_space(dir).map_err(io(dir, "checking free space in"))?;
    let needed = needed + (1 << 20);
    if available < needed {
        return Err(StoreError::NoSpace { path: dir.to_path_buf(), needed, available });
    }
    crate::write::remove_stale_temporaries(dir, crate::write::TEMPORARY_PREFIX);
    let name = target.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!("{}{}-{name}", crate::write::TEMPORARY_PREFIX, std::process::id()));
    let result = (|| {
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map_err(io(target, "writing the checkpoint"))?;
        encode(&file).and_then(|()| file.sync_all()).map_err(io(target, "writing the checkpoint"))?;
        std::fs::rename(&temporary, target).map_err(io(target, "renaming the finished checkpoint to"))?;
        File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir, "syncing"))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map(|()| target.to_path_buf())
}

/// The checkpoint of the game on `n` in `dir`, if there is one.
///
/// # Errors
/// [`StoreError`] naming the file when it cannot be read, is damaged, or belongs to another n.
pub fn load_checkpoint(dir: &Path, n: u32) -> Result<Option<TierState>, StoreError> {
    load_game_file(&checkpoint_path(dir, n), n, decode, |state| state.n)
}

/// The checkpoint at `path` of the game on `n`, if there is one, read by `decode` (which gets
/// the file, its size and its path); refused when `n_of` says it is another game's.
pub(crate) fn load_game_file<T>(
    path: &Path,
    n: u32,
    decode: impl FnOnce(File, u64, &Path) -> Result<T, StoreError>,
    n_of: impl FnOnce(&T) -> u32,
) -> Result<Option<T>, StoreError> {
    let Some(file) = crate::read::open_regular(path)? else { return Ok(None) };
    let size = file.metadata().map_err(io(path, "reading"))?.len();
    let state = decode(file, size, path)?;
    let theirs = n_of(&state);
    if theirs != n {
        let what = format!("a checkpoint of n = {theirs}, not {n}");
        return Err(StoreError::Foreign { path: path.to_path_buf(), what });
    }
    Ok(Some(state))
}

/// Removes the file at `path` if there is one (a finished run's checkpoint).
pub(crate) fn remove_if_any(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path, "removing")(e)),
        _ => Ok(()),
    }
}

/// Removes the checkpoint of the game on `n` (after a finished run).
///
/// # Errors
/// [`StoreError`] naming the file when it exists and cannot be removed.
pub fn remove_checkpoint(dir: &Path, n: u32) -> Result<(), StoreError> {
    remove_if_any(&checkpoint_path(dir, n))
}

#[cfg(test)]
mod tests {
    use zecklab_engines::TieredSolver;

    use super::*;

    #[test]
    fn a_checkpoint_directory_is_made_and_a_file_in_its_place_refused() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("a").join("b");
        prepare_checkpoint_dir(&dir).unwrap();
        assert!(dir.is_dir());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the probe leaves nothing behind");
        let file = root.path().join("file");
        std::fs::write(&file, b"kept").unwrap();
        let refused = prepare_checkpoint_dir(&file.join("x")).unwrap_err().to_string();
        assert!(refused.contains("creating"), "{refused}");
        assert_eq!(std::fs::read(&file).unwrap(), b"kept");
    }

    #[test]
    fn a_checkpoint_reads_back_and_damage_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for with_remoteness in [true, false] {
            let mut solver = TieredSolver::new(40, with_remoteness, 1 << 30).unwrap();
            for _ in 0..12 {
                solver.solve_next(|_, _| {}).unwrap();
            }
            let state = solver.state().unwrap();
            let path = save_checkpoint(dir.path(), &solver.state_view().unwrap()).unwrap();
            assert_eq!(load_checkpoint(dir.path(), 40).unwrap(), Some(state.clone()));
            assert!(matches!(load_checkpoint(dir.path(), 41), Ok(None)));
            let good = std::fs::read(&path).unwrap();
            for at in [0, 17, good.len() / 2, good.len() - 1] {
                let mut bad = good.clone();
                bad[at] ^= 0x10;
                std::fs::write(&path, &bad).unwrap();
                assert!(load_checkpoint(dir.path(), 40).is_err(), "a flipped byte at {at}");
            }
            // A flipped byte in the tier's bits: the message says what was damaged and what to do.
            let mut bad = good.clone();
            bad[good.len() / 2] ^= 0x10;
            std::fs::write(&path, &bad).unwrap();
            let said = load_checkpoint(dir.path(), 40).unwrap_err().to_string();
            assert!(said.contains("the last tier's outcome bits") && said.contains("delete it"), "{said}");
            assert!(!said.contains("checksum does not match its checksum"), "{said}");
            std::fs::write(&path, &good[..good.len() - 3]).unwrap();
            assert!(load_checkpoint(dir.path(), 40).is_err(), "a truncated file");
            std::fs::rename(&path, checkpoint_path(dir.path(), 41)).unwrap();
            std::fs::write(checkpoint_path(dir.path(), 41), &good).unwrap();
            assert!(matches!(load_checkpoint(dir.path(), 41), Err(StoreError::Foreign { .. })));
            remove_checkpoint(dir.path(), 40).unwrap();
            remove_checkpoint(dir.path(), 41).unwrap();
            assert!(load_checkpoint(dir.path(), 41).unwrap().is_none());
        }
    }
}
