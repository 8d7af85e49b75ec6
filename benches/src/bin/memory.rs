//! Peak memory against the size of the parsed DOM.
//!
//! For each input of `benches::shapes::Shape` (at 1x unless `--scale`
//! says otherwise) and each entry point of `benches::entry`, with a
//! counting global allocator ([`benches::alloc::CountingAlloc`]):
//!
//! - **DOM**: the live bytes the parsed `scraper::Html` holds, the change
//!   in live bytes across `parse_html` (the input string, allocated
//!   before, is not counted);
//! - **peak**: the highest live bytes, above the same baseline, during the
//!   whole run: parsing, indexing, converting and the output string, all
//!   alive together at the end;
//! - **peak/DOM**: the ratio the issue's target (at most 3) is about.
//!
//! With `--rss PATH`, it also writes a large generated input to a
//! temporary file (the 16x listing unless `--rss-shape` / `--rss-scale`
//! say otherwise), runs the `microdata` command at PATH over it with
//! `--format json` under GNU time (`/usr/bin/time -v`), and compares that
//! process's peak resident set size with the DOM size of the same input.
//!
//! ```text
//! cargo run --release -p benches --bin memory
//! cargo run --release -p benches --bin memory -- --shape blog --scale 4
//! cargo build --release -p microdata-cli
//! cargo run --release -p benches --bin memory -- --rss target/release/microdata
//! ```
//!
//! `cargo xtask bench --memory` runs the last two.

use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use benches::alloc::CountingAlloc;
use benches::entry::EntryPoint;
use benches::positive_number;
use benches::shapes::Shape;
use microdata_scraper::{Url, parse_html};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc::new();

const USAGE: &str = "\
usage: memory [--shape NAME] [--entry NAME] [--scale N]
              [--rss PATH [--rss-shape NAME] [--rss-scale N]]

  --shape NAME      only this input (listing, itemref, deep, feed, blog)
  --entry NAME      only this entry point (parse, microdata_json, mf2_json,
                    rdf_ntriples, vcard, ical, atom)
  --scale N         inputs at N times their base size (default 1)
  --rss PATH        also run the `microdata` command at PATH under
                    /usr/bin/time -v over a large input, with --format json
  --rss-shape NAME  that input (default listing)
  --rss-scale N     at this scale (default 16)
";

struct Options {
    shape: Option<Shape>,
    entry: Option<EntryPoint>,
    scale: usize,
    rss: Option<PathBuf>,
    rss_shape: Shape,
    rss_scale: usize,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        shape: None,
        entry: None,
        scale: 1,
        rss: None,
        rss_shape: Shape::Listing,
        rss_scale: 16,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--shape" => o.shape = Some(Shape::from_name(&value()?)?),
            "--entry" => {
                let name = value()?;
                let entry = EntryPoint::ALL
                    .into_iter()
                    .find(|e| e.name() == name)
                    .ok_or_else(|| format!("unknown entry point `{name}`"))?;
                o.entry = Some(entry);
            }
            "--scale" => o.scale = positive_number(&value()?)?,
            "--rss" => o.rss = Some(PathBuf::from(value()?)),
            "--rss-shape" => o.rss_shape = Shape::from_name(&value()?)?,
            "--rss-scale" => o.rss_scale = positive_number(&value()?)?,
            other => return Err(format!("unexpected argument `{other}`")),
        }
    }
    Ok(o)
}

/// One measurement, in bytes.
#[derive(Debug, Clone, Copy)]
struct Measure {
    dom: usize,
    output: usize,
    peak: usize,
}

/// Parses `html`, runs `entry` on the DOM and measures it all, above the
/// live bytes at the start.
fn measure(html: &str, url: &Url, entry: EntryPoint) -> Measure {
    let base = ALLOC.reset_peak();
    let dom = parse_html(html);
    let dom_bytes = ALLOC.current().saturating_sub(base);
    let output = entry.convert(&dom, url);
    let peak = ALLOC.peak().saturating_sub(base);
    let output_bytes = output.as_ref().map_or(0, String::len);
    drop(output);
    drop(dom);
    Measure {
        dom: dom_bytes,
        output: output_bytes,
        peak,
    }
}

fn mb(bytes: usize) -> String {
    format!("{:.1}", bytes as f64 / 1e6)
}

fn ratio(a: usize, b: usize) -> String {
    if b == 0 {
        "-".to_owned()
    } else {
        format!("{:.2}", a as f64 / b as f64)
    }
}

/// Prints `rows` as a Markdown table (first column left-aligned).
fn print_table(header: &[&str], rows: &[Vec<String>]) {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let mut s = String::from("|");
        for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            let pad = w - cell.chars().count();
            if i == 0 {
                s.push_str(&format!(" {cell}{} |", " ".repeat(pad)));
            } else {
                s.push_str(&format!(" {}{cell} |", " ".repeat(pad)));
            }
        }
        s
    };
    println!("{}", line(header.iter().map(|h| (*h).to_owned()).collect()));
    let rule: Vec<String> = widths
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if i == 0 {
                "-".repeat(*w)
            } else {
                format!("{}:", "-".repeat(w.saturating_sub(1)))
            }
        })
        .collect();
    println!("{}", line(rule));
    for row in rows {
        println!("{}", line(row.clone()));
    }
}

fn allocator_table(o: &Options) {
    let mut rows = Vec::new();
    let mut worst: Option<(f64, String)> = None;
    for shape in Shape::ALL {
        if o.shape.is_some_and(|s| s != shape) {
            continue;
        }
        let input = shape.generate(o.scale);
        let url = Url::parse(input.url).expect("generated URLs are absolute");
        for entry in EntryPoint::ALL {
            if o.entry.is_some_and(|e| e != entry) {
                continue;
            }
            let m = measure(&input.html, &url, entry);
            let r = m.peak as f64 / m.dom.max(1) as f64;
            let name = format!("{} {}x / {}", shape.name(), o.scale, entry.name());
            if worst.as_ref().is_none_or(|(w, _)| r > *w) {
                worst = Some((r, name.clone()));
            }
            rows.push(vec![
                name,
                mb(input.html.len()),
                mb(m.dom),
                ratio(m.dom, input.html.len()),
                mb(m.output),
                mb(m.peak),
                ratio(m.peak, m.dom),
            ]);
        }
    }
    print_table(
        &[
            "input / entry point",
            "input MB",
            "DOM MB",
            "DOM/input",
            "output MB",
            "peak MB",
            "peak/DOM",
        ],
        &rows,
    );
    println!(
        "(MB = 10^6 bytes of live heap, counted by the global allocator; the input string is not counted)"
    );
    if let Some((r, name)) = worst {
        let verdict = if r <= 3.0 { "met" } else { "NOT met" };
        println!("highest peak/DOM: {r:.2} ({name}); target at most 3: {verdict}");
    }
}

/// GNU time's report of a run: peak resident set size (KiB) and wall time.
fn time_report(stderr: &str) -> Option<(u64, String)> {
    let field = |key: &str| {
        stderr
            .lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .map(|v| v.trim().to_owned())
    };
    let rss = field("Maximum resident set size (kbytes):")?.parse().ok()?;
    let wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss):").unwrap_or_default();
    Some((rss, wall))
}

fn rss_run(o: &Options, cli: &PathBuf) -> Result<(), String> {
    let time = PathBuf::from("/usr/bin/time");
    if !time.is_file() {
        return Err("/usr/bin/time not found (apt-get install -y time)".to_owned());
    }
    if !cli.is_file() {
        return Err(format!(
            "{} not found (cargo build --release -p microdata-cli)",
            cli.display()
        ));
    }
    let shape = o.rss_shape;
    let input = shape.generate(o.rss_scale);
    let path = std::env::temp_dir().join(format!(
        "microdata-memory-{}-{}x.html",
        shape.name(),
        o.rss_scale
    ));
    std::fs::write(&path, &input.html).map_err(|e| format!("{}: {e}", path.display()))?;
    let input_bytes = input.html.len();
    let dom_bytes = measure(
        &input.html,
        &Url::parse(input.url).expect("absolute"),
        EntryPoint::Parse,
    )
    .dom;
    drop(input);

    let started = Instant::now();
    let out = Command::new(&time)
        .arg("-v")
        .arg(cli)
        .args(["--format", "json"])
        .arg(&path)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", time.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    let _ = std::fs::remove_file(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("the command failed ({}):\n{stderr}", out.status));
    }
    let (rss_kib, wall) = time_report(&stderr)
        .ok_or_else(|| format!("no \"Maximum resident set size\" in:\n{stderr}"))?;
    let rss = usize::try_from(rss_kib * 1024).unwrap_or(usize::MAX);
    println!();
    print_table(
        &[
            "command",
            "input MB",
            "DOM MB",
            "peak RSS MB",
            "RSS/DOM",
            "wall",
        ],
        &[vec![
            format!(
                "microdata --format json ({} {}x)",
                shape.name(),
                o.rss_scale
            ),
            mb(input_bytes),
            mb(dom_bytes),
            mb(rss),
            ratio(rss, dom_bytes),
            if wall.is_empty() {
                format!("{seconds:.2} s")
            } else {
                wall
            },
        ]],
    );
    println!(
        "(peak RSS from /usr/bin/time -v: the whole process, with the input, its decoded copy, the allocator's slack and the binary; DOM as measured above, in this process)"
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let o = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("memory: {e}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    allocator_table(&o);
    if let Some(cli) = &o.rss {
        if let Err(e) = rss_run(&o, cli) {
            eprintln!("memory: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The global allocator sees what this program allocates: a parsed
    /// DOM holds live bytes, and the peak covers them.
    #[test]
    fn measures_a_dom() {
        let html = benches::blog::blog_page(40).html;
        let url = Url::parse(benches::blog::BLOG_URL).unwrap();
        let m = measure(&html, &url, EntryPoint::MicrodataJson);
        assert!(m.dom > html.len(), "DOM {} for {} bytes", m.dom, html.len());
        assert!(m.output > 0);
        // The test harness's other threads allocate a little meanwhile.
        let slack = 64 * 1024;
        assert!(m.peak + slack >= m.dom + m.output, "{m:?}");
    }

    #[test]
    fn reads_gnu_time() {
        let stderr = "\tCommand being timed: \"microdata x\"\n\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:01.52\n\tMaximum resident set size (kbytes): 123456\n";
        assert_eq!(time_report(stderr), Some((123_456, "0:01.52".to_owned())));
        assert_eq!(time_report("nothing"), None);
    }

    #[test]
    fn arguments() {
        let args: Vec<String> = ["--shape", "blog", "--entry", "vcard", "--scale", "4"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let o = parse_args(&args).unwrap();
        assert_eq!(o.shape, Some(Shape::Blog));
        assert_eq!(o.entry, Some(EntryPoint::Vcard));
        assert_eq!((o.scale, o.rss_scale), (4, 16));
        assert!(parse_args(&["--scale".to_owned(), "0".to_owned()]).is_err());
        assert!(parse_args(&["--bogus".to_owned()]).is_err());
    }
}
