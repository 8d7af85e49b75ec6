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

// Standard output and error are written through handles whose errors are
// handled (`note`, the output writer): the print macros panic on a failed
// write.
#![warn(clippy::print_stdout, clippy::print_stderr)]

mod cli;
mod formats;
mod input;
mod url_root;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use microdata_scraper::Url;
use microdata_scraper::encoding::{self, Encoding};

use crate::cli::Args;
use crate::input::{Source, Unusable};

/// Exit status when at least one input could not be read or decoded.
const EXIT_INPUT_FAILED: u8 = 1;
/// Exit status for bad usage (also what clap uses).
const EXIT_USAGE: u8 = 2;
/// Exit status when a format found nothing to convert.
const EXIT_NOTHING_TO_CONVERT: u8 = 3;
/// Exit status when writing the output failed (disk full, ...).
const EXIT_OUTPUT_FAILED: u8 = 4;
/// Exit status after Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
const EXIT_INTERRUPTED: u8 = 130;

/// Set by the first Ctrl-C, SIGTERM or SIGHUP: the command stops between
/// two outputs, so that every line written is whole. A second one stops
/// it at once.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn on_interrupt() {
    if INTERRUPTED.swap(true, std::sync::atomic::Ordering::SeqCst) {
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    }
}

fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst)
}

/// How far processing may run ahead of writing: inputs are processed in
/// parallel, and each output is written, in input order, as soon as the
/// ones before it are, so at most this many finished outputs wait in
/// memory behind a slow input.
const WINDOW: usize = 64;

/// The progress bar: files done, and the rate with one decimal (the
/// default shows four).
const PROGRESS: &str = "{bar:40} {pos}/{len} files {per_sec:1} {eta}";

/// The most worker threads `--jobs` may ask for.
const MAX_JOBS: usize = 1024;

/// Of two exit statuses, the one to report: an output that could not be
/// written, then an input that failed, then a format that found nothing,
/// then success (0).
fn worse(a: u8, b: u8) -> u8 {
    let rank = |s| match s {
        EXIT_OUTPUT_FAILED => 3,
        EXIT_INPUT_FAILED => 2,
        EXIT_NOTHING_TO_CONVERT => 1,
        _ => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// Writes `line` to standard error. A standard error that cannot be written
/// (a closed pipe, a full disk) must not stop the run: the message is lost,
/// the output is not (`eprintln!` would panic).
pub(crate) fn note(line: impl std::fmt::Display) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            note(format_args!("microdata: {e}"));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Settings derived once from the arguments.
pub(crate) struct Settings {
    pub(crate) base_url: Option<Url>,
    /// `--now`, or the time the command started.
    pub(crate) now: microdata_scraper::microsyntax::GlobalDateTime,
    pub(crate) encoding: Option<&'static Encoding>,
    /// RDF options built from the arguments (registry read once).
    pub(crate) rdf: microdata_rdf::RdfOptions,
    /// Whether to find the microdata errors (`--errors` or the summary).
    pub(crate) find_errors: bool,
    /// For each `--url-root`, whether it gave an input its URL.
    pub(crate) url_roots_used: Vec<std::sync::atomic::AtomicBool>,
}

impl Settings {
    /// The document URL of `source`: `--base-url`, else the file's URL,
    /// mapped by `--url-root` (an error when a root holds the file but
    /// gives it no URL).
    fn url_of(&self, args: &Args, source: &Source) -> Result<Option<Url>, String> {
        if let Some(url) = &self.base_url {
            return Ok(Some(url.clone()));
        }
        let Source::File(path) = source else {
            return Ok(None);
        };
        let file = source.default_url();
        match url_root::map(&args.url_root, path, file.as_ref()) {
            Some((root, mapped)) => {
                self.url_roots_used[root].store(true, std::sync::atomic::Ordering::Relaxed);
                mapped.map(Some)
            }
            None => Ok(file),
        }
    }
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
    /// The input gave no output: it could not be read, or hit a limit.
    pub(crate) failed: bool,
    /// Bytes of the input were not valid in its encoding and were
    /// replaced (the input is converted, and the exit status is 1).
    pub(crate) replaced: bool,
}

fn run(args: &Args) -> Result<u8, String> {
    // The summary's time covers finding the inputs too.
    let started = Instant::now();
    let settings = Settings {
        base_url: args
            .base_url
            .as_deref()
            .map(|u| {
                microdata_scraper::Url::parse(u).map_err(|e| match e {
                    microdata_scraper::url::ParseError::RelativeUrlWithoutBase => {
                        format!("invalid --base-url {u:?}: {e} (an absolute URL is needed)")
                    }
                    _ => format!("invalid --base-url {u:?}: {e}"),
                })
            })
            .transpose()?,
        now: match args.now.as_deref() {
            Some(s) => {
                let now = microdata_scraper::microsyntax::parse_global_date_time(s).ok_or_else(|| {
                    format!("invalid --now {s:?}: a global date and time string is needed, like 2024-05-01T12:00:00Z")
                })?;
                // iCalendar and Atom write UTC dates with four-digit years.
                if !(1..=9999).contains(&now.to_utc().date.year) {
                    return Err(format!(
                        "invalid --now {s:?}: in UTC it must fall in the years 0001 to 9999"
                    ));
                }
                now
            }
            None => microdata_scraper::microsyntax::GlobalDateTime::from_system_time(std::time::SystemTime::now()),
        },
        encoding: args
            .encoding
            .as_deref()
            .map(|l| match Encoding::for_label(l.trim().as_bytes()) {
                None => Err(format!("unknown --encoding {l:?}")),
                // The label of an encoding that decodes any input to one
                // U+FFFD (WHATWG Encoding's "replacement"): no one means it.
                Some(e) if e == microdata_scraper::encoding_rs::REPLACEMENT => Err(format!(
                    "--encoding {l:?} is the \"replacement\" encoding, which decodes every input to a single U+FFFD"
                )),
                Some(e) => Ok(e),
            })
            .transpose()?,
        rdf: formats::rdf_options(args)?,
        find_errors: false,
        url_roots_used: args.url_root.iter().map(|_| Default::default()).collect(),
    };
    url_root::check_distinct(&args.url_root)?;
    if args.jobs.is_some_and(|j| j == 0 || j > MAX_JOBS) {
        return Err(format!("--jobs must be between 1 and {MAX_JOBS}"));
    }
    let (inputs, not_html) = input::collect(&args.inputs)?;
    // Known before reading anything: standard input has no URL of its own
    // to name its graph.
    if args.format == cli::Format::Nq
        && settings.base_url.is_none()
        && inputs.iter().any(|i| matches!(i, Ok(Source::Stdin)))
    {
        return Err(
            "N-Quads name the graph by the document URL, and standard input has none: give --base-url"
                .into(),
        );
    }
    // No more workers than inputs: each idle one costs time (rayon's
    // workers look for work in each other's queues before they sleep).
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(cpus).min(inputs.len()).max(1))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let batch_mode = inputs.len() > 1;
    let show_summary = !args.quiet && (args.summary || batch_mode);
    // Finding the microdata errors is a second pass over every item: only
    // when they are printed or counted.
    let settings = Settings {
        find_errors: args.errors || show_summary,
        ..settings
    };
    // Not over the output when it goes to the same terminal.
    let progress = (!args.quiet
        && batch_mode
        && std::io::stderr().is_terminal()
        && !std::io::stdout().is_terminal())
    .then(|| {
        let bar = indicatif::ProgressBar::new(inputs.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(PROGRESS)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });

    // Without the handler, a signal still stops the command, only not
    // between two outputs.
    if let Err(e) = ctrlc::set_handler(on_interrupt) {
        note(format_args!(
            "microdata: note: Ctrl-C will not wait for a whole line: {e}"
        ));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut totals = Outcome::default();
    let mut files = 0usize;
    let mut failed_files = 0usize;
    let mut replaced_files = 0usize;
    // Set when the output is gone: inputs not started yet are skipped.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (sender, receiver) = std::sync::mpsc::channel::<(usize, Outcome)>();
    let window = WINDOW.max(2 * pool.current_num_threads());
    let mut write_error = None;
    // The closure runs on this thread, which writes; the pool processes.
    pool.in_place_scope(|scope| {
        let spawn = |i: usize| {
            let sender = sender.clone();
            let (input, settings, stop) = (&inputs[i], &settings, &stop);
            scope.spawn(move |_| {
                let outcome = if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    Outcome::default()
                } else {
                    process(args, settings, input, batch_mode.then_some(i + 1))
                };
                // The receiver lives until every task is done.
                let _ = sender.send((i, outcome));
            });
        };
        let mut next = 0;
        while next < inputs.len() && next < window {
            spawn(next);
            next += 1;
        }
        let mut waiting: std::collections::HashMap<usize, Outcome> =
            std::collections::HashMap::new();
        for i in 0..inputs.len() {
            let o = loop {
                if interrupted() {
                    break None;
                }
                if let Some(o) = waiting.remove(&i) {
                    break Some(o);
                }
                // Now and then, to see an interrupt behind a slow input.
                match receiver.recv_timeout(std::time::Duration::from_millis(100)) {
                    Ok((j, o)) => {
                        waiting.insert(j, o);
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    // Cannot happen while this scope holds a sender.
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
                }
            };
            let Some(o) = o else {
                // Every output written so far is whole. Inputs being
                // processed are not waited for.
                if let Some(bar) = &progress {
                    bar.finish_and_clear();
                }
                let left = inputs.len() - files;
                note(format_args!(
                    "microdata: interrupted: {} not processed or not written",
                    plural(left, "input")
                ));
                if show_summary {
                    summary(files, (failed_files, replaced_files), &totals, started);
                }
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            };
            if next < inputs.len() {
                spawn(next);
                next += 1;
            }
            for m in &o.messages {
                match &progress {
                    Some(bar) => bar.println(m),
                    None => note(m),
                }
            }
            // Its messages are out: its status counts, written or not.
            totals.status = worse(totals.status, o.status);
            // An empty output (a page without triples) writes nothing, not
            // an empty line in the stream.
            if let Some(text) = o.output.as_ref().filter(|t| !t.is_empty()) {
                let written = out
                    .write_all(text.as_bytes())
                    .and_then(|()| {
                        if text.ends_with('\n') {
                            Ok(())
                        } else {
                            out.write_all(b"\n")
                        }
                    })
                    // What is done is on disk even if a later input takes
                    // long or fails.
                    .and_then(|()| out.flush());
                if let Err(e) = written {
                    // Inputs already started finish at once; the scope
                    // waits for them.
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    write_error = Some(e);
                    break;
                }
            }
            files += 1;
            failed_files += usize::from(o.failed);
            // Converted with bytes replaced: not a failure, but status 1.
            replaced_files += usize::from(o.replaced && !o.failed && o.output.is_some());
            totals.bytes += o.bytes;
            totals.items += o.items;
            totals.errors += o.errors;
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(e) = write_error {
        // The summary still tells what was written before.
        let status = if e.kind() == std::io::ErrorKind::BrokenPipe {
            // The reader went away (`| head`): not an error of ours, but
            // inputs that failed before still say so.
            totals.status
        } else {
            note(format_args!("microdata: cannot write output: {e}"));
            EXIT_OUTPUT_FAILED
        };
        if show_summary {
            summary(files, (failed_files, replaced_files), &totals, started);
        }
        return Ok(status);
    }
    for (root, used) in args.url_root.iter().zip(&settings.url_roots_used) {
        if !used.load(std::sync::atomic::Ordering::Relaxed) {
            note(format_args!(
                "microdata: note: no input took its URL from --url-root {} (none is below it, or a deeper --url-root holds each)",
                root.dir()
            ));
        }
    }
    if show_summary {
        if not_html > 0 {
            note(format_args!(
                "microdata: note: {} in the folders given not read: not named .html, .htm, .xhtml, .xht or .shtml",
                plural(not_html, "file")
            ));
        }
        summary(files, (failed_files, replaced_files), &totals, started);
    }
    Ok(totals.status)
}

/// Prints the summary line: files (of them, those that failed and those
/// converted with bytes replaced, which also make the exit status 1),
/// bytes, items, microdata errors, time since `started` and throughput.
fn summary(files: usize, (failed, replaced): (usize, usize), totals: &Outcome, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    let mb = totals.bytes as f64 / 1_000_000.0;
    let replaced = if replaced > 0 {
        format!(", {replaced} with invalid bytes replaced")
    } else {
        String::new()
    };
    note(format_args!(
        "microdata: {} ({failed} failed{replaced}), {} bytes, {}, {}, {secs:.2} s, {:.1} MB/s",
        plural(files, "file"),
        totals.bytes,
        plural(totals.items, "item"),
        plural(totals.errors, "microdata error"),
        if secs > 0.0 { mb / secs } else { 0.0 },
    ));
}

/// `1 file`, `2 files`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Reads, decodes, parses, extracts and renders one input; `ordinal` is its
/// place among several inputs (1-based), `None` for a single one.
fn process(
    args: &Args,
    settings: &Settings,
    input: &Result<Source, Unusable>,
    ordinal: Option<usize>,
) -> Outcome {
    let mut outcome = Outcome::default();
    let source = match input {
        Ok(s) => s,
        Err(u) => {
            // The input is reported as it is; a URL that could not be made
            // for it is no news beside that.
            let url = settings.url_of(args, &u.source).ok().flatten();
            failed(
                args,
                &mut outcome,
                &u.source,
                (url.as_ref(), None, &[]),
                &u.message,
            );
            return outcome;
        }
    };
    let url = settings.url_of(args, source);
    let bytes = match source.read(args.max_input_bytes()) {
        Ok(b) => b,
        Err(e) => {
            // A file that cannot be read says so first.
            let url = url.ok().flatten();
            failed(args, &mut outcome, source, (url.as_ref(), None, &[]), &e);
            return outcome;
        }
    };
    let url = match url {
        Ok(url) => url,
        Err(e) => {
            failed(args, &mut outcome, source, (None, None, &[]), &e);
            return outcome;
        }
    };
    outcome.bytes = bytes.len();
    let max_open = args.max_open_elements();
    // Decoded as a browser does, a late `<meta>` included.
    let tree = if args.format.serializes_html() {
        microdata_scraper::Parsed::from_bytes_within(
            &bytes,
            url.clone(),
            settings.encoding,
            max_open,
        )
        .map(|parsed| {
            let decoding = parsed.decoding().cloned();
            (Tree::Ordered(parsed), decoding)
        })
    } else {
        microdata_scraper::parse_html_bytes_within(&bytes, settings.encoding, max_open)
            .map(|(html, decoding)| (Tree::Plain(html), Some(decoding)))
    };
    let (tree, decoding) = match tree {
        Ok(parsed) => parsed,
        Err(e) => {
            // What the parse knew of the bytes, for the report: a second
            // decoding, on this rare path only.
            let decoded = encoding::decode(&bytes, settings.encoding);
            let problems: Vec<String> = decoded.problem.into_iter().collect();
            report_decoding(&mut outcome, source, &problems);
            let known = (url.as_ref(), Some(decoded.encoding.name()), &problems[..]);
            let message = format!("{e} (limit max_open_elements)");
            failed(args, &mut outcome, source, known, &message);
            return outcome;
        }
    };
    // Standard input has no path to keep its blank nodes apart from other
    // runs' (see `formats::rdf`): among several inputs, its content does
    // that. Otherwise the bytes go before the conversion runs.
    let labels_from_content = matches!(source, Source::Stdin)
        && ordinal.is_some()
        && matches!(
            args.format,
            cli::Format::Nt | cli::Format::Ttl | cli::Format::Nq
        );
    let content = labels_from_content.then_some(bytes);
    // A parse from bytes always says how it decoded them.
    let encoding = decoding
        .as_ref()
        .map_or(microdata_scraper::encoding_rs::UTF_8, |d| d.encoding);
    let input_errors: Vec<String> = decoding.and_then(|d| d.problem).into_iter().collect();
    report_decoding(&mut outcome, source, &input_errors);
    // HTML's "encoding-parse a URL": URL queries in the page's encoding
    // (a `Parsed` from bytes applies it itself).
    let doc = match (&tree, encoding::query_encoder(encoding)) {
        (Tree::Ordered(parsed), _) => parsed.document(),
        (Tree::Plain(html), None) => microdata_scraper::document(html, url),
        (Tree::Plain(html), Some(encoder)) => {
            microdata_scraper::document_with_query_encoder(html, url, encoder)
        }
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
        for w in formats::vocabulary_warnings(args, &doc) {
            outcome
                .messages
                .push(format!("{}: warning: {w}", source.display()));
        }
    }
    let cx = formats::Context {
        source,
        ordinal,
        encoding: encoding.name(),
        input_errors: &input_errors,
        errors: &errors,
        content: content.as_deref(),
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
            outcome.status = worse(outcome.status, EXIT_NOTHING_TO_CONVERT);
            // Nothing of the input is written: its items are not counted.
            (outcome.items, outcome.errors) = (0, 0);
        }
        Err(e) => {
            outcome
                .messages
                .push(format!("microdata: {}: {e}", source.display()));
            outcome.status = worse(outcome.status, EXIT_INPUT_FAILED);
            // Nothing of the input is written: its items are not counted.
            (outcome.items, outcome.errors, outcome.failed) = (0, 0, true);
            if args.format == cli::Format::Jsonl {
                let url = doc.url().map(|u| u.as_str());
                outcome.output = Some(formats::jsonl_failure(
                    args,
                    source,
                    url,
                    Some(encoding.name()),
                    &[&input_errors[..], &[e]].concat(),
                    Some(&errors),
                ));
            }
        }
    }
    outcome
}

/// Reports the byte sequences of `source` that decoding replaced: a
/// message each, and exit status 1 (the input is still converted).
fn report_decoding(outcome: &mut Outcome, source: &Source, problems: &[String]) {
    for problem in problems {
        outcome
            .messages
            .push(format!("microdata: {}: {problem}", source.display()));
        outcome.status = EXIT_INPUT_FAILED;
        outcome.replaced = true;
    }
}

/// A parsed input: with its attributes' source order recorded when the
/// format serializes HTML, as `scraper` leaves it otherwise.
enum Tree {
    Ordered(microdata_scraper::Parsed),
    Plain(microdata_scraper::scraper::Html),
}

/// Records an input that gives no output: it could not be read, or its
/// parse stopped at a limit. `known` is what is known of it by then (its
/// URL, encoding and earlier problems), for its `jsonl` failure line.
fn failed(
    args: &Args,
    outcome: &mut Outcome,
    source: &Source,
    known: (Option<&Url>, Option<&str>, &[String]),
    message: &str,
) {
    let (url, encoding, earlier) = known;
    outcome
        .messages
        .push(format!("microdata: {}: {message}", source.display()));
    outcome.status = EXIT_INPUT_FAILED;
    outcome.failed = true;
    if args.format == cli::Format::Jsonl {
        outcome.output = Some(formats::jsonl_failure(
            args,
            source,
            url.map(Url::as_str),
            encoding,
            &[earlier, &[message.to_owned()]].concat(),
            None,
        ));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_progress_template_parses() {
        assert!(indicatif::ProgressStyle::with_template(super::PROGRESS).is_ok());
    }

    #[test]
    fn exit_statuses_rank() {
        use super::*;
        assert_eq!(
            worse(EXIT_NOTHING_TO_CONVERT, EXIT_INPUT_FAILED),
            EXIT_INPUT_FAILED
        );
        assert_eq!(
            worse(EXIT_INPUT_FAILED, EXIT_NOTHING_TO_CONVERT),
            EXIT_INPUT_FAILED
        );
        assert_eq!(
            worse(EXIT_INPUT_FAILED, EXIT_OUTPUT_FAILED),
            EXIT_OUTPUT_FAILED
        );
        assert_eq!(worse(0, EXIT_NOTHING_TO_CONVERT), EXIT_NOTHING_TO_CONVERT);
        assert_eq!(worse(EXIT_NOTHING_TO_CONVERT, 0), EXIT_NOTHING_TO_CONVERT);
    }
}
