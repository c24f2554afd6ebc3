//! The game's folders are layers, and no file imports from a layer above its own (see the
//! list in `src/lib.rs`). This test reads every file of `src/` and names each path that runs
//! back up a layer, with its file and line; and that the rules crate knows no CPU player.

use std::path::{Path, PathBuf};

/// The layers, bottom up: a file may use its own layer and those before it.
const LAYERS: [&str; 9] = [
    "table", "files", "online", "i18n", "theme", "board", "ui", "dev", "launch",
];

/// The layer a module of the crate (`board`) or a file of `src/` (`board/pieces.rs`)
/// belongs to. The crate root (`lib.rs`, `main.rs`, and items such as `crate::plugin`)
/// assembles the plugins; it ranks with `launch`, which starts the app from it.
fn layer_of(file: &Path) -> usize {
    let first = file
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    let name = first.trim_end_matches(".rs");
    LAYERS
        .iter()
        .position(|l| *l == name)
        .unwrap_or(LAYERS.len() - 1)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate's top-level modules (or root items) a piece of code names: `crate::board::…`,
/// and each of `crate::{board::{pieces, hops}, ui}` (a group's top-level names only).
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let names = match rest.strip_prefix('{') {
            Some(group) => top_level(group),
            None => vec![rest],
        };
        for name in names {
            let head: String = name
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !head.is_empty() {
                out.push(head);
            }
        }
    }
    out
}

/// The items of a `{…}` group up to its closing brace, split at its own commas.
fn top_level(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// The code of a file, comments gone, as statements that name the crate: each with the line
/// it starts on. A `use` item that rustfmt wraps over lines is one statement.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        match open.as_mut() {
            Some((_, item)) => item.push_str(code),
            None if code.trim_start().starts_with("use ") || code.contains("use crate::") => {
                open = Some((i + 1, code.to_string()))
            }
            None => {
                out.push((i + 1, code.to_string()));
                continue;
            }
        }
        if code.contains(';') {
            out.extend(open.take());
        }
    }
    out.extend(open);
    out
}

/// Every use of a higher layer in `src/`, as `file:line: text (layer uses higher)`.
fn back_imports(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(src).unwrap();
        let own = layer_of(relative);
        let text = std::fs::read_to_string(file).unwrap();
        for (line, code) in statements(&text) {
            for module in crate_paths(&code) {
                let used = layer_of(Path::new(&module));
                if used > own {
                    let named = |n: usize| LAYERS[n];
                    let shown: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
                    found.push(format!(
                        "src/{}:{line}: `{shown}` ({} uses {}, a layer above it)",
                        relative.display(),
                        named(own),
                        named(used)
                    ));
                }
            }
        }
    }
    found
}

#[test]
fn no_file_imports_from_a_layer_above_its_own() {
    let src = ludo::testing::manifest_dir().join("src");
    let found = back_imports(&src);
    assert!(
        found.is_empty(),
        "imports that run back up a layer:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_single_and_grouped_paths() {
    assert_eq!(
        crate_paths("use crate::{board::pieces, ui}; x(crate::table::Table)"),
        ["board", "ui", "table"]
    );
    assert_eq!(
        crate_paths("use crate::{board::{hops, pieces}, ui::hud};"),
        ["board", "ui"]
    );
    // A `use` wrapped over lines is read whole, from the line it starts on.
    let wrapped =
        "fn f() {}\nuse crate::{\n    table::Table,\n    ui::widgets, // a window's\n};\n";
    let read: Vec<(usize, Vec<String>)> = statements(wrapped)
        .into_iter()
        .map(|(line, code)| (line, crate_paths(&code)))
        .filter(|(_, paths)| !paths.is_empty())
        .collect();
    assert_eq!(read, [(2, vec!["table".to_string(), "ui".to_string()])]);
    assert_eq!(layer_of(Path::new("table/flow.rs")), 0);
    assert_eq!(layer_of(Path::new("ui/hud/log.rs")), 6);
    assert_eq!(layer_of(Path::new("lib.rs")), 8);
    assert_eq!(layer_of(Path::new("plugin")), 8);
}

/// The crates are layers too: the rules (`ludo-core`) below the CPU players (`ludo-cpu`)
/// below everything that seats them. The rules crate names no CPU player, in its manifest or
/// any file; the CPU crate is the only one of the two to depend on the other (Cargo refuses
/// a loop; this says which way it runs).
#[test]
fn the_rules_crate_knows_no_cpu_player() {
    let root = ludo::testing::manifest_dir();
    let core = root.join("crates/ludo-core");
    let manifest = std::fs::read_to_string(core.join("Cargo.toml")).unwrap();
    assert!(
        !manifest.contains("ludo-cpu"),
        "crates/ludo-core/Cargo.toml depends on ludo-cpu"
    );
    let cpu = std::fs::read_to_string(root.join("crates/ludo-cpu/Cargo.toml")).unwrap();
    assert!(cpu.contains("ludo-core"), "ludo-cpu plays on ludo-core");
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples", "benches"] {
        if core.join(dir).is_dir() {
            rust_files(&core.join(dir), &mut files);
        }
    }
    let named: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("ludo_cpu") || l.trim_start().starts_with("mod cpu"))
                .map(|(i, _)| format!("{}:{}", f.display(), i + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(files.len() > 10, "read {} files", files.len());
    assert!(
        named.is_empty(),
        "the rules crate names the CPU:\n{}",
        named.join("\n")
    );
}
