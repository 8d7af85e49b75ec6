//! Runs the built binary as a user would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

fn microdata(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_microdata"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("microdata-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn example_page_as_json() {
    let page = example("blog.html");
    let out = microdata(
        &[
            page.to_str().unwrap(),
            "--base-url",
            "https://blog.example.com/progress-report",
            "--pretty",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn compact_json_from_stdin_without_url() {
    let out = microdata(
        &["-"],
        Some(b"<p itemscope><a itemprop=u href=/x>x</a><b itemprop=n>y</b>"),
    );
    assert_eq!(out.status.code(), Some(0));
    // No document URL: a relative URL does not resolve, as in about:blank.
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"u\":[\"\"],\"n\":[\"y\"]}}]}\n"
    );
}

#[test]
fn file_url_is_the_default_base() {
    let dir = temp_dir("fileurl");
    let f = dir.join("page.html");
    std::fs::write(&f, "<p itemscope><img itemprop=i src=pic.png>").unwrap();
    let out = microdata(&[f.to_str().unwrap()], None);
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
    let out = microdata(
        &["--errors", "-"],
        Some(b"<div itemscope itemref=nowhere></div><p itemprop=lost>"),
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
fn bad_base_url_is_a_usage_error() {
    let out = microdata(&["--base-url", "not a url", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("invalid --base-url \"not a url\""),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn one_bad_input_does_not_hide_the_good_ones() {
    let dir = temp_dir("mixed");
    let good = dir.join("good.html");
    std::fs::write(&good, "<p itemscope><b itemprop=n>ok</b>").unwrap();
    let latin1 = dir.join("latin1.html");
    std::fs::write(&latin1, b"<p itemscope><b itemprop=n>caf\xe9</b>").unwrap();
    let missing = dir.join("missing.html");
    let out = microdata(
        &[
            missing.to_str().unwrap(),
            latin1.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "{\"items\":[{\"properties\":{\"n\":[\"ok\"]}}]}\n"
    );
    let err = text(&out.stderr);
    assert!(err.contains("missing.html: cannot read"), "{err}");
    assert!(
        err.contains("latin1.html: not valid UTF-8 (first invalid byte at offset 30)"),
        "{err}"
    );
}

#[test]
fn stdin_only_once() {
    let out = microdata(&["-", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("standard input ('-') can be read only once"));
}
