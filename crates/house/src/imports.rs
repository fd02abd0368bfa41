//! The import graph between a crate's source files: each file is a module (`src/a/b.rs` and
//! `src/a/b/mod.rs` are `a::b`), and every path that starts with `crate::`, `super::` or `self::`
//! (in `use` lines, grouped or not, in code, and in attribute strings) is an edge from the file
//! it is written in to the deepest module the path names. A name a module re-exports (`pub use`)
//! is followed to the module it comes from. Edges between a module and its own ancestors or
//! descendants are left out: a parent may use its children and a child its parent's items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["zgame", "layered"]`); the root is empty.
pub type Module = Vec<String>;

/// Text without its comments (`//` to the end of a line, doc comments included), and without its
/// test module: everything from the first `#[cfg(test)]` on, where by this workspace's habit a
/// file's tests begin.
pub(crate) fn without_comments(text: &str) -> String {
    strip_comments(text.split("#[cfg(test)]").next().unwrap_or(""))
}

/// Text without its comments (`//` to the end of a line; doc comments are comments too). A `//`
/// inside a string literal (a URL in a message) is not a comment.
pub fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| {
            let mut in_string = false;
            let bytes = line.as_bytes();
            let mut end = line.len();
            let mut i = 0;
            while i + 1 < bytes.len() {
                match bytes[i] {
                    b'\\' if in_string => i += 1,
                    b'"' => in_string = !in_string,
                    b'/' if !in_string && bytes[i + 1] == b'/' => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
            &line[..end]
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn identifier(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The paths of a use tree that starts at `text` (just after a prefix's `::`), each as its
/// segments after `base`: `a::{b, c::d}` gives `a::b` and `a::c::d`; `*` and `self` give the
/// path up to them.
fn use_tree(text: &str, base: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let trimmed = text.trim_start();
    let skipped = text.len() - trimmed.len();
    if let Some(group) = trimmed.strip_prefix('{') {
        let mut at = 0;
        loop {
            let rest = &group[at..];
            let item = rest.trim_start();
            at += rest.len() - item.len();
            if item.starts_with('}') || item.is_empty() {
                return skipped + 1 + at + 1;
            }
            at += use_tree(&group[at..], base, out);
            let rest = group[at..].trim_start();
            at = group.len() - rest.len();
            if let Some(after) = rest.strip_prefix(',') {
                at = group.len() - after.len();
            }
        }
    }
    if trimmed.starts_with('*') {
        out.push(base.to_vec());
        return skipped + 1;
    }
    let name = identifier(trimmed);
    if name.is_empty() {
        out.push(base.to_vec());
        return skipped;
    }
    let after = &trimmed[name.len()..];
    if name == "self" {
        out.push(base.to_vec());
        return skipped + name.len();
    }
    let mut path = base.to_vec();
    path.push(name.to_string());
    match after.strip_prefix("::") {
        Some(rest) => skipped + name.len() + 2 + use_tree(rest, &path, out),
        None => {
            out.push(path);
            skipped + name.len()
        }
    }
}

/// Every path in `text` that starts with `crate::`, `super::` (repeated) or `self::`, made
/// absolute from `module`.
fn paths_in(text: &str, module: &Module) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for prefix in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(prefix) {
            // `foo_crate::x` is not `crate::x`, and a `super::` after `super::` was counted with it.
            let before = &text[..at];
            if before.ends_with(|c: char| c.is_alphanumeric() || c == '_') || before.ends_with("::") {
                continue;
            }
            let mut base: Vec<String> = match prefix {
                "crate::" => Vec::new(),
                "self::" => module.clone(),
                _ => module[..module.len().saturating_sub(1)].to_vec(),
            };
            let mut rest = &text[at + prefix.len()..];
            if prefix == "super::" {
                while let Some(more) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = more;
                }
            }
            use_tree(rest, &base, &mut paths);
        }
    }
    paths
}

/// The names a module's file re-exports with `pub use` (or `pub(...) use`) paths that start
/// with `self::`, `super::`, `crate::` or one of its children: name to absolute path.
fn reexports(
    text: &str,
    module: &Module,
    modules: &BTreeMap<Module, PathBuf>,
) -> BTreeMap<String, Vec<String>> {
    let mut names = BTreeMap::new();
    for statement in text.split(';') {
        let statement = statement.trim();
        let Some(tree) = statement
            .strip_prefix("pub use ")
            .or_else(|| statement.strip_prefix("pub(crate) use "))
            .or_else(|| statement.strip_prefix("pub(super) use "))
        else {
            continue;
        };
        let mut paths = paths_in(tree, module);
        // `pub use child::Name;` names a child module without a prefix.
        let first = identifier(tree.trim_start());
        let mut child = module.clone();
        child.push(first.to_string());
        if modules.contains_key(&child) {
            use_tree(tree, module, &mut paths);
        }
        for path in paths {
            if let Some(name) = path.last() {
                names.insert(name.clone(), path);
            }
        }
    }
    names
}

/// The modules of the crate whose sources are in `src`, each with its file.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    crate::rust_files(src)
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(src).ok()?;
            let mut module: Module =
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let last = module.pop()?;
            match last.as_str() {
                "mod.rs" => {}
                "lib.rs" | "main.rs" if module.is_empty() => {}
                // A binary of its own (`src/bin/x.rs`) is another crate.
                _ if module.first().is_some_and(|m| m == "bin") => return None,
                name => module.push(name.trim_end_matches(".rs").to_string()),
            }
            Some((module, file))
        })
        .collect()
}

/// The edges between the crate's source files: module to the modules it depends on.
pub fn import_graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(src);
    let texts: BTreeMap<&Module, String> = modules
        .iter()
        .map(|(m, file)| (m, without_comments(&std::fs::read_to_string(file).unwrap_or_default())))
        .collect();
    let exports: BTreeMap<&Module, BTreeMap<String, Vec<String>>> =
        texts.iter().map(|(m, text)| (*m, reexports(text, m, &modules))).collect();
    // The deepest module a path names, following re-exports of the name after it.
    let resolve = |path: &[String]| -> Module {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let depth = (0..=path.len()).rev().find(|&d| modules.contains_key(&path[..d])).unwrap_or(0);
            let module = path[..depth].to_vec();
            let followed = path.get(depth).and_then(|name| exports.get(&module)?.get(name));
            match followed {
                Some(next) if next.as_slice() != path.as_slice() => path = next.clone(),
                _ => return module,
            }
        }
        path
    };
    let related = |a: &Module, b: &Module| a.starts_with(b) || b.starts_with(a);
    texts
        .iter()
        .map(|(module, text)| {
            let targets = paths_in(text, module)
                .iter()
                .map(|path| resolve(path))
                .filter(|target| !related(module, target) && modules.contains_key(target))
                .collect();
            ((*module).clone(), targets)
        })
        .collect()
}

/// The circles of the graph: its strongly connected components of more than one module, each
/// as its modules' names (`crate` for the root).
pub(crate) fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    // Tarjan's algorithm, iterative over a numbering of the modules.
    let nodes: Vec<&Module> = graph.keys().collect();
    let number: BTreeMap<&Module, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let edges: Vec<Vec<usize>> =
        nodes.iter().map(|m| graph[*m].iter().filter_map(|t| number.get(t).copied()).collect()).collect();
    let n = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut found) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*child) {
                *child += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    let mut names: Vec<String> = component
                        .iter()
                        .map(|&i| if nodes[i].is_empty() { "crate".into() } else { nodes[i].join("::") })
                        .collect();
                    names.sort();
                    found.push(names);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(path: &str) -> Module {
        path.split("::").map(str::to_string).collect()
    }

    #[test]
    fn use_trees_give_every_path() {
        let mut out = Vec::new();
        use_tree("a::{b, c::{d, e}, self, f::*};", &[], &mut out);
        let got: Vec<String> = out.iter().map(|p| p.join("::")).collect();
        assert_eq!(got, ["a::b", "a::c::d", "a::c::e", "a", "a::f"]);
        let paths = paths_in("use super::super::x::Y; let z = crate::q::r();", &module("a::b::c"));
        let got: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
        assert_eq!(got, ["q::r", "a::x::Y"]);
    }

    /// A circle between two sibling files is found, through a parent's re-export too; a parent
    /// and its child using each other is not a circle.
    #[test]
    fn circles_between_siblings_are_found() {
        let dir = std::env::temp_dir().join(format!("zecklab-house-{}", std::process::id()));
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("p")).unwrap();
        std::fs::write(src.join("lib.rs"), "mod p;\npub use p::A;\n").unwrap();
        std::fs::write(src.join("p/mod.rs"), "mod a;\nmod b;\npub use self::a::A;\npub fn f() { b::g() }\n")
            .unwrap();
        std::fs::write(src.join("p/a.rs"), "use super::f;\npub struct A;\n").unwrap();
        std::fs::write(src.join("p/b.rs"), "use super::A;\npub fn g() {}\n").unwrap();
        assert!(circles(&import_graph(&src)).is_empty());
        std::fs::write(src.join("p/a.rs"), "use super::b::g;\npub struct A;\n// crate::p::b\n").unwrap();
        assert_eq!(circles(&import_graph(&src)), [vec!["p::a".to_string(), "p::b".to_string()]]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
