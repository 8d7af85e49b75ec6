//! The inputs fuzzing found, kept as regression tests.
//!
//! Each file under `robustness/regressions/<target>/` is one input for the
//! oracle of fuzz target `<target>` ([`crate::oracle::by_name`]).
//! `cargo xtask fuzz` copies new crash inputs there; `cargo test -p
//! robustness` replays them all.

use std::path::{Path, PathBuf};

/// The folder holding the regression inputs.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions")
}

/// Every regression input: `(target, path)`, sorted by path.
///
/// # Errors
///
/// When a folder cannot be read, or is named after no fuzz target.
pub fn inputs() -> Result<Vec<(String, PathBuf)>, String> {
    let mut out = Vec::new();
    let root = dir();
    let read = |d: &Path| std::fs::read_dir(d).map_err(|e| format!("{}: {e}", d.display()));
    for entry in read(&root)? {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let target = entry.file_name().to_string_lossy().into_owned();
        if crate::oracle::by_name(&target).is_none() {
            return Err(format!(
                "{}: no fuzz target is named {target:?}",
                path.display()
            ));
        }
        for file in read(&path)? {
            let file = file.map_err(|e| e.to_string())?.path();
            if file.is_file() {
                out.push((target.clone(), file));
            }
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(out)
}
