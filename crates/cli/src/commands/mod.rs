//! One module per subcommand; each parses its arguments into library calls and prints.

pub mod data;
pub mod nim;
pub mod plot;
pub mod prove;
pub mod prove_learn;
pub mod repr;
pub mod research;
pub mod serve;
pub mod store;
pub mod verify;
pub mod wythoff;
pub mod zgame;
