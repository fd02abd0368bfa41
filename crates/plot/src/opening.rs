//! The figure of the game near its start: for each multiset S of parts (down the side) and each
//! m (across), whether the player to move at `1^m ∪ S` wins, in two colours, so that the
//! periods and the late exceptions can be seen.

use plotters::prelude::*;

use crate::draw::{document, Labels, SIZE};
use crate::figures::{Figure, FigureError, Table};
use crate::render::FAMILY;

/// The colour of a position the mover wins (Okabe–Ito orange) and of one it loses (dark blue).
const WIN: RGBColor = RGBColor(230, 159, 0);
const LOSS: RGBColor = RGBColor(0, 60, 110);

/// The most rows the figure draws legibly.
pub const OPENING_ROWS: usize = 40;

/// One row of the figure: S's parts and its outcomes (`W` or `L` for each m from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningRow {
    pub parts: Vec<u64>,
    pub outcomes: String,
}

/// The figure `zgame-opening` of `rows` (computed by the caller, as `zgame opening` computes
/// them), named after where they come from.
///
/// # Errors
/// [`FigureError`] for no rows, more than [`OPENING_ROWS`], rows of different lengths or letters
/// other than `W` and `L`.
pub fn zgame_opening_of(rows: &[OpeningRow]) -> Result<Figure, FigureError> {
    let width = rows.first().map_or(0, |r| r.outcomes.len());
    if rows.is_empty() || rows.len() > OPENING_ROWS {
        return Err(FigureError(format!(
            "the figure draws 1 to {OPENING_ROWS} multisets S, not {}",
            rows.len()
        )));
    }
    if rows.iter().any(|r| r.outcomes.len() != width || r.outcomes.bytes().any(|b| b != b'W' && b != b'L')) {
        return Err(FigureError("every row needs one W or L for each m, the same m for all".into()));
    }
    let name = |r: &OpeningRow| r.parts.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let mut table = Table { columns: vec!["row".into(), "m".into(), "mover_wins".into()], rows: Vec::new() };
    for (k, row) in rows.iter().enumerate() {
        for (m, c) in row.outcomes.bytes().enumerate() {
            table.rows.push(vec![k as f64, m as f64, f64::from(u8::from(c == b'W'))]);
        }
    }
    let to = width - 1;
    let title = "Who wins near the start: 1^m ∪ S".to_string();
    let caption = format!(
        "Orange: the player to move at m ones and the parts S wins; blue: loses. S down the side (its parts), \
m = 0 to {to} across; the first row is at the top."
    );
    let labels = Labels { title: &title, caption: &caption, x: "m (ones)", y: "S" };
    let names: Vec<String> = rows.iter().map(name).collect();
    let count = rows.len();
    let svg = document(&labels, |area| {
        let err = |e: &dyn std::fmt::Display| e.to_string();
        // The plot, and the colour key beside it (a key inside would hide outcomes).
        let (plot, key) = area.split_horizontally(SIZE.0 - 200);
        let mut chart = ChartBuilder::on(&plot)
            .x_label_area_size(45)
            .y_label_area_size(90)
            .build_cartesian_2d(0..width as u32, (0..count as u32).into_segmented())
            .map_err(|e| err(&e))?;
        // Row k is drawn from the top; each label sits in the middle of its row.
        let label_of = |y: &SegmentValue<u32>| match y {
            SegmentValue::CenterOf(y) => {
                names.get(count.wrapping_sub(1 + *y as usize)).cloned().unwrap_or_default()
            }
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(labels.x)
            .y_desc(labels.y)
            .y_labels(count)
            .y_label_formatter(&label_of)
            .label_style((FAMILY, if count > 24 { 11 } else { 14 }))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(|e| err(&e))?;
        // One rectangle a run of equal outcomes: a row is mostly one long run.
        let mut runs = Vec::new();
        for (k, row) in rows.iter().enumerate() {
            let y = (count - 1 - k) as u32;
            let bytes = row.outcomes.as_bytes();
            let mut start = 0;
            for m in 1..=bytes.len() {
                if m == bytes.len() || bytes[m] != bytes[start] {
                    let colour = if bytes[start] == b'W' { WIN } else { LOSS };
                    let corners =
                        [(start as u32, SegmentValue::Exact(y)), (m as u32, SegmentValue::Exact(y + 1))];
                    runs.push(Rectangle::new(corners, colour.filled()));
                    start = m;
                }
            }
        }
        chart.draw_series(runs).map_err(|e| err(&e))?;
        for (i, (colour, what)) in
            [(WIN, "the mover wins"), (LOSS, "the mover loses")].into_iter().enumerate()
        {
            let top = 20 + 26 * i as i32;
            key.draw(&Rectangle::new([(20, top), (36, top + 16)], colour.filled())).map_err(|e| err(&e))?;
            key.draw(&Text::new(what, (44, top + 1), (FAMILY, 14))).map_err(|e| err(&e))?;
        }
        Ok(())
    })
    .map_err(|e| FigureError(format!("drawing failed: {e}")))?;
    Ok(Figure { name: "zgame-opening", title, caption, svg, table })
}
