//! The `microdata` command: extracts microdata (and, with the converter
//! formats, microformats, rel links, RDF, vCard, iCalendar and Atom) from
//! HTML files, directories or standard input.
//!
//! ```text
//! microdata page.html --base-url https://example.com/page --format json --pretty
//! microdata crawl/ --format jsonl --jobs 8 > items.jsonl
//! ```
//!
//! See `microdata --help` for every option and the exit codes.

mod cli;
mod decode;
mod formats;
mod input;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use rayon::prelude::*;

use crate::cli::Args;
use crate::input::{Source, Unusable};

/// Exit status when every input was processed.
const EXIT_OK: u8 = 0;
/// Exit status when at least one input could not be read or decoded.
const EXIT_INPUT_FAILED: u8 = 1;
/// Exit status for bad usage (also what clap uses).
const EXIT_USAGE: u8 = 2;
/// Exit status when a format found nothing to convert.
const EXIT_NOTHING_TO_CONVERT: u8 = 3;
/// Exit status when writing the output failed (disk full, ...).
const EXIT_OUTPUT_FAILED: u8 = 4;

/// Inputs processed in parallel before their outputs are written, in order.
const BATCH: usize = 64;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("microdata: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Settings derived once from the arguments.
pub(crate) struct Settings {
    pub(crate) base_url: Option<microdata_scraper::Url>,
    /// `--now`, or the time the command started.
    pub(crate) now: microdata_scraper::microsyntax::GlobalDateTime,
    pub(crate) encoding: Option<&'static encoding_rs::Encoding>,
    /// RDF options built from the arguments (registry read once).
    pub(crate) rdf: microdata_rdf::RdfOptions,
    /// Whether to find the microdata errors (`--errors` or the summary).
    pub(crate) find_errors: bool,
}

/// What processing one input produced.
#[derive(Default)]
pub(crate) struct Outcome {
    /// Text for standard output.
    pub(crate) output: Option<String>,
    /// Lines for standard error.
    pub(crate) messages: Vec<String>,
    /// The worst exit status this input calls for.
    pub(crate) status: u8,
    pub(crate) bytes: usize,
    pub(crate) items: usize,
    pub(crate) errors: usize,
    pub(crate) failed: bool,
}

fn run(args: &Args) -> Result<u8, String> {
    let settings = Settings {
        base_url: args
            .base_url
            .as_deref()
            .map(|u| {
                microdata_scraper::Url::parse(u).map_err(|e| {
                    format!("invalid --base-url {u:?}: {e} (an absolute URL is needed)")
                })
            })
            .transpose()?,
        now: match args.now.as_deref() {
            Some(s) => microdata_scraper::microsyntax::parse_global_date_time(s).ok_or_else(|| {
                format!("invalid --now {s:?}: a global date and time string is needed, like 2024-05-01T12:00:00Z")
            })?,
            None => microdata_scraper::microsyntax::GlobalDateTime::from_system_time(std::time::SystemTime::now()),
        },
        encoding: args
            .encoding
            .as_deref()
            .map(|l| decode::for_label(l).ok_or_else(|| format!("unknown --encoding {l:?}")))
            .transpose()?,
        rdf: formats::rdf_options(args)?,
        find_errors: false,
    };
    if args.jobs == Some(0) {
        return Err("--jobs must be at least 1".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let inputs = input::collect(&args.inputs)?;
    let batch_mode = inputs.len() > 1;
    let show_summary = !args.quiet && (args.summary || batch_mode);
    // Finding the microdata errors is a second pass over every item: only
    // when they are printed or counted.
    let settings = Settings {
        find_errors: args.errors || show_summary,
        ..settings
    };
    let progress = (!args.quiet && batch_mode && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(inputs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {per_sec} {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });

    let started = Instant::now();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Outcome::default();
    let mut files = 0usize;
    let mut failed_files = 0usize;
    for chunk in inputs.chunks(BATCH) {
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .par_iter()
                .map(|input| process(args, &settings, input))
                .collect()
        });
        for o in outcomes {
            for m in &o.messages {
                match &progress {
                    Some(bar) => bar.println(m),
                    None => eprintln!("{m}"),
                }
            }
            if let Some(text) = &o.output {
                let written = out.write_all(text.as_bytes()).and_then(|()| {
                    if text.ends_with('\n') {
                        Ok(())
                    } else {
                        out.write_all(b"\n")
                    }
                });
                if let Err(e) = written {
                    return output_failed(&e);
                }
            }
            files += 1;
            failed_files += usize::from(o.failed);
            totals.status = totals.status.max(o.status);
            totals.bytes += o.bytes;
            totals.items += o.items;
            totals.errors += o.errors;
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        }
        // What is done is on disk even if a later input takes long or fails.
        if let Err(e) = out.flush() {
            return output_failed(&e);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if show_summary {
        let secs = started.elapsed().as_secs_f64();
        let mb = totals.bytes as f64 / 1_000_000.0;
        eprintln!(
            "microdata: {files} files ({failed_files} failed), {} bytes, {} items, {} microdata errors, {secs:.2} s, {:.1} MB/s",
            totals.bytes,
            totals.items,
            totals.errors,
            if secs > 0.0 { mb / secs } else { 0.0 },
        );
    }
    Ok(totals.status)
}

/// Reads, decodes, parses, extracts and renders one input.
fn process(args: &Args, settings: &Settings, input: &Result<Source, Unusable>) -> Outcome {
    let mut outcome = Outcome::default();
    let source = match input {
        Ok(s) => s,
        Err(u) => {
            failed(args, &mut outcome, &u.source, &u.message);
            return outcome;
        }
    };
    let bytes = match source.read() {
        Ok(b) => b,
        Err(e) => {
            failed(args, &mut outcome, source, &e);
            return outcome;
        }
    };
    outcome.bytes = bytes.len();
    let decoded = decode::decode(&bytes, settings.encoding);
    drop(bytes);
    let text = decoded.text;
    let mut input_errors = Vec::new();
    if let Some(problem) = decoded.problem {
        outcome
            .messages
            .push(format!("microdata: {}: {problem}", source.display()));
        outcome.status = EXIT_INPUT_FAILED;
        input_errors.push(problem);
    }
    let url = settings.base_url.clone().or_else(|| source.default_url());
    let (parsed, html);
    let doc = if args.format.serializes_html() {
        parsed = microdata_scraper::Parsed::new(&text, url);
        parsed.document()
    } else {
        html = microdata_scraper::parse_html(&text);
        microdata_scraper::document(&html, url)
    };
    outcome.items = doc.items().count();
    let errors = if settings.find_errors {
        doc.errors()
    } else {
        Vec::new()
    };
    outcome.errors = errors.iter().filter(|e| !e.kind().is_warning()).count();
    if args.errors {
        for e in &errors {
            let level = if e.kind().is_warning() {
                "warning"
            } else {
                "error"
            };
            outcome
                .messages
                .push(format!("{}: {level}: {e}", source.display()));
        }
    }
    if args.check {
        for w in formats::vocabulary_warnings(&doc) {
            outcome
                .messages
                .push(format!("{}: warning: {w}", source.display()));
        }
    }
    let cx = formats::Context {
        source,
        encoding: decoded.encoding.name(),
        input_errors: &input_errors,
        errors: &errors,
        notes: std::cell::RefCell::default(),
    };
    let rendered = formats::render(args, settings, &doc, &cx);
    outcome.messages.append(&mut cx.notes.borrow_mut());
    match rendered {
        Ok(Some(text)) => outcome.output = Some(text),
        Ok(None) => {
            outcome.messages.push(format!(
                "microdata: {}: {}",
                source.display(),
                formats::nothing_message(args.format)
            ));
            outcome.status = outcome.status.max(EXIT_NOTHING_TO_CONVERT);
        }
        Err(e) => {
            outcome
                .messages
                .push(format!("microdata: {}: {e}", source.display()));
            outcome.status = outcome.status.max(EXIT_INPUT_FAILED);
            if args.format == cli::Format::Jsonl {
                outcome.output = Some(formats::jsonl_failure(source, &e));
            }
        }
    }
    outcome
}

/// Records an input that could not be read at all.
fn failed(args: &Args, outcome: &mut Outcome, source: &Source, message: &str) {
    outcome
        .messages
        .push(format!("microdata: {}: {message}", source.display()));
    outcome.status = EXIT_INPUT_FAILED;
    outcome.failed = true;
    if args.format == cli::Format::Jsonl {
        outcome.output = Some(formats::jsonl_failure(source, message));
    }
}

fn output_failed(e: &std::io::Error) -> Result<u8, String> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        // The reader went away (`| head`): not an error of ours.
        return Ok(EXIT_OK);
    }
    eprintln!("microdata: cannot write output: {e}");
    Ok(EXIT_OUTPUT_FAILED)
}
