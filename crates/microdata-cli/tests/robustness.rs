//! The command on broken and hostile input: bad flags, unreadable paths, a
//! directory of good and broken files, and output that cannot be written.
//! Each case checks the message, the exit status, and that the good
//! outputs are complete.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{TempDir, command, jsonl, run, temp_dir, text};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn bad_flags_are_usage_errors_with_nothing_on_stdout() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--format", "nope", "-"],
            "invalid value 'nope' for '--format",
        ),
        (&["--frobnicate", "-"], "unexpected argument '--frobnicate'"),
        (&["--jobs", "many", "-"], "invalid value 'many' for '--jobs"),
        (&["--jobs", "-1", "-"], "unexpected argument '-1'"),
        (
            &["--base-url", "relative/path", "-"],
            "invalid --base-url \"relative/path\"",
        ),
        (&["--base-url", "", "-"], "invalid --base-url \"\""),
        (
            &["--encoding", "klingon", "-"],
            "unknown --encoding \"klingon\"",
        ),
        (&["--quiet", "--summary", "-"], "cannot be used with"),
        (&["--format"], "a value is required for '--format"),
    ];
    for (args, message) in cases {
        let out = run(args, b"<p itemscope>");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
    }
}

/// Removes all permissions from `path`; whether reading it still works (it
/// does for root, who runs the tests in CI).
fn make_unreadable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::read(path).is_ok()
}

#[test]
fn unreadable_paths_are_reported_in_place() {
    let dir = temp_dir("unreadable");
    let good = dir.join("good.html");
    std::fs::write(&good, "<p itemscope><b itemprop=n>ok</b>").unwrap();
    let locked = dir.join("locked.html");
    std::fs::write(&locked, "<p itemscope><b itemprop=n>locked</b>").unwrap();
    let readable_anyway = make_unreadable(&locked);
    let missing = dir.join("missing.html");
    // A path through a file: "Not a directory", even for root.
    let through_file = good.join("inner.html");
    let out = run(
        &[
            s(&missing),
            s(&locked),
            s(&through_file),
            s(&good),
            "--format",
            "jsonl",
            "--quiet",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = jsonl(&out);
    // One record per input, in the order given, the good one complete.
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["path"], s(&missing));
    assert_eq!(lines[0]["items"], serde_json::json!([]));
    assert!(
        lines[0]["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("cannot read: No such file or directory"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[2]["path"], s(&through_file));
    assert!(
        lines[2]["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("cannot read: Not a directory"),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3]["items"],
        serde_json::json!([{"properties": {"n": ["ok"]}}])
    );
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "microdata: {}: cannot read: No such file",
            s(&missing)
        )),
        "{err}"
    );
    if readable_anyway {
        // Running as root: permissions do not stop reading.
        assert_eq!(
            lines[1]["items"],
            serde_json::json!([{"properties": {"n": ["locked"]}}])
        );
    } else {
        assert!(
            lines[1]["errors"][0]
                .as_str()
                .unwrap()
                .starts_with("cannot read: Permission denied"),
            "{}",
            lines[1]
        );
        assert!(
            err.contains("locked.html: cannot read: Permission denied"),
            "{err}"
        );
    }
}

#[test]
fn a_directory_of_good_and_broken_files() {
    let dir = temp_dir("mixed-dir");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let files: &[(&str, &[u8])] = &[
        ("a-good.html", b"<p itemscope><b itemprop=n>a</b>"),
        ("b-empty.html", b""),
        (
            "c-binary.html",
            b"\x00\x01\x02\xff\xfe\x00<\x00p\x00itemscope\x00",
        ),
        (
            "d-truncated.html",
            b"<div itemscope><span itemprop=n>t</span><a itemprop=u href=",
        ),
        (
            "e-invalid-utf8.html",
            b"<p itemscope><b itemprop=n>\xed\xa0\x80x</b>",
        ),
        (
            "f-cycle.html",
            b"<div itemscope itemref=x></div><div id=x itemprop=n itemscope itemref=x></div>",
        ),
        (
            "g-nul.html",
            b"<p itemscope><b itemprop=n>a\x00b</b><meta itemprop=m content=\"a\x00b\">",
        ),
        ("notes.txt", b"not html: skipped"),
        ("sub/h-good.htm", b"<p itemscope><b itemprop=n>h</b>"),
    ];
    for (name, body) in files {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let out = run(&[s(&dir), "--format", "jsonl", "--jobs", "2"], b"");
    // The invalid byte sequences make it 1; everything is still written.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let names: Vec<String> = lines
        .iter()
        .map(|l| {
            let p = l["path"].as_str().unwrap();
            p.strip_prefix(s(&dir))
                .unwrap()
                .trim_start_matches('/')
                .to_owned()
        })
        .collect();
    assert_eq!(
        names,
        [
            "a-good.html",
            "b-empty.html",
            "c-binary.html",
            "d-truncated.html",
            "e-invalid-utf8.html",
            "f-cycle.html",
            "g-nul.html",
            "sub/h-good.htm"
        ]
    );
    let items = |i: usize| lines[i]["items"].clone();
    assert_eq!(items(0), serde_json::json!([{"properties": {"n": ["a"]}}]));
    assert_eq!(items(1), serde_json::json!([]));
    assert_eq!(lines[2]["errors"].as_array().unwrap().len(), 1);
    assert_eq!(items(3), serde_json::json!([{"properties": {"n": ["t"]}}]));
    assert_eq!(
        items(4),
        serde_json::json!([{"properties": {"n": ["\u{FFFD}\u{FFFD}\u{FFFD}x"]}}])
    );
    assert_eq!(
        items(5),
        serde_json::json!([{"properties": {"n": [{"properties": {}}]}}])
    );
    assert_eq!(
        items(6),
        serde_json::json!([{"properties": {"n": ["ab"], "m": ["a\u{FFFD}b"]}}])
    );
    assert_eq!(items(7), serde_json::json!([{"properties": {"n": ["h"]}}]));
    let err = text(&out.stderr);
    assert!(
        err.contains("e-invalid-utf8.html: invalid UTF-8 byte sequences"),
        "{err}"
    );
    assert!(
        err.contains("microdata: 8 files (0 failed, 2 with invalid bytes replaced), "),
        "{err}"
    );
}

/// The full output of `args` on the same inputs, to compare a cut-off
/// output with.
fn full_output(args: &[&str]) -> String {
    let out = run(args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// 40 documents, one item each, about 2.5 KB of JSON per document.
fn many_files(name: &str) -> TempDir {
    let dir = temp_dir(name);
    for i in 0..40 {
        let body = format!(
            "<p itemscope><b itemprop=n>{i}</b><i itemprop=t>{}</i>",
            "x".repeat(2_500)
        );
        std::fs::write(dir.join(format!("{i:02}.html")), body).unwrap();
    }
    dir
}

#[test]
fn disk_full_on_output_exits_4_with_a_message() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full on this system: skipped");
        return;
    };
    let dir = many_files("devfull");
    let out = command(&[s(&dir), "--quiet"])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        text(&out.stderr).trim_end(),
        "microdata: cannot write output: No space left on device (os error 28)"
    );
    // The summary, when asked for, still says what was written: nothing.
    let out = command(&[s(&dir), "--summary"])
        .stdin(Stdio::null())
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("microdata: cannot write output"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("microdata: 0 files (0 failed), 0 bytes, 0 items"),
        "{err}"
    );
}

#[test]
fn output_cut_off_midway_keeps_what_was_written() {
    // A file size limit makes writes fail partway, as a disk filling up
    // does; the shell ignores SIGXFSZ so the write fails with an error
    // instead of killing the command.
    let dir = many_files("fsize");
    let args = [s(&dir), "--quiet", "--jobs", "1"];
    let expected = full_output(&args);
    assert!(expected.len() > 90_000, "{}", expected.len());
    let out_file = dir.join("out.json");
    let script = format!(
        "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\" > '{}'",
        s(&out_file)
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_microdata"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let written = std::fs::read_to_string(&out_file).unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert!(
        err.starts_with("microdata: cannot write output: File too large"),
        "{err}"
    );
    // What reached the file is the start of the full output: whole
    // documents, in order, then at most part of one.
    assert!(!written.is_empty());
    assert!(written.len() < expected.len());
    assert!(expected.starts_with(&written), "the output was altered");
    let complete = written.lines().count() - usize::from(!written.ends_with('\n'));
    assert!(complete >= 10, "{complete} documents");
    for line in written.lines().take(complete) {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
}

#[test]
fn hostile_bytes_on_stdin() {
    // NULs, a lone surrogate's bytes, a 10 MB attribute, nesting (30
    // levels: what serde_json reads back).
    let mut input = Vec::new();
    input.extend_from_slice(b"<div itemscope><b itemprop=a>\x00\xed\xa0\x80&#xD800;</b>");
    input.extend_from_slice(b"<meta itemprop=big content=\"");
    input.extend(std::iter::repeat_n(b'x', 10 << 20));
    input.extend_from_slice(b"\">");
    for _ in 0..30 {
        input.extend_from_slice(b"<span itemprop=c itemscope>");
    }
    let out = run(&["-", "--format", "jsonl"], &input);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let line: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not one JSON line ({e})"));
    let item = &line["items"][0]["properties"];
    assert_eq!(
        item["a"],
        serde_json::json!(["\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"])
    );
    assert_eq!(item["big"][0].as_str().unwrap().len(), 10 << 20);
    let mut depth = 0;
    let mut at = item;
    while let Some(next) = at["c"].get(0) {
        depth += 1;
        at = &next["properties"];
    }
    assert_eq!(depth, 30);
    assert!(
        text(&out.stderr).contains(
            "<stdin>: invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 30)"
        ),
        "{}",
        text(&out.stderr)
    );
}

/// A reader that goes away (`| head`) is no failure of ours, but it does
/// not hide an input that failed before.
#[test]
fn a_closed_pipe_keeps_the_inputs_status() {
    let dir = many_files("epipe");
    let missing = dir.join("missing.html");
    // 100 KB of output cannot all fit in the pipe once nobody reads it.
    let closed_pipe = |extra: &[&str]| {
        let mut child = command(&[&[s(&missing), s(&dir), "--jobs", "1"], extra].concat())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("missing.html: cannot read"), "{err}");
        assert!(!err.contains("cannot write output"), "{err}");
        err
    };
    let err = closed_pipe(&["--quiet"]);
    assert_eq!(err.lines().count(), 1, "{err}");
    // Without `--quiet` the summary tells how far the output got: the
    // failed input and fewer than all 40 pages.
    let err = closed_pipe(&[]);
    let last = err.lines().last().unwrap_or_default();
    let files: usize = last
        .strip_prefix("microdata: ")
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {err}"));
    assert!((1..41).contains(&files), "{err}");
    assert!(
        last.contains(" files (1 failed)") || last.contains(" file (1 failed)"),
        "{err}"
    );
}

/// When several exit statuses apply, an input that failed outranks a
/// format that found nothing to convert.
#[test]
fn a_failed_input_outranks_nothing_to_convert() {
    let dir = temp_dir("ranks");
    let card = dir.join("card.html");
    std::fs::write(
        &card,
        r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b></p>"#,
    )
    .unwrap();
    let plain = dir.join("plain.html");
    std::fs::write(&plain, "<p>no card</p>").unwrap();
    let missing = dir.join("missing.html");
    let args = [s(&missing), s(&card), s(&plain), "-f", "vcard", "-q"];
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("FN:A"));
    let out = run(&args[1..], b"");
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
}

/// Inputs that gave no output are the summary's failures, and their items
/// are not counted; their JSON lines keep what is known of them.
#[test]
fn inputs_stopped_by_a_limit_are_failures_with_their_url() {
    let dir = temp_dir("limits");
    let big = dir.join("big.html");
    std::fs::write(
        &big,
        "<p itemscope><b itemprop=a>1</b><b itemprop=a>2</b><b itemprop=a>3</b>",
    )
    .unwrap();
    let small = dir.join("small.html");
    std::fs::write(&small, "<p itemscope><b itemprop=a>1</b>").unwrap();
    let out = run(
        &[
            s(&big),
            s(&small),
            "--max-properties",
            "2",
            "--summary",
            "-f",
            "jsonl",
            "--errors",
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("microdata: 2 files (1 failed), "), "{err}");
    assert!(err.contains(" 1 item, "), "{err}");
    let lines = jsonl(&out);
    assert_eq!(lines[0]["items"], serde_json::json!([]));
    assert!(lines[0]["url"].as_str().unwrap().ends_with("/big.html"));
    assert_eq!(lines[0]["encoding"], "UTF-8");
    assert_eq!(lines[0]["microdata_errors"], serde_json::json!([]));
    assert_eq!(lines[0]["errors"].as_array().unwrap().len(), 1);
    // A file that cannot be read has no encoding and no microdata errors.
    let out = run(
        &[s(&dir.join("missing.html")), "-f", "jsonl", "--errors"],
        b"",
    );
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        (&line["encoding"], &line["microdata_errors"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
    assert!(line["url"].as_str().unwrap().ends_with("/missing.html"));
}

/// An input larger than --max-input-bytes is skipped before it is read (a
/// file) or once the limit is passed (standard input), and reported.
#[test]
fn inputs_over_the_size_limit_are_skipped() {
    let dir = temp_dir("input-size");
    let big = dir.join("big.html");
    std::fs::write(&big, format!("<p itemscope>{}", "x".repeat(3000))).unwrap();
    let small = dir.join("small.html");
    std::fs::write(&small, "<p itemscope><b itemprop=a>1</b>").unwrap();
    let out = run(
        &[s(&big), s(&small), "--max-input-bytes", "2K", "-f", "jsonl"],
        b"",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "big.html: 3013 bytes, more than --max-input-bytes 2048 (limit max_input_bytes)"
        ),
        "{err}"
    );
    assert!(
        err.contains("microdata: 2 files (1 failed), 32 bytes, 1 item, "),
        "{err}"
    );
    let lines = jsonl(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["items"], serde_json::json!([]));
    assert_eq!(lines[1]["items"][0]["properties"]["a"][0], "1");
    let out = run(&["--max-input-bytes", "2K"], &std::fs::read(&big).unwrap());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("<stdin>: more than --max-input-bytes 2048 bytes"),
        "{}",
        text(&out.stderr)
    );
    // Exactly at the limit is within it; --no-limits lifts it.
    let out = run(&["--max-input-bytes", "3013", s(&big)], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["--no-limits", "-"], &std::fs::read(&big).unwrap());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// Several inputs in one RDF stream keep their blank nodes apart.
#[test]
fn blank_nodes_of_several_inputs_stay_apart() {
    let dir = temp_dir("blanks");
    for name in ["a", "b"] {
        std::fs::write(
            dir.join(format!("{name}.html")),
            format!("<p itemscope itemtype=http://schema.org/Thing><b itemprop=name>{name}</b>"),
        )
        .unwrap();
    }
    let (a, b) = (dir.join("a.html"), dir.join("b.html"));
    // The blank node that has the given name.
    let label = |nt: &str, name: &str| {
        let tail = format!(
            " <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Thing%23:name> \"{name}\" ."
        );
        let line = nt
            .lines()
            .find(|l| l.ends_with(&tail))
            .unwrap_or_else(|| panic!("{nt}"));
        line.split(' ').next().unwrap().to_owned()
    };
    let nt = text(&run(&[s(&a), s(&b), "-f", "nt", "-q"], b"").stdout);
    let (la, lb) = (label(&nt, "a"), label(&nt, "b"));
    assert_ne!(la, lb);
    assert!(la.starts_with("_:i") && la.ends_with("_b0"), "{la}");
    // Labels come from the path, not the place in the run: two runs (an
    // `xargs` splitting a list) join up without their nodes merging.
    let first = text(&run(&[s(&b), s(&a), "-f", "nt", "-q"], b"").stdout);
    assert_eq!((label(&first, "a"), label(&first, "b")), (la.clone(), lb));
    // A prefix of the caller's comes first.
    let nt = text(
        &run(
            &[
                s(&a),
                s(&b),
                "-f",
                "nt",
                "-q",
                "--blank-node-prefix",
                "run7_",
            ],
            b"",
        )
        .stdout,
    );
    assert_eq!(label(&nt, "a"), format!("_:run7_{}", &la[2..]));
    // Standard input's labels come from its content: two runs with other
    // pages on standard input do not share them, the same page does.
    let stdin_label = |page: &str| {
        let nt = text(&run(&["-", s(&b), "-f", "nt", "-q"], page.as_bytes()).stdout);
        label(&nt, "a")
    };
    let page = std::fs::read_to_string(&a).unwrap();
    let other = page.replace("<b ", "<b class=x ");
    assert_ne!(stdin_label(&page), stdin_label(&other));
    assert_eq!(stdin_label(&page), stdin_label(&page));
    assert_ne!(stdin_label(&page), la);
    // One input alone keeps the plain labels, or takes the given prefix.
    let out = run(&[s(&a), "-f", "nt"], b"");
    assert!(text(&out.stdout).contains("_:b0 "));
    let out = run(&[s(&a), "-f", "nt", "--blank-node-prefix", "run7_"], b"");
    assert_eq!(label(&text(&out.stdout), "a"), "_:run7_b0");
    let out = run(&["-f", "nt", "--blank-node-prefix", "a-b"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("only ASCII letters, digits and '_'"));
}

/// File names are paths, whatever their bytes; a path through `..` gets
/// the URL of the file it leads to; odd names are quoted in messages.
#[cfg(unix)]
#[test]
fn names_that_are_not_text() {
    use std::os::unix::ffi::OsStrExt;
    let dir = temp_dir("names");
    let odd = dir.join(std::ffi::OsStr::from_bytes(b"bad\xffname.html"));
    std::fs::write(&odd, "<p itemscope><a itemprop=u href=x>x</a>").unwrap();
    let out = command(&[])
        .arg(&odd)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("/x\"]"), "{}", text(&out.stdout));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let via = format!("{}/sub/../page.html", s(&dir));
    std::fs::write(
        dir.join("page.html"),
        "<p itemscope><a itemprop=u href=x>x</a>",
    )
    .unwrap();
    let out = run(&[&via, "-f", "jsonl"], b"");
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    let url = line["url"].as_str().unwrap();
    assert!(!url.contains(".."), "{url}");
    assert!(url.ends_with("/page.html"), "{url}");
    // A `..` after a link goes up from the link's target, as opening the
    // file does: `site/link/../x.html` is `other/../x.html`'s file, not
    // `site/x.html` (which exists too, and must keep a URL of its own).
    std::fs::create_dir_all(dir.join("site")).unwrap();
    std::fs::create_dir_all(dir.join("deep/other")).unwrap();
    std::os::unix::fs::symlink("../deep/other", dir.join("site/link")).unwrap();
    std::fs::write(
        dir.join("site/x.html"),
        "<p itemscope><a itemprop=u href=y>1</a>",
    )
    .unwrap();
    std::fs::write(
        dir.join("deep/x.html"),
        "<p itemscope><a itemprop=u href=y>2</a>",
    )
    .unwrap();
    let via = format!("{}/site/link/../x.html", s(&dir));
    let out = run(&[&via, s(&dir.join("site/x.html")), "-f", "jsonl"], b"");
    let urls: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| {
            let line: serde_json::Value = serde_json::from_str(l).unwrap();
            let u = &line["items"][0]["properties"]["u"][0];
            format!("{} {}", line["url"].as_str().unwrap(), u.as_str().unwrap())
        })
        .collect();
    let real = std::fs::canonicalize(&*dir).unwrap();
    let real = s(&real);
    assert_eq!(
        urls,
        [
            format!("file://{real}/deep/x.html file://{real}/deep/y"),
            format!("file://{}/site/x.html file://{}/site/y", s(&dir), s(&dir)),
        ]
    );
    let newline = dir.join("two\nlines.html");
    let out = run(&[s(&newline)], b"");
    assert!(
        text(&out.stderr).contains("two\\nlines.html"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn jobs_are_capped() {
    let out = run(&["--jobs", "5000", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--jobs must be between 1 and 1024"));
}

/// A directory contributes its HTML files by extension, `.xht` included.
#[test]
fn directories_give_their_html_files_by_extension() {
    let dir = temp_dir("extensions");
    for name in ["a.xht", "b.XHTML", "c.txt", "d.shtml", "e.html.bak"] {
        std::fs::write(
            dir.join(name),
            format!("<p itemscope><b itemprop=n>{name}</b>"),
        )
        .unwrap();
    }
    let out = run(&[s(&dir), "-f", "jsonl", "-q"], b"");
    let names: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["items"][0]["properties"]["n"][0]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(names, ["a.xht", "b.XHTML", "d.shtml"]);
}
