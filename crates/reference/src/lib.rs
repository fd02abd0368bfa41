//! Slow reference engines for zecklab's games. Each answers the same questions as a fast engine
//! in `zecklab-games` by the plainest method there is (search over positions, mex over every
//! option, counting by a different recurrence), using only the games' rules: positions, moves
//! and the definitions of outcome and remoteness.
//!
//! They live in a crate of their own so that the compiler keeps them independent of what they
//! check: this crate may use the rule types of `zecklab-games` (`ZPosition`, `NimRules`) but the
//! fast engines cannot call into it. `zecklab verify` and the tests compare the two over whole
//! ranges.
//!
//! ```
//! use zecklab_games::zgame::ZPosition;
//! use zecklab_reference::zgame::NaiveSolver;
//!
//! let mut naive = NaiveSolver::new();
//! // Player 2 wins the game on 10: the start is a loss for the player to move.
//! assert!(naive.is_loss(&ZPosition::start(10).unwrap()));
//! ```

pub mod black_hole;
pub mod family;
pub mod fibnim;
pub mod ordered;
pub mod random;
pub mod relatives;
pub mod rules;
pub mod wythoff;
pub mod zgame;
