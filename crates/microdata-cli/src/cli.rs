//! Command-line arguments.

use clap::{Parser, ValueEnum};

/// Extract structured data (microdata, microformats, rel links) from HTML.
///
/// Reads each FILE (or standard input for `-`, or when no FILE is given),
/// extracts its data as the WHATWG HTML standard says, and writes it in the
/// chosen format to standard output. With several inputs, each input's
/// output follows the previous one (one line each for JSON).
///
/// Exit status: 0 success; 1 an input could not be read or decoded (the
/// others are still processed); 2 bad usage; 3 a format found nothing to
/// convert (no hCard for vcard, no vEvent for ical); 4 the output could
/// not be written.
#[derive(Debug, Parser)]
#[command(name = "microdata", version, about, long_about)]
pub(crate) struct Args {
    /// HTML files to read; `-` is standard input (the default when none is given).
    #[arg(value_name = "FILE")]
    pub(crate) inputs: Vec<String>,

    /// The document URL, against which relative URLs are resolved (a
    /// `<base href>` in the page still applies). Default: the file's
    /// `file://` URL; none for standard input, where relative URLs then
    /// resolve to the empty string, as in a document without a URL.
    #[arg(long, value_name = "URL")]
    pub(crate) base_url: Option<String>,

    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Json)]
    pub(crate) format: Format,

    /// Indent JSON output for people (the default is the spec's shortest form).
    #[arg(long)]
    pub(crate) pretty: bool,

    /// Print the microdata errors and warnings found to standard error.
    #[arg(long)]
    pub(crate) errors: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// application/microdata+json (WHATWG HTML §5.4.1).
    Json,
}
