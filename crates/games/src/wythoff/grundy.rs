//! Grundy values of Wythoff's game on an `N x N` board, without the cubic naive scan.
//!
//! Cells are filled in row-major order, so every option of `(a, b)` (left in its row, down in
//! its column, down its diagonal) is already known. Each row, column and diagonal keeps a bitset
//! of the values it holds and its own mex. The value of a cell is the least value missing from
//! the union of its three lines; the union's mex is at least the largest of the three lines'
//! mexes, so the scan starts there and ORs 64 values at a time. No bound theorem is assumed.

use std::fmt;

/// The Grundy values `g(a, b)` for `0 <= a, b < size`.
#[derive(Clone, Debug)]
pub struct GrundyBoard {
    size: usize,
    values: Vec<u32>,
}

/// Why a Grundy board cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GrundyError {
    /// The board would need more memory than allowed.
    TooLarge {
        /// The requested side.
        size: usize,
        /// Bytes it would need.
        bytes: u128,
        /// The limit in bytes.
        limit: u128,
    },
}

impl fmt::Display for GrundyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrundyError::TooLarge { size, bytes, limit } => write!(
                f,
                "board size {size} needs about {} MiB, more than the {} MiB allowed",
                bytes >> 20,
                limit >> 20
            ),
        }
    }
}

impl std::error::Error for GrundyError {}

/// Bits per bitset word.
const WORD: usize = 64;

struct Line {
    bits: Vec<u64>,
    mex: usize,
}

impl Line {
    fn new(words: usize) -> Line {
        Line { bits: vec![0; words], mex: 0 }
    }

    fn insert(&mut self, v: usize) {
        self.bits[v / WORD] |= 1 << (v % WORD);
        while self.bits[self.mex / WORD] >> (self.mex % WORD) & 1 == 1 {
            self.mex += 1;
        }
    }
}

impl GrundyBoard {
    /// Bytes needed for a board of side `size` (values plus line bitsets).
    pub fn bytes_needed(size: usize) -> u128 {
        let n = size as u128;
        // g(a, b) <= a + b < 2n, so each line needs 2n bits; 4n lines (rows, columns, diagonals).
        // Saturating: a size near 2^64 must read as "too large", never wrap to a small number.
        let values = n.saturating_mul(n).saturating_mul(4);
        let lines = n.saturating_mul(4).saturating_mul(2 * n / 8 + 16);
        values.saturating_add(lines)
    }

    /// Computes the board, refusing before allocating when it would exceed `memory_limit` bytes.
    ///
    /// # Errors
    /// [`GrundyError::TooLarge`] when the board needs more than `memory_limit` bytes.
    pub fn new(size: usize, memory_limit: u128) -> Result<GrundyBoard, GrundyError> {
        let bytes = Self::bytes_needed(size);
        if bytes > memory_limit {
            return Err(GrundyError::TooLarge { size, bytes, limit: memory_limit });
        }
        Ok(Self::compute(size, |_| {}))
    }

    /// Computes the board, calling `progress(rows_done)` after each row.
    pub fn compute(size: usize, mut progress: impl FnMut(usize)) -> GrundyBoard {
        let words = (2 * size).div_ceil(WORD) + 2;
        let mut rows: Vec<Line> = (0..size).map(|_| Line::new(words)).collect();
        let mut columns: Vec<Line> = (0..size).map(|_| Line::new(words)).collect();
        let mut diagonals: Vec<Line> = (0..2 * size).map(|_| Line::new(words)).collect();
        let mut values = vec![0u32; size * size];
        for a in 0..size {
            for b in 0..size {
                let d = b + size - a;
                let (row, column, diagonal) = (&rows[a], &columns[b], &diagonals[d]);
                let start = row.mex.max(column.mex).max(diagonal.mex);
                let mut w = start / WORD;
                // Bits below `start` count as taken in the first word.
                let mut taken =
                    row.bits[w] | column.bits[w] | diagonal.bits[w] | ((1u64 << (start % WORD)) - 1);
                while taken == u64::MAX {
                    w += 1;
                    taken = row.bits[w] | column.bits[w] | diagonal.bits[w];
                }
                let v = w * WORD + (!taken).trailing_zeros() as usize;
                values[a * size + b] = v as u32;
                rows[a].insert(v);
                columns[b].insert(v);
                diagonals[d].insert(v);
            }
            progress(a + 1);
        }
        GrundyBoard { size, values }
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// `g(a, b)`.
    pub fn value(&self, a: usize, b: usize) -> u32 {
        self.values[a * self.size + b]
    }

    /// Row `a`: `g(a, b)` for `b < size`.
    pub fn row(&self, a: usize) -> &[u32] {
        &self.values[a * self.size..(a + 1) * self.size]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_huge_boards_before_allocating() {
        assert!(matches!(GrundyBoard::new(1 << 20, 1 << 30), Err(GrundyError::TooLarge { .. })));
    }
}
