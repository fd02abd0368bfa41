//! The research notes published with zecklab (`docs/research/`), built into the program, and
//! their numbered statements: what `zecklab research` prints and the explorer's `/research`
//! pages serve. A statement is a paragraph that opens with its kind and number in bold
//! (`**Conjecture 3 (...).**`); its id, `conjecture-3`, is its anchor on the explorer's page.

use serde::Serialize;

use crate::AnswerError;

/// One research note: its name (the file's, without `.md`) and its Markdown.
#[derive(Clone, Copy, Debug)]
pub struct Note {
    /// The file's name without `.md`, as in `/research/NAME`.
    pub name: &'static str,
    /// The note's text.
    pub markdown: &'static str,
}

/// Every research note, in the order of the notes' own index.
pub const NOTES: &[Note] = &[
    Note { name: "proofs", markdown: include_str!("../../../docs/research/proofs.md") },
    Note { name: "opening", markdown: include_str!("../../../docs/research/opening.md") },
    Note { name: "player-two", markdown: include_str!("../../../docs/research/player-two.md") },
    Note { name: "record", markdown: include_str!("../../../docs/research/record.md") },
    Note { name: "random-games", markdown: include_str!("../../../docs/research/random-games.md") },
    Note {
        name: "ordered-and-black-hole",
        markdown: include_str!("../../../docs/research/ordered-and-black-hole.md"),
    },
    Note {
        name: "solver-performance",
        markdown: include_str!("../../../docs/research/solver-performance.md"),
    },
];

/// The notes' index (`docs/research/README.md`): what each holds and how they are written.
pub const INDEX: &str = include_str!("../../../docs/research/README.md");

/// The kinds of numbered statement, as they open their paragraphs.
pub const KINDS: &[&str] =
    &["Definition", "Lemma", "Theorem", "Corollary", "Proposition", "Conjecture", "Question"];

/// One numbered statement of a note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatementJson {
    /// Its anchor: the kind in lower case, a hyphen and the number (`conjecture-3`).
    pub id: String,
    /// `definition`, `lemma`, `theorem`, `corollary`, `proposition`, `conjecture` or `question`.
    pub kind: String,
    /// Its number within its kind.
    pub number: u32,
    /// The bold words that open it, without the final full stop (`Conjecture 3 (the parity law)`).
    pub heading: String,
}

/// One note: `zecklab research NAME --json` and `/api/research/NAME`.
#[derive(Clone, Debug, Serialize)]
pub struct NoteJson {
    /// The note's name.
    pub name: String,
    /// Its title (the first heading).
    pub title: String,
    /// Its numbered statements, in order.
    pub statements: Vec<StatementJson>,
}

/// Every note: `zecklab research --json` and `/api/research`.
#[derive(Clone, Debug, Serialize)]
pub struct ResearchJson {
    /// The notes, in the index's order.
    pub notes: Vec<NoteJson>,
}

/// The note named `name`.
///
/// # Errors
/// [`AnswerError::Invalid`] naming the notes there are, when none has that name.
pub fn find(name: &str) -> Result<&'static Note, AnswerError> {
    NOTES.iter().find(|n| n.name == name).ok_or_else(|| {
        let names: Vec<&str> = NOTES.iter().map(|n| n.name).collect();
        AnswerError::Invalid(format!(
            "no research note is named {}; the notes are {}",
            crate::number::shown(name),
            names.join(", ")
        ))
    })
}

/// The note `name` with its statements.
///
/// # Errors
/// As [`find`].
pub fn note(name: &str) -> Result<NoteJson, AnswerError> {
    find(name).map(note_json)
}

/// Every note with its statements.
pub fn research() -> ResearchJson {
    ResearchJson { notes: NOTES.iter().map(note_json).collect() }
}

fn note_json(note: &Note) -> NoteJson {
    NoteJson {
        name: note.name.to_string(),
        title: title(note.markdown),
        statements: statements(note.markdown),
    }
}

/// The text of a note's first heading.
pub fn title(markdown: &str) -> String {
    markdown.lines().find_map(|l| l.strip_prefix("# ")).unwrap_or("").trim().to_string()
}

/// The statement a paragraph's opening bold text names (`Theorem 7 (the pairing).`), if any:
/// its kind (in lower case) and number.
pub fn statement_of(bold: &str) -> Option<(String, u32)> {
    let mut words = bold.split_whitespace();
    let kind = words.next()?;
    if !KINDS.contains(&kind) {
        return None;
    }
    let digits: String = words.next()?.chars().take_while(char::is_ascii_digit).collect();
    let number = digits.parse().ok()?;
    Some((kind.to_lowercase(), number))
}

/// The numbered statements of a note: the paragraphs (a line after a blank one, outside code
/// blocks) that open with `**KIND N`.
pub fn statements(markdown: &str) -> Vec<StatementJson> {
    let mut found = Vec::new();
    let mut previous_blank = true;
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && previous_blank {
            if let Some(rest) = line.strip_prefix("**") {
                if let Some(end) = rest.find("**") {
                    let heading = rest[..end].trim().trim_end_matches('.').to_string();
                    if let Some((kind, number)) = statement_of(&heading) {
                        found.push(StatementJson { id: format!("{kind}-{number}"), kind, number, heading });
                    }
                }
            }
        }
        previous_blank = line.trim().is_empty();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_in_the_folder_is_built_in_and_the_index_names_each() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/research");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md") && name != "README.md")
            .map(|name| name.trim_end_matches(".md").to_string())
            .collect();
        on_disk.sort();
        let mut built_in: Vec<String> = NOTES.iter().map(|n| n.name.to_string()).collect();
        built_in.sort();
        assert_eq!(built_in, on_disk);
        for note in NOTES {
            assert!(INDEX.contains(&format!("`{}.md`", note.name)), "the index names {}", note.name);
            assert!(!title(note.markdown).is_empty(), "{} has a title", note.name);
        }
    }

    #[test]
    fn statements_are_found_with_their_ids_and_each_id_is_unique_within_its_note() {
        let text = "# T\n\n**Theorem 7 (the pairing).** Text.\n\n**Conjecture 3.** More\n**Theorem 9** is not at a paragraph's start.\n\n```\n**Question 1.** in code\n```\n\n**Remark 2.** not a kind\n";
        let found = statements(text);
        let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["theorem-7", "conjecture-3"]);
        assert_eq!(found[0].heading, "Theorem 7 (the pairing)");
        assert_eq!(found[1].number, 3);
        for note in NOTES {
            let mut ids: Vec<String> = statements(note.markdown).into_iter().map(|s| s.id).collect();
            let count = ids.len();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "{}: an id is used twice", note.name);
        }
        // The mathematical notes number their statements; the engineering note has none.
        assert!(note("player-two").unwrap().statements.iter().any(|s| s.id == "conjecture-2"));
        assert!(note("random-games").unwrap().statements.iter().any(|s| s.id == "theorem-7"));
        assert!(note("solver-performance").unwrap().statements.is_empty());
    }

    #[test]
    fn an_unknown_note_is_refused_naming_the_notes() {
        let e = note("nonesuch").unwrap_err();
        assert!(e.message().contains("player-two"), "{e}");
    }
}
