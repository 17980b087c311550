//! The shape of the source tree (docs/architecture.md): no import circle
//! between files or between folders, and no import up a layer. It reads
//! `src/` as text: `use` items (groups, renames and globs included) and
//! paths written inline (`crate::…`, `super::…`, `self::…`, a child
//! module's name, or a name a `use` brought in), each resolved to the file
//! that declares it. A failure names the circle or the upward import.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A module as the path the crate names it by: `["games", "tiles"]`.
type Module = Vec<String>;

/// The layers from the bottom: a module may import its own layer and those
/// below. The longest prefix that matches a module gives its layer; a
/// prefix ending in `$` matches that module alone.
const LAYERS: &[(&str, u8)] = &[
    // Ids and rules: the trait, records, bots, the protocol; no Bevy.
    ("ids", 0),
    ("rules", 0),
    ("wire", 0),
    ("replay::file", 0),
    ("replay::clock", 0),
    // Each game's rules core.
    ("games::tiles::engine", 1),
    ("games::bidding::engine", 1),
    ("games::betting::engine", 1),
    ("games::wargame::engine", 1),
    // Every game by its id.
    ("games::registry", 2),
    // The session and the app's states.
    ("app_systems", 3),
    ("game_log", 3),
    ("session", 3),
    ("screens", 3),
    ("menus", 3),
    ("settings", 3),
    ("replay", 3),
    ("play_online", 3),
    ("audio", 3),
    // Each game's table, and the widgets and screens the tables share.
    ("games", 4),
    ("ui", 4),
    // The app: composition and the browser's page, and what a window
    // needs before it opens.
    ("$", 5),
    ("first_start", 5),
    ("games$", 5),
    ("web", 5),
    // The browser's file dialogs, which screens and the picker open.
    ("web_files", 3),
    // Drivers with no window: the command line, the server, the outside
    // players.
    ("cli", 6),
    ("online", 6),
    ("population", 6),
];

/// Imports allowed although they break a rule, each with its reason.
const EXCEPTIONS: &[(&str, &str, &str)] = &[];

/// One file of the crate: its module, its text without comments and
/// literals, and the modules it declares (`mod x;` or inline `mod x { }`).
struct Source {
    module: Module,
    path: PathBuf,
    code: String,
}

fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_owned());
    }
    parts
}

fn sources(src: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && path.file_name().unwrap() != "main.rs" {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| Source {
            module: module_of(src, &path),
            code: strip(&std::fs::read_to_string(&path).unwrap()),
            path,
        })
        .collect()
}

/// The code without comments, strings and character literals (each
/// replaced by a space, lines kept), so that only paths in code are read.
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep_lines = |out: &mut String, from: &[char]| {
        for c in from {
            if *c == '\n' {
                out.push('\n');
            }
        }
        out.push(' ');
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            keep_lines(&mut out, &chars[start..i]);
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !ident_char(chars.get(i.wrapping_sub(1)))
        {
            // A raw string: r"…", r#"…"#.
            let start = i;
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            keep_lines(&mut out, &chars[start..j]);
            i = j;
        } else if c == '"' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            keep_lines(&mut out, &chars[start..i.min(chars.len())]);
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{..}'), not a lifetime.
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&j| chars[j] == '\'').map(|j| j + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.push(' ');
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The code as tokens: identifiers, `::` and single punctuation, each with
/// its line.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push((chars[start..i].iter().collect(), line));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push(("::".into(), line));
            i += 2;
        } else {
            tokens.push((c.to_string(), line));
            i += 1;
        }
    }
    tokens
}

/// The paths a `use` tree names, from the token after `use` to its `;`.
fn use_paths(tokens: &[(String, usize)], mut i: usize) -> (Vec<(Vec<String>, Option<String>)>, usize) {
    fn tree(
        tokens: &[(String, usize)],
        i: &mut usize,
        prefix: &[String],
        out: &mut Vec<(Vec<String>, Option<String>)>,
    ) {
        let mut path = prefix.to_vec();
        loop {
            let token = tokens[*i].0.as_str();
            match token {
                "{" => {
                    *i += 1;
                    loop {
                        if tokens[*i].0 == "}" {
                            *i += 1;
                            return;
                        }
                        tree(tokens, i, &path, out);
                        if tokens[*i].0 == "," {
                            *i += 1;
                        }
                    }
                }
                "*" => {
                    *i += 1;
                    out.push((path, None));
                    return;
                }
                "::" => *i += 1,
                "as" => {
                    let alias = tokens[*i + 1].0.clone();
                    *i += 2;
                    out.push((path, Some(alias)));
                    return;
                }
                "," | "}" | ";" => {
                    let alias = path.last().cloned().filter(|last| last != "self");
                    if path.last().is_some_and(|last| last == "self") {
                        path.pop();
                        let alias = path.last().cloned();
                        out.push((path, alias));
                    } else {
                        out.push((path, alias));
                    }
                    return;
                }
                name => {
                    path.push(name.to_owned());
                    *i += 1;
                }
            }
        }
    }
    let mut out = Vec::new();
    if tokens[i].0 == "::" {
        i += 1;
    }
    tree(tokens, &mut i, &[], &mut out);
    while tokens[i].0 != ";" {
        i += 1;
    }
    (out, i)
}

/// The crate paths `code` (of the file `module`) names, each made absolute
/// with the line it is on: its `use` items and the paths written inline
/// that start at `crate`, `self`, `super`, a child module of `modules`, or
/// a name a `use` brought in.
fn paths_named(module: &Module, code: &str, modules: &HashSet<Module>) -> Vec<(Module, usize)> {
    let tokens = tokens(code);
    let mut names: HashMap<String, Module> = HashMap::new();
    let mut found: Vec<(Module, usize)> = Vec::new();
    let absolute = |path: &[String], names: &HashMap<String, Module>, here: &Module| -> Option<Module> {
        let first = path.first()?.as_str();
        let mut full: Module = match first {
            "crate" => Vec::new(),
            "self" => here.clone(),
            "super" => {
                let mut base = here.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                return Some(base);
            }
            name => {
                let mut child = here.clone();
                child.push(name.to_owned());
                if modules.contains(&child) {
                    child.pop();
                    child
                } else {
                    let mut full = names.get(name)?.clone();
                    full.extend(path[1..].iter().cloned());
                    return Some(full);
                }
            }
        };
        let skip = usize::from(first == "crate" || first == "self");
        full.extend(path[skip..].iter().cloned());
        Some(full)
    };
    // Inline modules (`mod store { … }`) move `self` and `super`.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let (token, line) = (&tokens[i].0, tokens[i].1);
        match token.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|(_, at)| *at == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|(t, _)| t == "{") => {
                inline.push((tokens[i + 1].0.clone(), depth));
            }
            _ => {}
        }
        let here: Module = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        if token == "use" {
            let (paths, end) = use_paths(&tokens, i + 1);
            for (path, alias) in paths {
                if let Some(full) = absolute(&path, &names, &here) {
                    if let Some(alias) = alias {
                        names.insert(alias, full.clone());
                    }
                    found.push((full, line));
                }
            }
            i = end + 1;
            continue;
        }
        let starts_path = tokens.get(i + 1).is_some_and(|(t, _)| t == "::")
            && (i == 0 || tokens[i - 1].0 != "::")
            && token
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_');
        if starts_path {
            let mut path = vec![token.clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|(t, _)| t == "::")
                && tokens
                    .get(j + 1)
                    .is_some_and(|(t, _)| t.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_'))
            {
                path.push(tokens[j + 1].0.clone());
                j += 2;
            }
            if let Some(full) = absolute(&path, &names, &here) {
                found.push((full, line));
            }
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

/// An import of one file by another, where it is written.
#[derive(Debug, Clone)]
struct Import {
    from: usize,
    to: usize,
    line: usize,
}

/// The crate's files and every import between them.
struct Tree {
    sources: Vec<Source>,
    imports: Vec<Import>,
}

impl Tree {
    fn read() -> Tree {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let sources = sources(&src);
        let index: HashMap<Module, usize> = sources
            .iter()
            .enumerate()
            .map(|(n, s)| (s.module.clone(), n))
            .collect();
        let mut imports = Vec::new();
        let modules: HashSet<Module> = index.keys().cloned().collect();
        for (n, source) in sources.iter().enumerate() {
            let found = paths_named(&source.module, &source.code, &modules);
            for (full, line) in found {
                // The file that declares the longest prefix of the path.
                let to = (0..=full.len())
                    .rev()
                    .find_map(|len| index.get(&full[..len]).copied());
                if let Some(to) = to.filter(|&to| to != n) {
                    imports.push(Import { from: n, to, line });
                }
            }
        }
        Tree { sources, imports }
    }

    fn name(&self, n: usize) -> String {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        self.sources[n]
            .path
            .strip_prefix(&src)
            .unwrap()
            .display()
            .to_string()
    }
}

/// The strongly connected groups of more than one node (Tarjan).
fn circles(nodes: usize, edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        next: Vec<Vec<usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        count: usize,
        found: &'a mut Vec<Vec<usize>>,
    }
    fn visit(walk: &mut Walk, v: usize) {
        walk.index[v] = Some(walk.count);
        walk.low[v] = walk.count;
        walk.count += 1;
        walk.stack.push(v);
        walk.on_stack[v] = true;
        for w in walk.next[v].clone() {
            match walk.index[w] {
                None => {
                    visit(walk, w);
                    walk.low[v] = walk.low[v].min(walk.low[w]);
                }
                Some(index) if walk.on_stack[w] => walk.low[v] = walk.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(walk.low[v]) == walk.index[v] {
            let mut group = Vec::new();
            loop {
                let w = walk.stack.pop().unwrap();
                walk.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                walk.found.push(group);
            }
        }
    }
    let mut next = vec![Vec::new(); nodes];
    for &(a, b) in edges {
        next[a].push(b);
    }
    let mut found = Vec::new();
    let mut walk = Walk {
        next,
        index: vec![None; nodes],
        low: vec![0; nodes],
        stack: Vec::new(),
        on_stack: vec![false; nodes],
        count: 0,
        found: &mut found,
    };
    for v in 0..nodes {
        if walk.index[v].is_none() {
            visit(&mut walk, v);
        }
    }
    found
}

fn layer(module: &Module) -> Option<u8> {
    let joined = module.join("::");
    LAYERS
        .iter()
        .filter(|(prefix, _)| match prefix.strip_suffix('$') {
            Some(exact) => joined == exact,
            None => joined == *prefix || joined.starts_with(&format!("{prefix}::")),
        })
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, layer)| *layer)
}

fn excepted(tree: &Tree, import: &Import) -> bool {
    EXCEPTIONS
        .iter()
        .any(|(from, to, _)| tree.name(import.from) == *from && tree.name(import.to) == *to)
}

#[test]
fn no_file_imports_in_a_circle() {
    let tree = Tree::read();
    let edges: BTreeSet<(usize, usize)> = tree
        .imports
        .iter()
        .filter(|import| !excepted(&tree, import))
        .map(|import| (import.from, import.to))
        .collect();
    let found = circles(tree.sources.len(), &edges);
    let report: Vec<String> = found
        .iter()
        .map(|group| {
            let inside: Vec<String> = tree
                .imports
                .iter()
                .filter(|i| group.contains(&i.from) && group.contains(&i.to) && !excepted(&tree, i))
                .map(|i| {
                    format!(
                        "    {} -> {} (line {})",
                        tree.name(i.from),
                        tree.name(i.to),
                        i.line
                    )
                })
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            format!(
                "a circle of {} files: {}\n{}",
                group.len(),
                group.iter().map(|&n| tree.name(n)).collect::<Vec<_>>().join(", "),
                inside.join("\n")
            )
        })
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n\n"));
}

#[test]
fn no_folder_imports_in_a_circle() {
    let tree = Tree::read();
    // Every folder: its own file and each child, a child folder taken whole.
    let folders: BTreeSet<Module> = tree
        .sources
        .iter()
        .flat_map(|s| (0..s.module.len()).map(|len| s.module[..len].to_vec()))
        .collect();
    let mut report = Vec::new();
    for folder in folders {
        let mut parts: BTreeMap<String, usize> = BTreeMap::new();
        let part_of = |n: usize| -> Option<String> {
            let module = &tree.sources[n].module;
            if !module.starts_with(&folder) {
                return None;
            }
            Some(
                module
                    .get(folder.len())
                    .cloned()
                    .unwrap_or_else(|| "(its own file)".into()),
            )
        };
        let mut edges = BTreeSet::new();
        let mut seen: BTreeMap<(usize, usize), &Import> = BTreeMap::new();
        for import in tree.imports.iter().filter(|i| !excepted(&tree, i)) {
            let (Some(a), Some(b)) = (part_of(import.from), part_of(import.to)) else {
                continue;
            };
            if a == b {
                continue;
            }
            let count = parts.len();
            let a = *parts.entry(a).or_insert(count);
            let count = parts.len();
            let b = *parts.entry(b).or_insert(count);
            edges.insert((a, b));
            seen.entry((a, b)).or_insert(import);
        }
        let names: BTreeMap<usize, String> = parts.iter().map(|(k, v)| (*v, k.clone())).collect();
        for group in circles(parts.len(), &edges) {
            let inside: Vec<String> = seen
                .iter()
                .filter(|((a, b), _)| group.contains(a) && group.contains(b))
                .map(|((a, b), i)| {
                    format!(
                        "    {} -> {}: {} -> {} (line {})",
                        names[a],
                        names[b],
                        tree.name(i.from),
                        tree.name(i.to),
                        i.line
                    )
                })
                .collect();
            report.push(format!(
                "in `{}`, a circle of {}\n{}",
                if folder.is_empty() {
                    "src".into()
                } else {
                    folder.join("/")
                },
                group
                    .iter()
                    .map(|n| names[n].clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                inside.join("\n")
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n\n"));
}

#[test]
fn no_import_points_up_a_layer() {
    let tree = Tree::read();
    let mut report = BTreeSet::new();
    let mut unplaced = BTreeSet::new();
    for import in &tree.imports {
        let from = &tree.sources[import.from].module;
        let to = &tree.sources[import.to].module;
        let (Some(a), Some(b)) = (layer(from), layer(to)) else {
            for n in [import.from, import.to] {
                if layer(&tree.sources[n].module).is_none() {
                    unplaced.insert(tree.name(n));
                }
            }
            continue;
        };
        if a < b && !excepted(&tree, import) {
            report.insert(format!(
                "{} (layer {a}) imports {} (layer {b}) at line {}",
                tree.name(import.from),
                tree.name(import.to),
                import.line
            ));
        }
    }
    assert!(unplaced.is_empty(), "files in no layer: {unplaced:?}");
    assert!(
        report.is_empty(),
        "imports up a layer:\n{}",
        report.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_exception_is_still_needed_and_explained() {
    let tree = Tree::read();
    for (from, to, why) in EXCEPTIONS {
        assert!(why.len() > 20, "{from} -> {to}: say why");
        assert!(
            tree.imports
                .iter()
                .any(|i| tree.name(i.from) == *from && tree.name(i.to) == *to),
            "{from} -> {to} is no longer imported: drop the exception"
        );
    }
}

fn module(path: &str) -> Module {
    path.split("::")
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}

/// What the reader finds in a snippet of `games::tiles::table`, the tree
/// holding the modules listed.
fn named_in(code: &str) -> BTreeSet<String> {
    let modules: HashSet<Module> = [
        "games::tiles",
        "games::tiles::table",
        "games::tiles::hud",
        "session",
        "ui",
    ]
    .iter()
    .map(|m| module(m))
    .collect();
    paths_named(&module("games::tiles::table"), &strip(code), &modules)
        .into_iter()
        .map(|(path, _)| path.join("::"))
        .collect()
}

#[test]
fn the_reader_finds_every_kind_of_import_and_nothing_else() {
    let found = named_in(
        r#"
        use super::{hud::{self, TileChoice}, engine::Tiles as T};
        use crate::session::*;
        use bevy::prelude::*;
        // use crate::ui::Commented;
        const TEXT: &str = "crate::ui::InAString";
        fn f() { let c = 'x'; crate::ui::theme::ACCENT; hud::plugin; }
        mod store {
            use super::Inline;
        }
        "#,
    );
    let expected: BTreeSet<String> = [
        "games::tiles::hud",
        "games::tiles::hud::TileChoice",
        "games::tiles::engine::Tiles",
        "session",
        "ui::theme::ACCENT",
        "games::tiles::hud::plugin",
        "games::tiles::table::Inline",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(found, expected);
}

#[test]
fn circles_are_found_and_a_chain_is_not_one() {
    let edges: BTreeSet<(usize, usize)> = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5)].into_iter().collect();
    assert_eq!(circles(6, &edges), vec![vec![0, 1, 2]]);
    assert!(circles(3, &[(0, 1), (1, 2)].into_iter().collect()).is_empty());
}

#[test]
fn every_file_has_a_layer_and_the_layers_read_as_documented() {
    assert_eq!(layer(&module("games::tiles::engine::rules")), Some(1));
    assert_eq!(layer(&module("games::tiles::table")), Some(4));
    assert_eq!(layer(&module("games")), Some(5));
    assert_eq!(layer(&module("")), Some(5));
    assert_eq!(layer(&module("web_files")), Some(3));
    assert_eq!(layer(&module("online::hub")), Some(6));
}
