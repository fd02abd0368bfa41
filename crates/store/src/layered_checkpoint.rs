//! Checkpoints of a layered Zeckendorf-game solve (`zgame solve --layers --checkpoint`): the
//! state after the last finished layer ([`LayeredState`]), the window of layers the rest of the
//! sweep reads and the counts so far. Saved atomically, with an XXH3-64 checksum at the end,
//! like the tier checkpoints of [`crate::checkpoint`]; the format is in `FORMAT.md` ("Layer
//! checkpoints").

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;
use zecklab_engines::{LayeredState, LayeredStateView};

use crate::checkpoint::{load_game_file, remove_if_any, save_atomically, Hashing, Reader, BUFFER};
use crate::StoreError;

/// The first 16 bytes of every layer checkpoint.
pub const LAYERS_MAGIC: [u8; 16] = *b"ZECKLAB LAYERS\0\x01";
/// The format version.
pub const LAYERS_VERSION: u32 = 1;

/// The checkpoint file of the layered solve of the game on `n` in `dir`.
pub fn layered_checkpoint_path(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("zgame-n{n}.layers"))
}

/// The bytes of a checkpoint of `view`: header, counts by parts, each layer with its own header,
/// checksum.
pub fn layered_checkpoint_bytes(view: &LayeredStateView<'_>) -> u64 {
    let by_parts = view.p_by_parts.map_or(0, <[u64]>::len) as u64;
    let layers: u64 = view.window.iter().map(|(_, words)| 16 + 8 * words.len() as u64).sum();
    16 + 4 * 4 + 3 * 8 + 8 + 8 * by_parts + layers + 8
}

fn encode_into(view: &LayeredStateView<'_>, out: impl Write) -> std::io::Result<()> {
    let mut w = Hashing { inner: std::io::BufWriter::with_capacity(BUFFER, out), hasher: Xxh3::new() };
    w.write_all(&LAYERS_MAGIC)?;
    let flags = u32::from(view.p_by_parts.is_some());
    for v in [LAYERS_VERSION, view.n, view.last, flags] {
        w.write_all(&v.to_le_bytes())?;
    }
    let by_parts = view.p_by_parts.unwrap_or(&[]);
    for v in [view.p_positions, view.positions, view.window.len() as u64, by_parts.len() as u64] {
        w.write_all(&v.to_le_bytes())?;
    }
    for v in by_parts {
        w.write_all(&v.to_le_bytes())?;
    }
    for (e, words) in &view.window {
        w.write_all(&u64::from(*e).to_le_bytes())?;
        w.write_all(&(words.len() as u64).to_le_bytes())?;
        for word in *words {
            w.write_all(&word.to_le_bytes())?;
        }
    }
    let sum = w.hasher.digest();
    let mut inner = w.inner;
    inner.write_all(&sum.to_le_bytes())?;
    inner.flush()
}

fn decode(file: File, size: u64, path: &Path) -> Result<LayeredState, StoreError> {
    let not = |why: &str| StoreError::NotATable { path: path.to_path_buf(), why: why.to_string() };
    if size < 16 + 8 {
        return Err(not("not a layer checkpoint (too short)"));
    }
    let mut r = Reader {
        inner: std::io::BufReader::with_capacity(BUFFER, file),
        hasher: Xxh3::new(),
        left: size - 8,
    };
    let mut magic = [0u8; 16];
    r.fill(&mut magic).ok_or_else(|| not("not a layer checkpoint (unreadable)"))?;
    if magic != LAYERS_MAGIC {
        return Err(not("not a layer checkpoint (bad magic number)"));
    }
    let word = |b: [u8; 8]| u64::from_le_bytes(b);
    let parse = |r: &mut Reader<_>| -> Option<LayeredState> {
        let (version, n, last, flags) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        if version != LAYERS_VERSION || flags > 1 {
            return None;
        }
        let (p_positions, positions, layers, by_parts) = (r.u64()?, r.u64()?, r.u64()?, r.u64()?);
        let p_by_parts = r.values(by_parts, word)?;
        if (flags == 1) != (by_parts > 0) {
            return None;
        }
        // Each layer takes at least its 16 bytes of header: a count past the file is refused
        // before anything is allocated for it.
        if layers.checked_mul(16)? > r.left {
            return None;
        }
        let mut window = Vec::with_capacity(usize::try_from(layers).ok()?);
        for _ in 0..layers {
            let e = u32::try_from(r.u64()?).ok()?;
            let len = r.u64()?;
            window.push((e, r.values(len, word)?));
        }
        let p_by_parts = (flags == 1).then_some(p_by_parts);
        (r.left == 0).then_some(LayeredState { n, last, p_positions, positions, p_by_parts, window })
    };
    let parsed = parse(&mut r);
    // The checksum decides first: a damaged file is damaged, whatever its layout looks like.
    let mut sum = [0u8; 8];
    let summed = parsed.is_some() && std::io::Read::read_exact(&mut r.inner, &mut sum).is_ok();
    if summed && r.hasher.digest() != u64::from_le_bytes(sum) {
        return Err(StoreError::Corrupted { path: path.to_path_buf(), what: "the saved layers".into() });
    }
    match parsed {
        Some(state) if summed => Ok(state),
        _ => Err(not("an unreadable layer checkpoint (unknown version, bad layout or truncated)")),
    }
}

/// Saves the state `view` holds as the checkpoint of its run in `dir`, atomically, streaming the
/// layers to the file (a buffer of memory, not a copy of the window).
///
/// # Errors
/// [`StoreError`] naming the file or directory (no space, no permission, ...).
pub fn save_layered_checkpoint(dir: &Path, view: &LayeredStateView<'_>) -> Result<PathBuf, StoreError> {
    let target = layered_checkpoint_path(dir, view.n);
    save_atomically(dir, &target, layered_checkpoint_bytes(view), |file| encode_into(view, file))
}

/// The layer checkpoint of the game on `n` in `dir`, if there is one.
///
/// # Errors
/// [`StoreError`] naming the file when it cannot be read, is damaged, or belongs to another n.
pub fn load_layered_checkpoint(dir: &Path, n: u32) -> Result<Option<LayeredState>, StoreError> {
    load_game_file(&layered_checkpoint_path(dir, n), n, decode, |state| state.n)
}

/// Removes the layer checkpoint of the game on `n` (after a finished run).
///
/// # Errors
/// [`StoreError`] naming the file when it exists and cannot be removed.
pub fn remove_layered_checkpoint(dir: &Path, n: u32) -> Result<(), StoreError> {
    remove_if_any(&layered_checkpoint_path(dir, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_engines::{LayeredOptions, LayeredSolver};

    /// A real state: the game on 60 after some layers.
    fn sample(by_parts: bool) -> LayeredState {
        let options = LayeredOptions { by_parts, ..LayeredOptions::default() };
        let mut solver = LayeredSolver::new(60, &options).unwrap();
        for _ in 0..20 {
            solver.solve_next().unwrap();
        }
        solver.state_view().unwrap().to_owned_state()
    }

    fn view(s: &LayeredState) -> LayeredStateView<'_> {
        LayeredStateView {
            n: s.n,
            last: s.last,
            p_positions: s.p_positions,
            positions: s.positions,
            p_by_parts: s.p_by_parts.as_deref(),
            window: s.window.iter().map(|(e, w)| (*e, &w[..])).collect(),
        }
    }

    #[test]
    fn a_layer_checkpoint_reads_back_and_damage_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for by_parts in [false, true] {
            let saved = sample(by_parts);
            let path = save_layered_checkpoint(dir.path(), &view(&saved)).unwrap();
            assert_eq!(path, layered_checkpoint_path(dir.path(), 60));
            assert_eq!(std::fs::metadata(&path).unwrap().len(), layered_checkpoint_bytes(&view(&saved)));
            assert_eq!(load_layered_checkpoint(dir.path(), 60).unwrap(), Some(saved));
            assert!(matches!(load_layered_checkpoint(dir.path(), 61), Ok(None)));
            let good = std::fs::read(&path).unwrap();
            for at in [0, 17, 40, good.len() / 2, good.len() - 1] {
                let mut bad = good.clone();
                bad[at] ^= 0x10;
                std::fs::write(&path, &bad).unwrap();
                assert!(load_layered_checkpoint(dir.path(), 60).is_err(), "a flipped byte at {at}");
            }
            std::fs::write(&path, &good[..good.len() - 9]).unwrap();
            assert!(load_layered_checkpoint(dir.path(), 60).is_err(), "cut short");
            let mut flipped = good.clone();
            flipped[good.len() / 2] ^= 1;
            std::fs::write(&path, &flipped).unwrap();
            let e = load_layered_checkpoint(dir.path(), 60).unwrap_err().to_string();
            assert!(e.contains("damaged"), "{e}");
            // Another game's checkpoint under this game's name is refused, naming it.
            std::fs::write(&path, &good).unwrap();
            std::fs::rename(&path, layered_checkpoint_path(dir.path(), 59)).unwrap();
            let e = load_layered_checkpoint(dir.path(), 59).unwrap_err().to_string();
            assert!(e.contains("n = 60"), "{e}");
            remove_layered_checkpoint(dir.path(), 59).unwrap();
            remove_layered_checkpoint(dir.path(), 60).unwrap();
            assert!(!path.exists());
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
    }
}
