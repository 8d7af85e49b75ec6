//! Running the built command, its output as text, and fresh folders.

use std::io::Write;
use std::path::PathBuf;
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

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty folder for one test, unique to this test process.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("microdata-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
