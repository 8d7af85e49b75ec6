//! `--url-root DIR=URL`: the document URLs of a mirrored site's files.
//!
//! A crawl saved to disk keeps each page's path below a folder (`wget
//! --mirror` puts `https://example.com/blog/a.html` at
//! `example.com/blog/a.html`). Mapping the folder back to the site gives
//! every file the URL it was fetched from, so relative URLs resolve as they
//! did on the site and N-Quads name each page's graph by that URL.
//!
//! Paths are compared as `file:` URLs, that is after `.` and `..` are
//! resolved lexically, without following symbolic links, as the command's
//! default `file:` document URLs are made.

use microdata_scraper::Url;

/// One `--url-root DIR=URL`.
#[derive(Clone, Debug)]
pub(crate) struct UrlRoot {
    /// DIR as written, for messages.
    dir: String,
    /// The path segments of DIR's `file:` URL, without an empty last one.
    segments: Vec<String>,
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

/// Parses `DIR=URL`. The value is split at the first `=` that leaves an
/// absolute URL (or `SCHEME://`) on its right, so DIR may hold `=` too.
pub(crate) fn parse(value: &str) -> Result<UrlRoot, String> {
    // What to say when no split works: why a URL was refused, rather than
    // why some split's right side is no URL at all.
    let (mut refused, mut first_error) = (None, None);
    for (i, _) in value.match_indices('=') {
        let (dir, url) = (&value[..i], &value[i + 1..]);
        if dir.is_empty() {
            continue;
        }
        match target(url) {
            Ok(target) => {
                return Ok(UrlRoot {
                    dir: dir.to_owned(),
                    segments: dir_segments(dir)?,
                    target,
                });
            }
            Err(Unusable::Refused(e)) => {
                refused.get_or_insert(e);
            }
            Err(Unusable::NotAUrl(e)) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(refused.or(first_error).unwrap_or_else(|| {
        "expected DIR=URL, such as mirror/example.com=https://example.com/".to_owned()
    }))
}

/// Why the right side of a split is no target.
enum Unusable {
    /// It is not an absolute URL.
    NotAUrl(String),
    /// It is one, but not one a path can be appended to.
    Refused(String),
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

/// The path segments of `dir`'s `file:` URL, `.` and `..` resolved.
fn dir_segments(dir: &str) -> Result<Vec<String>, String> {
    let url = std::path::absolute(dir)
        .ok()
        .and_then(|p| Url::from_file_path(p).ok())
        .and_then(|u| Url::parse(u.as_str()).ok())
        .ok_or_else(|| format!("cannot make a file URL of {dir:?}"))?;
    Ok(segments(&url))
}

/// A URL's path segments (as written in the URL, percent-encoded), without
/// an empty last one (a folder's trailing slash).
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

/// Checks that no folder is given twice.
pub(crate) fn check_distinct(roots: &[UrlRoot]) -> Result<(), String> {
    for (i, a) in roots.iter().enumerate() {
        if let Some(b) = roots[..i].iter().find(|b| b.segments == a.segments) {
            return Err(format!(
                "--url-root gives the folder {:?} twice (also as {:?})",
                a.dir, b.dir
            ));
        }
    }
    Ok(())
}

/// The document URL of the file whose `file:` URL is `file`, from the
/// deepest root that holds it; `None` when no root does.
pub(crate) fn map(roots: &[UrlRoot], file: &Url) -> Option<Result<Url, String>> {
    let path = segments(file);
    let root = roots
        .iter()
        .filter(|r| path.starts_with(&r.segments))
        .max_by_key(|r| r.segments.len())?;
    let rest = &path[root.segments.len()..];
    Some(match &root.target {
        Target::Url(url) => Ok(append(url.clone(), rest)),
        Target::Hosts(scheme) => match rest {
            [host, rest @ ..] if !rest.is_empty() => Url::parse(&format!("{scheme}://{host}/"))
                .map(|url| append(url, rest))
                .map_err(|e| {
                    format!(
                        "--url-root {:?}: the folder name {host:?} is not a host: {e}",
                        root.dir
                    )
                }),
            _ => Err(format!(
                "--url-root {:?} gives {scheme}:// URLs, but the file is not inside a host's folder below it",
                root.dir
            )),
        },
    })
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

    fn file_url(path: &str) -> Url {
        Url::parse(&format!("file://{path}")).unwrap()
    }

    fn mapped(roots: &[&str], path: &str) -> Option<Result<String, String>> {
        let roots: Vec<UrlRoot> = roots.iter().map(|r| parse(r).unwrap()).collect();
        map(&roots, &file_url(path)).map(|r| r.map(String::from))
    }

    #[test]
    fn paths_below_a_root_are_appended_to_its_url() {
        let root = "/m/example.com=https://example.com/";
        assert_eq!(
            mapped(&[root], "/m/example.com/blog/a%20b.html"),
            Some(Ok("https://example.com/blog/a%20b.html".into()))
        );
        // Without a trailing slash the URL still names the folder.
        assert_eq!(
            mapped(&["/m/x=https://example.com/site"], "/m/x/a.html"),
            Some(Ok("https://example.com/site/a.html".into()))
        );
        // A root that is the file itself gives its URL as written.
        assert_eq!(
            mapped(&["/m/p.html=https://example.com/p"], "/m/p.html"),
            Some(Ok("https://example.com/p".into()))
        );
        // Outside every root: no mapping; a name that merely starts like
        // the folder is outside it.
        assert_eq!(mapped(&[root], "/m/example.com.html"), None);
        assert_eq!(mapped(&[root], "/elsewhere/a.html"), None);
    }

    #[test]
    fn the_deepest_root_decides() {
        let roots = [
            "/m=https://a.example/",
            "/m/b=https://b.example/x/",
            "/m/b/c=https://c.example/",
        ];
        assert_eq!(
            mapped(&roots, "/m/b/d.html"),
            Some(Ok("https://b.example/x/d.html".into()))
        );
        assert_eq!(
            mapped(&roots, "/m/b/c/d.html"),
            Some(Ok("https://c.example/d.html".into()))
        );
        assert_eq!(
            mapped(&roots, "/m/z.html"),
            Some(Ok("https://a.example/z.html".into()))
        );
    }

    #[test]
    fn a_bare_scheme_takes_the_host_from_the_first_folder() {
        let root = "/m=https://";
        assert_eq!(
            mapped(&[root], "/m/example.com/blog/index.html"),
            Some(Ok("https://example.com/blog/index.html".into()))
        );
        assert_eq!(
            mapped(&[root], "/m/Example.COM:8443/a.html"),
            Some(Ok("https://example.com:8443/a.html".into()))
        );
        // The default port is dropped, as URL parsing drops it.
        assert_eq!(
            mapped(&["/m=http://"], "/m/example.com:80/a.html"),
            Some(Ok("http://example.com/a.html".into()))
        );
        let no_host = mapped(&[root], "/m/index.html").unwrap().unwrap_err();
        assert!(no_host.contains("not inside a host's folder"), "{no_host}");
        let bad_host = mapped(&[root], "/m/a%20b/c.html").unwrap().unwrap_err();
        assert!(bad_host.contains("is not a host"), "{bad_host}");
    }

    #[test]
    fn dot_segments_are_resolved_lexically() {
        assert_eq!(
            mapped(&["/m/./x/../y=https://example.com/"], "/m/y/a.html"),
            Some(Ok("https://example.com/a.html".into()))
        );
    }

    #[test]
    fn values_split_at_the_first_equals_sign_before_a_url() {
        let root = parse("/m/a=b=https://example.com/?").unwrap_err();
        assert!(root.contains("query"), "{root}");
        let root = parse("/m=https://example.com/?a=b").unwrap_err();
        assert!(root.contains("query"), "{root}");
        let root = parse("/m/a=b=https://example.com/").unwrap();
        assert_eq!(root.dir, "/m/a=b");
        assert!(parse("/m/a").unwrap_err().contains("DIR=URL"));
        assert!(parse("=https://example.com/").is_err());
        assert!(parse("/m=example.com").unwrap_err().contains("invalid URL"));
        assert!(
            parse("/m=mailto:x@example.com")
                .unwrap_err()
                .contains("path")
        );
        assert!(parse("/m=1http://").is_err());
    }

    #[test]
    fn a_folder_given_twice_is_refused() {
        let roots = [
            parse("/m/a=https://a.example/").unwrap(),
            parse("/m/./a/=https://b.example/").unwrap(),
        ];
        let e = check_distinct(&roots).unwrap_err();
        assert!(e.contains("twice"), "{e}");
        assert!(check_distinct(&roots[..1]).is_ok());
    }
}
