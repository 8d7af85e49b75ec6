//! Shared helpers: the error type, paths, and running commands.

use std::ffi::OsStr;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// An xtask failure: one message, printed as is.
#[derive(Debug)]
pub(crate) struct Error(String);

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error(e.to_string())
    }
}

pub(crate) type Result<T> = std::result::Result<T, Error>;

/// The workspace root (the parent of this crate's directory).
pub(crate) fn project_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map_or_else(|| manifest_dir.to_path_buf(), Path::to_path_buf)
}

/// A `cargo` command, using the cargo that runs xtask when there is one,
/// started in the workspace root.
pub(crate) fn cargo() -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(program);
    cmd.current_dir(project_root());
    cmd
}

/// A shell-like rendering of `cmd` for logs: `[cd DIR &&] [VAR=value] cargo args…`.
pub(crate) fn describe(cmd: &Command) -> String {
    let mut out = String::new();
    if let Some(dir) = cmd.get_current_dir() {
        let root = project_root();
        if dir != root {
            let shown = dir.strip_prefix(&root).unwrap_or(dir);
            out.push_str(&format!("cd {} && ", shown.display()));
        }
    }
    for (key, value) in cmd.get_envs() {
        if let Some(value) = value {
            out.push_str(&format!("{}={} ", key.to_string_lossy(), quote(value)));
        }
    }
    let program = Path::new(cmd.get_program());
    let is_cargo = std::env::var_os("CARGO").is_some_and(|c| Path::new(&c) == program);
    if is_cargo {
        out.push_str("cargo");
    } else {
        out.push_str(&program.to_string_lossy());
    }
    for arg in cmd.get_args() {
        out.push(' ');
        out.push_str(&quote(arg));
    }
    out
}

fn quote(s: &OsStr) -> String {
    let s = s.to_string_lossy();
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=+/.,:@%".contains(c));
    if plain {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Runs `cmd` with inherited output; an error when it cannot start or exits
/// unsuccessfully.
pub(crate) fn run(cmd: &mut Command) -> Result<()> {
    println!("$ {}", describe(cmd));
    flush();
    let status = cmd
        .status()
        .map_err(|e| Error::new(format!("cannot run `{}`: {e}", describe(cmd))))?;
    check(cmd, status)
}

/// Runs `cmd`, echoing its standard output line by line and handing each line
/// to `on_line`; standard error is inherited. Returns the exit status.
pub(crate) fn run_streaming(
    cmd: &mut Command,
    mut on_line: impl FnMut(&str),
) -> Result<ExitStatus> {
    println!("$ {}", describe(cmd));
    flush();
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| Error::new(format!("cannot run `{}`: {e}", describe(cmd))))?;
    if let Some(stdout) = child.stdout.take() {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        let out = io::stdout();
        loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
            {
                let mut out = out.lock();
                out.write_all(&buf)?;
                out.flush()?;
            }
            let line = String::from_utf8_lossy(&buf);
            on_line(line.trim_end_matches(['\n', '\r']));
        }
    }
    Ok(child.wait()?)
}

/// Turns an unsuccessful exit status into an error naming the command.
pub(crate) fn check(cmd: &Command, status: ExitStatus) -> Result<()> {
    if status.success() {
        Ok(())
    } else {
        Err(Error::new(format!("`{}` failed ({status})", describe(cmd))))
    }
}

pub(crate) fn flush() {
    // Nothing useful to do when stdout is gone.
    let _ = io::stdout().flush();
}

/// `1m 05s`, `12.3s`.
pub(crate) fn format_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs >= 60.0 {
        let whole = d.as_secs();
        format!("{}m {:02}s", whole / 60, whole % 60)
    } else {
        format!("{secs:.1}s")
    }
}

/// Renders rows as a plain-text table with a header rule; `align` has one
/// letter a column, `l` (left) or `r` (right), left when missing.
pub(crate) fn table(header: &[&str], align: &str, rows: &[Vec<String>]) -> String {
    let right: Vec<bool> = align.chars().map(|c| c == 'r').collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.chars().count());
            }
        }
    }
    let render = |cells: &mut dyn Iterator<Item = &str>| {
        let mut line = String::new();
        for (i, cell) in cells.enumerate() {
            let w = widths.get(i).copied().unwrap_or(0);
            if i > 0 {
                line.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                line.push_str(&format!("{cell:>w$}"));
            } else {
                line.push_str(&format!("{cell:<w$}"));
            }
        }
        line.trim_end().to_owned()
    };
    let mut out = render(&mut header.iter().copied());
    out.push('\n');
    let total: usize = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
    out.push_str(&"-".repeat(total));
    out.push('\n');
    for row in rows {
        out.push_str(&render(&mut row.iter().map(String::as_str)));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(format_duration(Duration::from_millis(12_345)), "12.3s");
        assert_eq!(format_duration(Duration::from_secs(65)), "1m 05s");
    }

    #[test]
    fn describe_quotes_and_shows_env() {
        let mut cmd = Command::new("cargo");
        cmd.args(["doc", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings");
        assert_eq!(
            describe(&cmd),
            "RUSTDOCFLAGS='-D warnings' cargo doc --no-deps"
        );
    }

    #[test]
    fn tables_align() {
        let t = table(
            &["suite", "passed"],
            "lr",
            &[
                vec!["mf2".into(), "7".into()],
                vec!["w3c-rdf".into(), "120".into()],
            ],
        );
        assert_eq!(
            t,
            "suite    passed\n---------------\nmf2           7\nw3c-rdf     120\n"
        );
    }
}
