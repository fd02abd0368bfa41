//! Figures of zecklab's games: each figure computes its data with the library (the same calls
//! the `--json` commands make), draws it with plotters' SVG backend, and renders PNG from that
//! SVG with resvg. Text is measured and drawn with an embedded font (DejaVu Sans), so figures
//! look the same on a machine with no fonts installed, and rendering is deterministic.

mod draw;
mod figures;
mod opening;
mod render;

pub use draw::SIZE;
pub use figures::{
    black_hole_table, family_winners, limits, nim_census, nim_grundy, nim_reach, nim_thresholds,
    wythoff_grundy, zgame_certificates, zgame_growth, zgame_growth_of, zgame_grundy, zgame_lengths,
    zgame_minimal, zgame_p_largest, zgame_p_structure, zgame_position, zgame_random, zgame_random_laws,
    zgame_rule_curve, zgame_tiers, Figure, FigureError, GameCount, RandomLawPoint, Table, TierCounts,
};
pub use opening::{zgame_opening_of, OpeningRow, OPENING_ROWS};
pub use render::{render_png, RenderError, FONT};
