//! `cargo xtask tidy`: repository hygiene that no compiler checks.
//!
//! - every crate under `crates/` has a README.md and crate docs (a `//!`
//!   header, or `#![doc = include_str!(…)]`) in src/lib.rs, or src/main.rs
//!   when it has no library;
//! - CHANGELOG.md has a `# [Unreleased]` section;
//! - every internal crate in `[workspace.dependencies]` has a `version`, so
//!   the crates publish (`publish = false` helpers, usable only as
//!   dev-dependencies, need none);
//! - no conformance-suite file is copied into the repository: the suites
//!   stay in `../shared/suites/` (docs/CONVENTIONS.md).

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::conformance::RUNNERS;
use crate::util::{Error, Result};

/// Folder names of the suites; none may appear inside the repository.
const SUITE_FOLDERS: &[&str] = &[
    "microformats-tests",
    "w3c-microdata-rdf",
    "wpt-microdata",
    "conformance-checkers",
];

/// Top-level folders of a suite that hold data rather than tests: the W3C
/// microdata-rdf suite's `ns/md.json` is the default vocabulary registry of
/// the Note, which a converter may embed.
const NOT_TESTS: &[&str] = &["ns"];

/// File names that only the suites use.
const SUITE_FILES: &[&str] = &[
    "manifest.jsonld",
    "manifest-frame.jsonld",
    "test-registry.json",
];

/// Runs every check; an error listing all problems found.
pub(crate) fn run(root: &Path) -> Result<()> {
    let mut problems = Vec::new();
    let crates = check_crates(root, &mut problems)?;
    check_changelog(root, &mut problems);
    check_workspace_dependencies(root, &mut problems);
    let files = repo_files(root)?;
    check_suite_names(&files, &mut problems);
    let suite_dirs: Vec<PathBuf> = RUNNERS
        .iter()
        .map(|r| r.suite_dir(root, None))
        .filter(|d| d.is_dir())
        .collect();
    check_suite_copies(root, &files, &suite_dirs, &mut problems)?;

    if problems.is_empty() {
        println!(
            "tidy: ok ({crates} crates, {} files, {} suite folders compared)",
            files.len(),
            suite_dirs.len()
        );
        Ok(())
    } else {
        Err(Error::new(format!(
            "tidy found {} problem(s):\n  - {}",
            problems.len(),
            problems.join("\n  - ")
        )))
    }
}

fn check_crates(root: &Path, problems: &mut Vec<String>) -> Result<usize> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("crates"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    for dir in &dirs {
        let name = dir
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let readme = dir.join("README.md");
        match fs::read_to_string(&readme) {
            Ok(text) if !text.trim().is_empty() => {}
            Ok(_) => problems.push(format!("crates/{name}/README.md is empty")),
            Err(_) => problems.push(format!("crates/{name}/README.md is missing")),
        }
        let lib = dir.join("src/lib.rs");
        let main = dir.join("src/main.rs");
        let (root_file, shown) = if lib.is_file() {
            (lib, "src/lib.rs")
        } else {
            (main, "src/main.rs")
        };
        match fs::read_to_string(&root_file) {
            Ok(text) if has_crate_docs(&text) => {}
            Ok(_) => problems.push(format!(
                "crates/{name}/{shown} has no `//!` crate documentation at the top"
            )),
            Err(_) => problems.push(format!(
                "crates/{name} has neither src/lib.rs nor src/main.rs"
            )),
        }
    }
    Ok(dirs.len())
}

/// Crate docs: the first line that is not blank is a `//!` comment, or an
/// inner attribute includes a README as the docs.
fn has_crate_docs(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    first.is_some_and(|l| l.starts_with("//!"))
        || text.lines().any(|l| {
            let l = l.trim();
            l.starts_with("#![") && l.contains("doc = include_str!(")
        })
}

fn check_changelog(root: &Path, problems: &mut Vec<String>) {
    match fs::read_to_string(root.join("CHANGELOG.md")) {
        Ok(text) => {
            if !text.lines().any(|l| l.trim() == "# [Unreleased]") {
                problems.push("CHANGELOG.md has no `# [Unreleased]` section".into());
            }
        }
        Err(_) => problems.push("CHANGELOG.md is missing".into()),
    }
}

fn check_workspace_dependencies(root: &Path, problems: &mut Vec<String>) {
    let Ok(text) = fs::read_to_string(root.join("Cargo.toml")) else {
        problems.push("Cargo.toml cannot be read".into());
        return;
    };
    for (name, path) in unversioned_path_dependencies(&text) {
        let unpublished = fs::read_to_string(root.join(&path).join("Cargo.toml"))
            .is_ok_and(|manifest| is_unpublished(&manifest));
        if unpublished {
            continue;
        }
        problems.push(format!(
            "[workspace.dependencies] `{name}` has a path but no version: it cannot be published"
        ));
    }
}

/// `publish = false` in a package manifest.
fn is_unpublished(manifest: &str) -> bool {
    manifest.lines().any(|l| {
        l.split_once('=')
            .is_some_and(|(k, v)| k.trim() == "publish" && v.trim() == "false")
    })
}

/// Internal (`path`) entries of `[workspace.dependencies]` without a
/// `version`, with their path, in the two shapes Cargo.toml files use: one
/// line (`name = { path = "…", version = "…" }`) or a
/// `[workspace.dependencies.name]` table.
fn unversioned_path_dependencies(toml: &str) -> Vec<(String, String)> {
    /// The value of `key` in an inline table or a `key = value` line.
    fn value_of(s: &str, key: &str) -> Option<String> {
        s.split([',', '{', '}'])
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| k.trim() == key)
            .map(|(_, v)| v.trim().trim_matches('"').to_owned())
    }

    let mut out = Vec::new();
    // (name, path, has version) of the open sub-table.
    let mut table: Option<(String, Option<String>, bool)> = None;
    let mut in_section = false;
    let flush = |table: &mut Option<(String, Option<String>, bool)>,
                 out: &mut Vec<(String, String)>| {
        if let Some((name, Some(path), false)) = table.take() {
            out.push((name, path));
        }
    };
    for line in toml.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            flush(&mut table, &mut out);
            let header = line.trim_matches(['[', ']']).trim();
            in_section = header == "workspace.dependencies";
            if let Some(name) = header.strip_prefix("workspace.dependencies.") {
                table = Some((name.trim_matches('"').to_owned(), None, false));
            }
            continue;
        }
        if let Some((_, path, has_version)) = table.as_mut() {
            if let Some(p) = value_of(line, "path") {
                *path = Some(p);
            }
            if value_of(line, "version").is_some() {
                *has_version = true;
            }
            continue;
        }
        if !in_section {
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim();
        // Dotted keys: `name.path = "…"` and `name.version = "…"`.
        if let Some((dep, key)) = name.split_once('.') {
            let dep = dep.trim().to_owned();
            if key.trim() == "path" && !toml_has_dotted(toml, &dep, "version") {
                out.push((dep, value.trim().trim_matches('"').to_owned()));
            }
            continue;
        }
        let value = value.trim();
        if value.starts_with('{') && value_of(value, "version").is_none() {
            if let Some(path) = value_of(value, "path") {
                out.push((name.to_owned(), path));
            }
        }
    }
    flush(&mut table, &mut out);
    out
}

fn toml_has_dotted(toml: &str, dep: &str, key: &str) -> bool {
    toml.lines().any(|l| {
        l.split_once('=')
            .is_some_and(|(k, _)| k.trim().replace(' ', "") == format!("{dep}.{key}"))
    })
}

/// The repository's files (tracked, plus untracked ones not ignored),
/// relative to `root`.
fn repo_files(root: &Path) -> Result<Vec<PathBuf>> {
    let output = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output();
    match output {
        Ok(o) if o.status.success() => Ok(o
            .stdout
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
            .filter(|p| root.join(p).is_file())
            .collect()),
        _ => walk(root),
    }
}

/// Without git: every file except under `.git` and `target`.
fn walk(root: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let file_type = entry.file_type()?;
            if file_type.is_dir() {
                let name = entry.file_name();
                if name != ".git" && name != "target" {
                    stack.push(path);
                }
            } else if file_type.is_file() {
                if let Ok(rel) = path.strip_prefix(root) {
                    out.push(rel.to_path_buf());
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

fn check_suite_names(files: &[PathBuf], problems: &mut Vec<String>) {
    for file in files {
        let suite_folder = file
            .parent()
            .into_iter()
            .flat_map(Path::components)
            .find(|c| SUITE_FOLDERS.iter().any(|s| c.as_os_str() == *s));
        if let Some(folder) = suite_folder {
            problems.push(format!(
                "{} is inside a folder named like a suite ({}): suites stay in ../shared/suites",
                file.display(),
                folder.as_os_str().to_string_lossy()
            ));
            continue;
        }
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        if name.as_deref().is_some_and(|n| SUITE_FILES.contains(&n)) {
            problems.push(format!(
                "{} is a suite manifest: suites stay in ../shared/suites",
                file.display()
            ));
        }
    }
}

/// Flags repository files whose bytes equal a test file of a suite folder.
fn check_suite_copies(
    root: &Path,
    files: &[PathBuf],
    suite_dirs: &[PathBuf],
    problems: &mut Vec<String>,
) -> Result<()> {
    let mut by_size: HashMap<u64, Vec<PathBuf>> = HashMap::new();
    for dir in suite_dirs {
        for rel in walk(dir)? {
            if rel
                .components()
                .next()
                .is_some_and(|c| NOT_TESTS.iter().any(|n| c.as_os_str() == *n))
            {
                continue;
            }
            let path = dir.join(rel);
            let len = fs::metadata(&path)?.len();
            if len > 0 {
                by_size.entry(len).or_default().push(path);
            }
        }
    }
    if by_size.is_empty() {
        return Ok(());
    }
    for file in files {
        let path = root.join(file);
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        let Some(candidates) = by_size.get(&meta.len()) else {
            continue;
        };
        let bytes = fs::read(&path)?;
        for suite_file in candidates {
            if fs::read(suite_file)? == bytes {
                problems.push(format!(
                    "{} is a copy of suite file {}: read the suite from ../shared/suites instead",
                    file.display(),
                    suite_file.display()
                ));
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::project_root;

    /// The repository itself is tidy.
    #[test]
    fn tidy() {
        if let Err(e) = run(&project_root()) {
            panic!("{e}");
        }
    }

    #[test]
    fn crate_docs() {
        assert!(has_crate_docs(
            "\n//! The crate.\n#![forbid(unsafe_code)]\n"
        ));
        assert!(has_crate_docs(
            "#![cfg_attr(doc, doc = include_str!(\"../README.md\"))]\n"
        ));
        assert!(!has_crate_docs("use std::fs;\n//! late\n"));
        assert!(!has_crate_docs("/// item docs\npub fn f() {}\n"));
        assert!(!has_crate_docs(""));
    }

    #[test]
    fn internal_dependencies_need_versions() {
        let toml = r#"
[workspace.package]
version = "0.1.0"

[workspace.dependencies]
# comment with path = "x"
good = { path = "crates/good", version = "0.1.0" }
bad = { path = "crates/bad", default-features = false }
external = "1"
external-table = { version = "1", features = ["x"] }
dotted.path = "crates/dotted"

[workspace.dependencies.sub]
path = "crates/sub"

[workspace.dependencies.sub-ok]
path = "crates/sub-ok"
version = "0.1.0"

[dependencies]
local = { path = "local" }
"#;
        let deps = unversioned_path_dependencies(toml);
        let found: Vec<(&str, &str)> = deps.iter().map(|(n, p)| (n.as_str(), p.as_str())).collect();
        assert_eq!(
            found,
            [
                ("bad", "crates/bad"),
                ("dotted", "crates/dotted"),
                ("sub", "crates/sub")
            ]
        );
        assert!(is_unpublished("[package]\nname = \"t\"\npublish = false\n"));
        assert!(!is_unpublished("[package]\nname = \"t\"\n"));
    }

    #[test]
    fn suite_names_are_flagged() {
        let files: Vec<PathBuf> = [
            "crates/microdata-rdf/tests/manifest.jsonld",
            "crates/microformats2/tests/microformats-tests/h-card/a.html",
            "crates/microdata-rdf/tests/fixtures/own.ttl",
            "crates/microdata-rdf/tests/snapshots/x.snap",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        let mut problems = Vec::new();
        check_suite_names(&files, &mut problems);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("manifest.jsonld"));
        assert!(problems[1].contains("microformats-tests"));
    }

    #[test]
    fn suite_copies_are_flagged() {
        let base = std::env::temp_dir().join(format!("xtask-tidy-{}", std::process::id()));
        let repo = base.join("repo");
        let suite = base.join("suite");
        fs::create_dir_all(repo.join("tests")).unwrap();
        fs::create_dir_all(suite.join("tests")).unwrap();
        fs::write(suite.join("tests/0001.html"), "<p itemscope>copied</p>").unwrap();
        fs::write(suite.join("tests/0002.html"), "<p itemscope>other!</p>").unwrap();
        fs::write(repo.join("tests/copy.html"), "<p itemscope>copied</p>").unwrap();
        fs::write(repo.join("tests/own.html"), "<p itemscope>ours!!</p>").unwrap();
        let files = vec![
            PathBuf::from("tests/copy.html"),
            PathBuf::from("tests/own.html"),
        ];
        let mut problems = Vec::new();
        check_suite_copies(&repo, &files, &[suite], &mut problems).unwrap();
        fs::remove_dir_all(&base).unwrap();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].starts_with("tests/copy.html is a copy of suite file"));
    }
}
