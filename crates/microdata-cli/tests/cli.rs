//! Runs the built binary as a user would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::util::{jsonl, run, temp_dir, text};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

/// Asserts that the command exited with `code`, wrote nothing to standard
/// output, and said `message` on standard error.
fn assert_fails_with(out: &Output, code: i32, message: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(stderr.contains(message), "{stderr}");
}

#[test]
fn example_page_as_json() {
    let page = example("blog.html");
    let out = run(
        &[
            page.to_str().unwrap(),
            "--base-url",
            "https://blog.example.com/progress-report",
            "--pretty",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn compact_json_from_stdin_without_url() {
    let out = run(
        &["-"],
        b"<p itemscope><a itemprop=u href=/x>x</a><b itemprop=n>y</b>",
    );
    assert_eq!(out.status.code(), Some(0));
    // No document URL: a relative URL does not resolve, as in about:blank.
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"u\":[\"\"],\"n\":[\"y\"]}}]}\n"
    );
}

#[test]
fn standard_input_is_about_blank_in_every_format() {
    // Without --base-url the document's URL is about:blank, as in HTML:
    // every format resolves a fragment against it, and none resolves a
    // relative path.
    let page = b"<title>T</title><article itemscope itemtype=http://t/ itemid=#me><h1>F</h1>\
<a itemprop=u rel=bookmark href=#frag>x</a><a itemprop=u href=/x>y</a></article>";
    let out = |format: &str| {
        let out = run(&["-f", format, "--now", "2010-01-01T00:00Z", "-"], page);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(
        out("json"),
        "{\"items\":[{\"type\":[\"http://t/\"],\"id\":\"about:blank#me\",\"properties\":{\"u\":[\"about:blank#frag\",\"\"]}}]}\n"
    );
    let nt = out("nt");
    assert!(
        nt.contains(
            "<about:blank> <http://www.w3.org/1999/xhtml/microdata#item> <about:blank#me> .\n"
        ),
        "{nt}"
    );
    assert!(
        nt.contains(
            "<about:blank> <http://www.w3.org/1999/xhtml/vocab#bookmark> <about:blank#frag> .\n"
        ),
        "{nt}"
    );
    // The property's one triple: the fragment; `/x` resolves to nothing.
    let u: Vec<&str> = nt.lines().filter(|l| l.contains("%23:u>")).collect();
    assert_eq!(
        u,
        [
            "<about:blank#me> <http://www.w3.org/1999/xhtml/microdata#http://t/%23:u> <about:blank#frag> ."
        ]
    );
    let atom = out("atom");
    assert!(
        atom.contains(
            "<id>about:blank#frag</id><link rel=\"alternate\" href=\"about:blank#frag\"/>"
        ),
        "{atom}"
    );
    let links = out("links");
    assert!(links.contains("\"url\":\"about:blank#frag\""), "{links}");
}

#[test]
fn file_url_is_the_default_base() {
    let dir = temp_dir("fileurl");
    let f = dir.join("page.html");
    std::fs::write(&f, "<p itemscope><img itemprop=i src=pic.png>").unwrap();
    let out = run(&[f.to_str().unwrap()], b"");
    let expected = format!("{}/pic.png", microdata_url(&dir));
    assert!(
        text(&out.stdout).contains(&expected),
        "{} lacks {expected}",
        text(&out.stdout)
    );
}

fn microdata_url(dir: &Path) -> String {
    let abs = std::path::absolute(dir).unwrap();
    format!("file://{}", abs.display())
}

#[test]
fn errors_flag_reports_microdata_errors() {
    let out = run(
        &["--errors", "-"],
        b"<div itemscope itemref=nowhere></div><p itemprop=lost>",
    );
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>: error: itemref names no element"),
        "{err}"
    );
    assert!(
        err.contains("itemprop element is not a property of any item"),
        "{err}"
    );
}

#[test]
fn url_queries_are_encoded_in_the_pages_encoding() {
    // HTML's "encoding-parse a URL": in a windows-1252 page, the query of
    // an http(s) URL is percent-encoded in windows-1252 (é is 0xE9) and a
    // character it lacks as a numeric reference (中: "&#20013;"); the path
    // and the fragment stay UTF-8, and so does a non-special scheme.
    let page: &[u8] =
        b"<meta charset=windows-1252><article itemscope itemtype=http://t/ class=h-entry>\
<a itemprop=u class=u-url href='/p\xe9?q=\xe9&amp;c=&#x4E2D;#\xe9'>x</a>\
<a itemprop=u class=u-url href='tag:x?q=\xe9'>y</a></article>";
    let query = "http://e.example/p%C3%A9?q=%E9&c=%26%2320013%3B#%C3%A9";
    let tag = "tag:x?q=%C3%A9";
    let out = |format: &str| {
        let args = ["-f", format, "--base-url", "http://e.example/", "-"];
        let out = run(&args, page);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(
        out("json"),
        format!(
            "{{\"items\":[{{\"type\":[\"http://t/\"],\"properties\":{{\"u\":[\"{query}\",\"{tag}\"]}}}}]}}\n"
        )
    );
    let mf2 = out("mf2");
    assert!(
        mf2.contains(&format!("\"url\":[\"{query}\",\"{tag}\"]")),
        "{mf2}"
    );
    let nt = out("nt");
    assert!(nt.contains(&format!("<{query}>")), "{nt}");
    let links = out("links");
    assert!(links.contains(&format!("\"url\":\"{query}\"")), "{links}");
    // A UTF-8 page keeps UTF-8 queries.
    let utf8 = run(
        &["--base-url", "http://e.example/", "-"],
        "<p itemscope><a itemprop=u href='?q=é'>x</a>".as_bytes(),
    );
    assert!(text(&utf8.stdout).contains("http://e.example/?q=%C3%A9"));
}

#[test]
fn bad_base_url_is_a_usage_error() {
    let out = run(&["--base-url", "not a url", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid --base-url \"not a url\""),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    // A relative URL is told it needs to be absolute; a malformed one is
    // told what is wrong, and only that.
    let relative = run(&["--base-url", "/page", "-"], b"");
    assert_fails_with(
        &relative,
        2,
        "invalid --base-url \"/page\": relative URL without a base (an absolute URL is needed)",
    );
    let bad_host = run(&["--base-url", "http://[::1", "-"], b"");
    assert_fails_with(
        &bad_host,
        2,
        "invalid --base-url \"http://[::1\": invalid IPv6 address\n",
    );
}

#[test]
fn one_bad_input_does_not_hide_the_good_ones() {
    let dir = temp_dir("mixed");
    let good = dir.join("good.html");
    std::fs::write(&good, "<p itemscope><b itemprop=n>ok</b>").unwrap();
    let latin1 = dir.join("latin1.html");
    std::fs::write(&latin1, b"<p itemscope><b itemprop=n>caf\xe9</b>").unwrap();
    let missing = dir.join("missing.html");
    let out = run(
        &[
            missing.to_str().unwrap(),
            latin1.to_str().unwrap(),
            good.to_str().unwrap(),
            "--quiet",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    // The undeclared Latin-1 byte is replaced and reported, not fatal.
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"caf\u{FFFD}\"]}}]}\n{\"items\":[{\"properties\":{\"n\":[\"ok\"]}}]}\n"
    );
    let err = text(&out.stderr);
    assert!(err.contains("missing.html: cannot read"), "{err}");
    assert!(
        err.contains("latin1.html: invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 30)"),
        "{err}"
    );
    // The summary counts the converted input with replaced bytes apart
    // from the one that failed: both make the exit status 1.
    let out = run(
        &[
            missing.to_str().unwrap(),
            latin1.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("microdata: 3 files (1 failed, 1 with invalid bytes replaced), "),
        "{err}"
    );
    assert!(err.contains(" 2 items, 0 microdata errors, "), "{err}");
    // An input with replaced bytes that then fails counts as failed only.
    let over = dir.join("over.html");
    std::fs::write(&over, b"caf\xe9<div><div><div><div><div><div><div><div>").unwrap();
    let out = run(
        &[
            over.to_str().unwrap(),
            good.to_str().unwrap(),
            "--max-open-elements",
            "6",
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert!(err.contains("microdata: 2 files (1 failed), "), "{err}");
}

#[test]
fn encodings_from_meta_and_from_the_flag() {
    let dir = temp_dir("encodings");
    let declared = dir.join("declared.html");
    std::fs::write(
        &declared,
        b"<meta charset=windows-1252><p itemscope><b itemprop=n>caf\xe9</b>",
    )
    .unwrap();
    let out = run(&[declared.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"café\"]}}]}\n"
    );
    let out = run(
        &["--encoding", "latin1", "-"],
        b"<p itemscope><b itemprop=n>\xe9t\xe9</b>",
    );
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"été\"]}}]}\n"
    );
    // An XHTML page with only an XML declaration, as crawls have them.
    let out = run(
        &["-"], b"<?xml version='1.0' encoding='iso-8859-1'?>\n<html xmlns='http://www.w3.org/1999/xhtml'><p itemscope><b itemprop=n>\xe9t\xe9</b></html>");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"été\"]}}]}\n"
    );
    let out = run(&["--encoding", "no-such-encoding", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown --encoding \"no-such-encoding\""));
}

/// HTML's "change the encoding": a `<meta>` the prescan's 1024 bytes do not
/// reach still decides an encoding that was not certain, and the page is
/// decoded again in it, as a browser reloads it.
#[test]
fn a_meta_past_the_prescan_changes_the_encoding() {
    let dir = temp_dir("late-meta");
    let padding = format!("<!--{}-->", "x".repeat(1100));
    let page = |meta: &str, value: &[u8]| {
        let mut page = format!("{padding}{meta}<p itemscope><b itemprop=n>").into_bytes();
        page.extend_from_slice(value);
        page
    };
    // Name, bytes, flags, the encoding used and the value read.
    type Case = (
        &'static str,
        Vec<u8>,
        &'static [&'static str],
        &'static str,
        &'static str,
    );
    let cases: [Case; 6] = [
        // Shift_JIS bytes of 日本語.
        (
            "sjis",
            page("<meta charset=shift_jis>", b"\x93\xfa\x96\x7b\x8c\xea"),
            &[],
            "Shift_JIS",
            "日本語",
        ),
        (
            "pragma",
            page(
                r#"<meta http-equiv=Content-Type content="text/html; charset=latin1">"#,
                b"caf\xe9",
            ),
            &[],
            "windows-1252",
            "café",
        ),
        // Template contents are parsed "in head" too.
        (
            "template",
            page("<template><meta charset=latin1></template>", b"caf\xe9"),
            &[],
            "windows-1252",
            "café",
        ),
        // A declared UTF-16 means UTF-8: nothing changes.
        (
            "utf16",
            page("<meta charset=utf-16le>", "café".as_bytes()),
            &[],
            "UTF-8",
            "café",
        ),
        // The caller's encoding and a byte order mark are certain.
        (
            "forced",
            page("<meta charset=shift_jis>", "café".as_bytes()),
            &["--encoding", "utf-8"],
            "UTF-8",
            "café",
        ),
        (
            "bom",
            [
                b"\xef\xbb\xbf".as_slice(),
                &page("<meta charset=shift_jis>", "café".as_bytes()),
            ]
            .concat(),
            &[],
            "UTF-8",
            "café",
        ),
    ];
    for (name, bytes, flags, encoding, value) in cases {
        let file = dir.join(format!("{name}.html"));
        std::fs::write(&file, bytes).unwrap();
        let mut args = vec![file.to_str().unwrap(), "-f", "jsonl"];
        args.extend_from_slice(flags);
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        assert_eq!(line["encoding"], encoding, "{name}");
        assert_eq!(line["items"][0]["properties"]["n"][0], value, "{name}");
    }
}

#[test]
fn directories_and_patterns_as_jsonl_with_a_summary() {
    let dir = temp_dir("batch");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for (name, body) in [
        ("a.html", "<p itemscope><b itemprop=n>a</b>"),
        (
            "sub/b.htm",
            "<p itemscope><b itemprop=n>b</b></p><div itemprop=lost></div>",
        ),
        ("notes.txt", "not html"),
        // wget's name for `https://example.com/sub/index.html?p=2`.
        ("sub/index.html?p=2", "<p itemscope><b itemprop=n>p2</b>"),
        ("sub/about", "<p itemscope><b itemprop=n>about</b>"),
    ] {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let out = run(
        &[
            dir.to_str().unwrap(),
            "--format",
            "jsonl",
            "--errors",
            "--jobs",
            "2",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = jsonl(&out);
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["path"].as_str().unwrap().ends_with("a.html"));
    assert!(
        lines[2]["path"]
            .as_str()
            .unwrap()
            .ends_with("/sub/index.html?p=2")
    );
    assert!(
        lines[2]["url"]
            .as_str()
            .unwrap()
            .ends_with("/sub/index.html%3Fp=2")
    );
    assert_eq!(lines[0]["encoding"], "UTF-8");
    assert_eq!(
        lines[0]["items"],
        serde_json::json!([{"properties": {"n": ["a"]}}])
    );
    assert_eq!(
        lines[1]["items"],
        serde_json::json!([{"properties": {"n": ["b"]}}])
    );
    assert_eq!(
        lines[1]["microdata_errors"][0],
        serde_json::json!({
            "kind": "UnownedProperty",
            "warning": false,
            "message": "itemprop element is not a property of any item (<div> #5)",
            "element": 5,
            "local_name": "div",
            "id": null,
            "detail": null,
            "item": null
        })
    );
    assert!(lines[1]["url"].as_str().unwrap().starts_with("file:///"));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].ends_with(
            "sub/b.htm: error: itemprop element is not a property of any item (<div> #5)"
        ),
        "{err}"
    );
    assert_eq!(
        lines[1],
        "microdata: note: 2 files in the folders given not read: not named .html, .htm, .xhtml, .xht or .shtml"
    );
    assert!(
        lines[2].starts_with("microdata: 3 files (0 failed), "),
        "{err}"
    );
    assert!(lines[2].contains(" 3 items, 1 microdata error, "), "{err}");

    let pattern = format!("{}/*.html", dir.display());
    let out = run(&[&pattern, "--format", "jsonl", "--quiet"], b"");
    assert_eq!(text(&out.stdout).lines().count(), 1);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));

    let none = format!("{}/*.nothing", dir.display());
    let out = run(&[&none, "--format", "jsonl", "--quiet"], b"");
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        line["errors"],
        serde_json::json!(["pattern matches no file"])
    );
}

/// wget's names whose query holds a dot, and a file named only `.html`,
/// are pages in a folder; a missing argument that is no valid pattern
/// (`gone[1.html`) fails alone, in its place, as a missing file does.
#[test]
fn query_names_with_dots_and_invalid_patterns() {
    let dir = temp_dir("wget-names");
    for name in [
        "index.html?v=1.2",
        "page.html?ref=example.com",
        ".html",
        "x.pdf?f=a.html",
        "notes.txt",
    ] {
        std::fs::write(dir.join(name), "<p itemscope><b itemprop=n>x</b>").unwrap();
    }
    let out = run(
        &[dir.to_str().unwrap(), "--format", "jsonl", "--quiet"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let names: Vec<String> = jsonl(&out)
        .iter()
        .map(|l| {
            let path = l["path"].as_str().unwrap();
            path.rsplit('/').next().unwrap().to_owned()
        })
        .collect();
    assert_eq!(
        names,
        [".html", "index.html?v=1.2", "page.html?ref=example.com"]
    );

    let good = dir.join("index.html?v=1.2");
    let good = good.to_str().unwrap();
    let gone = format!("{}/gone[1.html", dir.display());
    let out = run(&[good, &gone, good, "--format", "jsonl"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = jsonl(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["items"][0]["properties"]["n"][0], "x");
    assert_eq!(
        lines[1]["errors"],
        serde_json::json!([
            "no such file, and not a valid pattern: unclosed character class; missing ']'"
        ])
    );
    assert_eq!(lines[2]["items"][0]["properties"]["n"][0], "x");
    assert!(
        text(&out.stderr).contains("gone[1.html: no such file, and not a valid pattern"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn zero_jobs_is_a_usage_error() {
    let out = run(&["--jobs", "0", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn stdin_only_once() {
    let out = run(&["-", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("standard input ('-') can be read only once"));
}

#[test]
fn atom_feed_from_stdin_is_reproducible_with_now() {
    let page = std::fs::read(example("blog.html")).unwrap();
    let args = [
        "--format",
        "atom",
        "--now",
        "2024-05-01T12:00:00Z",
        "--base-url",
        "https://blog.example.com/progress-report",
    ];
    let out = run(&args, &page);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
    // Same input, same bytes.
    assert_eq!(run(&args, &page).stdout, out.stdout);
    let none = run(&["--format", "atom"], b"<p>no articles</p>");
    assert_eq!(none.status.code(), Some(3));
    assert!(none.stdout.is_empty());
    assert!(text(&none.stderr).contains("no article element: no Atom feed"));
    let bad = run(&["--format", "atom", "--now", "yesterday"], b"");
    assert_eq!(bad.status.code(), Some(2));
    // In UTC, the year before 1 and years of five digits cannot be
    // written as iCalendar or Atom dates.
    for now in ["0001-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00"] {
        let bad = run(&["--format", "ical", "--now", now], b"");
        assert_fails_with(&bad, 2, "in UTC it must fall in the years 0001 to 9999");
    }
    let edge = run(&["--format", "ical", "--now", "0001-01-01T00:00:00Z"], b"");
    assert_eq!(edge.status.code(), Some(3), "{}", text(&edge.stderr));
}

/// The HTML in microformats2 `html` values and Atom content lists each
/// element's attributes in source order (the parser's tree sorts them).
#[test]
fn serialized_html_keeps_attribute_order() {
    let page = b"<article class=h-entry><h1>T</h1><div class=e-content>\
                 <img src=/a.png alt=A><a title=t href=/x>x</a></div></article>";
    let args = |format| {
        [
            "--format",
            format,
            "--now",
            "2024-05-01T12:00:00Z",
            "--base-url",
            "https://e.example/",
        ]
    };
    let mf2 = run(&args("mf2"), page);
    assert_eq!(mf2.status.code(), Some(0), "{}", text(&mf2.stderr));
    let mf2: serde_json::Value = serde_json::from_slice(&mf2.stdout).unwrap();
    assert_eq!(
        mf2["items"][0]["properties"]["content"][0]["html"],
        r#"<img src="https://e.example/a.png" alt="A"><a title="t" href="https://e.example/x">x</a>"#
    );
    let atom = run(&args("atom"), page);
    assert_eq!(atom.status.code(), Some(0), "{}", text(&atom.stderr));
    assert!(
        text(&atom.stdout).contains(
            "&lt;img src=\"/a.png\" alt=\"A\"&gt;&lt;a title=\"t\" href=\"/x\"&gt;x&lt;/a&gt;"
        ),
        "{}",
        text(&atom.stdout)
    );
}

#[test]
fn links_as_json() {
    let page = std::fs::read(example("blog.html")).unwrap();
    let out = run(
        &[
            "--format",
            "links",
            "--base-url",
            "https://blog.example.com/post",
        ],
        &page,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let links: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(links["feed"], "https://blog.example.com/feed.atom");
    assert_eq!(
        links["license"],
        serde_json::json!(["https://creativecommons.org/licenses/by/4.0/"])
    );
}

/// The whole `--format links` answer for a page with every kind of fact:
/// breadcrumbs in paragraphs (HTML's, split by a `hr`), icons with sizes,
/// feeds, a sequence, synonyms and warnings.
#[test]
fn links_output_snapshot() {
    let page = br#"<!DOCTYPE html><html lang=en><head><title>Dishwashers</title>
<link rel=icon href=/i.png sizes="16x16 32x32 016x16 16x16"><link rel="shortcut icon" href=/i.ico>
<link rel=alternate type=application/rss+xml href=/rss title=Posts>
<link rel="alternate" hreflang=fr href=/fr/><link rel="index up up up" href=/>
<link rel=Previous href=/p/1><link rel=next href=/p/3></head>
<body><nav>Main: <a href="/" rel="index up up">Home</a> &gt; <a href="/products/" rel="up">Products</a>
<hr> <a href="/" rel="index up">Second-hand</a></nav>
<p><a rel="bookmark nofollow" href=/post>#</a> <a rel="icon" href=/x.png>x</a></p></body></html>"#;
    let out = run(
        &[
            "--format",
            "links",
            "--pretty",
            "--base-url",
            "https://shop.example.com/products/dishwashers/",
        ],
        page,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn vcard_and_ical_with_checks() {
    let page = std::fs::read(example("blog.html")).unwrap();
    let base = [
        "--base-url",
        "https://blog.example.com/progress-report",
        "--now",
        "2024-05-01T12:00:00Z",
    ];
    let vcard = run(
        &[&["--format", "vcard", "--check"][..], &base].concat(),
        &page,
    );
    assert_eq!(vcard.status.code(), Some(0), "{}", text(&vcard.stderr));
    // The example is a valid hCard: no vocabulary warnings.
    assert!(vcard.stderr.is_empty(), "{}", text(&vcard.stderr));
    insta::assert_snapshot!("vcard", text(&vcard.stdout).replace("\r\n", "\n"));
    assert!(text(&vcard.stdout).contains("\r\nEND:VCARD\r\n"));
    let ical = run(&[&["--format", "ical"][..], &base].concat(), &page);
    assert_eq!(ical.status.code(), Some(0), "{}", text(&ical.stderr));
    let ical = text(&ical.stdout).replace(env!("CARGO_PKG_VERSION"), "[version]");
    insta::assert_snapshot!("ical", ical.replace("\r\n", "\n"));

    let broken = b"<div itemscope itemtype=http://microformats.org/profile/hcard><span itemprop=fn>A</span><span itemprop=fn>B</span></div>";
    let out = run(&["--format", "vcard", "--check"], broken);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("<stdin>: warning: "),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).starts_with("BEGIN:VCARD\r\n"));

    let none = run(&["--format", "ical"], b"<p>nothing</p>");
    assert_fails_with(&none, 3, "no vEvent item");
}

#[test]
fn mf2_and_rdf_formats() {
    let page = std::fs::read(example("blog.html")).unwrap();
    let base = ["--base-url", "https://blog.example.com/progress-report"];
    let mf2 = run(&[&["--format", "mf2"][..], &base].concat(), &page);
    assert_eq!(mf2.status.code(), Some(0), "{}", text(&mf2.stderr));
    let mf2: serde_json::Value = serde_json::from_str(&text(&mf2.stdout)).unwrap();
    assert_eq!(mf2["items"][0]["type"], serde_json::json!(["h-card"]));
    assert_eq!(
        mf2["items"][1]["properties"]["start"],
        serde_json::json!(["2013-09-07T09:00:00Z"])
    );
    assert_eq!(
        mf2["rels"]["license"],
        serde_json::json!(["https://creativecommons.org/licenses/by/4.0/"])
    );

    let nt = run(&[&["--format", "nt"][..], &base].concat(), &page);
    assert_eq!(nt.status.code(), Some(0), "{}", text(&nt.stderr));
    let nt = text(&nt.stdout);
    assert!(nt.contains("<https://blog.example.com/progress-report> <http://purl.org/dc/terms/title> \"My Blog\"@en .\n"), "{nt}");
    assert!(nt.lines().all(|l| l.ends_with(" .")), "{nt}");

    let w3c = run(
        &[&["--format", "nt", "--rdf-mode", "w3c"][..], &base].concat(),
        &page,
    );
    assert!(text(&w3c.stdout).contains("<http://schema.org/datePublished> \"2013-08-29\"^^<http://www.w3.org/2001/XMLSchema#date> ."));

    let ttl = run(&[&["--format", "ttl"][..], &base].concat(), &page);
    assert!(
        text(&ttl.stdout).starts_with("@prefix "),
        "{}",
        text(&ttl.stdout)
    );

    let nq = run(&[&["--format", "nq"][..], &base].concat(), &page);
    assert!(
        text(&nq.stdout)
            .lines()
            .all(|l| l.ends_with(" <https://blog.example.com/progress-report> ."))
    );
    // Known before reading: a usage error.
    let no_url = run(&["--format", "nq"], b"<p itemscope>");
    assert_fails_with(
        &no_url,
        2,
        "N-Quads name the graph by the document URL, and standard input has none: give --base-url",
    );

    let bad = run(
        &[
            "--format",
            "nt",
            "--rdf-mode",
            "w3c",
            "--registry",
            "/nonexistent.json",
        ],
        b"",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("cannot read --registry /nonexistent.json"),
        "{}",
        text(&bad.stderr)
    );
    // An option of one RDF mode with the other is bad usage, not ignored.
    for (args, message) in [
        (
            &["--format", "nt", "--rdf-mode", "w3c", "--work-equivalences"][..],
            "--work-equivalences belongs to --rdf-mode html",
        ),
        (
            &["--format", "nt", "--registry", "/nonexistent.json"][..],
            "--registry belongs to --rdf-mode w3c",
        ),
    ] {
        let out = run(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
}

/// Each level refers to both halves of the next: the output doubles per
/// level, so 40 levels of a few kilobytes would ask for 2^40 objects.
#[test]
fn limits_stop_exponential_itemref_outputs() {
    let mut html = String::from("<div itemscope itemref=\"a0 b0\"></div>");
    for i in 0..40 {
        for side in ["a", "b"] {
            html.push_str(&format!(
                "<div id={side}{i} itemprop=x itemscope itemref=\"a{n} b{n}\"></div>",
                n = i + 1
            ));
        }
    }
    let out = run(&["-", "--max-items", "1000"], html.as_bytes());
    assert_fails_with(&out, 1, "more than 1000 items");
    let out = run(
        &["-", "--format", "jsonl", "--max-output-bytes", "1M"],
        html.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(line["items"], serde_json::json!([]));
    assert!(
        line["errors"][0]
            .as_str()
            .unwrap()
            .contains("max_output_bytes"),
        "{line}"
    );
    let nt = run(
        &["-", "--format", "nt", "--max-items", "1000"],
        html.as_bytes(),
    );
    // RDF shares each item's subject, so the same page stays small there.
    assert_eq!(nt.status.code(), Some(0), "{}", text(&nt.stderr));
    assert!(text(&nt.stdout).lines().count() < 1000);
    let bad = run(&["-", "--no-limits", "--max-items", "5"], b"");
    assert_eq!(bad.status.code(), Some(2));
}

/// Every format stops at `--max-output-bytes`: iCalendar and vCard, whose
/// output grows with the square of a page whose items share one block
/// through `itemref`, and Atom, whose entries each repeat a long base URL,
/// as they write; all of them, links included, on what they wrote. The
/// other inputs are still written.
#[test]
fn every_format_keeps_to_the_output_limit() {
    let dir = temp_dir("output-limit");
    let mut ical = String::new();
    for _ in 0..2_000 {
        ical.push_str(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=b></p>"#,
        );
    }
    ical.push_str("<div id=b>");
    for i in 0..2_000 {
        ical.push_str(&format!("<i itemprop=x-p{i}>v</i>"));
    }
    ical.push_str("</div>");
    std::fs::write(dir.join("events.html"), &ical).unwrap();
    let mut vcard =
        String::from(r#"<div itemscope itemtype="http://microformats.org/profile/hcard">"#);
    for _ in 0..2_000 {
        vcard.push_str("<b itemprop=adr itemscope itemref=street></b>");
    }
    vcard.push_str("</div><div id=street>");
    for _ in 0..2_000 {
        vcard.push_str("<i itemprop=street-address>x</i>");
    }
    vcard.push_str("</div>");
    std::fs::write(dir.join("card.html"), &vcard).unwrap();
    let feed = format!(
        "<base href='https://e.example/{}/'>{}",
        "x".repeat(10_000),
        "<article>a</article>".repeat(200)
    );
    std::fs::write(dir.join("feed.html"), &feed).unwrap();
    let small = r#"<title>T</title><article><h1>A</h1><p>Text</p><a rel=next href=/2>next</a></article>
        <div itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Ada</b></div>
        <p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>S</b></p>"#;
    std::fs::write(dir.join("small.html"), small).unwrap();
    let (events, card, feed, small) = (
        dir.join("events.html"),
        dir.join("card.html"),
        dir.join("feed.html"),
        dir.join("small.html"),
    );
    for (format, big, start) in [
        ("ical", &events, "BEGIN:"),
        ("vcard", &card, "BEGIN:"),
        ("atom", &feed, "<?xml"),
    ] {
        let out = run(
            &[
                big.to_str().unwrap(),
                small.to_str().unwrap(),
                "--format",
                format,
                "--max-output-bytes",
                "1M",
                // The vCard page's reading would stop it first.
                "--max-reads",
                "1000000000",
                "--now",
                "2020-01-01T00:00:00Z",
                "-q",
            ],
            b"",
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{format}: {stderr}");
        assert!(stderr.contains("max_output_bytes"), "{format}: {stderr}");
        let stdout = text(&out.stdout);
        // Only the small page's output.
        assert!(stdout.len() < 1_000, "{format}: {}", stdout.len());
        assert!(stdout.starts_with(start), "{format}: {stdout}");
    }
    // Atom and links are checked on what they wrote (the line end the
    // command adds after a JSON document or a feed is not counted).
    let run = |format: &str, limit: Option<usize>| {
        let mut args = vec![
            small.to_str().unwrap().to_owned(),
            "--format".to_owned(),
            format.to_owned(),
            "--now".to_owned(),
            "2020-01-01T00:00:00Z".to_owned(),
        ];
        if let Some(limit) = limit {
            args.extend(["--max-output-bytes".to_owned(), limit.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(&args, b"")
    };
    for format in ["atom", "links"] {
        let full = run(format, None);
        assert_eq!(full.status.code(), Some(0), "{}", text(&full.stderr));
        assert!(full.stdout.ends_with(b"\n"));
        let size = full.stdout.len() - 1;
        assert_eq!(run(format, Some(size)).stdout, full.stdout, "{format}");
        assert_fails_with(&run(format, Some(size - 1)), 1, "max_output_bytes");
    }
}

/// iCalendar reads and skips item values, and each event reads a shared
/// block again: `--max-reads` stops that, even where nothing would be
/// written, and `--no-limits` lifts it.
#[test]
fn max_reads_stops_reading_without_writing() {
    let mut html = String::new();
    for _ in 0..30 {
        html.push_str(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=b></p>"#,
        );
    }
    html.push_str("<div id=b>");
    for _ in 0..30 {
        html.push_str("<i itemprop=location itemscope></i>");
    }
    html.push_str("</div>");
    let now = ["--now", "2020-01-01T00:00:00Z"];
    let args = |extra: &[&'static str]| {
        let mut a = vec!["-", "-f", "ical"];
        a.extend(now);
        a.extend(extra);
        a
    };
    let out = run(&args(&["--max-reads", "899"]), html.as_bytes());
    assert_fails_with(
        &out,
        1,
        "more than 899 property values read (limit max_reads)",
    );
    for extra in [&["--max-reads", "900"][..], &["--no-limits"]] {
        let out = run(&args(extra), html.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).matches("BEGIN:VEVENT").count(), 30);
    }
    // `--check` keeps to the same limit, and says where it stopped.
    let out = run(
        &["-", "-f", "links", "--check", "--max-reads", "899"],
        html.as_bytes(),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr.matches("[vocab:check-stopped]").count(),
        1,
        "{stderr}"
    );
    let out = run(&["-", "-f", "links", "--check"], html.as_bytes());
    assert!(!text(&out.stderr).contains("check-stopped"));
}

/// The summary counts the items of the inputs that were written: a page
/// with no hCard writes no vCard, and its items do not count.
#[test]
fn summary_counts_only_written_inputs() {
    let dir = temp_dir("summary-written");
    std::fs::write(
        dir.join("card.html"),
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Ada</b></div>"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("other.html"),
        "<p itemscope><b itemprop=a>1</b></p><p itemscope></p>",
    )
    .unwrap();
    let out = run(&[dir.to_str().unwrap(), "--format", "vcard"], b"");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("2 files (0 failed)") && stderr.contains(", 1 item,"),
        "{stderr}"
    );
}

/// Unclosed block elements make the HTML parser's scope checks quadratic:
/// the parse stops at the open-element limit, reported like the other
/// limits, and the other inputs still convert.
#[test]
fn open_element_limit_stops_pages_of_unclosed_tags() {
    let dir = temp_dir("open-elements");
    let hostile = dir.join("hostile.html");
    let page = format!(
        "<div itemscope class=h-card><b itemprop=a class=p-name>1</b>{}",
        "<div>".repeat(5_000)
    );
    std::fs::write(&hostile, &page).unwrap();
    let good = dir.join("good.html");
    std::fs::write(&good, "<p itemscope><b itemprop=a>2</b>").unwrap();
    let (hostile, good) = (hostile.to_str().unwrap(), good.to_str().unwrap());

    let out = run(&[hostile, good, "--format", "jsonl", "--errors"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(
            "hostile.html: more than 4096 elements left open at once (by byte 24576): \
             the HTML parser's scope checks would take time quadratic in the input \
             (limit max_open_elements)"
        ),
        "{}",
        text(&out.stderr)
    );
    let lines = jsonl(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["items"], serde_json::json!([]));
    assert_eq!(lines[0]["encoding"], "UTF-8");
    assert_eq!(lines[0]["microdata_errors"], serde_json::Value::Null);
    assert!(
        lines[0]["errors"][0]
            .as_str()
            .unwrap()
            .contains("max_open_elements")
    );
    assert_eq!(
        lines[1]["items"][0]["properties"]["a"],
        serde_json::json!(["2"])
    );

    // Raised or lifted, the page converts.
    for (format, lift) in [
        ("json", &["--max-open-elements", "6000"][..]),
        ("mf2", &["--no-limits"]),
    ] {
        let out = run(&[&[hostile, "--format", format][..], lift].concat(), b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(r#""1""#),
            "{}",
            text(&out.stdout)
        );
    }
    // The mf2 path (which records attribute order) stops too.
    let out = run(&[hostile, "--format", "mf2"], b"");
    assert_fails_with(&out, 1, "(limit max_open_elements)");
    let bad = run(&["-", "--no-limits", "--max-open-elements", "5"], b"");
    assert_eq!(bad.status.code(), Some(2));
}

/// mf2 copies a nested item for each of its property classes: nesting
/// such items doubles the output per level, and the limits stop it.
#[test]
fn limits_stop_exponential_mf2_outputs() {
    let mut html = String::new();
    for _ in 0..40 {
        html.push_str(r#"<div class="h-card p-author u-url">"#);
    }
    let out = run(
        &["-", "--format", "mf2", "--max-items", "1000"],
        html.as_bytes(),
    );
    assert_fails_with(&out, 1, "more than 1000 items");
    // Eight levels stay within the defaults: 255 cards.
    let mut small = String::new();
    for _ in 0..8 {
        small.push_str(r#"<div class="h-card p-author u-url">"#);
    }
    let out = run(&["-", "--format", "mf2"], small.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).matches(r#""type":["h-card"]"#).count(),
        255
    );
}

#[test]
fn links_in_directories_are_followed() {
    let dir = temp_dir("links");
    let target = temp_dir("links-target");
    let real = target.join("page.html");
    std::fs::write(&real, "<p itemscope><b itemprop=n>linked</b>").unwrap();
    let link = dir.join("link.html");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run(&[dir.to_str().unwrap(), "--quiet"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"linked\"]}}]}\n"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_standard_error_that_cannot_be_written_stops_nothing() {
    // Every message fails to be written (ENOSPC); the inputs after them
    // must still be converted and written.
    let dir = temp_dir("stderr-full");
    let good = dir.join("good.html");
    std::fs::write(&good, "<p itemscope><b itemprop=n>1</b></p>").unwrap();
    let missing = dir.join("missing.html");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_microdata"))
        .args([&missing, &good, &missing, &good])
        .args(["--format", "jsonl", "--errors"])
        .stdin(Stdio::null())
        .stderr(full)
        .output()
        .unwrap();
    let lines: Vec<_> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[3].contains(r#""items":[{"properties":{"n":["1"]}}]"#),
        "{}",
        lines[3]
    );
}

/// The `path` of each line of a `jsonl` run's output.
fn jsonl_paths(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .map(|l| {
            let line: serde_json::Value = serde_json::from_str(l).unwrap();
            line["path"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[test]
fn patterns_take_each_file_once() {
    let dir = temp_dir("patterns");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    for name in ["x.html", "a/y.html", "a/b/z.html", "a/b/style.css"] {
        std::fs::write(dir.join(name), "<p itemscope>").unwrap();
    }
    let d = dir.display();
    let walked = [
        format!("{d}/a/b/z.html"),
        format!("{d}/a/y.html"),
        format!("{d}/x.html"),
    ];
    // `dir/**` is the directory and all below it: its HTML files, once.
    let out = run(&[&format!("{d}/**"), "-f", "jsonl", "-q"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(jsonl_paths(&out), walked);
    // `**/*` matches the directories (walked) and the files (any name);
    // each file comes once.
    let out = run(&[&format!("{d}/**/*"), "-f", "jsonl", "-q"], b"");
    let mut with_css = walked.to_vec();
    with_css.insert(0, format!("{d}/a/b/style.css"));
    assert_eq!(jsonl_paths(&out), with_css);
    // `*` stays within one component.
    let out = run(&[&format!("{d}/*/*.html"), "-f", "jsonl", "-q"], b"");
    assert_eq!(jsonl_paths(&out), [format!("{d}/a/y.html")]);
    let out = run(&[&format!("{d}/{{x,a/y}}.html"), "-f", "jsonl", "-q"], b"");
    assert_eq!(
        jsonl_paths(&out),
        [format!("{d}/a/y.html"), format!("{d}/x.html")]
    );
}

/// `**` follows links, but not around loops: each file comes once.
#[cfg(unix)]
#[test]
fn patterns_and_walks_survive_links() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("symlink-loops");
    std::fs::create_dir_all(dir.join("d")).unwrap();
    std::fs::write(dir.join("d/p.html"), "<p itemscope>").unwrap();
    // Two links back up: a search that followed them around would try
    // about 2^40 paths.
    symlink("..", dir.join("d/l1")).unwrap();
    symlink("..", dir.join("d/l2")).unwrap();
    // Not pages: a device (was read as one, or for ever with /dev/zero)
    // and a dangling link whose name is no HTML name.
    symlink("/dev/null", dir.join("d/null.html")).unwrap();
    symlink("gone.txt", dir.join("d/notes.txt")).unwrap();
    let d = dir.display();
    let out = run(&[&format!("{d}/**/*.html"), "-f", "jsonl"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(jsonl_paths(&out), [format!("{d}/d/p.html")]);
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("note: {d}/d/l1 links back to {d}")),
        "{err}"
    );
    let out = run(&[&format!("{d}/d/*.html"), "-f", "jsonl", "-q"], b"");
    assert_eq!(jsonl_paths(&out), [format!("{d}/d/p.html")]);
    let out = run(&[dir.to_str().unwrap(), "-f", "jsonl", "-q"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(jsonl_paths(&out), [format!("{d}/d/p.html")]);
    // A dangling link with an HTML name is an input that cannot be read.
    symlink("gone.html", dir.join("d/gone.html")).unwrap();
    let out = run(&[dir.to_str().unwrap(), "-f", "jsonl", "-q"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        jsonl_paths(&out),
        [format!("{d}/d/gone.html"), format!("{d}/d/p.html")]
    );
}

/// A walk from below a link to its parent does not climb out through it
/// (walking the directory again from above), and a file reached through
/// two links comes once; messages escape the names they print.
#[cfg(unix)]
#[test]
fn walks_do_not_climb_out_through_links() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("climb");
    std::fs::create_dir_all(dir.join("s/sub")).unwrap();
    std::fs::create_dir_all(dir.join("s/other")).unwrap();
    std::fs::write(dir.join("s/sub/p.html"), "<p itemscope>").unwrap();
    std::fs::write(dir.join("s/other/q.html"), "<p itemscope>").unwrap();
    symlink("..", dir.join("s/sub/up")).unwrap();
    symlink("../other", dir.join("s/sub/side")).unwrap();
    symlink("/nonexistent", dir.join("s/gone.html")).unwrap();
    let d = dir.display();
    let out = run(&[&format!("{d}/s/sub"), "-f", "jsonl"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        jsonl_paths(&out),
        [
            format!("{d}/s/sub/p.html"),
            format!("{d}/s/sub/side/q.html")
        ]
    );
    assert!(
        text(&out.stderr).contains(&format!("note: {d}/s/sub/up links back to ")),
        "{}",
        text(&out.stderr)
    );
    // Patterns do not climb out either.
    for pattern in [format!("{d}/s/sub/**/*.html"), format!("{d}/s/sub/*")] {
        let out = run(&[&pattern, "-f", "jsonl", "-q"], b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{pattern}: {}",
            text(&out.stderr)
        );
        assert_eq!(
            jsonl_paths(&out),
            [
                format!("{d}/s/sub/p.html"),
                format!("{d}/s/sub/side/q.html")
            ],
            "{pattern}"
        );
    }
    // Nor a walk out of a folder it entered through a link.
    std::fs::create_dir_all(dir.join("ext/x")).unwrap();
    std::fs::write(dir.join("ext/out.html"), "<p itemscope>").unwrap();
    std::fs::write(dir.join("ext/x/in.html"), "<p itemscope>").unwrap();
    symlink("..", dir.join("ext/x/up")).unwrap();
    std::fs::create_dir(dir.join("r")).unwrap();
    symlink("../ext/x", dir.join("r/a")).unwrap();
    let out = run(&[&format!("{d}/r"), "-f", "jsonl", "-q"], b"");
    assert_eq!(jsonl_paths(&out), [format!("{d}/r/a/in.html")]);
    // From above, `other` comes once, not also as `sub/side`; the dangling
    // link fails once, not again through `sub/up`.
    for arg in [format!("{d}/s"), format!("{d}/s/*")] {
        let out = run(&[&arg, "-f", "jsonl", "-q"], b"");
        assert_eq!(out.status.code(), Some(1), "{arg}");
        assert_eq!(
            jsonl_paths(&out),
            [
                format!("{d}/s/gone.html"),
                format!("{d}/s/other/q.html"),
                format!("{d}/s/sub/p.html")
            ],
            "{arg}"
        );
    }
    // Hard links are two names a crawl stored: both are read, though a
    // symbolic link to one of them is the same file.
    let hard = dir.join("hard");
    std::fs::create_dir(&hard).unwrap();
    std::fs::write(hard.join("a.html"), "<p itemscope>").unwrap();
    std::fs::hard_link(hard.join("a.html"), hard.join("b.html")).unwrap();
    symlink("a.html", hard.join("c.html")).unwrap();
    let out = run(&[hard.to_str().unwrap(), "-f", "jsonl", "-q"], b"");
    assert_eq!(
        jsonl_paths(&out),
        [format!("{d}/hard/a.html"), format!("{d}/hard/b.html")]
    );
    // A newline in a name cannot start a message line of its own.
    let forged = dir.join("nl");
    std::fs::create_dir(&forged).unwrap();
    symlink("/nonexistent", forged.join("evil\nmicrodata: fake.html")).unwrap();
    let out = run(&[forged.to_str().unwrap(), "-f", "jsonl"], b"");
    let err = text(&out.stderr);
    assert!(
        err.contains("evil\\nmicrodata: fake.html\": cannot read: "),
        "{err}"
    );
    assert!(
        !err.lines().any(|l| l.starts_with("microdata: fake.html")),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupt_stops_between_two_outputs() {
    use std::io::{BufRead, BufReader};
    let dir = temp_dir("interrupt");
    // Lines of about 200 KB: each is written in many pieces into a pipe
    // that holds 64 KiB.
    let page = format!(
        "<p itemscope>{}</p>",
        "<b itemprop=n>a fairly long text value</b>".repeat(5000)
    );
    for i in 0..100 {
        std::fs::write(dir.join(format!("{i:03}.html")), &page).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_microdata"))
        .args([dir.to_str().unwrap(), "-f", "jsonl", "-q", "-j", "2"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    // The command is now blocked in the middle of a later line.
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("microdata: interrupted: "));
    let all = first + &rest;
    assert!(all.ends_with('\n'));
    let lines: Vec<&str> = all.lines().collect();
    assert!(lines.len() < 100, "{} lines", lines.len());
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            value["items"][0]["properties"]["n"]
                .as_array()
                .unwrap()
                .len(),
            5000
        );
    }
}

#[test]
fn the_replacement_encoding_is_a_usage_error() {
    // Its labels are real, but it decodes any input to one U+FFFD.
    let out = run(&["--encoding", "ISO-2022-KR", "-"], b"<p>");
    assert_fails_with(&out, 2, "is the \"replacement\" encoding");
}

#[test]
fn url_roots_give_a_mirrors_files_their_site_urls() {
    let dir = temp_dir("mirror");
    let m = dir.join("m");
    std::fs::create_dir_all(m.join("example.com/blog")).unwrap();
    std::fs::create_dir_all(m.join("example.org:8080")).unwrap();
    let page = "<p itemscope><a itemprop=u href=../about.html>about</a></p>";
    for (name, body) in [
        ("example.com/blog/a b.html", page),
        (
            "example.org:8080/x.html",
            "<p itemscope><a itemprop=u href=y>y</a>",
        ),
        // Directly below the root: no host folder, so no URL.
        ("robots.html", page),
    ] {
        std::fs::write(m.join(name), body).unwrap();
    }
    let m = m.to_str().unwrap();
    let root = format!("{m}=https://");
    let out = run(&[m, "--url-root", &root, "--format", "jsonl", "-q"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = jsonl(&out);
    let urls: Vec<Option<&str>> = lines.iter().map(|l| l["url"].as_str()).collect();
    assert_eq!(
        urls,
        [
            Some("https://example.com/blog/a%20b.html"),
            Some("https://example.org:8080/x.html"),
            None
        ]
    );
    assert_eq!(lines[2]["items"], serde_json::json!([]));
    // Relative URLs resolve against the site's URL, not the file's.
    assert_eq!(
        lines[0]["items"][0]["properties"]["u"][0],
        "https://example.com/about.html"
    );
    assert_eq!(
        lines[1]["items"][0]["properties"]["u"][0],
        "https://example.org:8080/y"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("robots.html: --url-root") && err.contains("not inside a host's folder"),
        "{err}"
    );

    // A deeper root wins, and N-Quads name each graph by the mapped URL.
    let blog = format!("{m}/example.com/blog=https://example.com/archive");
    let out = run(
        &[
            m,
            "--url-root",
            &root,
            "--url-root",
            &blog,
            "-f",
            "nq",
            "-q",
        ],
        b"",
    );
    let nq = text(&out.stdout);
    let lines: Vec<&str> = nq.lines().collect();
    assert_eq!(lines.len(), 2, "{nq}");
    for (line, url) in lines.iter().zip([
        "<https://example.com/archive/a%20b.html>",
        "<https://example.org:8080/x.html>",
    ]) {
        assert!(
            line.starts_with(&format!("{url} ")) && line.ends_with(&format!(" {url} .")),
            "{nq}"
        );
    }
    assert!(!nq.contains("file:"), "{nq}");
}

#[test]
fn url_root_usage_errors_and_notes() {
    let dir = temp_dir("url-root-usage");
    std::fs::create_dir_all(dir.join("m/example.com")).unwrap();
    std::fs::write(dir.join("m/example.com/a.html"), "<title>a</title>").unwrap();
    let m = dir.join("m");
    let m = m.to_str().unwrap();
    let root = |url: &str| format!("{m}={url}");
    let out = run(
        &[
            "--url-root",
            &root("https://a.example/"),
            "--base-url",
            "https://b.example/",
        ],
        b"",
    );
    assert_fails_with(&out, 2, "cannot be used with");
    let out = run(&["--url-root", m], b"");
    assert_fails_with(&out, 2, "DIR=URL");
    let out = run(&["--url-root", &root("https://a.example/?q")], b"");
    assert_fails_with(&out, 2, "query");
    // A mistyped folder is no silent no-op.
    let out = run(&["--url-root", &format!("{m}o=https://")], b"");
    assert_fails_with(&out, 2, "no file or folder");
    let twice = format!("{m}/./=https://b.example/");
    let out = run(
        &[
            "--url-root",
            &root("https://a.example/"),
            "--url-root",
            &twice,
        ],
        b"",
    );
    assert_fails_with(&out, 2, "twice");

    // A root that holds no input is noted; the input keeps its file URL.
    let other = dir.join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("b.html"), "<title>b</title>").unwrap();
    let other_root = format!("{}=https://b.example/", other.display());
    let file = dir.join("m/example.com/a.html");
    let out = run(
        &[
            file.to_str().unwrap(),
            "--url-root",
            &other_root,
            "-f",
            "jsonl",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        jsonl(&out)[0]["url"]
            .as_str()
            .unwrap()
            .starts_with("file:///")
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("note: no input took its URL from --url-root") && err.contains("other"),
        "{err}"
    );

    // A file that cannot be read says so, before any URL problem.
    let missing = format!("{m}/nope.html");
    let out = run(&[&missing, "--url-root", &root("https://"), "-q"], b"");
    assert_fails_with(&out, 1, "cannot read");
    assert!(!text(&out.stderr).contains("host"), "{}", text(&out.stderr));

    // Standard input has no path, so no root gives it a URL.
    let out = run(&["-", "--url-root", &root("https://"), "-f", "nq"], b"<p>x");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("standard input has none: give --base-url"),
        "{err}"
    );
}

/// An input without triples adds nothing to a joined RDF stream, not an
/// empty line: the stream stays one line per triple or quad.
#[test]
fn inputs_without_triples_write_nothing() {
    let dir = temp_dir("no-triples");
    std::fs::write(dir.join("a.html"), "<p>no items</p>").unwrap();
    std::fs::write(
        dir.join("b.html"),
        "<p itemscope itemtype=http://schema.org/Thing><b itemprop=name>B</b>",
    )
    .unwrap();
    let (a, b) = (dir.join("a.html"), dir.join("b.html"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for format in ["nt", "nq", "ttl"] {
        let out = run(&[a, b, a, "-f", format, "-q"], b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(
            !stdout.is_empty() && !stdout.contains("\n\n"),
            "{format}: {stdout:?}"
        );
        assert!(!stdout.starts_with('\n'), "{format}: {stdout:?}");
        let alone = run(&[a, "-f", format], b"");
        assert_eq!(alone.status.code(), Some(0), "{}", text(&alone.stderr));
        assert_eq!(text(&alone.stdout), "", "{format}");
    }
}
