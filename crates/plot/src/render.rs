//! SVG to PNG, with the embedded font.

use resvg::{tiny_skia, usvg};

/// DejaVu Sans (Bitstream Vera licence, see `assets/DejaVuSans-LICENSE.txt`): text is measured
/// and drawn with it in every figure.
pub const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// The family name the SVG uses.
pub(crate) const FAMILY: &str = "DejaVu Sans";

/// Makes the embedded font the one plotters measures text with (once per process).
pub(crate) fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // The font is valid (it is part of the build), so registration cannot fail.
        let _ = plotters::style::register_font(FAMILY, plotters::style::FontStyle::Normal, FONT);
    });
}

/// Renders an SVG document to PNG bytes at its own size, on white.
///
/// # Errors
/// A message when the SVG cannot be parsed or the PNG encoded (neither happens for the
/// figures this crate draws).
pub fn render_png(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family(FAMILY);
    options.font_family = FAMILY.to_string();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("empty figure")?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
