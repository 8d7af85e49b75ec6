//! Reading inputs.

use std::io::Read;
use std::path::{Path, PathBuf};

use microdata_scraper::Url;

/// Where one document comes from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// A name for messages.
    pub(crate) fn display(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The document URL when no `--base-url` is given: the file's URL.
    pub(crate) fn default_url(&self) -> Option<Url> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::path::absolute(p)
                .ok()
                .and_then(|p| Url::from_file_path(p).ok()),
        }
    }
}

/// Turns the command-line inputs into sources (standard input when none).
pub(crate) fn collect(inputs: &[String]) -> Result<Vec<Source>, String> {
    if inputs.is_empty() {
        return Ok(vec![Source::Stdin]);
    }
    if inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err("standard input ('-') can be read only once".into());
    }
    Ok(inputs
        .iter()
        .map(|i| {
            if i == "-" {
                Source::Stdin
            } else {
                Source::File(PathBuf::from(i))
            }
        })
        .collect())
}

/// Reads a source as UTF-8 text.
pub(crate) fn read(source: &Source) -> Result<String, String> {
    let mut bytes = Vec::new();
    match source {
        Source::Stdin => std::io::stdin().read_to_end(&mut bytes).map(|_| ()),
        Source::File(p) => read_file(p, &mut bytes),
    }
    .map_err(|e| format!("{}: cannot read: {e}", source.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not valid UTF-8 (first invalid byte at offset {})",
            source.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn read_file(path: &Path, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    if path.is_dir() {
        return Err(std::io::Error::other("is a directory"));
    }
    std::fs::File::open(path)?.read_to_end(bytes).map(|_| ())
}
