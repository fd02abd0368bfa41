//! The mixture of a position's children's figures (`Figures::mixture`'s arithmetic), four
//! children at a time: the moment recursion's hot step.
//!
//! The children are gathered as a structure of arrays, padded to a multiple of four with
//! children of weight 0 (whose every term is an exact 0, so they change no sum), and each loop
//! takes four children a step, one in each lane: an AVX2 register where the processor has one
//! (`Avx`), else an array of four (`Plain`), the same arithmetic written once over [`Lanes`].
//! The result is the same on every instruction set, to the bit: each lane does the same
//! operations in the same order (nothing is fused: Rust never contracts `a * b + c`), and only
//! the order of summation, lanes first, is this module's own. The sums' totals over the lanes are
//! taken four at a time, one in each lane, in the same order as one at a time, and the radii
//! rounded up to `f32` four at a time.
//!
//! **Two measures side by side.** A mixture is a chain: the mean, then its radius, then the
//! moments about it, each step waiting for the totals of the one before, and with a dozen
//! children each step is short. Where both measures are computed, their mixtures over the same
//! children run in one pass ([`Mixer::mix_all`]), each step of the one beside the same step of
//! the other, so that one chain's waits are the other's work: each mixture's operations are its
//! own, the same to the bit as alone.
//!
//! **The bounds** are those of `figures.rs`'s header, term for term, and so is the sums' factor
//! `γ_{k+1}` for `k` children: a lane's first addition is to an exact 0, so a product (one
//! rounding) passes through at most `⌈k/4⌉ - 1` roundings in its lane and 2 in adding the
//! lanes, at most `k + 1` in all for every `k >= 2`; with one child the lanes add only exact
//! zeros.

use std::ops::{Add, Mul, Sub};

use super::figures::{enlarge, gamma, up32, Figures, ENLARGE_FACTOR, ENLARGE_FLOOR, U};
use crate::zgame::ranks::MAX_TOP;

/// Four lanes.
const L: usize = 4;

/// Four `f64` lanes and the operations the mixture takes, each rounded as the scalar one is.
trait Lanes: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    fn splat(x: f64) -> Self;
    /// Lanes `j..j + 4` of `column`.
    fn at(column: &[f64], j: usize) -> Self;
    /// Lanes `j..j + 4` of `column`, each widened to `f64` (exactly).
    fn at32(column: &[f32], j: usize) -> Self;
    fn abs(self) -> Self;
    fn to_array(self) -> [f64; L];
    /// The [`total`]s of four sets of lanes, the `i`-th in lane `i`, each added in `total`'s
    /// order (so to the same bits).
    fn totals(a: Self, b: Self, c: Self, d: Self) -> Self;
    /// Each lane as [`up32`] gives it.
    fn up32(self) -> [f32; L];
}

/// Lanes in a plain array, for processors without AVX2.
#[derive(Clone, Copy)]
struct Plain([f64; L]);

impl Add for Plain {
    type Output = Plain;
    #[inline(always)]
    fn add(self, o: Plain) -> Plain {
        Plain(std::array::from_fn(|l| self.0[l] + o.0[l]))
    }
}

impl Sub for Plain {
    type Output = Plain;
    #[inline(always)]
    fn sub(self, o: Plain) -> Plain {
        Plain(std::array::from_fn(|l| self.0[l] - o.0[l]))
    }
}

impl Mul for Plain {
    type Output = Plain;
    #[inline(always)]
    fn mul(self, o: Plain) -> Plain {
        Plain(std::array::from_fn(|l| self.0[l] * o.0[l]))
    }
}

impl Lanes for Plain {
    #[inline(always)]
    fn splat(x: f64) -> Plain {
        Plain([x; L])
    }
    #[inline(always)]
    fn at(column: &[f64], j: usize) -> Plain {
        Plain(column[j..j + L].try_into().expect("four lanes"))
    }
    #[inline(always)]
    fn at32(column: &[f32], j: usize) -> Plain {
        Plain(std::array::from_fn(|l| f64::from(column[j + l])))
    }
    #[inline(always)]
    fn abs(self) -> Plain {
        Plain(self.0.map(f64::abs))
    }
    #[inline(always)]
    fn to_array(self) -> [f64; L] {
        self.0
    }
    #[inline(always)]
    fn totals(a: Plain, b: Plain, c: Plain, d: Plain) -> Plain {
        Plain([total(a), total(b), total(c), total(d)])
    }
    #[inline(always)]
    fn up32(self) -> [f32; L] {
        self.0.map(up32)
    }
}

/// Lanes in an AVX2 register. Its operations are inlined only into functions compiled for
/// AVX2 ([`Mixer::mix`]'s AVX2 version): no other code makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx(std::arch::x86_64::__m256d);

#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{Avx, Lanes, L};
    use std::arch::x86_64::{
        _mm256_add_pd, _mm256_andnot_pd, _mm256_castpd_si256, _mm256_castsi256_si128, _mm256_cmp_pd,
        _mm256_cvtpd_ps, _mm256_cvtps_pd, _mm256_hadd_pd, _mm256_loadu_pd, _mm256_mul_pd,
        _mm256_permute2f128_pd, _mm256_permutevar8x32_epi32, _mm256_set1_pd, _mm256_setr_epi32,
        _mm256_storeu_pd, _mm256_sub_pd, _mm_castps_si128, _mm_castsi128_ps, _mm_loadu_ps, _mm_storeu_ps,
        _mm_sub_epi32, _CMP_LT_OQ,
    };

    // SAFETY (every block below): an `Avx` exists only inside functions compiled for AVX2, on a
    // processor that has it, into which these are inlined.
    impl std::ops::Add for Avx {
        type Output = Avx;
        #[inline(always)]
        fn add(self, o: Avx) -> Avx {
            // SAFETY: as said above.
            Avx(unsafe { _mm256_add_pd(self.0, o.0) })
        }
    }

    impl std::ops::Sub for Avx {
        type Output = Avx;
        #[inline(always)]
        fn sub(self, o: Avx) -> Avx {
            // SAFETY: as said above.
            Avx(unsafe { _mm256_sub_pd(self.0, o.0) })
        }
    }

    impl std::ops::Mul for Avx {
        type Output = Avx;
        #[inline(always)]
        fn mul(self, o: Avx) -> Avx {
            // SAFETY: as said above.
            Avx(unsafe { _mm256_mul_pd(self.0, o.0) })
        }
    }

    impl Lanes for Avx {
        #[inline(always)]
        fn splat(x: f64) -> Avx {
            // SAFETY: as said above.
            Avx(unsafe { _mm256_set1_pd(x) })
        }
        #[inline(always)]
        fn at(column: &[f64], j: usize) -> Avx {
            let lanes = &column[j..j + L];
            // SAFETY: as said above; `lanes` holds four `f64`, read unaligned.
            Avx(unsafe { _mm256_loadu_pd(lanes.as_ptr()) })
        }
        #[inline(always)]
        fn at32(column: &[f32], j: usize) -> Avx {
            let lanes = &column[j..j + L];
            // SAFETY: as said above; `lanes` holds four `f32`, read unaligned and widened exactly.
            Avx(unsafe { _mm256_cvtps_pd(_mm_loadu_ps(lanes.as_ptr())) })
        }
        #[inline(always)]
        fn abs(self) -> Avx {
            // SAFETY: as said above; clearing the sign bit is `f64::abs`.
            Avx(unsafe { _mm256_andnot_pd(_mm256_set1_pd(-0.0), self.0) })
        }
        #[inline(always)]
        fn to_array(self) -> [f64; L] {
            let mut out = [0.0; L];
            // SAFETY: as said above; `out` holds four `f64`.
            unsafe { _mm256_storeu_pd(out.as_mut_ptr(), self.0) };
            out
        }
        #[inline(always)]
        fn totals(a: Avx, b: Avx, c: Avx, d: Avx) -> Avx {
            // SAFETY: as said above.
            unsafe {
                // [a0 + a1, b0 + b1, a2 + a3, b2 + b3] and the same of c and d.
                let (ab, cd) = (_mm256_hadd_pd(a.0, b.0), _mm256_hadd_pd(c.0, d.0));
                // Their low halves plus their high ones: (x0 + x1) + (x2 + x3) for each.
                let low = _mm256_permute2f128_pd::<0x20>(ab, cd);
                let high = _mm256_permute2f128_pd::<0x31>(ab, cd);
                Avx(_mm256_add_pd(low, high))
            }
        }
        #[inline(always)]
        fn up32(self) -> [f32; L] {
            let mut out = [0.0f32; L];
            // SAFETY: as said above; `out` holds four `f32`.
            unsafe {
                // Rounded to nearest, as `as f32` does; where that fell below the lane, one unit
                // in the last place up (the lanes are not negative: adding 1 to the bits is
                // `next_up`, and an infinity or a NaN never compares below).
                let rounded = _mm256_cvtpd_ps(self.0);
                let below =
                    _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_LT_OQ>(_mm256_cvtps_pd(rounded), self.0));
                // The low half of each 64-bit mask, in four 32-bit lanes: -1 where below.
                let below = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
                    below,
                    _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6),
                ));
                let up = _mm_sub_epi32(_mm_castps_si128(rounded), below);
                _mm_storeu_ps(out.as_mut_ptr(), _mm_castsi128_ps(up));
            }
            out
        }
    }
}

/// Lanes of four, added pairwise.
#[inline(always)]
fn total<V: Lanes>(lanes: V) -> f64 {
    let l = lanes.to_array();
    (l[0] + l[1]) + (l[2] + l[3])
}

/// The children of one position, their weights and figures, gathered for [`Mixer::mix`].
pub(super) struct Mixer {
    len: usize,
    /// Weight `ŵ_j`, its radius `r_w`, and the child's five values and five radii (fixed
    /// columns: a push is a dozen stores, with no vector's pointer to load for each; the radii
    /// kept as the figures hold them, and widened four at a time as the mixture reads them).
    columns: Box<Columns>,
    /// Whether the processor has AVX2.
    avx2: bool,
}

/// The most children a position has: a combine and a split at each index and `1 ∧ 1`, with
/// room for the padding.
const MOST: usize = (2 * MAX_TOP + 1).next_multiple_of(L) + L;

/// The columns of [`Mixer`]: weights and values in `wide` (at [`W`], [`RW`], [`VALUE`]), the
/// five radii in `radius`.
struct Columns {
    wide: [[f64; MOST]; 7],
    radius: [[f32; MOST]; 5],
}

/// The columns of [`Columns::wide`].
const W: usize = 0;
const RW: usize = 1;
const VALUE: usize = 2;

impl Mixer {
    /// A mixer for positions of at most `2 MAX_TOP + 1` children.
    pub(super) fn new() -> Mixer {
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let avx2 = false;
        Mixer {
            len: 0,
            columns: Box::new(Columns { wide: [[0.0; MOST]; 7], radius: [[0.0; MOST]; 5] }),
            avx2,
        }
    }

    /// No children.
    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds child `figures` with weight `w` (within `rw` of the exact weight).
    #[inline(always)]
    pub(super) fn push(&mut self, w: f64, rw: f64, figures: &Figures) {
        let j = self.len;
        assert!(j + L < MOST, "a position has at most 2 MAX_TOP + 1 children");
        let columns = &mut *self.columns;
        columns.wide[W][j] = w;
        columns.wide[RW][j] = rw;
        for i in 0..5 {
            columns.wide[VALUE + i][j] = figures.value[i];
            columns.radius[i][j] = figures.radius[i];
        }
        self.len = j + 1;
    }

    /// The figures one move before the children's, each child taken with its weight (the exact
    /// weights summing to 1): `figures.rs`'s mixture.
    pub(super) fn mix(&mut self) -> Figures {
        let [figures] = Mixer::mix_all([self]);
        figures
    }

    /// [`Mixer::mix`] of each of `G` mixers holding the same number of children, side by side
    /// (each mixture to the bit as alone).
    pub(super) fn mix_all<const G: usize>(mut mixers: [&mut Mixer; G]) -> [Figures; G] {
        let k = mixers.first().map_or(0, |m| m.len);
        assert!(mixers.iter().all(|m| m.len == k), "mixed side by side, the mixers hold as many children");
        // The padding: children of weight 0 and figures 0 (`push` leaves room for `L`, and four
        // plain stores a column cost less than a loop to the next multiple of four).
        for mixer in mixers.iter_mut() {
            for column in mixer.columns.wide.iter_mut() {
                column[k..k + L].copy_from_slice(&[0.0; L]);
            }
            for column in mixer.columns.radius.iter_mut() {
                column[k..k + L].copy_from_slice(&[0.0; L]);
            }
        }
        let avx2 = mixers.iter().all(|m| m.avx2);
        let columns: [&Columns; G] = std::array::from_fn(|g| &*mixers[g].columns);
        #[cfg(target_arch = "x86_64")]
        if avx2 {
            // SAFETY: the processor has AVX2 (`Mixer::new` asked).
            return unsafe { mix_avx2(columns, k) };
        }
        let _ = avx2;
        mix_lanes::<Plain, G>(columns, k)
    }
}

/// [`mix_lanes`] in AVX2 registers.
///
/// This is the one caller of `mix_lanes::<Avx, _>`, and should stay so. A second caller (a copy
/// compiled with more features, say) shares `mix_lanes`'s closures between the two, the compiler
/// then compiles them out of line, without AVX2, and every vector operation in them becomes a
/// call: tried on Zen 4, the recursion at n = 250 took 10.7 s against 4.6 s.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mix_avx2<const G: usize>(columns: [&Columns; G], k: usize) -> [Figures; G] {
    mix_lanes::<Avx, G>(columns, k)
}

/// The mixtures of `G` sets of the same `k` children (one set a measure, each in its own
/// `columns`, padded with zeros to a multiple of four), side by side: each set's arithmetic is the
/// one set's, step for step, and the sets' independent chains of additions overlap.
#[inline(always)]
fn mix_lanes<V: Lanes, const G: usize>(columns: [&Columns; G], k: usize) -> [Figures; G] {
    let padded = k.next_multiple_of(L);
    let c = |g: usize, i: usize, j: usize| V::at(&columns[g].wide[i], j);
    let radius = |g: usize, i: usize, j: usize| V::at32(&columns[g].radius[i], j);
    let splat = V::splat;
    let sum_gamma = gamma(k as f64 + 1.0);

    let zero = splat(0.0);
    let (mut mean, mut mean_abs, mut mean_r, mut weights) = ([zero; G], [zero; G], [zero; G], [zero; G]);
    // Each loop counts its steps (a `step_by` iterator's bookkeeping took more instructions).
    for j in (0..padded / L).map(|step| step * L) {
        for g in 0..G {
            let (w, m) = (c(g, W, j), c(g, VALUE, j));
            mean[g] = mean[g] + w * m;
            mean_abs[g] = mean_abs[g] + w * m.abs();
            mean_r[g] = mean_r[g] + w * radius(g, 0, j);
            weights[g] = weights[g] + w;
        }
    }
    let firsts: [[f64; L]; G] =
        std::array::from_fn(|g| V::totals(mean[g], mean_abs[g], mean_r[g], weights[g]).to_array());
    // The weights' errors: as the exact weights sum to 1, `Σ (W_j - ŵ_j) m_j` is
    // `Σ (W_j - ŵ_j)(m_j - M̂) + M̂ (1 - Σ ŵ_j)`, whose first part sees only the children's
    // deviations (a few moves, not hundreds) and whose second is known to a rounding.
    // (Where the weights are nearly exact, as under the path measure, `Σ r_w |m_j|` is the
    // smaller: the least of the two bounds is taken.)
    let two = splat(2.0);
    let mean_v: [V; G] = std::array::from_fn(|g| splat(firsts[g][0]));
    let (mut deviation_r, mut plain_r) = ([zero; G], [zero; G]);
    for j in (0..padded / L).map(|step| step * L) {
        for g in 0..G {
            let (rw, m, rm) = (c(g, RW, j), c(g, VALUE, j), radius(g, 0, j));
            deviation_r[g] = deviation_r[g] + rw * ((m - mean_v[g]).abs() + rm * two);
            plain_r[g] = plain_r[g] + rw * (m.abs() + rm);
        }
    }
    let mean_r: [f64; G] = std::array::from_fn(|g| {
        let [mean, mean_abs, mean_r, weights] = firsts[g];
        let weight_gap = (1.0 - weights).abs() + sum_gamma * weights;
        let [deviation_r, plain_r, _, _] = V::totals(deviation_r[g], plain_r[g], zero, zero).to_array();
        let weights_r = (deviation_r * (1.0 + gamma(2.0)) + mean.abs() * weight_gap).min(plain_r);
        enlarge(mean_r + sum_gamma * mean_abs + weights_r)
    });

    let (three, four, six, one) = (splat(3.0), splat(4.0), splat(6.0), splat(1.0));
    let mean_r_v: [V; G] = std::array::from_fn(|g| splat(mean_r[g]));
    let u = splat(U);
    let (g3, g8, g12) = (splat(gamma(3.0)), splat(gamma(8.0)), splat(gamma(12.0)));
    let mut sums = [[zero; 4]; G];
    let mut abs = [[zero; 4]; G];
    let mut radii = [[zero; 4]; G];
    for j in (0..padded / L).map(|step| step * L) {
        for g in 0..G {
            let c = |i: usize| c(g, i, j);
            let (w, rw) = (c(W), c(RW));
            let (a, b, c4, last) = (c(VALUE + 1), c(VALUE + 2), c(VALUE + 3), c(VALUE + 4));
            let r = |i: usize| radius(g, i, j);
            let (ra, rb, rc, rl) = (r(1), r(2), r(3), r(4));
            let d = c(VALUE) - mean_v[g];
            let d_abs = d.abs();
            let rd = r(0) + mean_r_v[g] + u * d_abs;
            let big_d = d_abs + rd;
            let (d2, big_d2) = (d * d, big_d * big_d);
            let (aa, ab) = (a.abs(), b.abs());
            let terms =
                [a + d2, b + three * d * a + d2 * d, c4 + four * d * b + six * d2 * a + d2 * d2, one - last];
            let errors = [
                ra + two * big_d * rd + g3 * (aa + d2),
                rb + three * (big_d * ra + aa * rd)
                    + three * big_d2 * rd
                    + g8 * (ab + three * d_abs * aa + d2 * d_abs),
                rc + four * (big_d * rb + ab * rd)
                    + six * (big_d2 * ra + two * aa * big_d * rd)
                    + four * big_d2 * big_d * rd
                    + g12 * (c4.abs() + four * d_abs * ab + six * d2 * aa + d2 * d2),
                rl + u * (one - last).abs(),
            ];
            for f in 0..4 {
                let term_abs = terms[f].abs();
                sums[g][f] = sums[g][f] + w * terms[f];
                abs[g][f] = abs[g][f] + w * term_abs;
                radii[g][f] = radii[g][f] + (w * errors[f] + rw * (term_abs + errors[f]));
            }
        }
    }
    // The four figures' totals side by side, each in `total`'s order, and their radii enlarged
    // and rounded up lane by lane as `enlarge` and `up32` do one at a time.
    std::array::from_fn(|g| {
        let [sums, abs, radii] = [sums[g], abs[g], radii[g]];
        let [mu2, mu3, mu4, last] = V::totals(sums[0], sums[1], sums[2], sums[3]).to_array();
        let radii = V::totals(radii[0], radii[1], radii[2], radii[3])
            + splat(sum_gamma) * V::totals(abs[0], abs[1], abs[2], abs[3]);
        let [r2, r3, r4, r_last] = (radii * splat(ENLARGE_FACTOR) + splat(ENLARGE_FLOOR)).up32();
        let mean_value = 1.0 + firsts[g][0];
        Figures {
            value: [mean_value, mu2, mu3, mu4, last],
            radius: [up32(enlarge(mean_r[g] + U * mean_value)), r2, r3, r4, r_last],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::{FromPrimitive, One, Signed, Zero};
    use proptest::prelude::*;

    fn exact(x: f64) -> BigRational {
        BigRational::from_f64(x).unwrap()
    }

    /// The mixture of `children` (`(ŵ_j, r_w, figures)`) as the recursion computes it.
    fn mixture(children: &[(f64, f64, Figures)]) -> Figures {
        let mut mixer = Mixer::new();
        for (w, rw, figures) in children {
            mixer.push(*w, *rw, figures);
        }
        mixer.mix()
    }

    /// The exact mixture of exact children (mean, μ2, μ3, μ4, last) with exact weights.
    fn exact_mixture(children: &[(BigRational, [BigRational; 5])]) -> [BigRational; 5] {
        let mean: BigRational = children.iter().map(|(w, c)| w * &c[0]).sum();
        let mut out = [
            &mean + BigRational::one(),
            BigRational::zero(),
            BigRational::zero(),
            BigRational::zero(),
            BigRational::zero(),
        ];
        for (w, c) in children {
            let d = &c[0] - &mean;
            let d2 = &d * &d;
            out[1] += w * (&c[1] + &d2);
            out[2] += w * (&c[2] + BigRational::from_integer(3.into()) * &d * &c[1] + &d2 * &d);
            out[3] += w
                * (&c[3]
                    + BigRational::from_integer(4.into()) * &d * &c[2]
                    + BigRational::from_integer(6.into()) * &d2 * &c[1]
                    + &d2 * &d2);
            out[4] += w * (BigRational::one() - &c[4]);
        }
        out
    }

    proptest! {
        /// For children whose exact figures lie anywhere within their radii and exact weights
        /// within theirs, the mixture's radii hold the exact mixture.
        #[test]
        fn the_radii_hold_the_exact_mixture(
            raw in prop::collection::vec((0.0f64..700.0, 0.0f64..100.0, -300.0f64..300.0, 0.0f64..5e4, 0.0f64..1.0, 1u32..1000), 1..30),
            radius_scale in prop_oneof![Just(0.0f64), 1e-14f64..1e-9],
            corner in any::<u64>(),
        ) {
            let total: u32 = raw.iter().map(|r| r.5).sum();
            // Exact weights k / total, their f64 values with a radius of one rounding.
            let weights: Vec<(BigRational, f64, f64)> = raw
                .iter()
                .map(|r| {
                    let exact_w = BigRational::new(r.5.into(), total.into());
                    let w = f64::from(r.5) / f64::from(total);
                    let rw = (w - num_traits::ToPrimitive::to_f64(&exact_w).unwrap()).abs().max(U * w) * 2.0;
                    (exact_w, w, rw)
                })
                .collect();
            let children: Vec<(f64, f64, Figures)> = raw
                .iter()
                .zip(&weights)
                .map(|(r, (_, w, rw))| {
                    let value = [r.0, r.1, r.2, r.3, r.4];
                    let radius = value.map(|v| up32(v.abs().max(1.0) * radius_scale));
                    (*w, *rw, Figures { value, radius })
                })
                .collect();
            // The exact children: each figure at one end of its radius, chosen by `corner`'s bits.
            let exact_children: Vec<(BigRational, [BigRational; 5])> = children
                .iter()
                .zip(&weights)
                .enumerate()
                .map(|(j, ((_, _, f), (exact_w, _, _)))| {
                    let figures = std::array::from_fn(|i| {
                        let sign = if (corner >> ((j * 5 + i) % 64)) & 1 == 1 { 1.0 } else { -1.0 };
                        exact(f.value[i]) + exact(sign * f64::from(f.radius[i]))
                    });
                    (exact_w.clone(), figures)
                })
                .collect();
            let got = mixture(&children);
            let want = exact_mixture(&exact_children);
            for (i, want) in want.iter().enumerate() {
                let distance = (exact(got.value[i]) - want).abs();
                prop_assert!(distance <= exact(f64::from(got.radius[i])), "figure {}: {} off, radius {}", i, num_traits::ToPrimitive::to_f64(&distance).unwrap(), got.radius[i]);
            }
        }
    }

    /// The AVX2 lanes' totals and rounding up to `f32` are the plain ones to the bit, at the
    /// edges of `f32` too (its smallest subnormal, its largest value and beyond, exact values).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_totals_and_rounding_are_the_plain_ones() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let edges = [
            0.0,
            1e-300,
            f64::from(f32::from_bits(1)) * 0.75,
            f64::from(f32::MIN_POSITIVE) * 1.000001,
            1.0 / 3.0,
            1.5,
            3.3e-12,
            f64::from(f32::MAX),
            f64::from(f32::MAX) * 1.0000001,
            1e300,
            f64::INFINITY,
        ];
        #[target_feature(enable = "avx2")]
        fn on_avx2(x: [f64; L], y: [f64; L]) -> ([f32; L], [f64; L]) {
            let (a, b) = (Avx::at(&x, 0), Avx::at(&y, 0));
            (a.up32(), Avx::totals(a, b, a - b, a * b).to_array())
        }
        for window in edges.windows(L) {
            let x: [f64; L] = window.try_into().unwrap();
            let y = x.map(|v| v * 0.7 + 1e-3);
            // SAFETY: the processor has AVX2, checked above.
            let (up, totals) = unsafe { on_avx2(x, y) };
            let (a, b) = (Plain(x), Plain(y));
            assert_eq!(up.map(f32::to_bits), Plain(x).up32().map(f32::to_bits), "{x:?}");
            assert_eq!(up.map(f32::to_bits), x.map(|v| up32(v).to_bits()), "{x:?}");
            let plain = [total(a), total(b), total(a - b), total(a * b)];
            assert_eq!(totals.map(f64::to_bits), plain.map(f64::to_bits), "{x:?}");
        }
    }

    proptest! {
        /// The AVX2 lanes and the plain ones give the same figures to the bit (the claim that a
        /// run's figures do not depend on the processor), for any number of children.
        #[test]
        fn every_instruction_set_mixes_alike(
            children in prop::collection::vec(
                (0.0f64..1.0, 0.0f64..1e-15, prop::array::uniform5(-1e3f64..1e3), prop::array::uniform5(0.0f32..1e-9)),
                1..=2 * MAX_TOP + 1,
            ),
        ) {
            let mut mixer = Mixer::new();
            for (w, rw, value, radius) in &children {
                mixer.push(*w, *rw, &Figures { value: *value, radius: *radius });
            }
            let mixed = mixer.mix();
            prop_assert_eq!([mixed], mix_lanes::<Plain, 1>([&mixer.columns], children.len()));
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2, checked just above.
                let [avx] = unsafe { mix_avx2([&mixer.columns], children.len()) };
                prop_assert_eq!(avx.value.map(f64::to_bits), mixed.value.map(f64::to_bits));
                prop_assert_eq!(avx.radius.map(f32::to_bits), mixed.radius.map(f32::to_bits));
            }
        }

        /// Two sets of children mixed side by side give each set's figures to the bit, as mixed
        /// alone.
        #[test]
        fn mixtures_side_by_side_are_each_alone(
            children in prop::collection::vec(
                (0.0f64..1.0, 0.0f64..1e-15, prop::array::uniform5(-1e3f64..1e3), prop::array::uniform5(0.0f32..1e-9)),
                1..=2 * MAX_TOP + 1,
            ),
            scale in 0.5f64..2.0,
        ) {
            let (mut first, mut second) = (Mixer::new(), Mixer::new());
            for (w, rw, value, radius) in &children {
                first.push(*w, *rw, &Figures { value: *value, radius: *radius });
                let other = Figures { value: value.map(|v| v * scale - 1.0), radius: radius.map(|r| r * 2.0) };
                second.push(1.0 - *w, *rw * scale, &other);
            }
            let [together_first, together_second] = Mixer::mix_all([&mut first, &mut second]);
            let bits = |f: Figures| (f.value.map(f64::to_bits), f.radius.map(f32::to_bits));
            prop_assert_eq!(bits(together_first), bits(first.mix()));
            prop_assert_eq!(bits(together_second), bits(second.mix()));
            let [plain_first, plain_second] =
                mix_lanes::<Plain, 2>([&first.columns, &second.columns], children.len());
            prop_assert_eq!(bits(plain_first), bits(together_first));
            prop_assert_eq!(bits(plain_second), bits(together_second));
        }
    }
}
