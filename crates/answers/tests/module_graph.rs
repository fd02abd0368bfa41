//! The modules of this crate form no circle: no module depends, directly or through others, on
//! a module that depends on it. Every path that starts with `crate::` or `super::` counts, in
//! `use` lines (grouped or not), in code, and in attribute strings such as
//! `serialize_with = "crate::decimal::decimal"`; a name that `lib.rs` re-exports counts as the
//! module it comes from.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use zecklab_house::strip_comments as without_comments;

fn identifier(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The first names of every path after `prefix` (`crate::`): `crate::a::B` gives `a`,
/// `crate::{a::B, c}` gives `a` and `c`.
fn first_names(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        // `foo_crate::x` is not `crate::x`.
        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = text[at + prefix.len()..].trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            // The items of the group at its own depth, each up to its first `::`, `,` or `}`.
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        let name = identifier(&group[i..]);
                        if !name.is_empty() {
                            names.push(name.to_string());
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let name = identifier(rest);
            if !name.is_empty() {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// Each module's dependencies on the crate's other modules.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let lib = without_comments(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for line in lib.lines().map(str::trim) {
        let line = line.trim_start_matches("pub ").trim_end_matches(';');
        if let Some(name) = line.strip_prefix("mod ") {
            modules.insert(name.trim().to_string());
        } else if let Some(path) = line.strip_prefix("use ") {
            // `use error::AnswerError` and `use error::{A, B}`: each name stands for `error`.
            let path = path.trim_start_matches("crate::").trim_start_matches("self::");
            if let Some((module, names)) = path.split_once("::") {
                for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
                    let name = name.split(" as ").last().unwrap().trim();
                    reexports.insert(name.to_string(), module.to_string());
                }
            }
        }
    }
    assert!(modules.len() > 5, "lib.rs declares the crate's modules: {modules:?}");
    let mut graph = BTreeMap::new();
    for module in &modules {
        let file = src.join(format!("{module}.rs"));
        let file = if file.exists() { file } else { src.join(module).join("mod.rs") };
        let text = without_comments(&std::fs::read_to_string(&file).unwrap());
        // `super::` names the crate root in the module's own code, and the module itself inside
        // its nested modules (its tests).
        let nested = text.find("\nmod ").or_else(|| text.find("\n    mod ")).unwrap_or(text.len());
        let mut names = first_names(&text, "crate::");
        names.extend(first_names(&text[..nested], "super::"));
        let deps: BTreeSet<String> = names
            .into_iter()
            .filter_map(
                |name| {
                    if modules.contains(&name) {
                        Some(name)
                    } else {
                        reexports.get(&name).cloned()
                    }
                },
            )
            .filter(|dep| dep != module)
            .collect();
        graph.insert(module.clone(), deps);
    }
    graph
}

/// A circle in `graph`, if there is one, as the modules along it.
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = path.iter().position(|m| m == next).unwrap();
                    let mut circle = path[from..].to_vec();
                    circle.push(next.clone());
                    return Some(circle);
                }
                Mark::New => {
                    if let Some(circle) = visit(next, graph, marks, path) {
                        return Some(circle);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if marks.get(node).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(circle) = visit(node, graph, &mut marks, &mut Vec::new()) {
                return Some(circle);
            }
        }
    }
    None
}

#[test]
fn the_crates_modules_form_no_circle() {
    let graph = module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    // The scan sees the dependencies that are there, so that an empty graph cannot pass.
    assert!(graph["family"].contains("zgame") && graph["family"].contains("variant"), "{graph:?}");
    assert!(graph["lengths"].contains("decimal") && graph["lengths"].contains("error"), "{graph:?}");
    if let Some(circle) = find_circle(&graph) {
        panic!("the modules of zecklab-answers form a circle: {}", circle.join(" -> "));
    }
}

#[test]
fn the_scan_reads_every_form_of_path_and_finds_circles() {
    let text = "use crate::{a::B, c::{D, E}, f};\nuse crate::g::H;\n#[serde(with = \"crate::h::x\")]\nlet x = other_crate::z;";
    assert_eq!(first_names(text, "crate::"), ["a", "c", "f", "g", "h"]);
    assert_eq!(
        without_comments("let a = 1; // crate::b\nlet s = \"http://x\";"),
        "let a = 1; \nlet s = \"http://x\";"
    );
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    assert_eq!(find_circle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    let circle = find_circle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])).unwrap();
    assert_eq!(circle.first(), circle.last());
    assert_eq!(circle.len(), 4);
}
