//! The `microdata` command: extracts microdata (and, with the converter
//! formats, microformats, rel links, RDF, vCard, iCalendar and Atom) from
//! HTML files or standard input.
//!
//! ```text
//! microdata page.html --base-url https://example.com/page --format json --pretty
//! curl -s https://example.com/ | microdata - --base-url https://example.com/
//! ```
//!
//! See `microdata --help` for every option, and the repository README for
//! the exit codes.

mod cli;
mod formats;
mod input;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Args;

/// Exit status when every input was processed.
const EXIT_OK: u8 = 0;
/// Exit status when at least one input could not be read or decoded.
const EXIT_INPUT_FAILED: u8 = 1;
/// Exit status for bad usage (also what clap uses).
const EXIT_USAGE: u8 = 2;
/// Exit status when a format found nothing to convert (no hCard for
/// `vcard`, no vEvent for `ical`, no `article` for `atom`).
const EXIT_NOTHING_TO_CONVERT: u8 = 3;
/// Exit status when writing the output failed (disk full, closed pipe).
const EXIT_OUTPUT_FAILED: u8 = 4;

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

fn run(args: &Args) -> Result<u8, String> {
    let base_url =
        match &args.base_url {
            Some(u) => Some(microdata_scraper::Url::parse(u).map_err(|e| {
                format!("invalid --base-url {u:?}: {e} (an absolute URL is needed)")
            })?),
            None => None,
        };
    let inputs = input::collect(&args.inputs)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut status = EXIT_OK;
    let many = inputs.len() > 1;
    for source in &inputs {
        let doc_input = match input::read(source) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("microdata: {e}");
                status = status.max(EXIT_INPUT_FAILED);
                continue;
            }
        };
        let url = base_url.clone().or_else(|| source.default_url());
        let html = microdata_scraper::parse_html(&doc_input);
        let doc = microdata_scraper::document(&html, url);
        if args.errors {
            for e in doc.errors() {
                let level = if e.kind().is_warning() {
                    "warning"
                } else {
                    "error"
                };
                eprintln!("{}: {level}: {e}", source.display());
            }
        }
        let rendered = match formats::render(args, &doc, source) {
            Ok(Some(text)) => text,
            Ok(None) => {
                eprintln!(
                    "microdata: {}: {}",
                    source.display(),
                    formats::nothing_message(args.format)
                );
                status = status.max(EXIT_NOTHING_TO_CONVERT);
                continue;
            }
            Err(e) => {
                eprintln!("microdata: {}: {e}", source.display());
                status = status.max(EXIT_INPUT_FAILED);
                continue;
            }
        };
        let written = out
            .write_all(rendered.as_bytes())
            .and_then(|()| {
                if rendered.ends_with('\n') {
                    Ok(())
                } else {
                    out.write_all(b"\n")
                }
            })
            .and_then(|()| if many { out.flush() } else { Ok(()) });
        if let Err(e) = written {
            return output_failed(&e);
        }
    }
    if let Err(e) = out.flush() {
        return output_failed(&e);
    }
    Ok(status)
}

fn output_failed(e: &std::io::Error) -> Result<u8, String> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        // The reader went away (`| head`): not an error of ours.
        return Ok(EXIT_OK);
    }
    eprintln!("microdata: cannot write output: {e}");
    Ok(EXIT_OUTPUT_FAILED)
}
