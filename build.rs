//! Embeds `assets/presets/*.ron` into the binary and records the version and git
//! commit for the About box, so an installed binary needs no assets folder.

use std::{env, fs, path::Path, process::Command};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let presets_dir = Path::new(&manifest).join("assets/presets");
    println!("cargo:rerun-if-changed={}", presets_dir.display());

    let mut files: Vec<_> = fs::read_dir(&presets_dir)
        .expect("assets/presets exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    let mut code = String::from(
        "/// (key, RON text) of every preset, sorted by key.\npub static PRESET_FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let key = f.file_stem().unwrap().to_string_lossy();
        code.push_str(&format!(
            "    ({key:?}, include_str!({:?})),\n",
            f.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("presets.rs");
    fs::write(out, code).expect("OUT_DIR is writable");

    let commit = Command::new("git")
        .args(["rev-parse", "--short=10", "HEAD"])
        .current_dir(&manifest)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=FLEETSCOPE_COMMIT={commit}");
    let head_log = Path::new(&manifest).join(".git/logs/HEAD");
    if head_log.exists() {
        println!("cargo:rerun-if-changed={}", head_log.display());
    }
}
