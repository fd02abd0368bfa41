//! Each subcommand's arguments of `zecklab zgame`, a file each; the subcommands' work is in the
//! modules beside this one.

mod black_hole_table;
mod certificates;
mod check;
mod check_strategy;
mod coalitions;
mod export;
mod grundy;
mod lengths;
mod opening;
mod p_structure;
mod play;
mod play_out;
mod position;
mod random_laws;
mod rule_learn;
mod rule_search;
mod rule_test;
mod scaling;
mod solve;
mod stats;
mod strategy;
mod sum;

pub use black_hole_table::BlackHoleTableArgs;
pub use certificates::CertificatesArgs;
pub use check::CheckArgs;
pub use check_strategy::CheckStrategyArgs;
pub use coalitions::CoalitionsArgs;
pub use export::ExportArgs;
pub use grundy::GrundyArgs;
pub use lengths::LengthsArgs;
pub use opening::{BookArgs, OpeningArgs, ParityArgs};
pub use p_structure::PStructureArgs;
pub use play::PlayArgs;
pub use play_out::PlayOutArgs;
pub use position::PositionArgs;
pub use random_laws::RandomLawsArgs;
pub use rule_learn::RuleLearnArgs;
pub use rule_search::RuleSearchArgs;
pub use rule_test::RuleTestArgs;
pub use scaling::ScalingArgs;
pub use solve::SolveArgs;
pub use stats::StatsArgs;
pub use strategy::StrategyArgs;
pub use sum::SumArgs;
