//! The puzzle kernel's layers, read from its source: the shared words
//! (`vocab.rs`, `error.rs`) name nothing above them; the model, text form,
//! exact search, ladder, Bimaru solver and QUBO (the base) name no family and
//! nothing built on the families; `family/` (what a family is) names no family
//! and not the drafting kit; `draft/` (the drafting kit) names no family; a
//! family's folder names no other family, neither the `Puzzle` enum that lists
//! them nor the editor, renderer, generator, setter or data sets; the
//! setter is generic, naming no family's module and matching no `Puzzle`
//! variant (each family brings its own clues and repair edits). A parent
//! module may name its own children. Comments, strings and test modules are
//! not read.

use std::collections::BTreeMap;
use std::path::Path;

/// Modules built on the families (or the families themselves): the base never names them.
const ABOVE_THE_BASE: &[&str] = &[
    "family", "draft", "families", "edit", "render", "generate", "setter", "data",
];

/// Modules built on the drafting kit (the families and what stands on them),
/// which neither `family/` nor `draft/` names.
const ABOVE_THE_DRAFTS: &[&str] = &["families", "edit", "render", "generate", "setter", "data"];

/// Modules built on the families, which a family never names.
const ABOVE_THE_FAMILIES: &[&str] = &["edit", "render", "generate", "setter", "data"];

/// The base: what the families stand on.
const BASE: &[&str] = &[
    "model",
    "text",
    "exact",
    "deduce",
    "battleship",
    "qubo",
    "regions",
    "region_colours",
];

/// The code of a file without comments, string and char literals, and its test module.
fn code(text: &str) -> String {
    let body = text.split("\n#[cfg(test)]").next().unwrap_or("");
    let mut out = String::with_capacity(body.len());
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            // A char literal ('x', '\n'); a lifetime ('a) has no closing quote.
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            '\'' if chars.get(i + 1) == Some(&'\\') => {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The module path of a source file under `src/` ("puzzle/families/queens/mod.rs" → puzzle, families, queens).
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file.trim_end_matches(".rs").split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The heads of a path tail after `crate::puzzle::` or `super::`: one name, or
/// each first name inside a `{...}` group.
fn heads(rest: &str) -> Vec<(String, String)> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 1;
        let mut items = Vec::new();
        let mut cur = String::new();
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 1 => {
                    items.push(std::mem::take(&mut cur));
                    continue;
                }
                _ => {}
            }
            if depth == 0 {
                items.push(std::mem::take(&mut cur));
                break;
            }
            cur.push(c);
        }
        items
            .iter()
            .map(|i| i.trim())
            .filter(|i| !i.is_empty() && *i != "self")
            .map(|i| {
                let name: String = i.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                (name, i[i.find("::").map_or(i.len(), |k| k + 2)..].to_string())
            })
            .collect()
    } else {
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let after = &rest[name.len()..];
        let tail = after.strip_prefix("::").unwrap_or("");
        vec![(name, tail.to_string())]
    }
}

/// Every module path (under `puzzle`) a file's code names, with `super::`
/// resolved and the root's re-exports followed to their module.
fn named(file: &str, code: &str, root_items: &BTreeMap<String, String>) -> Vec<Vec<String>> {
    let here = module_of(file);
    let mut out = Vec::new();
    let mut push = |mut path: Vec<String>, name: String, tail: &str| {
        if path == ["puzzle"]
            && let Some(m) = root_items.get(&name)
        {
            path.push(m.clone());
            out.push(path);
            return;
        }
        path.push(name.clone());
        // One level deeper when the tail names a module (families::queens::Queens).
        let next: String = tail.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !next.is_empty() && next.chars().next().is_some_and(char::is_lowercase) {
            path.push(next);
        }
        out.push(path);
    };
    for (k, _) in code.match_indices("crate::puzzle::") {
        for (name, tail) in heads(&code[k + "crate::puzzle::".len()..]) {
            push(vec!["puzzle".to_string()], name, &tail);
        }
    }
    let mut from = 0;
    while let Some(k) = code[from..].find("super::") {
        let start = from + k;
        let before = code[..start].chars().next_back();
        from = start + "super::".len();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue; // counted with the `super::` before it
        }
        let mut base = here.clone();
        base.pop();
        let mut rest = &code[from..];
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        for (name, tail) in heads(rest) {
            push(base.clone(), name, &tail);
        }
    }
    out
}

/// Why `file` may not name `target` (both module paths starting at `puzzle`), if it may not.
fn broken_rule(here: &[String], target: &[String]) -> Option<&'static str> {
    let top = |p: &[String]| p.get(1).cloned().unwrap_or_default();
    if target.starts_with(here) {
        return None; // a module and its own children
    }
    let (from, to) = (top(here), top(target));
    match from.as_str() {
        "vocab" if !to.is_empty() => Some("the shared words name no puzzle module"),
        "error" if !to.is_empty() && to != "vocab" => Some("the errors name only the shared words"),
        f if BASE.contains(&f) && ABOVE_THE_BASE.contains(&to.as_str()) => {
            Some("the base names no family and nothing built on the families")
        }
        "family" if to == "draft" || ABOVE_THE_DRAFTS.contains(&to.as_str()) => {
            Some("what a family is names no family and not the drafting kit")
        }
        "draft" if ABOVE_THE_DRAFTS.contains(&to.as_str()) => Some("the drafting kit names no family"),
        "families" if here.len() >= 3 => {
            if to == "families" && target.get(2) != here.get(2) {
                Some("a family names no other family and not the list of them")
            } else if ABOVE_THE_FAMILIES.contains(&to.as_str()) {
                Some("a family names nothing built on the families")
            } else {
                None
            }
        }
        "setter" if to == "families" && target.len() >= 3 => Some("the setter is generic: it names no family"),
        _ => None,
    }
}

/// The `Puzzle::Variant` patterns and paths in a setter file's code (the
/// setter asks the puzzle, never matches on its family).
fn variant_uses(file: &str, code: &str) -> Vec<String> {
    if module_of(file).get(1).is_none_or(|m| m != "setter") {
        return Vec::new();
    }
    code.match_indices("Puzzle::")
        .filter(|(k, _)| {
            let before = code[..*k].chars().next_back();
            let after = code[k + "Puzzle::".len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.is_some_and(char::is_uppercase)
        })
        .map(|(k, _)| {
            let name: String = code[k..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            format!("{file} names {name}: the setter is generic: it matches no family")
        })
        .collect()
}

/// The broken rules of one file's code, in words.
fn violations(file: &str, text: &str, root_items: &BTreeMap<String, String>) -> Vec<String> {
    let here = module_of(file);
    let code = code(text);
    let mut out: Vec<String> = named(file, &code, root_items)
        .into_iter()
        .filter_map(|t| broken_rule(&here, &t).map(|why| format!("{file} names {}: {why}", t.join("::"))))
        .collect();
    out.extend(variant_uses(file, &code));
    out
}

/// The items `puzzle/mod.rs` re-exports, by the module that holds them.
fn root_items(root: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code(root).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        let items = items.trim_end_matches(';').trim_matches(['{', '}']);
        for item in items.split(',') {
            let name = item.split(" as ").last().unwrap_or("").trim();
            out.insert(name.to_string(), module.trim().to_string());
        }
    }
    out
}

fn rust_files(dir: &Path, src: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, src, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn the_puzzle_kernel_keeps_its_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let roots = root_items(&std::fs::read_to_string(src.join("puzzle/mod.rs")).unwrap());
    let mut files = Vec::new();
    rust_files(&src.join("puzzle"), &src, &mut files);
    files.sort();
    assert!(files.len() > 40, "the puzzle kernel's files are read: {files:?}");
    let broken: Vec<String> = files
        .iter()
        .flat_map(|f| violations(f, &std::fs::read_to_string(src.join(f)).unwrap(), &roots))
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The reader itself: each kind of import that breaks a layer is caught, and
/// the allowed ones (a parent's own child, comments, strings) are not.
#[test]
fn the_layer_check_catches_a_base_module_importing_a_family() {
    let roots = root_items("pub use families::{FAMILIES, Puzzle};\npub use model::CountSpec;\n");
    let broken = |file: &str, text: &str| violations(file, text, &roots);
    assert_eq!(
        broken("puzzle/model.rs", "use crate::puzzle::families::queens::Queens;").len(),
        1
    );
    assert_eq!(
        broken("puzzle/model.rs", "use super::families::queens::Queens;").len(),
        1
    );
    assert_eq!(
        broken("puzzle/text.rs", "use crate::puzzle::{model::Cell, edit::Tool};").len(),
        1
    );
    assert_eq!(
        broken("puzzle/deduce/rules.rs", "use super::super::setter::lens;").len(),
        1
    );
    assert_eq!(broken("puzzle/exact.rs", "fn f(p: &crate::puzzle::Puzzle) {}").len(), 1);
    assert_eq!(
        broken("puzzle/vocab.rs", "use crate::puzzle::model::CountSpec;").len(),
        1
    );
    assert_eq!(
        broken("puzzle/family/rules.rs", "use crate::puzzle::families::Puzzle;").len(),
        1
    );
    assert_eq!(
        broken("puzzle/families/binary/mod.rs", "use super::queens::Wrap;").len(),
        1
    );
    assert_eq!(broken("puzzle/families/binary/mod.rs", "use super::Puzzle;").len(), 1);
    assert_eq!(
        broken("puzzle/families/tents/mod.rs", "use crate::puzzle::edit::toggle;").len(),
        1
    );
    assert!(broken("puzzle/families/queens/dlx.rs", "use super::{NO_REGION, Queens};").is_empty());
    assert!(
        broken(
            "puzzle/families/queens/mod.rs",
            "mod dlx; use dlx::solve; use crate::puzzle::model::Cell;"
        )
        .is_empty()
    );
    assert!(
        broken(
            "puzzle/model.rs",
            "// use crate::puzzle::families::queens::Queens;\nlet s = \"crate::puzzle::edit\";"
        )
        .is_empty()
    );
    assert!(broken("puzzle/model.rs", "use crate::puzzle::CountSpec;").is_empty());
    assert_eq!(
        broken(
            "puzzle/setter/repair.rs",
            "use crate::puzzle::families::queens::Queens;"
        )
        .len(),
        1
    );
    assert_eq!(
        broken(
            "puzzle/setter/clues.rs",
            "match p { Puzzle::Tents(t) => t.rows, _ => 0 }"
        )
        .len(),
        1
    );
    assert!(
        broken(
            "puzzle/setter/repair.rs",
            "use crate::puzzle::{ExactRequest, Puzzle}; fn f(p: &Puzzle) { Puzzle::parse(\"\"); }"
        )
        .is_empty()
    );
    assert!(broken("puzzle/families/mod.rs", "Puzzle::Tents(t) => t.rows,").is_empty());
    assert_eq!(
        broken("puzzle/draft/search.rs", "use crate::puzzle::families::Puzzle;").len(),
        1
    );
    assert_eq!(broken("puzzle/draft/mod.rs", "use crate::puzzle::Puzzle;").len(), 1);
    assert_eq!(
        broken("puzzle/family/generator.rs", "use crate::puzzle::draft::Drafter;").len(),
        1
    );
    assert_eq!(
        broken(
            "puzzle/families/queens/draft.rs",
            "use crate::puzzle::generate::RegionShape;"
        )
        .len(),
        1
    );
    assert!(
        broken(
            "puzzle/families/queens/draft.rs",
            "use super::Queens; use crate::puzzle::draft::{Drafter, regions::RegionShape};"
        )
        .is_empty()
    );
    assert!(broken("puzzle/edit.rs", "use crate::puzzle::families::queens::Queens;").is_empty());
}
