//! Progress bars for long work, on stderr. indicatif draws them only when stderr is a terminal,
//! so piped or redirected runs stay quiet.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar counting `total` items of `unit` (e.g. "positions"), labelled `label`.
pub fn bar(total: u64, unit: &str, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let template = format!("{{msg}} {{bar:40}} {{human_pos}}/{{human_len}} {unit} [{{elapsed}}/{{eta}}]");
    bar.set_style(ProgressStyle::with_template(&template).expect("valid template"));
    bar.set_message(label.to_string());
    bar
}

/// A spinner for work of unknown length, labelled `label`.
pub fn spinner(label: &str) -> ProgressBar {
    let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    spinner.set_style(ProgressStyle::with_template("{spinner} {msg} [{elapsed}]").expect("valid template"));
    spinner.set_message(label.to_string());
    spinner.enable_steady_tick(Duration::from_millis(120));
    spinner
}
