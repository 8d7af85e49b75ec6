//! `--url-root DIR=URL`: document URLs for the files of a mirrored site.
//!
//! A crawl saved to disk keeps each page's path below a folder (`wget
//! --mirror` puts `https://example.com/blog/a.html` at
//! `example.com/blog/a.html`). Mapping the folder back to the site gives
//! each file the URL its path spells, so that relative paths in it resolve
//! as they did on the site and N-Quads name each page's graph by it. That
//! is the URL of the path, not always the one fetched: wget saves
//! `https://example.com/blog/` as `blog/index.html`, and a query saved in a
//! file name stays part of the name.
//!
//! A file is below a root when its path is below the root's with symbolic
//! links resolved on both sides (so a symbolic link to the working folder,
//! or a link inside the mirror, changes nothing); failing that, as both are
//! written, `.` and `..` resolved (a file that a link inside the root
//! leads to from elsewhere).

use std::ffi::{OsStr, OsString};
use std::path::Path;

use microdata_scraper::Url;
use percent_encoding::percent_decode_str;

use crate::input::file_url;

/// One `--url-root DIR=URL`.
#[derive(Clone, Debug)]
pub(crate) struct UrlRoot {
    /// DIR, for messages.
    dir: String,
    /// The path segments of DIR's `file:` URL as written, `.` and `..`
    /// resolved, without an empty last one.
    written: Vec<String>,
    /// The same with symbolic links resolved.
    resolved: Vec<String>,
    target: Target,
}

#[derive(Clone, Debug)]
enum Target {
    /// A file's path below DIR is appended to this URL's path.
    Url(Url),
    /// `SCHEME://`: the first folder below DIR names the host, and the
    /// rest of the path follows it.
    Hosts(String),
}

/// Why the right side of a split is no target.
enum Unusable {
    /// It is not an absolute URL.
    NotAUrl(String),
    /// It is one, but not one a path can be appended to.
    Refused(String),
}

/// Parses `DIR=URL`. DIR may hold `=` too: the value is split at the first
/// `=` that leaves an existing file or folder on its left and a usable URL
/// on its right.
pub(crate) fn parse(value: &OsStr) -> Result<UrlRoot, String> {
    let bytes = value.as_encoded_bytes();
    // What to say when no split works, most telling first: a URL that
    // cannot take a path, a folder that does not exist, no URL at all.
    let (mut refused, mut missing, mut not_a_url) = (None, None, None);
    for i in (1..bytes.len()).filter(|&i| bytes[i] == b'=') {
        let Some(dir) = before(value, i) else {
            continue;
        };
        let Ok(url) = std::str::from_utf8(&bytes[i + 1..]) else {
            not_a_url.get_or_insert_with(|| "the URL is not UTF-8".to_owned());
            continue;
        };
        match target(url) {
            Ok(target) if std::fs::metadata(&dir).is_ok() => return UrlRoot::new(&dir, target),
            Ok(_) => {
                missing.get_or_insert_with(|| format!("no file or folder {}", shown(&dir)));
            }
            Err(Unusable::Refused(e)) => {
                refused.get_or_insert(e);
            }
            Err(Unusable::NotAUrl(e)) => {
                not_a_url.get_or_insert(e);
            }
        }
    }
    Err(refused.or(missing).or(not_a_url).unwrap_or_else(|| {
        "expected DIR=URL, such as mirror/example.com=https://example.com/".to_owned()
    }))
}

/// The first `end` bytes of `value` (`end` is the place of an ASCII `=`).
#[cfg(unix)]
fn before(value: &OsStr, end: usize) -> Option<OsString> {
    use std::os::unix::ffi::OsStrExt;
    Some(OsStr::from_bytes(&value.as_bytes()[..end]).to_owned())
}

/// The first `end` bytes of `value` (`end` is the place of an ASCII `=`);
/// off Unix, DIR must be Unicode.
#[cfg(not(unix))]
fn before(value: &OsStr, end: usize) -> Option<OsString> {
    value.to_str().map(|s| OsString::from(&s[..end]))
}

/// A path for messages: quoted, with control characters escaped.
fn shown(path: &OsStr) -> String {
    format!("{:?}", path.to_string_lossy())
}

/// The URL part: an absolute URL whose path can be extended, or a scheme
/// followed by `://` alone.
fn target(url: &str) -> Result<Target, Unusable> {
    if let Some(scheme) = url.strip_suffix("://") {
        let mut chars = scheme.chars();
        let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if valid {
            return Ok(Target::Hosts(scheme.to_ascii_lowercase()));
        }
    }
    let parsed =
        Url::parse(url).map_err(|e| Unusable::NotAUrl(format!("invalid URL {url:?}: {e}")))?;
    if parsed.cannot_be_a_base() {
        return Err(Unusable::Refused(format!(
            "{url:?} cannot have a path appended to it"
        )));
    }
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(Unusable::Refused(format!(
            "{url:?} has a query or a fragment: paths are appended to the URL's path"
        )));
    }
    Ok(Target::Url(parsed))
}

impl UrlRoot {
    /// DIR, quoted, for messages.
    pub(crate) fn dir(&self) -> &str {
        &self.dir
    }

    fn new(dir: &OsStr, target: Target) -> Result<UrlRoot, String> {
        let cannot = || format!("cannot make a file URL of {}", shown(dir));
        let written = file_url(Path::new(dir))
            .map(|u| segments(&u))
            .ok_or_else(cannot)?;
        let resolved = resolved_segments(Path::new(dir)).ok_or_else(cannot)?;
        Ok(UrlRoot {
            dir: shown(dir),
            written,
            resolved,
            target,
        })
    }

    /// The URL of the file whose path below the root is `rest`.
    fn url_for(&self, rest: &[String]) -> Result<Url, String> {
        match &self.target {
            Target::Url(url) => Ok(append(url.clone(), rest)),
            Target::Hosts(scheme) => match rest {
                [host, rest @ ..] if !rest.is_empty() => host_url(scheme, host)
                    .map(|url| append(url, rest))
                    .map_err(|e| {
                        format!(
                            "the folder name {:?} below --url-root {} is no host: {e}",
                            percent_decode_str(host).decode_utf8_lossy(),
                            self.dir
                        )
                    }),
                _ => Err(format!(
                    "--url-root {} gives {scheme}:// URLs, but the file is not inside a host's folder below it",
                    self.dir
                )),
            },
        }
    }
}

/// A `file:` URL's path segments (as written in the URL, percent-encoded),
/// without an empty last one (a folder's trailing slash).
fn segments(url: &Url) -> Vec<String> {
    let mut segments: Vec<String> = url
        .path_segments()
        .map(|s| s.map(str::to_owned).collect())
        .unwrap_or_default();
    if segments.last().is_some_and(String::is_empty) {
        segments.pop();
    }
    segments
}

/// The segments of `path`'s `file:` URL with symbolic links resolved.
fn resolved_segments(path: &Path) -> Option<Vec<String>> {
    file_url(&std::fs::canonicalize(path).ok()?).map(|u| segments(&u))
}

/// `SCHEME://HOST/` from a host's folder name (percent-encoded, as in a
/// `file:` URL): a host and a port, nothing else.
fn host_url(scheme: &str, name: &str) -> Result<Url, String> {
    let decoded = percent_decode_str(name).decode_utf8_lossy();
    let url = match decoded.parse::<std::net::Ipv6Addr>() {
        // wget writes IPv6 hosts without brackets.
        Ok(ip) => Url::parse(&format!("{scheme}://[{ip}]/")),
        // User info would make the text after it the host.
        Err(_) if decoded.contains('@') => return Err("it holds '@'".into()),
        Err(_) => Url::parse(&format!("{scheme}://{name}/")),
    }
    .map_err(|e| e.to_string())?;
    let just_a_host = url.has_host()
        && url.username().is_empty()
        && url.password().is_none()
        && url.path() == "/"
        && url.query().is_none()
        && url.fragment().is_none();
    if just_a_host {
        Ok(url)
    } else {
        Err("it is more than a host and a port".into())
    }
}

/// Checks that no folder is given twice.
pub(crate) fn check_distinct(roots: &[UrlRoot]) -> Result<(), String> {
    for (i, a) in roots.iter().enumerate() {
        if let Some(b) = roots[..i].iter().find(|b| b.resolved == a.resolved) {
            return Err(format!(
                "--url-root gives the folder {} twice (also as {})",
                a.dir, b.dir
            ));
        }
    }
    Ok(())
}

/// The document URL of the file at `path`, whose `file:` URL as written is
/// `file`, from the deepest root that holds it, with the root's place among
/// `roots`; `None` when no root does.
pub(crate) fn map(
    roots: &[UrlRoot],
    path: &Path,
    file: Option<&Url>,
) -> Option<(usize, Result<Url, String>)> {
    if roots.is_empty() {
        return None;
    }
    if let Some(found) = resolved_segments(path).and_then(|s| deepest(roots, &s, |r| &r.resolved)) {
        return Some(found);
    }
    deepest(roots, &segments(file?), |r| &r.written)
}

/// The deepest root whose `key` segments start `segments`, with the URL it
/// gives.
fn deepest(
    roots: &[UrlRoot],
    segments: &[String],
    key: impl Fn(&UrlRoot) -> &[String],
) -> Option<(usize, Result<Url, String>)> {
    let (i, root) = roots
        .iter()
        .enumerate()
        .filter(|(_, r)| segments.starts_with(key(r)))
        .max_by_key(|(_, r)| key(r).len())?;
    Some((i, root.url_for(&segments[key(root).len()..])))
}

/// `url` with the (percent-encoded) segments `rest` appended to its path,
/// as to a folder's: `https://example.com/site` and `a.html` make
/// `https://example.com/site/a.html`. No segments: `url` itself.
fn append(mut url: Url, rest: &[String]) -> Url {
    if rest.is_empty() {
        return url;
    }
    let mut path = url.path().to_owned();
    if !path.ends_with('/') {
        path.push('/');
    }
    path.push_str(&rest.join("/"));
    // The segments are already percent-encoded: `set_path` keeps `%XX`.
    url.set_path(&path);
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder holding `files` (paths relative to it).
    fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for f in files {
            let path = dir.path().join(f);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        dir
    }

    fn root(dir: &Path, sub: &str, url: &str) -> UrlRoot {
        let value = format!("{}={url}", dir.join(sub).display());
        parse(OsStr::new(&value)).unwrap()
    }

    fn mapped(roots: &[UrlRoot], path: &Path) -> Option<Result<String, String>> {
        map(roots, path, file_url(path).as_ref()).map(|(_, r)| r.map(String::from))
    }

    #[test]
    fn paths_below_a_root_are_appended_to_its_url() {
        let t = tree(&[
            "m/example.com/blog/a b.html",
            "m/p.html",
            "m/example.com.html",
        ]);
        let d = t.path();
        let roots = [root(d, "m/example.com", "https://example.com/")];
        assert_eq!(
            mapped(&roots, &d.join("m/example.com/blog/a b.html")),
            Some(Ok("https://example.com/blog/a%20b.html".into()))
        );
        // A name that merely starts like the folder is outside it.
        assert_eq!(mapped(&roots, &d.join("m/example.com.html")), None);
        // Without a trailing slash the URL still names the folder.
        let roots = [root(d, "m", "https://example.com/site")];
        assert_eq!(
            mapped(&roots, &d.join("m/p.html")),
            Some(Ok("https://example.com/site/p.html".into()))
        );
        // A root that is the file itself gives its URL as written.
        let roots = [root(d, "m/p.html", "https://example.com/p")];
        assert_eq!(
            mapped(&roots, &d.join("m/p.html")),
            Some(Ok("https://example.com/p".into()))
        );
    }

    #[test]
    fn the_deepest_root_decides() {
        let t = tree(&["m/z.html", "m/b/d.html", "m/b/c/d.html"]);
        let d = t.path();
        let roots = [
            root(d, "m", "https://a.example/"),
            root(d, "m/b", "https://b.example/x/"),
            root(d, "m/b/c", "https://c.example/"),
        ];
        assert_eq!(
            map(
                &roots,
                &d.join("m/b/d.html"),
                file_url(&d.join("m/b/d.html")).as_ref()
            )
            .map(|(i, u)| (i, u.unwrap().to_string())),
            Some((1, "https://b.example/x/d.html".into()))
        );
        assert_eq!(
            mapped(&roots, &d.join("m/b/c/d.html")),
            Some(Ok("https://c.example/d.html".into()))
        );
        assert_eq!(
            mapped(&roots, &d.join("m/z.html")),
            Some(Ok("https://a.example/z.html".into()))
        );
    }

    #[test]
    fn a_bare_scheme_takes_the_host_from_the_first_folder() {
        let t = tree(&[
            "m/example.com/blog/index.html",
            "m/Example.COM:8443/a.html",
            "m/example.com:80/a.html",
            "m/::1/a.html",
            "m/index.html",
            "m/a b/c.html",
            "m/example.com@evil.example/c.html",
        ]);
        let d = t.path();
        let roots = [root(d, "m", "https://")];
        let url = |p: &str| mapped(&roots, &d.join(p)).unwrap();
        assert_eq!(
            url("m/example.com/blog/index.html"),
            Ok("https://example.com/blog/index.html".into())
        );
        assert_eq!(
            url("m/Example.COM:8443/a.html"),
            Ok("https://example.com:8443/a.html".into())
        );
        assert_eq!(url("m/::1/a.html"), Ok("https://[::1]/a.html".into()));
        // The default port is dropped, as URL parsing drops it.
        let http = [root(d, "m", "http://")];
        assert_eq!(
            mapped(&http, &d.join("m/example.com:80/a.html")),
            Some(Ok("http://example.com/a.html".into()))
        );
        let no_host = url("m/index.html").unwrap_err();
        assert!(no_host.contains("not inside a host's folder"), "{no_host}");
        // Folder names are shown as they are on disk.
        let bad_host = url("m/a b/c.html").unwrap_err();
        assert!(bad_host.contains("\"a b\" below --url-root"), "{bad_host}");
        assert!(bad_host.contains("is no host"), "{bad_host}");
        let user = url("m/example.com@evil.example/c.html").unwrap_err();
        assert!(user.contains("'@'"), "{user}");
    }

    #[cfg(unix)]
    #[test]
    fn links_are_resolved_on_both_sides() {
        let t = tree(&["m/example.com/a.html", "elsewhere/b.html"]);
        let d = t.path();
        std::os::unix::fs::symlink(d.join("m"), d.join("link")).unwrap();
        std::os::unix::fs::symlink("example.com", d.join("m/0-alias")).unwrap();
        std::os::unix::fs::symlink(d.join("elsewhere"), d.join("m/example.com/out")).unwrap();
        // The root through a link, the file by its own path, and the
        // other way round.
        let roots = [root(d, "link", "https://")];
        assert_eq!(
            mapped(&roots, &d.join("m/example.com/a.html")),
            Some(Ok("https://example.com/a.html".into()))
        );
        let roots = [root(d, "m", "https://")];
        assert_eq!(
            mapped(&roots, &d.join("link/example.com/a.html")),
            Some(Ok("https://example.com/a.html".into()))
        );
        // A link inside the mirror does not make a host of its name.
        assert_eq!(
            mapped(&roots, &d.join("m/0-alias/a.html")),
            Some(Ok("https://example.com/a.html".into()))
        );
        // A file reached through a link from outside: its path as written.
        assert_eq!(
            mapped(&roots, &d.join("m/example.com/out/b.html")),
            Some(Ok("https://example.com/out/b.html".into()))
        );
        assert_eq!(mapped(&roots, &d.join("elsewhere/b.html")), None);
    }

    #[test]
    fn dot_segments_are_resolved() {
        let t = tree(&["m/y/a.html", "m/x/keep"]);
        let d = t.path();
        let roots = [root(d, "m/./x/../y", "https://example.com/")];
        assert_eq!(
            mapped(&roots, &d.join("m/y/a.html")),
            Some(Ok("https://example.com/a.html".into()))
        );
    }

    #[test]
    fn values_split_where_a_folder_and_a_url_are() {
        let t = tree(&["a=b/x.html", "eq/x=y:/z/i.html", "m/i.html"]);
        let d = t.path().display();
        let parsed = |v: String| parse(OsStr::new(&v));
        assert_eq!(
            parsed(format!("{d}/a=b=https://example.com/")).unwrap().dir,
            format!("\"{d}/a=b\"")
        );
        // `eq/x` does not exist: the split is after `z`.
        assert_eq!(
            parsed(format!("{d}/eq/x=y:/z=https://e.example/"))
                .unwrap()
                .dir,
            format!("\"{d}/eq/x=y:/z\"")
        );
        let e = parsed(format!("{d}/m=https://example.com/?a=b")).unwrap_err();
        assert!(e.contains("query"), "{e}");
        let e = parsed(format!("{d}/a=b=https://example.com/#")).unwrap_err();
        assert!(e.contains("fragment"), "{e}");
        let e = parsed(format!("{d}/mirro=https://")).unwrap_err();
        assert!(e.contains("no file or folder"), "{e}");
        assert!(parsed(format!("{d}/m")).unwrap_err().contains("DIR=URL"));
        assert!(parsed("=https://example.com/".into()).is_err());
        let e = parsed(format!("{d}/m=example.com")).unwrap_err();
        assert!(e.contains("invalid URL"), "{e}");
        let e = parsed(format!("{d}/m=mailto:x@example.com")).unwrap_err();
        assert!(e.contains("path"), "{e}");
        assert!(parsed(format!("{d}/m=1http://")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn folders_need_not_be_unicode() {
        use std::os::unix::ffi::OsStrExt;
        let t = tempfile::tempdir().unwrap();
        let dir = t.path().join(OsStr::from_bytes(b"bad\xff"));
        std::fs::create_dir_all(dir.join("h")).unwrap();
        std::fs::write(dir.join("h/i.html"), "").unwrap();
        let mut value = dir.as_os_str().to_owned();
        value.push("=https://example.com/");
        let roots = [parse(&value).unwrap()];
        assert_eq!(
            mapped(&roots, &dir.join("h/i.html")),
            Some(Ok("https://example.com/h/i.html".into()))
        );
    }

    #[test]
    fn a_folder_given_twice_is_refused() {
        let t = tree(&["m/a/i.html"]);
        let d = t.path();
        let roots = [
            root(d, "m/a", "https://a.example/"),
            root(d, "m/./a/", "https://b.example/"),
        ];
        let e = check_distinct(&roots).unwrap_err();
        assert!(e.contains("twice"), "{e}");
        assert!(check_distinct(&roots[..1]).is_ok());
    }
}
