//! Checkpoints of a tiered Zeckendorf-game solve: the state after the last finished tier
//! ([`TierState`]), saved atomically after each tier so that a run killed at any moment resumes
//! from the last finished tier. The format is in `FORMAT.md` ("Tier checkpoints").
//!
//! A checkpoint is written to a temporary file in the same directory, synced, renamed over the
//! previous one and the directory synced: at every moment the file on disk is a whole
//! checkpoint (the old or the new). It ends with an XXH3-64 checksum of everything before it,
//! so a damaged or truncated file is refused, never resumed from.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::xxh3_64;
use zecklab_games::zgame::{TierCount, TierState, TierValues};

use crate::error::io;
use crate::StoreError;

/// The first 16 bytes of every checkpoint.
pub const CHECKPOINT_MAGIC: [u8; 16] = *b"ZECKLAB TIERS\0\0\x01";
/// The format version.
pub const CHECKPOINT_VERSION: u32 = 1;

/// The checkpoint file of the game on `n` in `dir`.
pub fn checkpoint_path(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("zgame-n{n}.tiers"))
}

fn encode(state: &TierState) -> Vec<u8> {
    let last = &state.last;
    let rem_len = last.remoteness.as_ref().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(64 + state.finished.len() * 20 + last.wins.len() * 8 + rem_len * 2);
    out.extend_from_slice(&CHECKPOINT_MAGIC);
    for v in [CHECKPOINT_VERSION, state.n, last.parts, u32::from(last.remoteness.is_some())] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&(state.finished.len() as u32).to_le_bytes());
    for t in &state.finished {
        out.extend_from_slice(&t.parts.to_le_bytes());
        out.extend_from_slice(&t.positions.to_le_bytes());
        out.extend_from_slice(&t.p_positions.to_le_bytes());
    }
    out.extend_from_slice(&(last.wins.len() as u64).to_le_bytes());
    for w in &last.wins {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&(rem_len as u64).to_le_bytes());
    for r in last.remoteness.iter().flatten() {
        out.extend_from_slice(&r.to_le_bytes());
    }
    let sum = xxh3_64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads little-endian fields in order, failing on a short file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.at.checked_add(n)?;
        let slice = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(slice)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

fn decode(bytes: &[u8], path: &Path) -> Result<TierState, StoreError> {
    let not = |why: &str| StoreError::NotATable { path: path.to_path_buf(), why: why.to_string() };
    if bytes.len() < 16 + 8 || bytes[..16] != CHECKPOINT_MAGIC {
        return Err(not("not a tier checkpoint (bad magic number)"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if xxh3_64(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(StoreError::Corrupted {
            path: path.to_path_buf(),
            what: "the checkpoint's checksum".into(),
        });
    }
    let mut r = Reader { bytes: body, at: 16 };
    let parse = |r: &mut Reader| -> Option<TierState> {
        let version = r.u32()?;
        if version != CHECKPOINT_VERSION {
            return None;
        }
        let (n, parts, flags) = (r.u32()?, r.u32()?, r.u32()?);
        let finished_len = r.u32()? as usize;
        let mut finished = Vec::with_capacity(finished_len.min(1 << 16));
        for _ in 0..finished_len {
            finished.push(TierCount { parts: r.u32()?, positions: r.u64()?, p_positions: r.u64()? });
        }
        let words = usize::try_from(r.u64()?).ok()?;
        let wins = r
            .take(words.checked_mul(8)?)?
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let rem_len = usize::try_from(r.u64()?).ok()?;
        let rem: Vec<u16> = r
            .take(rem_len.checked_mul(2)?)?
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        (r.at == r.bytes.len()).then_some(TierState {
            n,
            last: TierValues { parts, wins, remoteness: (flags & 1 == 1).then_some(rem) },
            finished,
        })
    };
    parse(&mut r).ok_or_else(|| not("an unreadable checkpoint (unknown version or bad layout)"))
}

/// Saves `state` as the checkpoint of its game in `dir`, atomically (see the module header).
///
/// # Errors
/// [`StoreError`] naming the file or directory (no space, no permission, ...).
pub fn save_checkpoint(dir: &Path, state: &TierState) -> Result<PathBuf, StoreError> {
    std::fs::create_dir_all(dir).map_err(io(dir, "creating"))?;
    let target = checkpoint_path(dir, state.n);
    let bytes = encode(state);
    let available = fs4::available_space(dir).map_err(io(dir, "checking free space in"))?;
    let needed = bytes.len() as u64 + (1 << 20);
    if available < needed {
        return Err(StoreError::NoSpace { path: dir.to_path_buf(), needed, available });
    }
    let temporary = dir.join(format!(
        "{}{}-zgame-n{}.tiers",
        crate::write::TEMPORARY_PREFIX,
        std::process::id(),
        state.n
    ));
    let result = (|| {
        let mut file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map_err(io(&temporary, "creating"))?;
        file.write_all(&bytes).and_then(|()| file.sync_all()).map_err(io(&temporary, "writing"))?;
        std::fs::rename(&temporary, &target).map_err(io(&target, "renaming the finished checkpoint to"))?;
        File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir, "syncing"))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map(|()| target)
}

/// The checkpoint of the game on `n` in `dir`, if there is one.
///
/// # Errors
/// [`StoreError`] naming the file when it cannot be read, is damaged, or belongs to another n.
pub fn load_checkpoint(dir: &Path, n: u32) -> Result<Option<TierState>, StoreError> {
    let path = checkpoint_path(dir, n);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(&path, "reading")(e)),
    };
    let state = decode(&bytes, &path)?;
    if state.n != n {
        return Err(StoreError::Foreign { path, what: format!("a checkpoint of n = {}, not {n}", state.n) });
    }
    Ok(Some(state))
}

/// Removes the checkpoint of the game on `n` (after a finished run).
///
/// # Errors
/// [`StoreError`] naming the file when it exists and cannot be removed.
pub fn remove_checkpoint(dir: &Path, n: u32) -> Result<(), StoreError> {
    let path = checkpoint_path(dir, n);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&path, "removing")(e)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use zecklab_games::zgame::TieredSolver;

    use super::*;

    #[test]
    fn a_checkpoint_reads_back_and_damage_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for with_remoteness in [true, false] {
            let mut solver = TieredSolver::new(40, with_remoteness, 1 << 30).unwrap();
            for _ in 0..12 {
                solver.solve_next(|_, _| {}).unwrap();
            }
            let state = solver.state().unwrap();
            let path = save_checkpoint(dir.path(), &state).unwrap();
            assert_eq!(load_checkpoint(dir.path(), 40).unwrap(), Some(state.clone()));
            assert!(matches!(load_checkpoint(dir.path(), 41), Ok(None)));
            let good = std::fs::read(&path).unwrap();
            for at in [0, 17, good.len() / 2, good.len() - 1] {
                let mut bad = good.clone();
                bad[at] ^= 0x10;
                std::fs::write(&path, &bad).unwrap();
                assert!(load_checkpoint(dir.path(), 40).is_err(), "a flipped byte at {at}");
            }
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
