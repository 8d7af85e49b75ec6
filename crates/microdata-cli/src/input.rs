//! Finding and reading inputs.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use microdata_scraper::Url;

/// File extensions taken from directories (files named explicitly are
/// always read, whatever their name).
const HTML_EXTENSIONS: [&str; 5] = ["html", "htm", "xhtml", "xht", "shtml"];

/// Where one document comes from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// A name for messages: the path as it is, or quoted and escaped when
    /// it is empty, is not UTF-8 or holds control characters (a newline in
    /// a file name must not split a message line).
    pub(crate) fn display(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => match p.to_str() {
                Some(s) if !s.is_empty() && !s.chars().any(char::is_control) => s.to_owned(),
                _ => format!("{p:?}"),
            },
        }
    }

    /// The name in JSON output: the path, with bytes that are not UTF-8
    /// replaced (JSON strings cannot hold them).
    pub(crate) fn json_name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.to_string_lossy().into_owned(),
        }
    }

    /// The document URL when no `--base-url` is given: the file's URL, with
    /// `.` and `..` segments resolved as URL parsing resolves them.
    pub(crate) fn default_url(&self) -> Option<Url> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::path::absolute(p)
                .ok()
                .and_then(|p| Url::from_file_path(p).ok())
                .and_then(|u| Url::parse(u.as_str()).ok()),
        }
    }

    /// The file's modification time.
    pub(crate) fn modified(&self) -> Option<std::time::SystemTime> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p).and_then(|m| m.modified()).ok(),
        }
    }

    /// Reads the whole input.
    pub(crate) fn read(&self) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        let result = match self {
            Source::Stdin => {
                let stdin = std::io::stdin();
                if stdin.is_terminal() && std::io::stderr().is_terminal() {
                    // Not a silent wait for a user who forgot a file name.
                    crate::note("microdata: reading HTML from standard input (end it with Ctrl-D)");
                }
                stdin.lock().read_to_end(&mut bytes).map(|_| ())
            }
            Source::File(p) => std::fs::File::open(p)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .map(|_| ()),
        };
        result.map_err(|e| format!("cannot read: {e}"))?;
        Ok(bytes)
    }
}

/// An input argument that could not be turned into sources.
pub(crate) struct Unusable {
    pub(crate) source: Source,
    pub(crate) message: String,
}

/// Turns the command-line inputs into sources, in order: `-` is standard
/// input (also when there are no inputs); a directory contributes its HTML
/// files, recursively, sorted by path; an argument that is not an existing
/// path but contains `*`, `?` or `[` is a glob pattern. Arguments that name
/// nothing come back as [`Unusable`] so they are reported in their place.
pub(crate) fn collect(inputs: &[OsString]) -> Result<Vec<Result<Source, Unusable>>, String> {
    if inputs.is_empty() {
        return Ok(vec![Ok(Source::Stdin)]);
    }
    if inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err("standard input ('-') can be read only once".into());
    }
    let mut out = Vec::new();
    for input in inputs {
        if input == "-" {
            out.push(Ok(Source::Stdin));
            continue;
        }
        let path = Path::new(input);
        // A pattern is text; a name that is not UTF-8 is a path.
        let pattern = input
            .to_str()
            .filter(|s| !path.exists() && s.contains(['*', '?', '[']));
        if path.is_dir() {
            walk(path, &mut out);
        } else if let Some(pattern) = pattern {
            let paths =
                glob::glob(pattern).map_err(|e| format!("invalid pattern {pattern:?}: {e}"))?;
            let before = out.len();
            // `**` follows links, around a loop too: each file once.
            let mut seen = HashSet::new();
            for entry in paths {
                match entry {
                    Ok(p)
                        if !seen
                            .insert(std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone())) => {}
                    Ok(p) if p.is_dir() => walk(&p, &mut out),
                    Ok(p) => out.push(Ok(Source::File(p))),
                    Err(e) => out.push(Err(Unusable {
                        source: Source::File(e.path().to_path_buf()),
                        message: format!("cannot read: {}", e.error()),
                    })),
                }
            }
            if out.len() == before {
                out.push(Err(Unusable {
                    source: Source::File(path.to_path_buf()),
                    message: "pattern matches no file".into(),
                }));
            }
        } else {
            out.push(Ok(Source::File(path.to_path_buf())));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<Result<Source, Unusable>>) {
    // Links are followed (a link to a page is a page); walkdir reports loops.
    for entry in walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        match entry {
            Ok(e) if e.file_type().is_file() => {
                let html = e
                    .path()
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| HTML_EXTENSIONS.iter().any(|h| h.eq_ignore_ascii_case(x)));
                if html {
                    out.push(Ok(Source::File(e.into_path())));
                }
            }
            Ok(_) => {}
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                out.push(Err(Unusable {
                    source: Source::File(path),
                    message: format!("cannot read: {e}"),
                }));
            }
        }
    }
}
