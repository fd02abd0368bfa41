//! Chart shapes shared by the figures: bars, lines (linear or log scale) and heatmaps, each with
//! a title, axis labels with units, a legend when there is more than one series, and a caption
//! line at the bottom. Every chart is 960 x 600 pixels.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::render::{register_font, FAMILY};

/// Width and height of every figure.
pub const SIZE: (u32, u32) = (960, 600);

/// The colours of series, in order (Okabe–Ito, legible to colour-blind readers).
pub const PALETTE: [RGBColor; 5] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
];

/// What every chart says about itself.
pub struct Labels<'a> {
    pub title: &'a str,
    pub caption: &'a str,
    pub x: &'a str,
    pub y: &'a str,
}

/// A named series of points.
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// Draw points as dots rather than a joined line.
    pub dots: bool,
}

/// Vertical markers drawn across a chart, with their labels.
pub struct Marker {
    pub x: f64,
    pub label: String,
}

type Result<T> = std::result::Result<T, String>;

/// An axis number as a reader writes it: whole numbers without a decimal point, large ones
/// with a power of ten, small fractions with as many digits as they need.
pub fn tick(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    if a >= 1e6 {
        let exponent = a.log10().floor() as i32;
        let mantissa = v / 10f64.powi(exponent);
        if (mantissa - mantissa.round()).abs() < 1e-9 {
            return format!("{}e{exponent}", mantissa.round());
        }
        return format!("{mantissa:.1}e{exponent}");
    }
    if (v - v.round()).abs() < 1e-9 {
        return format!("{}", v.round() as i64);
    }
    let text = format!("{v:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The most characters of a caption line: what fits the width at the caption's size.
const CAPTION_CHARS: usize = 125;
/// The height of a caption line, in pixels.
const CAPTION_LINE: i32 = 18;

/// `caption` broken at spaces into lines of at most `width` characters (a longer word keeps a
/// line of its own).
fn caption_lines(caption: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in caption.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Draws on a fresh SVG document: the title and caption, then `body` in the area between.
pub fn document(
    labels: &Labels,
    body: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<()>,
) -> Result<String> {
    register_font();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        root.titled(labels.title, (FAMILY, 24)).map_err(err)?;
        let lines = caption_lines(labels.caption, CAPTION_CHARS);
        let height = SIZE.1 as i32;
        for (i, line) in lines.iter().rev().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (SIZE.0 as i32 / 2, height - 22 - CAPTION_LINE * i as i32),
                TextStyle::from((FAMILY, 14).into_font())
                    .color(&RGBColor(60, 60, 60))
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            ))
            .map_err(err)?;
        }
        let extra = CAPTION_LINE * (lines.len().max(1) as i32 - 1);
        let area = root.margin(40, 40 + extra, 10, 20);
        body(&area)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Bars at integer x; `highlight` bars in the second colour, named in the legend.
pub fn bars(labels: &Labels, bars: &[(u32, f64, bool)], names: (&str, &str)) -> Result<String> {
    document(labels, |area| {
        let x_max = bars.iter().map(|b| b.0).max().unwrap_or(1) + 1;
        let y_max = bars.iter().map(|b| b.1).fold(1.0f64, f64::max) * 1.1;
        let mut chart = ChartBuilder::on(area)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(0u32..x_max, 0f64..y_max)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(labels.x)
            .y_desc(labels.y)
            // Bars count things: only whole numbers are labelled.
            .y_label_formatter(&|v| if (v - v.round()).abs() < 1e-9 { tick(*v) } else { String::new() })
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(err)?;
        for (highlight, color, name) in [(false, PALETTE[0], names.0), (true, PALETTE[1], names.1)] {
            chart
                // A zero is drawn as a short stub, so that a marked zero stays visible.
                .draw_series(bars.iter().filter(|b| b.2 == highlight).map(|&(x, y, marked)| {
                    let stub = if marked { y_max / 12.0 } else { y_max / 150.0 };
                    Rectangle::new([(x, 0.0), (x + 1, y.max(stub))], color.filled())
                }))
                .map_err(err)?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], color.filled()));
        }
        legend(&mut chart)
    })
}

fn legend<'a, DB: DrawingBackend + 'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
) -> Result<()> {
    legend_at(chart, SeriesLabelPosition::UpperLeft)
}

fn legend_at<'a, DB: DrawingBackend + 'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    position: SeriesLabelPosition,
) -> Result<()> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font((FAMILY, 14))
        .position(position)
        .draw()
        .map_err(|e| e.to_string())
}

/// Lines (or dots) on linear axes, or with a logarithmic y axis (and x axis) when asked.
pub fn lines(
    labels: &Labels,
    series: &[Series],
    log_x: bool,
    log_y: bool,
    markers: &[Marker],
) -> Result<String> {
    document(labels, |area| lines_in(area, labels, series, log_x, log_y, markers))
}

/// Two charts side by side under one title and caption.
pub fn two_panels(
    labels: &Labels,
    left: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<()>,
    right: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<()>,
) -> Result<String> {
    document(labels, |area| {
        let (l, r) = area.split_horizontally(SIZE.0 * 3 / 5);
        left(&l)?;
        right(&r.margin(0, 0, 20, 0))
    })
}

/// A position as columns of tokens: one column per Fibonacci part (labelled with its value),
/// one token per copy; a count past `most` is drawn as one token with the count written on it.
pub fn tokens(labels: &Labels, counts: &[u32], most: u32) -> Result<String> {
    document(labels, |area| {
        let (w, h) = area.dim_in_pixel();
        let columns = counts.len().max(1) as i32;
        let step = ((w as i32 - 40) / columns).min(90);
        let left = (w as i32 - step * columns) / 2;
        let token = (step / 2 - 4).clamp(6, 18);
        let base = h as i32 - 70;
        for (i, &c) in counts.iter().enumerate() {
            let x = left + step * i as i32 + step / 2;
            let value = zecklab_numeration::fib::FIB_U64[i + 1];
            area.draw(&Text::new(
                format!("{value}"),
                (x, base + 30),
                TextStyle::from((FAMILY, 16).into_font()).pos(Pos::new(HPos::Center, VPos::Center)),
            ))
            .map_err(err)?;
            area.draw(&PathElement::new(
                vec![(x - step / 2 + 4, base + 12), (x + step / 2 - 4, base + 12)],
                BLACK.stroke_width(1),
            ))
            .map_err(err)?;
            let color = PALETTE[i % PALETTE.len()];
            let drawn = if c > most { 1 } else { c };
            for k in 0..drawn as i32 {
                area.draw(&Circle::new((x, base - token - k * (token * 2 + 2)), token, color.filled()))
                    .map_err(err)?;
            }
            if c > most {
                area.draw(&Text::new(
                    format!("×{c}"),
                    (x, base - 3 * token - 10),
                    TextStyle::from((FAMILY, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Center)),
                ))
                .map_err(err)?;
            }
        }
        area.draw(&Text::new(
            "part (value of the Fibonacci number)".to_string(),
            (w as i32 / 2, base + 55),
            TextStyle::from((FAMILY, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Center)),
        ))
        .map_err(err)?;
        Ok(())
    })
}

/// [`lines`] drawn into an area of a larger document.
pub fn lines_in(
    area: &DrawingArea<SVGBackend, Shift>,
    labels: &Labels,
    series: &[Series],
    log_x: bool,
    log_y: bool,
    markers: &[Marker],
) -> Result<()> {
    {
        let all = series.iter().flat_map(|s| s.points.iter());
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in all {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        for m in markers {
            x0 = x0.min(m.x);
            x1 = x1.max(m.x);
        }
        if x0 >= x1 {
            x1 = x0 + 1.0;
        }
        if !markers.is_empty() && !log_x {
            let margin = (x1 - x0) * 0.03;
            x0 -= margin;
            x1 += margin;
        }
        let pad = (y1 - y0).abs().max(1e-12) * 0.08;
        let builder = |area| {
            let mut b = ChartBuilder::on(area);
            b.x_label_area_size(45).y_label_area_size(75);
            b
        };
        macro_rules! draw_with {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_desc(labels.x)
                    .y_desc(labels.y)
                    .x_label_formatter(&|v| tick(*v))
                    .y_label_formatter(&|v| tick(*v))
                    .label_style((FAMILY, 14))
                    .axis_desc_style((FAMILY, 16))
                    .draw()
                    .map_err(err)?;
                for (i, s) in series.iter().enumerate() {
                    let color = PALETTE[i % PALETTE.len()];
                    let radius = if s.points.len() > 400 { 1 } else { 3 };
                    // Each series' legend shows what it is drawn with: a dot or a line.
                    if s.dots {
                        chart
                            .draw_series(s.points.iter().map(|&p| Circle::new(p, radius, color.filled())))
                            .map_err(err)?
                            .label(s.name.clone())
                            .legend(move |(x, y)| Circle::new((x + 8, y), 3, color.filled()));
                    } else {
                        chart
                            .draw_series(LineSeries::new(s.points.iter().copied(), color.stroke_width(2)))
                            .map_err(err)?
                            .label(s.name.clone())
                            .legend(move |(x, y)| {
                                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(3))
                            });
                    }
                }
                for (i, m) in markers.iter().enumerate() {
                    let color = RGBColor(90, 90, 90);
                    let (lo, hi) = if log_y { (y0.max(1e-300), y1 * 2.0) } else { (y0 - pad, y1 + pad) };
                    chart
                        .draw_series(LineSeries::new(vec![(m.x, lo), (m.x, hi)], color.stroke_width(1)))
                        .map_err(err)?;
                    let y_text = if log_y {
                        hi / (1.6f64).powi(i as i32 + 1)
                    } else {
                        hi - pad * (1.2 + 1.4 * i as f64)
                    };
                    // Labels in the right half end at their line; the others start there.
                    let right_half = m.x > (x0 + x1) / 2.0;
                    let anchor = if right_half { HPos::Right } else { HPos::Left };
                    let style = TextStyle::from((FAMILY, 13).into_font())
                        .color(&color)
                        .pos(Pos::new(anchor, VPos::Center));
                    chart
                        .draw_series(std::iter::once(Text::new(
                            format!(" {} ", m.label),
                            (m.x, y_text),
                            style,
                        )))
                        .map_err(err)?;
                }
                if series.len() > 1 {
                    // With markers the data sits left of the longest games: the legend goes right.
                    let position = if markers.is_empty() {
                        SeriesLabelPosition::UpperLeft
                    } else {
                        SeriesLabelPosition::UpperRight
                    };
                    legend_at(&mut chart, position)?;
                }
            }};
        }
        match (log_x, log_y) {
            (false, false) => {
                draw_with!(builder(area).build_cartesian_2d(x0..x1, (y0 - pad)..(y1 + pad)).map_err(err)?)
            }
            (false, true) => draw_with!(builder(area)
                .build_cartesian_2d(x0..x1, (y0.max(1e-300) / 1.5..y1 * 2.0).log_scale())
                .map_err(err)?),
            (true, false) => draw_with!(builder(area)
                .build_cartesian_2d((x0.max(1.0)..x1).log_scale(), (y0 - pad)..(y1 + pad))
                .map_err(err)?),
            (true, true) => draw_with!(builder(area)
                .build_cartesian_2d(
                    (x0.max(1.0)..x1).log_scale(),
                    (y0.max(1e-300) / 1.5..y1 * 2.0).log_scale()
                )
                .map_err(err)?),
        }
        Ok(())
    }
}

/// A heatmap of `value(x, y)` over `0..width x 0..height` (`None` cells left blank), with a
/// colour scale, dots on `marks`, and straight `guides` from the origin (`y = slope x`).
#[allow(clippy::too_many_arguments)]
pub fn heatmap(
    labels: &Labels,
    (x_start, width): (u32, u32),
    (y_start, height): (u32, u32),
    value: impl Fn(u32, u32) -> Option<u32>,
    marks: &[(u32, u32)],
    marks_name: &str,
    guides: &[(f64, String)],
) -> Result<String> {
    let max = (x_start..x_start + width)
        .flat_map(|x| (y_start..y_start + height).map(move |y| (x, y)))
        .filter_map(|(x, y)| value(x, y))
        .max()
        .unwrap_or(1)
        .max(1);
    document(labels, |area| {
        let (plot, scale) = area.split_horizontally(SIZE.0 - 220);
        let mut chart = ChartBuilder::on(&plot)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(x_start..x_start + width, y_start..y_start + height)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(labels.x)
            .y_desc(labels.y)
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(
                (x_start..x_start + width)
                    .flat_map(|x| (y_start..y_start + height).map(move |y| (x, y)))
                    .filter_map(|(x, y)| value(x, y).map(|v| (x, y, v)))
                    .map(|(x, y, v)| Rectangle::new([(x, y), (x + 1, y + 1)], shade(v, max).filled())),
            )
            .map_err(err)?;
        if !marks.is_empty() {
            chart
                .draw_series(marks.iter().map(|&(x, y)| Circle::new((x, y), 2, BLACK.filled())))
                .map_err(err)?
                .label(marks_name)
                .legend(|(x, y)| Circle::new((x + 6, y), 3, BLACK.filled()));
        }
        for (i, (slope, name)) in guides.iter().enumerate() {
            let color = PALETTE[(i + 1) % PALETTE.len()];
            let end = (x_start + width) as f64;
            let points: Vec<(u32, u32)> = (0..=200)
                .map(|k| {
                    let x = x_start as f64 + (end - x_start as f64) * k as f64 / 200.0;
                    (x, slope * x)
                })
                .filter(|&(_, y)| y >= y_start as f64 && y <= (y_start + height) as f64)
                .map(|(x, y)| (x as u32, y as u32))
                .collect();
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(2)))
                .map_err(err)?
                .label(name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(3)));
        }
        if !marks.is_empty() || !guides.is_empty() {
            legend(&mut chart)?;
        }
        // The colour scale: value 0 at the bottom, the largest at the top.
        let mut bar = ChartBuilder::on(&scale)
            .margin_left(20)
            .margin_right(30)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(0u32..1u32, 0u32..max + 1)
            .map_err(err)?;
        bar.configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_desc("value")
            .label_style((FAMILY, 12))
            .axis_desc_style((FAMILY, 14))
            .draw()
            .map_err(err)?;
        bar.draw_series((0..=max).map(|v| Rectangle::new([(0, v), (1, v + 1)], shade(v, max).filled())))
            .map_err(err)?;
        Ok(())
    })
}

/// A colour for `v` in `0..=max`: the viridis-like ramp from dark blue to yellow, with 0 black
/// so that zeros (P-positions) stand out.
pub fn shade(v: u32, max: u32) -> RGBColor {
    if v == 0 {
        return RGBColor(0, 0, 0);
    }
    let t = f64::from(v) / f64::from(max.max(1));
    let stops = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let scaled = t * (stops.len() - 1) as f64;
    let i = (scaled.floor() as usize).min(stops.len() - 2);
    let f = scaled - i as f64;
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    RGBColor(
        mix(stops[i].0, stops[i + 1].0),
        mix(stops[i].1, stops[i + 1].1),
        mix(stops[i].2, stops[i + 1].2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_captions_break_at_spaces() {
        assert_eq!(caption_lines("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(caption_lines("short", 125), ["short"]);
        assert_eq!(caption_lines("averyveryverylongword x", 5), ["averyveryverylongword", "x"]);
        assert!(caption_lines(&"word ".repeat(100), 125).iter().all(|l| l.len() <= 125));
    }
}
