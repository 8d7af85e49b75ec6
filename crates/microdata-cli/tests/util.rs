//! Running the built command, its output as text, and fresh folders.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The built `microdata` binary with `args`.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_microdata"));
    cmd.args(args);
    cmd
}

/// Runs the command with `stdin` as its standard input and waits for it.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The command may exit before reading everything (bad usage).
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

/// The command's standard output as JSON lines (`--format jsonl`).
pub(crate) fn jsonl(out: &Output) -> Vec<serde_json::Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty folder for one test, removed when the value is dropped.
pub(crate) struct TempDir(tempfile::TempDir);

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh, empty folder for one test, named after it, unique to this run.
pub(crate) fn temp_dir(name: &str) -> TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("microdata-cli-{name}-"))
        .tempdir()
        .unwrap();
    TempDir(dir)
}
