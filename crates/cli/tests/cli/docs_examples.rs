//! Every example of the README and the user guide (`docs/guide/`) runs as written, so none goes
//! stale. An example is a line of a ```sh block that runs `zecklab` (alone, in a pipeline, or
//! under a launcher such as `mpirun`); a page's examples run in order in one fresh directory with
//! one fresh store, so that an example may read what an earlier one wrote. One marked `[long]`
//! (minutes of work, or a game that waits for its player), or run under a launcher, is given to
//! the command line with `ZECKLAB_PARSE_ONLY` set: its arguments must be accepted, and nothing
//! runs. The research notes' commands (`docs/research/`, in any fenced block) are all parsed that
//! way: they reproduce hours of computation.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One example: its line on its page, the shell text, and how it is tried.
struct Example {
    line: usize,
    text: String,
    long: bool,
    launched: bool,
}

/// The examples of one Markdown page, with continuation lines (`\` at the end) joined.
fn examples(page: &Path) -> Vec<Example> {
    examples_in(page, |fence| fence == "```sh")
}

/// The examples of the fenced blocks of one page whose opening fence `is_example` accepts.
fn examples_in(page: &Path, is_example: impl Fn(&str) -> bool) -> Vec<Example> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut found = Vec::new();
    let mut in_sh = false;
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && is_example(trimmed.trim_end());
            continue;
        }
        if !in_sh {
            continue;
        }
        let (start, joined) = match pending.take() {
            Some((start, so_far)) => (start, format!("{so_far} {}", trimmed)),
            None => (i + 1, trimmed.to_string()),
        };
        if let Some(head) = joined.strip_suffix('\\') {
            pending = Some((start, head.trim_end().to_string()));
            continue;
        }
        let (command, comment) = match joined.split_once(" #") {
            Some((command, comment)) => (command.trim_end().to_string(), comment.to_string()),
            None => (joined.clone(), String::new()),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        let is_zecklab = |w: &&str| *w == "zecklab" || w.ends_with("/zecklab");
        // Run: `zecklab ...`, or a pipeline feeding it. Launched: `mpirun -np 2 .../zecklab ...`,
        // `srun ... zecklab ...`, `RAYON_NUM_THREADS=1 zecklab ...`. (`cargo run -p zecklab`
        // is a build, not an example of zecklab.)
        let Some(&first) = words.first() else { continue };
        let direct = first == "zecklab" || (first == "seq" && command.contains("| zecklab "));
        let launcher = ["mpirun", "mpiexec", "srun"].contains(&first) || first.contains('=');
        let launched = !direct && launcher && words.iter().any(is_zecklab);
        if !direct && !launched {
            continue;
        }
        found.push(Example { line: start, text: command, long: comment.contains("[long]"), launched });
    }
    found
}

/// The pages: the README and every page of the user guide.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// Runs one example through the shell, `zecklab` on the PATH, in `dir` with its own store.
fn run(example: &Example, dir: &Path) -> std::process::Output {
    let binary = Path::new(env!("CARGO_BIN_EXE_zecklab"));
    let path =
        format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let mut text = example.text.clone();
    if example.launched {
        // `mpirun -np 2 target/release/zecklab zgame ...`: the zecklab part alone.
        let at = text.find("zecklab ").unwrap();
        text = format!("zecklab {}", &text[at + "zecklab ".len()..]);
    }
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(&text)
        .current_dir(dir)
        .env("PATH", path)
        .env("ZECKLAB_STORE", dir.join("store"))
        .stdin(Stdio::null());
    if example.long || example.launched {
        command.env("ZECKLAB_PARSE_ONLY", "1");
    }
    command.output().unwrap()
}

#[test]
fn every_example_of_the_readme_and_the_guide_runs() {
    let pages = pages();
    assert!(pages.len() >= 10, "the guide's pages are found: {pages:?}");
    let mut ran = 0;
    let mut parsed = 0;
    let mut failures = Vec::new();
    for page in &pages {
        let dir = std::env::temp_dir().join(format!(
            "zecklab-docs-{}-{}",
            std::process::id(),
            page.file_stem().unwrap().to_string_lossy()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("store")).unwrap();
        for example in examples(page) {
            let out = run(&example, &dir);
            if example.long || example.launched {
                parsed += 1;
            } else {
                ran += 1;
            }
            if !out.status.success() {
                failures.push(format!(
                    "{}:{}: `{}` exited with {:?}: {}",
                    page.display(),
                    example.line,
                    example.text,
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The examples were found: most run, some only parsed.
    assert!(ran >= 40 && parsed >= 5, "ran {ran}, parsed {parsed}");
}

#[test]
fn every_command_of_the_research_notes_is_accepted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/research");
    let mut notes: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    notes.sort();
    let dir = std::env::temp_dir().join(format!("zecklab-docs-research-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("store")).unwrap();
    let mut parsed = 0;
    let mut failures = Vec::new();
    for note in &notes {
        for mut example in examples_in(note, |fence| fence.starts_with("```")) {
            example.long = true;
            parsed += 1;
            let out = run(&example, &dir);
            if !out.status.success() {
                failures.push(format!(
                    "{}:{}: `{}`: {}",
                    note.display(),
                    example.line,
                    example.text,
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(notes.len() >= 7 && parsed >= 30, "{} notes, {parsed} commands", notes.len());
}

#[test]
fn a_broken_example_is_caught() {
    let dir = std::env::temp_dir().join(format!("zecklab-docs-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("page.md");
    std::fs::write(
        &page,
        "text\n\n```sh\nzecklab repr 5   # fine\nzecklab zgame solve --no-such-flag   # [long] parsed, refused\nzecklab repr -3\n```\n",
    )
    .unwrap();
    let found = examples(&page);
    assert_eq!(found.len(), 3);
    assert!(run(&found[0], &dir).status.success());
    assert!(found[1].long && !run(&found[1], &dir).status.success(), "a long example is still parsed");
    assert!(!run(&found[2], &dir).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's count of the quick theorem checks is the number `verify --quick` runs.
#[test]
fn the_readme_counts_the_quick_checks() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    let quick = zecklab_verify::checks(zecklab_verify::Level::Quick).len();
    assert!(
        readme.contains(&format!("runs {quick} theorem checks")),
        "the README should say it runs {quick} checks"
    );
}
