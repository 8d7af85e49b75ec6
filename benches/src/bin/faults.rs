//! Time and minor page faults per iteration of the scaling bench's entry
//! points, at each scale: where the super-linear wall-clock ratios of
//! `cargo bench -p benches --bench scaling` come from (see BENCHMARKS.md,
//! "Page faults").
//!
//! For each input of `benches::shapes::Shape` and each scale, the HTML is
//! parsed once; then each entry point runs once to warm up and
//! `--iterations` times measured: `parse` (scraper's own parse, the
//! reference a linear workload is held against), `microdata_json`
//! (`document(&dom, url)` and its JSON within the default limits) and
//! `mf2_json` (indexing, microformats2 and its JSON) by default, and with
//! `--entry` any other entry point of `benches::entry::EntryPoint`
//! (`rdf_ntriples`, `vcard`, `ical`, `atom`), as the scaling bench times
//! them. With `--parse` the conversions parse the HTML in each iteration
//! too, and no DOM is parsed beforehand. Printed per iteration: the mean
//! wall-clock time and the minor page faults the process took (from
//! `/proc/self/stat`, so Linux only; elsewhere the column says `n/a`).
//!
//! ```text
//! cargo run --release -p benches --bin faults
//! cargo run --release -p benches --bin faults -- --shape feed --scale 1 --scale 16
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use benches::entry::EntryPoint;
use benches::positive_number;
use benches::shapes::{SCALES, Shape};
use microdata_scraper::json::JsonOptions;
use microdata_scraper::scraper::Html;
use microdata_scraper::{Limits, Url, document, parse_html};

const USAGE: &str = "\
usage: faults [--shape NAME]... [--entry NAME]... [--scale N]...
              [--iterations N] [--cold] [--parse]

  --shape NAME      only this input (listing, itemref, deep, feed, blog);
                    repeat for several (default: all)
  --entry NAME      only this entry point; repeat for several (default:
                    parse, microdata_json, mf2_json; also rdf_ntriples,
                    vcard, ical, atom)
  --scale N         inputs at N times their base size; repeat for several
                    (default: 1, 4 and 16, as the scaling bench)
  --iterations N    measured iterations per entry point (default 5)
  --cold            before each measured iteration, write a buffer of twice
                    the last-level cache (not timed), so that no input
                    starts with its DOM in the cache
  --parse           parse the HTML inside each iteration too, as the
                    one-call entry points (`microdata_scraper::parse`) do
";

struct Options {
    shapes: Vec<Shape>,
    entries: Vec<String>,
    scales: Vec<usize>,
    iterations: usize,
    cold: bool,
    parse: bool,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        shapes: Vec::new(),
        entries: Vec::new(),
        scales: Vec::new(),
        iterations: 5,
        cold: false,
        parse: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--shape" => o.shapes.push(Shape::from_name(&value()?)?),
            "--entry" => {
                let name = value()?;
                if !EntryPoint::ALL.iter().any(|e| e.name() == name) {
                    return Err(format!("unknown entry point `{name}`"));
                }
                o.entries.push(name);
            }
            "--scale" => o.scales.push(positive_number(&value()?)?),
            "--iterations" => o.iterations = positive_number(&value()?)?,
            "--cold" => o.cold = true,
            "--parse" => o.parse = true,
            other => return Err(format!("unexpected argument `{other}`")),
        }
    }
    if o.shapes.is_empty() {
        o.shapes = Shape::ALL.to_vec();
    }
    if o.scales.is_empty() {
        o.scales = SCALES.to_vec();
    }
    if o.entries.is_empty() {
        // By default the scaling bench's first three.
        o.entries = EntryPoint::SCALED_FIRST
            .map(|e| e.name().to_owned())
            .to_vec();
    }
    Ok(o)
}

/// The minor page faults this process has taken so far: field 10 of
/// `/proc/self/stat` (counted after the command name, which is in
/// parentheses and may hold spaces).
fn minor_faults() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    // Fields 3 (state) onwards; minflt is field 10.
    after_name.split_whitespace().nth(7)?.parse().ok()
}

/// Bytes written between iterations by `--cold`: twice the 32 MiB
/// last-level cache of the machine BENCHMARKS.md describes.
const FLUSH_BYTES: usize = 64 << 20;

/// Mean time in milliseconds and mean minor faults per run of `f`; with
/// `flush`, the buffer is written before each run, outside the timing.
fn measure(
    iterations: usize,
    mut flush: Option<&mut [u8]>,
    mut f: impl FnMut(),
) -> (f64, Option<u64>) {
    f();
    let mut elapsed = std::time::Duration::ZERO;
    // None once a count cannot be read (not Linux).
    let mut faults = Some(0);
    for i in 0..iterations {
        if let Some(buffer) = flush.as_deref_mut() {
            buffer.fill(i as u8);
            black_box(&buffer);
        }
        let before = minor_faults();
        let start = Instant::now();
        f();
        elapsed += start.elapsed();
        let taken = minor_faults()
            .zip(before)
            .map(|(after, before)| after - before);
        faults = faults.zip(taken).map(|(sum, taken)| sum + taken);
    }
    let ms = elapsed.as_secs_f64() * 1e3 / iterations as f64;
    (ms, faults.map(|sum| sum / iterations as u64))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprint!("faults: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mf2 = microformats2::Mf2Options::new();
    let mut flush = options.cold.then(|| vec![0u8; FLUSH_BYTES]);
    println!("| input | entry point | scale | ms per iteration | minor faults per iteration |");
    println!("|---|---|---:|---:|---:|");
    for &shape in &options.shapes {
        for &scale in &options.scales {
            // One input and its DOM alive at a time: the 16x DOMs are large.
            let input = shape.generate(scale);
            let url = Url::parse(input.url).expect("generated URLs are absolute");
            // The DOM the conversions read: parsed once here, or, with
            // `--parse`, by each run itself (and then none is kept here,
            // so the process holds what a one-call entry point holds).
            let dom = (!options.parse).then(|| parse_html(&input.html));
            let with_dom = |run: &dyn Fn(&Html)| match &dom {
                Some(dom) => run(black_box(dom)),
                None => run(&parse_html(black_box(&input.html))),
            };
            let microdata_json = || {
                with_dom(&|dom| {
                    black_box(
                        document(dom, Some(url.clone()))
                            .try_to_json_with(JsonOptions::new(), Limits::default())
                            .ok(),
                    );
                });
            };
            let mf2_json = || {
                with_dom(&|dom| {
                    let doc = document(dom, Some(url.clone()));
                    black_box(microformats2::parse(&doc, &mf2).to_json());
                });
            };
            let parse = || {
                black_box(parse_html(black_box(&input.html)));
            };
            for entry in EntryPoint::ALL {
                let name = entry.name();
                if !options.entries.iter().any(|e| e == name) {
                    continue;
                }
                let convert = || with_dom(&|dom| _ = black_box(entry.convert(dom, &url)));
                let f: &dyn Fn() = match entry {
                    EntryPoint::Parse => &parse,
                    // As the scaling bench times them.
                    EntryPoint::MicrodataJson => &microdata_json,
                    EntryPoint::Mf2Json => &mf2_json,
                    // The other conversions, as the entry-point matrix
                    // runs them.
                    _ => &convert,
                };
                let (ms, faults) = measure(options.iterations, flush.as_deref_mut(), f);
                let faults = faults.map_or_else(|| "n/a".to_string(), |f| f.to_string());
                println!(
                    "| {} | {name} | {scale}x | {ms:.2} | {faults} |",
                    shape.name()
                );
            }
        }
    }
    ExitCode::SUCCESS
}
