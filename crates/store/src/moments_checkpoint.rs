//! Checkpoints of the random-play moment recursion (`zgame random-laws --checkpoint`): the
//! figures of every position of the last tier saved, from which the run resumes with the tier
//! above. Saved atomically, with an XXH3-64 checksum at the end, like the tier checkpoints of
//! [`crate::checkpoint`]; the format is in `FORMAT.md` ("Moment checkpoints").

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;
use zecklab_games::zgame::random::{
    Count, Counted, Figures, Measure, MomentsCheckpoint, MomentsCheckpointView,
};

use crate::checkpoint::{load_game_file, remove_if_any, save_atomically, Hashing, Reader, BUFFER};
use crate::StoreError;

/// The first 16 bytes of every moment checkpoint.
pub const MOMENTS_MAGIC: [u8; 16] = *b"ZECKLAB MOMENTS\x01";
/// The format version.
pub const MOMENTS_VERSION: u32 = 1;

/// Bytes of one position's figures under one measure, and of one count.
const FIGURES_BYTES: usize = 5 * 8 + 5 * 4;
const COUNT_BYTES: usize = 8 + 4 + 4;

/// The name of a set of measures in a file name: `path`, `games` or `path-games`.
fn measures_name(measures: &[Measure]) -> &'static str {
    match (measures.contains(&Measure::Path), measures.contains(&Measure::Games)) {
        (true, true) => "path-games",
        (false, true) => "games",
        _ => "path",
    }
}

/// The checkpoint file of the recursion on `n` for `measures` in `dir`.
pub fn moments_checkpoint_path(dir: &Path, n: u32, measures: &[Measure]) -> PathBuf {
    dir.join(format!("zgame-n{n}-{}.moments", measures_name(measures)))
}

fn encoded_len(view: &MomentsCheckpointView<'_>) -> u64 {
    let figures = (view.path.len() + view.games.len()) * FIGURES_BYTES + view.games.len() * COUNT_BYTES;
    16 + 4 * 4 + 3 * 8 + figures as u64 + 8
}

fn encode_into(view: &MomentsCheckpointView<'_>, out: impl Write) -> std::io::Result<()> {
    let mut w = Hashing { inner: std::io::BufWriter::with_capacity(BUFFER, out), hasher: Xxh3::new() };
    w.write_all(&MOMENTS_MAGIC)?;
    for v in [MOMENTS_VERSION, view.n, view.parts, 0] {
        w.write_all(&v.to_le_bytes())?;
    }
    // The games measure's counts follow its figures, in a section of their own.
    for len in [view.path.len(), view.games.len(), view.games.len()] {
        w.write_all(&(len as u64).to_le_bytes())?;
    }
    for f in view.path.iter().copied().chain(view.games.iter().map(Counted::figures)) {
        let mut bytes = [0u8; FIGURES_BYTES];
        for (i, v) in f.value.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&v.to_le_bytes());
        }
        for (i, r) in f.radius.iter().enumerate() {
            bytes[40 + 4 * i..44 + 4 * i].copy_from_slice(&r.to_le_bytes());
        }
        w.write_all(&bytes)?;
    }
    for c in view.games.iter().map(Counted::count) {
        w.write_all(&c.mantissa.to_le_bytes())?;
        w.write_all(&c.exponent.to_le_bytes())?;
        w.write_all(&c.relative.to_le_bytes())?;
    }
    let sum = w.hasher.digest();
    let mut inner = w.inner;
    inner.write_all(&sum.to_le_bytes())?;
    inner.flush()
}

fn figures(b: [u8; FIGURES_BYTES]) -> Figures {
    let f64_at = |i: usize| f64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes"));
    let f32_at = |i: usize| f32::from_le_bytes(b[40 + 4 * i..44 + 4 * i].try_into().expect("4 bytes"));
    Figures { value: std::array::from_fn(f64_at), radius: std::array::from_fn(f32_at) }
}

fn count(b: [u8; COUNT_BYTES]) -> Count {
    Count {
        mantissa: f64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
        exponent: i32::from_le_bytes(b[8..12].try_into().expect("4 bytes")),
        relative: f32::from_le_bytes(b[12..].try_into().expect("4 bytes")),
    }
}

fn decode(file: File, size: u64, path: &Path) -> Result<MomentsCheckpoint, StoreError> {
    let not = |why: &str| StoreError::NotATable { path: path.to_path_buf(), why: why.to_string() };
    if size < 16 + 8 {
        return Err(not("not a moment checkpoint (too short)"));
    }
    let mut r = Reader {
        inner: std::io::BufReader::with_capacity(BUFFER, file),
        hasher: Xxh3::new(),
        left: size - 8,
    };
    let mut magic = [0u8; 16];
    r.fill(&mut magic).ok_or_else(|| not("not a moment checkpoint (unreadable)"))?;
    if magic != MOMENTS_MAGIC {
        return Err(not("not a moment checkpoint (bad magic number)"));
    }
    let parse = |r: &mut Reader<_>| -> Option<MomentsCheckpoint> {
        let (version, n, parts, _flags) = (r.u32()?, r.u32()?, r.u32()?, r.u32()?);
        if version != MOMENTS_VERSION {
            return None;
        }
        let (path_len, games_len, counts_len) = (r.u64()?, r.u64()?, r.u64()?);
        let path = r.values(path_len, figures)?;
        if counts_len != games_len {
            return None;
        }
        let figures = r.values(games_len, figures)?;
        let counts = r.values(counts_len, count)?;
        let games =
            figures.into_iter().zip(counts).map(|(f, c)| Counted::new(f, c)).collect::<Option<_>>()?;
        (r.left == 0).then_some(MomentsCheckpoint { n, parts, path, games })
    };
    let parsed = parse(&mut r);
    // The checksum decides first: a damaged file is damaged, whatever its layout looks like.
    let mut sum = [0u8; 8];
    let summed = parsed.is_some() && std::io::Read::read_exact(&mut r.inner, &mut sum).is_ok();
    if summed && r.hasher.digest() != u64::from_le_bytes(sum) {
        return Err(StoreError::Corrupted { path: path.to_path_buf(), what: "the saved tier".into() });
    }
    match parsed {
        Some(checkpoint) if summed => Ok(checkpoint),
        _ => Err(not("an unreadable moment checkpoint (unknown version, bad layout or truncated)")),
    }
}

/// Saves the tier `view` holds as the checkpoint of its run in `dir`, atomically, streaming the
/// figures to the file (a buffer of memory, not a copy of the tier).
///
/// # Errors
/// [`StoreError`] naming the file or directory (no space, no permission, ...).
pub fn save_moments_checkpoint(dir: &Path, view: &MomentsCheckpointView<'_>) -> Result<PathBuf, StoreError> {
    let target = moments_checkpoint_path(dir, view.n, &view.measures());
    save_atomically(dir, &target, encoded_len(view), |file| encode_into(view, file))
}

/// The checkpoint of the recursion on `n` for `measures` in `dir`, if there is one.
///
/// # Errors
/// [`StoreError`] naming the file when it cannot be read, is damaged, or belongs to another n.
pub fn load_moments_checkpoint(
    dir: &Path,
    n: u32,
    measures: &[Measure],
) -> Result<Option<MomentsCheckpoint>, StoreError> {
    load_game_file(&moments_checkpoint_path(dir, n, measures), n, decode, |c| c.n)
}

/// Removes the checkpoint of the recursion on `n` for `measures` (after a finished run).
///
/// # Errors
/// [`StoreError`] naming the file when it exists and cannot be removed.
pub fn remove_moments_checkpoint(dir: &Path, n: u32, measures: &[Measure]) -> Result<(), StoreError> {
    remove_if_any(&moments_checkpoint_path(dir, n, measures))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(measures: &[Measure]) -> MomentsCheckpoint {
        let figures = |k: usize| {
            (0..k)
                .map(|i| Figures {
                    value: std::array::from_fn(|j| i as f64 * 1.5 + j as f64 / 7.0),
                    radius: std::array::from_fn(|j| (i + j) as f32 * 1e-12),
                })
                .collect::<Vec<_>>()
        };
        let games = measures.contains(&Measure::Games);
        MomentsCheckpoint {
            n: 30,
            parts: 12,
            path: if measures.contains(&Measure::Path) { figures(1000) } else { Vec::new() },
            games: if games {
                figures(1000)
                    .into_iter()
                    .zip(0..)
                    .map(|(f, i)| {
                        let count =
                            Count { mantissa: 1.0 + i as f64, exponent: 64 * (i % 3), relative: 1e-13 };
                        Counted::new(f, count).unwrap()
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    fn view(c: &MomentsCheckpoint) -> MomentsCheckpointView<'_> {
        MomentsCheckpointView { n: c.n, parts: c.parts, path: &c.path, games: &c.games, done: 0, total: 0 }
    }

    #[test]
    fn a_moment_checkpoint_reads_back_and_damage_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for measures in [&[Measure::Path][..], &[Measure::Games], &[Measure::Path, Measure::Games]] {
            let saved = sample(measures);
            let path = save_moments_checkpoint(dir.path(), &view(&saved)).unwrap();
            assert_eq!(path, moments_checkpoint_path(dir.path(), 30, measures));
            assert_eq!(load_moments_checkpoint(dir.path(), 30, measures).unwrap(), Some(saved));
            assert!(matches!(load_moments_checkpoint(dir.path(), 31, measures), Ok(None)));
            let good = std::fs::read(&path).unwrap();
            for at in [0, 17, 40, good.len() / 2, good.len() - 1] {
                let mut bad = good.clone();
                bad[at] ^= 0x10;
                std::fs::write(&path, &bad).unwrap();
                assert!(load_moments_checkpoint(dir.path(), 30, measures).is_err(), "a flipped byte at {at}");
            }
            std::fs::write(&path, &good[..good.len() - 9]).unwrap();
            assert!(load_moments_checkpoint(dir.path(), 30, measures).is_err(), "cut short");
            let mut flipped = good.clone();
            flipped[good.len() / 2] ^= 1;
            std::fs::write(&path, &flipped).unwrap();
            let e = load_moments_checkpoint(dir.path(), 30, measures).unwrap_err().to_string();
            assert!(e.contains("damaged"), "{e}");
            remove_moments_checkpoint(dir.path(), 30, measures).unwrap();
            assert!(!path.exists());
            remove_moments_checkpoint(dir.path(), 30, measures).unwrap();
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
    }
}
