//! The `zecklab` Python package's native module (`zecklab._zecklab`): each function answers one
//! question through the `zecklab-answers` crate, the definition the command line and the web
//! explorer share, and returns what `json.loads` of the command line's `--json` line would give,
//! with integers of any size as Python `int`s. The Python modules around it
//! (`crates/python/python/zecklab`) arrange these into `zecklab.nim`, `zecklab.zgame`, ... and
//! add the notebook displays.
//!
//! Long calls run through [`work::run`]: off the GIL, interruptible, with a progress bar.

mod errors;
mod figures;
mod lab;
mod nim;
mod numeration;
mod prove;
mod stored;
mod table;
mod topy;
mod variants;
mod whole;
mod work;
mod wythoff;
mod zgame;
use errors::{LimitError, StoreError};
use table::{OutcomeBytes, RemotenessValues, Table};
// The helpers one module of functions shares with another (`natural`, `locate`, `variant`, ...),
// reached through `crate::*` from each.
#[allow(unused_imports)]
use {lab::*, nim::*, numeration::*, stored::*, variants::*, wythoff::*, zgame::*};

use pyo3::prelude::*;

#[pymodule]
fn _zecklab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add("StoreError", m.py().get_type::<StoreError>())?;
    m.add_class::<Table>()?;
    m.add_class::<OutcomeBytes>()?;
    m.add_class::<RemotenessValues>()?;
    m.add_function(wrap_pyfunction!(numeration::represent, m)?)?;
    m.add_function(wrap_pyfunction!(numeration::numeral, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_solve, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_explore, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_census, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_sum_own, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_sum_shared, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_reach, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(nim::nim_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_ppos, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_solve, m)?)?;
    m.add_function(wrap_pyfunction!(wythoff::wythoff_explore, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_solve, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_position, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_coalitions, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_scaling, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_certificates, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_check_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_lengths, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_random_law, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_play_out, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_sum, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_rule_test, m)?)?;
    m.add_function(wrap_pyfunction!(zgame::zgame_rule_search, m)?)?;
    m.add_function(wrap_pyfunction!(lab::zgame_rule_learn, m)?)?;
    m.add_function(wrap_pyfunction!(variants::zgame_black_hole_table, m)?)?;
    m.add_function(wrap_pyfunction!(lab::zgame_p_structure, m)?)?;
    m.add_function(wrap_pyfunction!(stored::zgame_stats, m)?)?;
    m.add_function(wrap_pyfunction!(stored::data_record, m)?)?;
    m.add_function(wrap_pyfunction!(stored::store_list, m)?)?;
    m.add_function(wrap_pyfunction!(stored::store_verify, m)?)?;
    m.add_function(wrap_pyfunction!(prove::prove, m)?)?;
    m.add_function(wrap_pyfunction!(prove::theorems, m)?)?;
    m.add_function(wrap_pyfunction!(stored::store_table, m)?)?;
    m.add_function(wrap_pyfunction!(figures::figure, m)?)?;
    m.add_function(wrap_pyfunction!(figures::render_png, m)?)?;
    Ok(())
}
