//! [`Representation`]: a sum of distinct terms of an increasing sequence, held as the terms'
//! indices in descending order. Zeckendorf representations and ladder representations share it;
//! the sequence itself is supplied by whoever asks for values (see `zeckendorf` and `ladder`).

use std::fmt;

/// Distinct indices (1-based) into an increasing sequence, largest first.
///
/// The numeral has digit 1 at each index: `indices [7, 5, 3]` is `1010100`. The empty
/// representation (of 0) has numeral `0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Representation {
    indices: Vec<u32>,
}

impl Representation {
    /// Wraps indices that the caller guarantees are strictly decreasing and at least 1.
    pub(crate) fn from_descending(indices: Vec<u32>) -> Self {
        debug_assert!(indices.windows(2).all(|w| w[0] > w[1]));
        debug_assert!(indices.last().is_none_or(|&i| i >= 1));
        Representation { indices }
    }

    /// Builds a representation from a digit mask: bit `i - 1` set means index `i` is used.
    pub fn from_mask(mask: u128) -> Self {
        let mut indices = vec![0u32; mask.count_ones() as usize];
        // Fill from the back with the smallest index first, a 64-bit half at a time.
        let mut slot = indices.len();
        for (half, offset) in [(mask as u64, 1), ((mask >> 64) as u64, 65)] {
            let mut bits = half;
            while bits != 0 {
                slot -= 1;
                indices[slot] = bits.trailing_zeros() + offset;
                bits &= bits - 1;
            }
        }
        Representation { indices }
    }

    /// Builds a representation from indices, checking that they are strictly decreasing and at
    /// least 1; `None` otherwise.
    pub fn from_indices(indices: Vec<u32>) -> Option<Self> {
        let ordered = indices.windows(2).all(|w| w[0] > w[1]) && indices.last().is_none_or(|&i| i >= 1);
        ordered.then_some(Representation { indices })
    }

    /// The numeral with one more 0 on the end: every index raised by one.
    pub fn shifted_up(&self) -> Representation {
        Representation { indices: self.indices.iter().map(|&i| i + 1).collect() }
    }

    /// The numeral with its last digit removed, when that digit is 0 (every index lowered by
    /// one); `None` when index 1 is used.
    pub fn shifted_down(&self) -> Option<Representation> {
        if self.smallest_index() == Some(1) {
            return None;
        }
        Some(Representation { indices: self.indices.iter().map(|&i| i - 1).collect() })
    }

    /// The number of 0s at the end of the numeral (0 for the representation of zero).
    pub fn trailing_zeros(&self) -> u32 {
        self.smallest_index().map_or(0, |i| i - 1)
    }

    /// The indices used, largest first.
    pub fn indices(&self) -> &[u32] {
        &self.indices
    }

    /// Whether this is the representation of zero.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// `Z`: the number of terms.
    pub fn z(&self) -> usize {
        self.indices.len()
    }

    /// `IZ`: the sum of the indices.
    pub fn iz(&self) -> u64 {
        self.indices.iter().map(|&i| u64::from(i)).sum()
    }

    /// The largest index used, or `None` for zero.
    pub fn largest_index(&self) -> Option<u32> {
        self.indices.first().copied()
    }

    /// The smallest index used, or `None` for zero.
    pub fn smallest_index(&self) -> Option<u32> {
        self.indices.last().copied()
    }

    /// Whether no two indices are adjacent (the Zeckendorf condition).
    pub fn is_non_adjacent(&self) -> bool {
        self.indices.windows(2).all(|w| w[0] >= w[1] + 2)
    }

    /// The base-sequence numeral: digit `i` (counting from the right, from 1) is 1 when index
    /// `i` is used. Zero is `"0"`.
    pub fn numeral(&self) -> String {
        let Some(top) = self.largest_index() else {
            return "0".to_string();
        };
        let mut digits = vec![b'0'; top as usize];
        for &i in &self.indices {
            digits[(top - i) as usize] = b'1';
        }
        // The buffer holds only ASCII '0' and '1'.
        String::from_utf8(digits).expect("ASCII digits")
    }
}

impl fmt::Display for Representation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.numeral())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeral_and_counts() {
        let r = Representation::from_descending(vec![7, 5, 3]);
        assert_eq!(r.numeral(), "1010100");
        assert_eq!((r.z(), r.iz()), (3, 15));
        assert!(r.is_non_adjacent());
        assert_eq!(Representation::default().numeral(), "0");
        assert_eq!(Representation::from_mask(0b1010100), r);
        assert!(!Representation::from_mask(0b11).is_non_adjacent());
        assert_eq!(r.shifted_up().numeral(), "10101000");
        assert_eq!(r.shifted_down().unwrap().numeral(), "101010");
        assert_eq!(r.trailing_zeros(), 2);
        assert!(Representation::from_indices(vec![3, 5]).is_none());
        assert!(Representation::from_indices(vec![5, 3, 0]).is_none());
    }
}
