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
            Source::File(p) => shown(p),
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

    /// The document URL when no `--base-url` is given: the file's URL
    /// ([`file_url`]).
    pub(crate) fn default_url(&self) -> Option<Url> {
        match self {
            Source::Stdin => None,
            Source::File(p) => file_url(p),
        }
    }

    /// The file's modification time.
    pub(crate) fn modified(&self) -> Option<std::time::SystemTime> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p).and_then(|m| m.modified()).ok(),
        }
    }

    /// Reads the whole input, if it has at most `max` bytes: a file's size
    /// is checked before it is read, standard input's as it is read.
    pub(crate) fn read(&self, max: usize) -> Result<Vec<u8>, String> {
        let too_large = |size: Option<u64>| match size {
            Some(size) => {
                format!("{size} bytes, more than --max-input-bytes {max} (limit max_input_bytes)")
            }
            None => format!("more than --max-input-bytes {max} bytes (limit max_input_bytes)"),
        };
        let cannot = |e: std::io::Error| format!("cannot read: {e}");
        let limit = u64::try_from(max).unwrap_or(u64::MAX);
        let mut bytes = Vec::new();
        match self {
            Source::Stdin => {
                let stdin = std::io::stdin();
                if stdin.is_terminal() && std::io::stderr().is_terminal() {
                    // Not a silent wait for a user who forgot a file name.
                    crate::note("microdata: reading HTML from standard input (end it with Ctrl-D)");
                }
                let read = stdin
                    .lock()
                    .take(limit.saturating_add(1))
                    .read_to_end(&mut bytes);
                read.map_err(cannot)?;
                if bytes.len() > max {
                    return Err(too_large(None));
                }
            }
            Source::File(p) => {
                let file = std::fs::File::open(p).map_err(cannot)?;
                let size = file.metadata().map_err(cannot)?.len();
                if size > limit {
                    return Err(too_large(Some(size)));
                }
                // A file that grows while it is read stops at the limit too.
                file.take(limit.saturating_add(1))
                    .read_to_end(&mut bytes)
                    .map_err(cannot)?;
                if bytes.len() > max {
                    return Err(too_large(None));
                }
            }
        }
        Ok(bytes)
    }
}

/// The `file:` URL of `path` made absolute against the working folder.
/// A `..` goes up from where the path before it leads, as when the file is
/// opened: the part up to the last `..` is resolved by the file system
/// (symbolic links followed), so that `site/link/../x.html`, with `link` a
/// link to `../other`, is `other/../x.html`'s file and not `site/x.html`.
/// The rest keeps its names as written (links in it are not resolved);
/// `.` segments go as URL parsing removes them.
pub(crate) fn file_url(path: &Path) -> Option<Url> {
    let absolute = std::path::absolute(path).ok()?;
    let components: Vec<_> = absolute.components().collect();
    let last_up = components
        .iter()
        .rposition(|c| matches!(c, std::path::Component::ParentDir));
    let path = match last_up {
        Some(i) => match std::fs::canonicalize(components[..=i].iter().collect::<PathBuf>()) {
            Ok(head) => head.join(components[i + 1..].iter().collect::<PathBuf>()),
            // A folder that is not there: the path cannot be read anyway;
            // its URL resolves `..` as URL parsing does.
            Err(_) => absolute,
        },
        None => absolute,
    };
    let url = Url::from_file_path(path).ok()?;
    // Parsing the URL again removes `.` segments (and, for a path that
    // could not be resolved, `..` ones).
    Url::parse(url.as_str()).ok()
}

/// A path for messages: as it is, or quoted and escaped when it is empty,
/// is not UTF-8 or holds control characters.
fn shown(p: &Path) -> String {
    match p.to_str() {
        Some(s) if !s.is_empty() && !s.chars().any(char::is_control) => s.to_owned(),
        _ => format!("{p:?}"),
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
/// path but contains `*`, `?`, `[` or `{` is a glob pattern ([`expand`]).
/// Arguments that name nothing come back as [`Unusable`] so they are
/// reported in their place. Also gives how many files the directories
/// held that were not taken for their names ([`is_html_name`]).
pub(crate) fn collect(
    inputs: &[OsString],
) -> Result<(Vec<Result<Source, Unusable>>, usize), String> {
    if inputs.is_empty() {
        return Ok((vec![Ok(Source::Stdin)], 0));
    }
    if inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err("standard input ('-') can be read only once".into());
    }
    let mut out = Vec::new();
    let mut not_html = 0;
    for input in inputs {
        if input == "-" {
            out.push(Ok(Source::Stdin));
            continue;
        }
        let path = Path::new(input);
        // A pattern is text; a name that is not UTF-8 is a path.
        let pattern = input
            .to_str()
            .filter(|s| !path.exists() && s.contains(GLOB_SYNTAX));
        if path.is_dir() {
            walk(path, &mut out, None, &mut not_html);
        } else if let Some(pattern) = pattern {
            expand(pattern, &mut out, &mut not_html);
        } else {
            out.push(Ok(Source::File(path.to_path_buf())));
        }
    }
    Ok((out, not_html))
}

/// The characters that make an argument naming no file a glob pattern.
const GLOB_SYNTAX: [char; 4] = ['*', '?', '[', '{'];

/// The inputs a glob pattern names, in path order, each file once
/// (whichever links lead to it): the regular files it matches, whatever
/// their names, and the HTML files of the directories it matches, as if
/// they were given. `*`, `?` and `[…]` stay within one path component,
/// `**` spans any number of them, `{a,b}` is either; a trailing `/**` is
/// the directory and everything below it. Names starting with `.` match
/// like any other.
///
/// The search walks from the pattern's leading components without glob
/// syntax, no deeper than the pattern reaches unless it has `**`, and
/// follows links but never around a loop. What it cannot read is reported
/// where it could hold a match. Files of matched directories not taken for
/// their names are counted in `not_html`.
///
/// An argument that names no file and is no valid pattern either
/// (`gone[1.html`) is an input that failed, reported in its place like a
/// missing file: a page that vanished from a crawl must not stop the
/// others.
fn expand(pattern: &str, out: &mut Vec<Result<Source, Unusable>>, not_html: &mut usize) {
    let (body, components, literal, base) = split_pattern(pattern);
    let before = out.len();
    let mut seen = HashSet::new();
    if literal == components.len() {
        // Nothing left to match: `dir/**`, whose base is the directory.
        let dir = if base.is_empty() { "." } else { &base };
        if Path::new(dir).is_dir() {
            walk(Path::new(dir), out, Some(&mut seen), not_html);
        }
    } else {
        let matcher = match globset::GlobBuilder::new(body)
            .literal_separator(true)
            .build()
        {
            Ok(glob) => glob.compile_matcher(),
            Err(e) => {
                out.push(Err(Unusable {
                    source: Source::File(PathBuf::from(pattern)),
                    message: format!("no such file, and not a valid pattern: {}", e.kind()),
                }));
                return;
            }
        };
        let rest = &components[literal..];
        let depth = if rest.iter().any(|c| c.contains("**")) {
            usize::MAX
        } else {
            rest.len()
        };
        let root = if base.is_empty() { "." } else { &base };
        let walker = walkdir::WalkDir::new(root)
            .follow_links(true)
            .sort_by_file_name()
            .min_depth(1)
            .max_depth(depth)
            .into_iter()
            .filter_entry(not_a_link_upwards);
        // Paths below `.` are matched without their `./`, as written.
        let below_dot = base.is_empty();
        // The last matched directory walked: the ones below it (`dir/**/*`
        // matches them all) have had their files taken by its walk.
        let mut walked: Option<PathBuf> = None;
        for entry in walker {
            match entry {
                Ok(e) => {
                    let path = as_written(e.path(), below_dot);
                    if !matcher.is_match(path) {
                        continue;
                    }
                    if e.file_type().is_dir() {
                        if walked.as_deref().is_some_and(|w| path.starts_with(w)) {
                            continue;
                        }
                        // A directory stands for its HTML files, as if given.
                        walk(path, out, Some(&mut seen), not_html);
                        walked = Some(path.to_path_buf());
                    } else if e.file_type().is_file() && seen.insert(identity(path)) {
                        out.push(Ok(Source::File(path.to_path_buf())));
                    }
                    // FIFOs, sockets and devices are no pages: reading one
                    // could wait or run for ever.
                }
                Err(e) => {
                    let path = e.path().map(|p| as_written(p, below_dot));
                    let reachable = path.is_some_and(|p| matcher.is_match(p) || p.is_dir());
                    if let Some(problem) = walk_problem(&e, reachable) {
                        let path = path.unwrap_or(Path::new(root)).to_path_buf();
                        out.push(Err(Unusable {
                            source: Source::File(path),
                            message: problem,
                        }));
                    }
                }
            }
        }
    }
    // A matched directory's files came at its place in the search; the
    // files the pattern matched beside them go in path order with them.
    out[before..].sort_by(|a, b| source_path(a).cmp(&source_path(b)));
    if out.len() == before {
        out.push(Err(Unusable {
            source: Source::File(PathBuf::from(pattern)),
            message: "pattern matches no file".into(),
        }));
    }
}

/// A pattern's parts: its body (without a trailing `/**`, which stands
/// for the directory's own walk, and without trailing `/`), the body's
/// components, how many of them lead without glob syntax, and the
/// directory they name, where the search starts (empty: `.`).
fn split_pattern(pattern: &str) -> (&str, Vec<&str>, usize, String) {
    // `dir/**` is the directory and every one below it: the directory's
    // own walk, which finds each file once.
    let body = match pattern.strip_suffix("**") {
        Some(rest) if rest.is_empty() || rest.ends_with('/') => rest,
        _ => pattern,
    };
    let body = body.trim_end_matches('/');
    let components: Vec<&str> = body.split('/').collect();
    let literal = components
        .iter()
        .take_while(|c| !c.contains(GLOB_SYNTAX))
        .count();
    let mut base = components[..literal].join("/");
    // `/*.html` and `/**` (whose body trims to nothing) search the root.
    if base.is_empty() && pattern.starts_with('/') {
        base.push('/');
    }
    (body, components, literal, base)
}

/// `path` as a pattern search from `.` found it, without its `./` when
/// `below_dot`.
fn as_written(path: &Path, below_dot: bool) -> &Path {
    if below_dot {
        path.strip_prefix(".").unwrap_or(path)
    } else {
        path
    }
}

/// The path an expanded input stands for.
fn source_path(input: &Result<Source, Unusable>) -> Option<&Path> {
    match input {
        Ok(Source::File(p))
        | Err(Unusable {
            source: Source::File(p),
            ..
        }) => Some(p),
        Ok(Source::Stdin)
        | Err(Unusable {
            source: Source::Stdin,
            ..
        }) => None,
    }
}

/// What identifies a file however it is reached: its canonical path (the
/// path itself when that cannot be found). Links resolve to their target;
/// hard links stay two files, as two names a crawl may have stored.
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether a walk may enter `e`: not when it is a link to a directory
/// that holds the one the link is in (`up -> ..`, or a link to the walk's
/// own root from below), which would walk that tree again from above and
/// leave the folder given. The link is noted. A link to a directory being
/// walked (its own parent chain) is what walkdir's loop check catches too;
/// this one also catches a link above where the walk started.
fn not_a_link_upwards(e: &walkdir::DirEntry) -> bool {
    if e.depth() == 0 || !e.path_is_symlink() || !e.file_type().is_dir() {
        return true;
    }
    let parent = e
        .path()
        .parent()
        .and_then(|p| std::fs::canonicalize(p).ok());
    match (parent, std::fs::canonicalize(e.path())) {
        (Some(parent), Ok(target)) if parent.starts_with(&target) => {
            note_link_back(e.path(), &target);
            false
        }
        _ => true,
    }
}

/// The message for a walk error, or `None` when it is no failed input: a
/// link back to a directory being walked (whose files are taken anyway;
/// a note says so), or an entry that could not be examined and would not
/// have been an input (`relevant` false: a dangling link named `notes.txt`
/// in a directory, one the pattern does not match).
fn walk_problem(e: &walkdir::Error, relevant: bool) -> Option<String> {
    if let Some(ancestor) = e.loop_ancestor() {
        note_link_back(e.path().unwrap_or(ancestor), ancestor);
        return None;
    }
    // The I/O error alone: walkdir's own message holds the path unescaped,
    // and the message is printed after the (escaped) path anyway.
    let reason = e
        .io_error()
        .map_or_else(|| e.to_string(), std::io::Error::to_string);
    relevant.then(|| format!("cannot read: {reason}"))
}

/// Notes that `link` leads back to `ancestor`, a directory being walked.
fn note_link_back(link: &Path, ancestor: &Path) {
    crate::note(format_args!(
        "microdata: note: {} links back to {}, whose files are taken once",
        shown(link),
        shown(ancestor)
    ));
}

/// Whether a file name has one of [`HTML_EXTENSIONS`], alone or followed
/// by a query: `wget` saves `https://example.com/index.html?p=2` as
/// `index.html?p=2` (without `--adjust-extension`). The extension is
/// read before the first `?`, whatever the query holds (`?v=1.2`), and a
/// name that is only an extension (`.html`) has it, as `*.html` matches
/// it.
fn is_html_name(path: &Path) -> bool {
    let Some(name) = path.file_name() else {
        return false;
    };
    let name = name.to_string_lossy();
    let before_query = name.split_once('?').map_or(&*name, |(before, _)| before);
    before_query
        .rsplit_once('.')
        .is_some_and(|(_, x)| HTML_EXTENSIONS.iter().any(|h| h.eq_ignore_ascii_case(x)))
}

/// The HTML files of `dir`, recursively, sorted by path, each file once
/// (whichever symbolic links lead to it); with `seen`, only those not
/// already taken by the caller's search.
///
/// Links are followed (a link to a page is a page, a link to a folder is
/// a folder), but never upwards ([`not_a_link_upwards`]; walkdir notes a
/// loop through a directory being walked). Files are told apart by their
/// canonical path only when the walk met a link (or a caller's search
/// needs it): a plain tree names each file once, and the lookup is a
/// system call per file. Files not taken for their names are counted in
/// `not_html`.
fn walk(
    dir: &Path,
    out: &mut Vec<Result<Source, Unusable>>,
    seen: Option<&mut HashSet<PathBuf>>,
    not_html: &mut usize,
) {
    let mut found = Vec::new();
    let mut met_link = false;
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(not_a_link_upwards);
    for entry in walker {
        match entry {
            Ok(e) => {
                met_link |= e.path_is_symlink();
                if e.file_type().is_file() {
                    if is_html_name(e.path()) {
                        found.push(Ok(e.into_path()));
                    } else {
                        *not_html += 1;
                    }
                }
            }
            Err(e) => {
                // A directory that cannot be read may hold pages; an entry
                // that cannot be examined counts if it would be one.
                let relevant = e
                    .path()
                    .is_none_or(|p| is_html_name(p) || p.is_dir() || e.depth() == 0);
                if let Some(problem) = walk_problem(&e, relevant) {
                    let path = e.path().unwrap_or(dir).to_path_buf();
                    found.push(Err(Unusable {
                        source: Source::File(path),
                        message: problem,
                    }));
                }
            }
        }
    }
    let mut own = HashSet::new();
    let mut seen = match seen {
        Some(seen) => Some(seen),
        None if met_link => Some(&mut own),
        None => None,
    };
    for input in found {
        match input {
            Ok(path) => {
                let new = seen
                    .as_mut()
                    .is_none_or(|seen| seen.insert(identity(&path)));
                if new {
                    out.push(Ok(Source::File(path)));
                }
            }
            Err(unusable) => out.push(Err(unusable)),
        }
    }
}
