//! The games measure's whole law exactly, far past the reach of the big-integer push
//! ([`game_counts`](super::game_counts)): for every position, the number of complete games from it
//! of each length, by the recursion `G(x) = x · Σ G_child(x)` over the position graph tier by tier
//! (two tiers in memory, as in the moment recursion), with its coefficients taken modulo
//! word-sized moduli and rebuilt by the Chinese remainder theorem.
//!
//! **Why residues.** The counts are integers of hundreds of digits (10^652 games in all at
//! n = 400) that every position would hold as a vector of big integers; modulo a number below
//! 2^62 each coefficient is one word, added without carries or allocation, and a batch of moduli
//! shares one enumeration of the positions and their children.
//!
//! **Why the residues decide the counts.** A first sweep finds each position's range of lengths
//! (the shortest game from it and how many lengths) and a proven upper bound `B` on its number of
//! games ([`Count`], with its relative error). Every count is a non-negative integer at most `B`;
//! the moduli are pairwise coprime and taken until their product exceeds `B`, so each count is
//! the unique residue below the product that the Chinese remainder theorem rebuilds.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::children::TierChildren;
use super::figures::Count;
use super::{GameCounts, MomentsError};
use crate::zgame::ranks::MAX_TOP;
use crate::zgame::TierIndex;

/// Moduli whose residues one sweep computes together.
const LANES: usize = 4;

/// The largest modulus: below 2^62, so the sum of two residues fits in 63 bits.
const LARGEST_MODULUS: u64 = (1 << 62) - 1;

/// A position's lengths to the end: the shortest, and how many lengths from it on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Span {
    first: u16,
    len: u16,
}

impl Span {
    /// The end position's: one game, of no move.
    const END: Span = Span { first: 0, len: 1 };

    /// The span one move before `children`'s; `None` if a length passes `u16`.
    fn before(children: impl Iterator<Item = Span>) -> Option<Span> {
        let (mut first, mut last) = (u32::MAX, 0u32);
        for c in children {
            first = first.min(u32::from(c.first) + 1);
            last = last.max(u32::from(c.first) + u32::from(c.len));
        }
        Some(Span { first: u16::try_from(first).ok()?, len: u16::try_from(last - first + 1).ok()? })
    }
}

/// The first sweep's findings: every tier's spans by rank, and a bound on the start's games.
struct Spans {
    /// `by_tier[p - fewest_parts]`.
    by_tier: Vec<Vec<Span>>,
    games: Count,
}

/// The number of complete games of each length from n ones, exactly, by residues (module header);
/// `progress(done, total)` now and then, in positions swept. Refused when the tiers' residues would not fit in
/// `memory_limit` on one thread; runs on as many threads as fit (at most the cores).
pub fn game_counts_by_residues(
    n: u32,
    memory_limit: u128,
    cancel: &crate::Cancel,
    mut progress: impl FnMut(u64, u64),
) -> Result<GameCounts, MomentsError> {
    let index = TierIndex::new(n).ok_or(MomentsError::OutOfReach(n))?;
    let positions: u64 = (index.fewest_parts()..=n).map(|p| index.count(p)).sum();
    // The first sweep's memory: four bytes a position for the spans, two tiers of counts.
    let span_bytes = u128::from(positions) * 4 + largest_pair(&index, |p| index.count(p)) * 16;
    if span_bytes > memory_limit {
        return Err(MomentsError::TooLarge { n, bytes: span_bytes, limit: memory_limit });
    }
    let spans = first_sweep(&index, cancel)?.ok_or(MomentsError::OutOfReach(n))?;
    let moduli = moduli_above(&upper_bound(spans.games).ok_or(MomentsError::TooManyGames(n))?);
    let batches: Vec<&[u64]> = moduli.chunks(LANES).collect();
    let per_pass = pass_bytes(&index, &spans);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = (1..=cores.min(batches.len()))
        .rev()
        .find(|&t| span_bytes + t as u128 * per_pass <= memory_limit)
        .ok_or(MomentsError::TooLarge { n, bytes: span_bytes + per_pass, limit: memory_limit })?;
    let total = positions * (1 + batches.len() as u64);
    let done = std::sync::atomic::AtomicU64::new(positions);
    progress(positions, total);
    let next = std::sync::atomic::AtomicUsize::new(0);
    // Each thread's batches: their numbers and the start's residues of each length.
    type Swept = Vec<(usize, Vec<[u64; LANES]>)>;
    let residues: Vec<Result<Swept, MomentsError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let b = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(batch) = batches.get(b) else { return Ok(mine) };
                        let step = |k: u64| {
                            done.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
                        };
                        mine.push((b, residue_sweep(&index, &spans, batch, cancel, step)?));
                    }
                })
            })
            .collect();
        while !workers.iter().all(|w| w.is_finished()) {
            progress(done.load(std::sync::atomic::Ordering::Relaxed), total);
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        workers.into_iter().map(|w| w.join().expect("a residue thread does not panic")).collect()
    });
    progress(total, total);
    let mut by_batch: Vec<Option<Vec<[u64; LANES]>>> = vec![None; batches.len()];
    for found in residues {
        for (b, r) in found? {
            by_batch[b] = Some(r);
        }
    }
    let start = spans.by_tier.last().expect("the start's tier")[0];
    let counts = (0..usize::from(start.len))
        .map(|k| {
            let residues = by_batch.iter().zip(&batches).flat_map(|(r, batch)| {
                let r = r.as_ref().expect("every batch swept");
                (0..batch.len()).map(move |lane| (r[k][lane], batch[lane]))
            });
            chinese_remainder(residues)
        })
        .collect();
    Ok(GameCounts { shortest: u32::from(start.first), counts })
}

/// The largest sum of `size` over two neighbouring tiers.
fn largest_pair(index: &TierIndex, size: impl Fn(u32) -> u64) -> u128 {
    let first = index.fewest_parts();
    (first..=index.n())
        .map(|p| u128::from(size(p)) + if p > first { u128::from(size(p - 1)) } else { 0 })
        .max()
        .unwrap_or(0)
}

/// The bytes of one residue sweep: two neighbouring tiers' residues and rank offsets.
fn pass_bytes(index: &TierIndex, spans: &Spans) -> u128 {
    let first = index.fewest_parts();
    let lens: Vec<u64> = spans.by_tier.iter().map(|t| t.iter().map(|s| u64::from(s.len)).sum()).collect();
    largest_pair(index, |p| lens[(p - first) as usize] * LANES as u64 * 8 + (index.count(p) + 1) * 8)
}

/// Every position's span and the start's bound on its games; `None` if a length passes `u16`.
fn first_sweep(index: &TierIndex, cancel: &crate::Cancel) -> Result<Option<Spans>, MomentsError> {
    let first = index.fewest_parts();
    let mut by_tier: Vec<Vec<Span>> = Vec::new();
    let mut counts_below: Vec<Count> = Vec::new();
    let mut kids: Vec<(u64, bool)> = Vec::with_capacity(2 * MAX_TOP);
    for p in first..=index.n() {
        if cancel.is_cancelled() {
            return Err(MomentsError::Cancelled);
        }
        let len = index.count(p) as usize;
        let (mut spans, mut counts) = (vec![Span::default(); len], vec![Count::default(); len]);
        let mut overflow = false;
        let mut children = TierChildren::new(index);
        let below = by_tier.last();
        index.for_each_descending(p, |parent, prefix| {
            let rank = prefix.same[1] as usize;
            children.of(parent, prefix, &mut kids);
            if kids.is_empty() {
                (spans[rank], counts[rank]) = (Span::END, Count::ONE);
                return;
            }
            // A combine's child lies in the tier below, a split's at a higher rank of this one.
            let of = |&(r, down): &(u64, bool)| match (down, below) {
                (true, Some(below)) => (below[r as usize], counts_below[r as usize]),
                _ => (spans[r as usize], counts[r as usize]),
            };
            let span = Span::before(kids.iter().map(|k| of(k).0));
            let count = Count::sum(kids.iter().map(|k| of(k).1));
            overflow |= span.is_none();
            (spans[rank], counts[rank]) = (span.unwrap_or_default(), count);
        });
        if overflow {
            return Ok(None);
        }
        by_tier.push(spans);
        counts_below = counts;
    }
    Ok(Some(Spans { by_tier, games: counts_below[0] }))
}

/// An integer not below the count `c` (whose relative error is below a half), or `None`.
fn upper_bound(c: Count) -> Option<BigUint> {
    if !(0.0..0.5).contains(&c.relative) || c.exponent < 0 {
        return None;
    }
    // Twice the value bounds the exact count when its relative error is below a half.
    let twice = BigUint::from(c.mantissa.ceil() as u128 + 1) << 1;
    Some(twice << c.exponent as u32)
}

/// Pairwise coprime moduli below 2^62, the largest first, until their product exceeds `bound`,
/// in a whole number of batches.
fn moduli_above(bound: &BigUint) -> Vec<u64> {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut moduli: Vec<u64> = Vec::new();
    let mut product = BigUint::one();
    let mut candidate = LARGEST_MODULUS;
    while product <= *bound || !moduli.len().is_multiple_of(LANES) {
        if moduli.iter().all(|&m| gcd(m, candidate) == 1) {
            moduli.push(candidate);
            product *= candidate;
        }
        candidate -= 2;
    }
    moduli
}

/// The unique integer below the product of the moduli with these `(residue, modulus)`.
fn chinese_remainder(residues: impl Iterator<Item = (u64, u64)>) -> BigUint {
    let (mut x, mut product) = (BigUint::zero(), BigUint::one());
    for (r, m) in residues {
        // x + product·t ≡ r (mod m): t = (r - x)·product⁻¹ (mod m).
        let x_mod = (&x % m).iter_u64_digits().next().unwrap_or(0);
        let p_mod = (&product % m).iter_u64_digits().next().unwrap_or(0);
        let gap = (u128::from(r) + u128::from(m) - u128::from(x_mod)) % u128::from(m);
        let t = (gap * u128::from(inverse(p_mod, m)) % u128::from(m)) as u64;
        x += &product * t;
        product *= m;
    }
    x
}

/// `a⁻¹ (mod m)` for `a` coprime to `m`.
fn inverse(a: u64, m: u64) -> u64 {
    let (mut r0, mut r1) = (i128::from(m), i128::from(a));
    let (mut s0, mut s1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    debug_assert_eq!(r0, 1, "coprime");
    s0.rem_euclid(i128::from(m)) as u64
}

/// The residues of the start's counts of games of each length, modulo each of `batch`:
/// `out[k][lane]` for the length `first + k`. `step(positions)` as tiers are done.
fn residue_sweep(
    index: &TierIndex,
    spans: &Spans,
    batch: &[u64],
    cancel: &crate::Cancel,
    step: impl Fn(u64),
) -> Result<Vec<[u64; LANES]>, MomentsError> {
    // Lanes past the batch's moduli run modulo the first one, unread.
    let moduli: [u64; LANES] = std::array::from_fn(|l| batch.get(l).copied().unwrap_or(batch[0]));
    let first = index.fewest_parts();
    let mut kids: Vec<(u64, bool)> = Vec::with_capacity(2 * MAX_TOP);
    // The tier below: its offsets by rank and its residues.
    let mut below: (Vec<u64>, Vec<[u64; LANES]>) = (Vec::new(), Vec::new());
    // The residues of the tier before the one below, kept for the next tier to reuse.
    let mut spare: Vec<[u64; LANES]> = Vec::new();
    for p in first..=index.n() {
        if cancel.is_cancelled() {
            return Err(MomentsError::Cancelled);
        }
        let tier_spans = &spans.by_tier[(p - first) as usize];
        let below_spans = (p > first).then(|| &spans.by_tier[(p - first - 1) as usize]);
        let mut offsets = Vec::with_capacity(tier_spans.len() + 1);
        let mut at = 0u64;
        for s in tier_spans {
            offsets.push(at);
            at += u64::from(s.len);
        }
        offsets.push(at);
        // Zeros written, into the memory of a tier done with when there is one: the sums below
        // read each cell before they write it, and a page of calloc's untouched zeros read
        // first is mapped to the shared zero page, so each first write would fault again and
        // flush the other threads' TLBs (that took more time than the sums themselves).
        let mut residues = std::mem::take(&mut spare);
        residues.clear();
        residues.resize(at as usize, [0u64; LANES]);
        let mut children = TierChildren::new(index);
        index.for_each_descending(p, |parent, prefix| {
            let rank = prefix.same[1] as usize;
            children.of(parent, prefix, &mut kids);
            let (from, to) = (offsets[rank] as usize, offsets[rank + 1] as usize);
            // This rank's coefficients, and the higher ranks' (its split children's), final.
            let (head, higher) = residues.split_at_mut(to);
            let here = &mut head[from..];
            if kids.is_empty() {
                here[0] = [1; LANES];
                return;
            }
            let first_here = tier_spans[rank].first;
            for &(r, down) in &kids {
                let r = r as usize;
                let (span, child) = if down {
                    let s = below_spans.expect("a combine's child lies below")[r];
                    let o = below.0[r] as usize;
                    (s, &below.1[o..o + usize::from(s.len)])
                } else {
                    let s = tier_spans[r];
                    let o = offsets[r] as usize - to;
                    (s, &higher[o..o + usize::from(s.len)])
                };
                let shift = usize::from(span.first + 1 - first_here);
                for (t, c) in here[shift..shift + usize::from(span.len)].iter_mut().zip(child) {
                    for l in 0..LANES {
                        let s = t[l] + c[l];
                        t[l] = if s >= moduli[l] { s - moduli[l] } else { s };
                    }
                }
            }
        });
        step(tier_spans.len() as u64);
        spare = std::mem::replace(&mut below, (offsets, residues)).1;
    }
    Ok(below.1)
}

#[cfg(test)]
mod tests {
    use super::super::game_counts;
    use super::*;

    /// The residues' counts are the big-integer push's, length by length, for every n to 60 (to
    /// 120 in `zecklab verify`), with few moduli and with many batches on several threads.
    #[test]
    fn the_residues_give_the_pushed_counts() {
        for n in 1..=60 {
            let got = game_counts_by_residues(n, 1 << 30, &crate::Cancel::new(), |_, _| {}).unwrap();
            assert_eq!(got, game_counts(n).unwrap(), "n = {n}");
        }
    }

    #[test]
    fn moduli_are_coprime_and_cover_the_bound() {
        let bound = BigUint::one() << 1000u32;
        let moduli = moduli_above(&bound);
        assert_eq!(moduli.len() % LANES, 0);
        assert!(moduli.iter().map(|&m| BigUint::from(m)).product::<BigUint>() > bound);
        for (i, &a) in moduli.iter().enumerate() {
            assert!(a <= LARGEST_MODULUS);
            for &b in &moduli[..i] {
                let (mut x, mut y) = (a, b);
                while y != 0 {
                    (x, y) = (y, x % y);
                }
                assert_eq!(x, 1, "{a} and {b}");
            }
        }
        // Every residue pattern comes back: a number below the product, rebuilt from its residues.
        let x: BigUint = (BigUint::one() << 999u32) + 12345u32;
        let residues = moduli.iter().map(|&m| ((&x % m).iter_u64_digits().next().unwrap_or(0), m));
        assert_eq!(chinese_remainder(residues), x);
    }

    #[test]
    fn too_little_memory_and_cancelling_are_refused() {
        let e = game_counts_by_residues(100, 1 << 10, &crate::Cancel::new(), |_, _| {}).unwrap_err();
        assert!(matches!(e, MomentsError::TooLarge { n: 100, .. }), "{e}");
        let cancel = crate::Cancel::new();
        cancel.cancel();
        assert_eq!(game_counts_by_residues(100, 1 << 30, &cancel, |_, _| {}), Err(MomentsError::Cancelled));
        assert_eq!(
            game_counts_by_residues(0, 1 << 30, &crate::Cancel::new(), |_, _| {}),
            Err(MomentsError::OutOfReach(0))
        );
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    /// The first sweep's figures and the residue sweeps' memory, for sizing runs by hand.
    #[test]
    #[ignore = "a measurement, by hand"]
    fn residue_memory_by_hand() {
        for n in [150u32, 200, 250, 300] {
            let index = TierIndex::new(n).unwrap();
            let t = std::time::Instant::now();
            let spans = first_sweep(&index, &crate::Cancel::new()).unwrap().unwrap();
            let moduli = moduli_above(&upper_bound(spans.games).unwrap());
            let positions: usize = spans.by_tier.iter().map(Vec::len).sum();
            let coefficients: u64 = spans.by_tier.iter().flatten().map(|s| u64::from(s.len)).sum();
            println!(
                "n {n}: {positions} positions, {coefficients} coefficients, {} moduli, {} MB a sweep, first sweep {:.1} s",
                moduli.len(),
                pass_bytes(&index, &spans) >> 20,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
