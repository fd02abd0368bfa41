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

/// Why an SVG document was not rendered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The SVG does not parse.
    #[error("SVG: {0}")]
    Svg(#[from] usvg::Error),
    /// The figure has no pixels.
    #[error("empty figure")]
    Empty,
    /// The PNG encoder failed (its message).
    #[error("PNG: {0}")]
    Png(String),
}

/// Renders an SVG document to PNG bytes at its own size, on white.
///
/// # Errors
/// [`RenderError`] when the SVG cannot be parsed or the PNG encoded (neither happens for the
/// figures this crate draws).
pub fn render_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family(FAMILY);
    options.font_family = FAMILY.to_string();
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or(RenderError::Empty)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError::Png(e.to_string()))
}
