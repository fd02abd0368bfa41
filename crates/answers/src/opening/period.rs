//! The least period of a word of outcomes from some place on: what `zgame opening` reports for
//! the outcomes of `1^m ∪ S` as m grows.

/// A period that fits a word from its preperiod to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least p with `word[i] = word[i + p]` wherever both lie at or past the preperiod.
    pub period: usize,
    /// The least place from which the period fits.
    pub preperiod: usize,
}

/// How many times a period must be seen for it to count: a period seen once or twice says
/// nothing (every p fits a word's last p letters).
pub const PERIOD_REPEATS: usize = 3;

/// The least period `p <= word.len() / 3` that fits `word` from some place on with the part it
/// fits (from its least preperiod to the end) at least [`PERIOD_REPEATS`] periods long, and
/// that least preperiod; `None` when no such period exists.
pub fn fit_period<T: PartialEq>(word: &[T]) -> Option<Period> {
    let len = word.len();
    (1..=len / PERIOD_REPEATS).find_map(|period| {
        // The least preperiod: one past the last place where the word breaks the period.
        let preperiod = (0..len - period).rev().find(|&i| word[i] != word[i + period]).map_or(0, |i| i + 1);
        (len - preperiod >= PERIOD_REPEATS * period).then_some(Period { period, preperiod })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition read literally: every p and q, the first that fits.
    fn fit_by_definition(word: &[u8]) -> Option<Period> {
        let len = word.len();
        for period in 1..=len / PERIOD_REPEATS {
            for preperiod in 0..len {
                let fits = (preperiod..len.saturating_sub(period)).all(|i| word[i] == word[i + period]);
                if fits {
                    if len - preperiod >= PERIOD_REPEATS * period {
                        return Some(Period { period, preperiod });
                    }
                    break;
                }
            }
        }
        None
    }

    #[test]
    fn periods_of_known_words() {
        let word = |s: &str| s.bytes().collect::<Vec<u8>>();
        assert_eq!(fit_period(&word("LLLLLL")), Some(Period { period: 1, preperiod: 0 }));
        assert_eq!(fit_period(&word("WLLLLL")), Some(Period { period: 1, preperiod: 1 }));
        assert_eq!(fit_period(&word("WWLWLWLWL")), Some(Period { period: 2, preperiod: 1 }));
        // Ones at the end too short to count as a period of 1: the whole word has period 3.
        assert_eq!(fit_period(&word("WLLWLLWLLWL")), Some(Period { period: 3, preperiod: 0 }));
        assert_eq!(fit_period(&word("WLWWL")), None);
        assert_eq!(fit_period::<u8>(&[]), None);
    }

    proptest! {
        #[test]
        fn the_fit_is_the_definitions(word in proptest::collection::vec(0u8..2, 0..40)) {
            prop_assert_eq!(fit_period(&word), fit_by_definition(&word));
        }

        #[test]
        fn a_periodic_tail_is_found(head in proptest::collection::vec(0u8..2, 0..10),
                                    cycle in proptest::collection::vec(0u8..2, 1..5), repeats in 3usize..8) {
            let word: Vec<u8> = head.iter().copied().chain(cycle.iter().copied().cycle().take(cycle.len() * repeats)).collect();
            let fit = fit_period(&word).expect("a period fits");
            prop_assert!(fit.period <= cycle.len());
            prop_assert!(fit.preperiod <= head.len() + cycle.len() * repeats - PERIOD_REPEATS * fit.period);
            for i in fit.preperiod..word.len() - fit.period {
                prop_assert_eq!(word[i], word[i + fit.period]);
            }
        }
    }
}
