//! Figures, as SVG or PNG.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::LimitError;
use crate::whole::Whole;
use crate::*;

/// One figure of `zecklab plot`: `{"name","title","caption","svg","columns","rows"}`.
#[pyfunction]
#[pyo3(signature = (name, size, k=Whole(2), misere=false, rules=None))]
pub(crate) fn figure<'py>(
    py: Python<'py>,
    name: String,
    size: Whole<u32>,
    k: Whole<u64>,
    misere: bool,
    rules: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let size = size.0;
    let k = k.0;
    let f = work::run(py, "drawing", move |_| {
        let nim = || {
            zecklab_games::fibnim::NimRules::new(k, misere).map_err(|e| PyValueError::new_err(e.to_string()))
        };
        let figure = match name.as_str() {
            "nim-reach" => zecklab_plot::nim_reach(nim()?, size),
            "nim-census" => zecklab_plot::nim_census(nim()?, size),
            "nim-thresholds" => zecklab_plot::nim_thresholds(nim()?, size),
            "nim-grundy" => zecklab_plot::nim_grundy(nim()?, size),
            "wythoff-grundy" => zecklab_plot::wythoff_grundy(size),
            "zgame-growth" => zecklab_plot::zgame_growth(size),
            "zgame-lengths" => zecklab_plot::zgame_lengths(size),
            "zgame-random" => zecklab_plot::zgame_random(size),
            "zgame-grundy" => zecklab_plot::zgame_grundy(size),
            "zgame-certificates" => zecklab_plot::zgame_certificates(size),
            "zgame-rule-curve" => zecklab_plot::zgame_rule_curve(size),
            "zgame-minimal" => zecklab_plot::zgame_minimal(size),
            "zgame-p-structure" => zecklab_plot::zgame_p_structure(size),
            "zgame-p-largest" => zecklab_plot::zgame_p_largest(size),
            "family-winners" => zecklab_plot::family_winners(
                zecklab_games::zgame::family::RuleSet::from_name(rules.as_deref().unwrap_or("all"))
                    .map_err(|e| PyValueError::new_err(e.to_string()))?,
                size,
            ),
            other => return Err(PyValueError::new_err(format!("unknown figure '{other}'"))),
        };
        figure.map_err(|e| LimitError::new_err(e.to_string()))
    })?;
    let d = PyDict::new(py);
    d.set_item("name", f.name)?;
    d.set_item("title", &f.title)?;
    d.set_item("caption", &f.caption)?;
    d.set_item("svg", &f.svg)?;
    d.set_item("columns", &f.table.columns)?;
    d.set_item("rows", &f.table.rows)?;
    Ok(d.into_any())
}

/// PNG bytes of an SVG figure (drawn with the figures' embedded font).
#[pyfunction]
pub(crate) fn render_png<'py>(py: Python<'py>, svg: String) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let png =
        py.detach(|| zecklab_plot::render_png(&svg)).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(pyo3::types::PyBytes::new(py, &png))
}
