//! Builds the list of shipped assets into the desktop game (`src/files/shipped.rs`), so the
//! binary runs from any folder; the browser fetches them from the page's server instead and
//! its download stays small.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("assets");
    println!("cargo:rerun-if-changed={}", root.display());
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let mut files = Vec::new();
    if !wasm {
        collect(&root, &mut files);
    }
    files.sort();
    let mut out = String::from("pub static SHIPPED: &[(&str, &[u8])] = &[\n");
    for file in &files {
        let name = file.strip_prefix(&root).unwrap().to_string_lossy();
        let name = name.replace(std::path::MAIN_SEPARATOR, "/");
        out += &format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            file.display().to_string()
        );
    }
    out += "];\n";
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("shipped_assets.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
