//! `zecklab research`: the research notes built into the program, and their numbered
//! statements (what the explorer's `/research` pages link to).

use clap::Args;
use zecklab_answers::research;

use crate::output::Out;

#[derive(Args, Debug)]
pub struct ResearchArgs {
    /// A note's name (as `player-two`); without it, every note.
    name: Option<String>,
    /// Print the note's text (Markdown) rather than its statements.
    #[arg(long, requires = "name", conflicts_with = "json")]
    text: bool,
    /// Print one JSON object: a note's {"name", "title", "statements": [{"id", "kind", "number",
    /// "heading"}]}, or {"notes": [...]} for every note.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ResearchArgs) -> anyhow::Result<()> {
    let mut out = Out::new();
    let Some(name) = args.name.as_deref() else {
        let all = research::research();
        if args.json {
            out.json(&all)?;
        } else {
            for note in &all.notes {
                out.line(format!("{:<24} {} ({} statements)", note.name, note.title, note.statements.len()))?;
            }
        }
        return Ok(out.flush()?);
    };
    if args.text {
        let note = research::find(name)?;
        out.line(note.markdown.trim_end())?;
        return Ok(out.flush()?);
    }
    let note = research::note(name)?;
    if args.json {
        out.json(&note)?;
    } else {
        out.line(&note.title)?;
        for s in &note.statements {
            out.line(format!("  {:<16} {}", s.id, s.heading))?;
        }
    }
    Ok(out.flush()?)
}
