//! Command-line arguments.

use clap::{Parser, ValueEnum};

/// Extract structured data (microdata, microformats, rel links) from HTML.
///
/// Reads each FILE (`-` or no FILE: standard input; a directory: its HTML
/// files, recursively, by extension: .html .htm .xhtml .xht .shtml, also
/// followed by a query as wget saves pages (`index.html?p=2`, whatever
/// the query holds); a quoted pattern such as 'crawl/**/*.html': the files it matches, each
/// once, and the HTML files of the directories it matches; `*`, `?` and
/// `[...]` match within a name, `**` across directories, `{a,b}` either),
/// extracts the data as the WHATWG HTML standard says, and writes it in the
/// chosen format to standard output, one input after the other in the
/// order given (a directory's or a pattern's files in path order). Several
/// outputs join up into one stream for `jsonl`, `nt`, `nq`, `vcard` and
/// `ical` (vCard and iCalendar property names are written as the page
/// spells them, as the standard's algorithms do, so a strict reader may
/// refuse a card whose names are not valid; --check warns of them);
/// `json`, `mf2`, `links`, `ttl` and `atom` give one document
/// per input (compact JSON: one per line), and an input that fails gives
/// none, so use `jsonl` over many files: each line names its input. Inputs
/// are processed in parallel. Directories and patterns follow symbolic
/// links and take each file once, however many of them lead to it (hard
/// links are names of their own; a link back to a directory being walked,
/// or to one above it, is noted, not followed),
/// take names starting with `.` like any other, and skip FIFOs, sockets
/// and devices. A directory without HTML files gives nothing and is no
/// error; a pattern that matches nothing, or a name that is neither a file
/// nor a valid pattern, is an input that failed. File
/// names that are not UTF-8 appear in messages escaped and in `jsonl`
/// `path` with U+FFFD for the bytes JSON cannot hold (`url` keeps them
/// percent-encoded).
///
/// Exit status: 0 success; 1 an input could not be read, had invalid byte
/// sequences or hit a limit (the others are still processed, and what was
/// written stays written); 2 bad usage; 3 the format found nothing to
/// convert in an input (no hCard for vcard, no vEvent for ical, no article
/// for atom), even when other inputs gave output (a message names each
/// such input); 4 the output could not be written. When several apply: 4,
/// then 1, then 3. A reader that stops reading (`| head`) is no failure: the status is
/// that of the inputs written until then. 130: interrupted (Ctrl-C,
/// SIGTERM or SIGHUP); the command stops between two outputs, so what it
/// wrote ends with a whole output (a second signal stops it at once).
///
/// Options that belong to other formats are accepted and unused (`--pretty`
/// with `nt`, `--legacy` with `json`), so one set of options can serve
/// runs in several formats; options that contradict each other
/// (`--registry` with `--rdf-mode html`) are bad usage whatever the
/// format.
#[derive(Debug, Parser)]
#[command(name = "microdata", version)]
pub(crate) struct Args {
    /// HTML files, directories or glob patterns; `-` is standard input (the
    /// default when none is given).
    #[arg(value_name = "FILE")]
    pub(crate) inputs: Vec<std::ffi::OsString>,

    /// The document URL, against which relative URLs are resolved (a
    /// `<base href>` in the page still applies). Default: the file's
    /// `file://` URL; none for standard input, which is then `about:blank`
    /// as for any document without a URL: a fragment (`#top`) resolves to
    /// `about:blank#top`, other relative URLs do not (microdata URL values
    /// are then the empty string and RDF leaves them out, both with an
    /// `--errors` message; `mf2` and `links` keep them as written). It is
    /// the URL of every input given: over a crawl's files, leave it out
    /// (each file then has its own URL, and N-Quads its own graph) or give
    /// --url-root.
    #[arg(long, value_name = "URL")]
    pub(crate) base_url: Option<String>,

    /// The document URLs of a mirrored site's files: a file below DIR gets
    /// URL followed by its path below DIR, each name a percent-encoded path
    /// segment (`--url-root mirror/example.com=https://example.com/` gives
    /// `mirror/example.com/blog/a.html` the URL
    /// `https://example.com/blog/a.html`; names are kept: wget's `index.html`
    /// stays in the URL). A URL of a scheme and `://` alone (`--url-root
    /// mirror=https://`) takes the host (and port) from the first folder
    /// below DIR, as `wget --mirror` lays a crawl out. May be given several
    /// times: the deepest DIR holding a file decides; files below none keep
    /// their `file://` URL (a note names a DIR that holds no input), and a
    /// file below DIR that gets no URL (not in a host's folder, or one whose
    /// name is no host) is an input that failed. A file is below DIR when
    /// it is with symbolic links resolved, or else as both paths are
    /// written. DIR must exist, and may hold `=`. Not with --base-url.
    #[arg(
        long,
        value_name = "DIR=URL",
        value_parser = url_root_parser(),
        conflicts_with = "base_url"
    )]
    pub(crate) url_root: Vec<crate::url_root::UrlRoot>,

    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t = Format::Json)]
    pub(crate) format: Format,

    /// Indent JSON output (and the Atom feed's XML) for people (the default
    /// is the spec's shortest form).
    #[arg(long)]
    pub(crate) pretty: bool,

    /// Print the microdata errors and warnings found to standard error (and,
    /// with `--format jsonl`, into each line).
    #[arg(long)]
    pub(crate) errors: bool,

    /// Print the vocabulary warnings (hCard, vEvent and licensed-work rules
    /// of WHATWG HTML §5.3) to standard error. Conversion is not affected:
    /// the converters may emit invalid output for invalid input. A warning
    /// that items sharing a block through `itemref` would each repeat is
    /// printed once, and the checks stop, with a `vocab:check-stopped`
    /// warning, past --max-reads property values read.
    #[arg(long)]
    pub(crate) check: bool,

    /// Use the older variants of the conversions (HTML5 2010 draft): vCard
    /// 3.0 with `UID` and nested `agent` cards; iCalendar `UID` from the
    /// item's global identifier and `time`-element dates; in RDF's `html`
    /// mode, a `rel` with `up` given more than once loses those tokens (no
    /// effect in `w3c` mode). Property values are still read by the current
    /// WHATWG rules.
    #[arg(long)]
    pub(crate) legacy: bool,

    /// RDF formats: which conversion to run: `html` (the HTML microdata
    /// draft's conversion, with document triples) or `w3c` (the W3C
    /// Microdata to RDF Note, vocabulary-based property URIs).
    #[arg(long, value_enum, default_value_t = RdfMode::Html, value_name = "MODE")]
    pub(crate) rdf_mode: RdfMode,

    /// RDF formats, `--rdf-mode w3c`: a vocabulary registry (JSON, the
    /// Note's format) to use instead of the default registry.
    #[arg(long, value_name = "FILE")]
    pub(crate) registry: Option<std::path::PathBuf>,

    /// RDF formats: start every blank node label with PREFIX (ASCII
    /// letters, digits and `_`). With several inputs each input's labels
    /// also carry a hash of its path (`_:i3f…_b0`; standard input's, of
    /// its content), so the output of separate runs over different files
    /// joins up (`xargs`); one input alone has plain labels in `nt` and
    /// `ttl` (`_:b0`; `nq` labels each graph's nodes from its name, so two
    /// runs over different pages given the same --base-url share labels):
    /// give each run its own prefix to join those.
    #[arg(long, value_name = "PREFIX", value_parser = parse_label_prefix)]
    pub(crate) blank_node_prefix: Option<String>,

    /// RDF formats, `--rdf-mode html`: add the licensed-work
    /// `owl:equivalentProperty` triples of the 2010 draft.
    #[arg(long)]
    pub(crate) work_equivalences: bool,

    /// mf2: add the legacy top-level `alternates` of the older parsing text.
    #[arg(long)]
    pub(crate) mf2_alternates: bool,

    /// mf2: add `lang` to items and e-* values.
    #[arg(long)]
    pub(crate) mf2_lang: bool,

    /// mf2: collapse whitespace in text values like `innerText`.
    #[arg(long)]
    pub(crate) mf2_collapse_whitespace: bool,

    /// The character encoding of inputs without a byte order mark (a
    /// WHATWG Encoding label such as `windows-1252`). Without it, HTML's
    /// prescan of the first 1024 bytes decides (`<meta charset>`, the
    /// `http-equiv` pragma, an XML declaration's `encoding`), else UTF-8;
    /// then the first `<meta>` of the parsed page that declares an
    /// encoding, wherever it is, decodes the page again if it names
    /// another (HTML's "change the encoding", as a browser reloads it).
    #[arg(long, value_name = "LABEL")]
    pub(crate) encoding: Option<String>,

    /// How many inputs to process at once, 1 to 1024 (default: the number
    /// of CPUs), never more than there are inputs. Many more than the CPUs
    /// slow the run down, as idle workers look for work in each other's
    /// queues: on 2 CPUs, 1024 jobs took 40 times as long as 64 over 3,600
    /// small files.
    #[arg(long, short = 'j', value_name = "N")]
    pub(crate) jobs: Option<usize>,

    /// Print a summary to standard error: files, of which failed (could not
    /// be read or hit a limit, and so gave no output) and, if any, converted
    /// with invalid bytes replaced (which also make the exit status 1);
    /// bytes read; the
    /// top-level microdata items and the microdata errors of the files
    /// written (whatever the format); time and throughput. Before it, a
    /// note counts the files of the directories given that were not read
    /// for their names, if any. On by default when there is more than one
    /// input.
    #[arg(long)]
    pub(crate) summary: bool,

    /// The current time for formats that record it (Atom `updated`
    /// fallbacks, iCalendar `DTSTAMP`), as a global date and time string
    /// such as `2024-05-01T12:00:00Z`; default: the system clock. Set it for
    /// reproducible output. For the Atom feed's own `updated`, a file's
    /// modification time, which the algorithm takes as the document's last
    /// modification, comes before it; entries without dates still take it.
    #[arg(long, value_name = "DATETIME")]
    pub(crate) now: Option<String>,

    /// Stop an input's conversion after writing this many items: in JSON,
    /// JSONL and RDF every item object (nested items and items repeated
    /// through `itemref` included); in vCard the cards (with --legacy,
    /// nested agent cards too); in iCalendar the events; in mf2 the copies
    /// of nested items with several property classes. Atom and links do not
    /// count items. The input is reported and gets no output. mf2 holds the
    /// copies it counts: a page of 1 KB asking for more than a million of
    /// them takes about 3 s and 460 MB before the default stops it.
    #[arg(long, value_name = "N", default_value_t = microdata_scraper::Limits::DEFAULT_MAX_ITEMS)]
    pub(crate) max_items: usize,

    /// Stop when one item has more property values than this (JSON, JSONL,
    /// RDF), or one vCard or event more lines (vcard, ical). mf2, Atom and
    /// links do not count them.
    #[arg(long, value_name = "N", default_value_t = microdata_scraper::Limits::DEFAULT_MAX_PROPERTIES)]
    pub(crate) max_properties: usize,

    /// Stop when one input's output would exceed this size, in every format
    /// (a number of bytes, or with a K, M or G suffix: 512M). The
    /// conversions whose output can grow faster than the page (through
    /// `itemref`, or Atom entries repeating a long base URL) stop as they
    /// reach it. The RDF conversion counts its triples at about their
    /// N-Triples size, so `ttl`, which prefixes and grouping make shorter,
    /// stops before its own output reaches the limit.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "256M")]
    pub(crate) max_output_bytes: usize,

    /// Stop when items nest deeper than this in JSON, JSONL and RDF, and
    /// with --legacy vCard's nested agent cards (a top-level item, or the
    /// card converted, is at depth 1, so 0 allows no item at all). The
    /// other formats do not write nested items that way.
    #[arg(long, value_name = "N", default_value_t = microdata_scraper::Limits::DEFAULT_MAX_DEPTH)]
    pub(crate) max_depth: usize,

    /// Stop when a conversion or --check reads more property values than
    /// this in all (vcard, ical: iCalendar reads and skips item values, and
    /// vCard's `n`, `adr` and `org` lines read their sub-item's properties;
    /// items that share a block through `itemref` read it once each). The
    /// other formats write what they read, so --max-output-bytes bounds
    /// them.
    #[arg(long, value_name = "N", default_value_t = microdata_scraper::Limits::DEFAULT_MAX_READS)]
    pub(crate) max_reads: usize,

    /// Stop parsing an input once the HTML parser holds more than this many
    /// elements open at once (its stack of open elements and list of
    /// active formatting elements), counted after each 4 KiB of input (or
    /// as many bytes as elements were open, if more) and at its end, so a
    /// page may go above it in between. Each start tag of a block checks
    /// that stack, so pages of unclosed tags parse in time quadratic in their
    /// size: 40,000 unclosed `<div>`s take seconds, a megabyte of them
    /// minutes. Ordinary pages hold a few dozen. The input is reported and
    /// gets no output.
    #[arg(long, value_name = "N", default_value_t = microdata_scraper::DEFAULT_MAX_OPEN_ELEMENTS)]
    pub(crate) max_open_elements: usize,

    /// Skip an input larger than this (a number of bytes, or with a K, M
    /// or G suffix), before reading it when its size is known. Parsing
    /// takes 10 to 25 times a page's size in memory, and each job parses
    /// one page at a time: a page too large for memory would stop the
    /// whole run. The input is reported and gets no output.
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "64M")]
    pub(crate) max_input_bytes: usize,

    /// No limits at all (trusted input only: a few kilobytes of `itemref`s
    /// can ask for an exponential output).
    #[arg(long, conflicts_with_all = ["max_items", "max_properties", "max_output_bytes", "max_depth", "max_reads", "max_open_elements", "max_input_bytes"])]
    pub(crate) no_limits: bool,

    /// Never print the summary or the progress bar.
    #[arg(long, short = 'q', conflicts_with = "summary")]
    pub(crate) quiet: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// application/microdata+json (WHATWG HTML §5.4.1).
    Json,
    /// One JSON object per input and line: `path`, `url`, `encoding`,
    /// `items` (as in `json`; empty when the input could not be read or hit
    /// a limit), `errors` (reading, decoding and limit problems) and, with
    /// `--errors`, `microdata_errors` (null when the input could not be
    /// read; each error an object: `kind`, `warning`, `message`, `element`,
    /// `local_name`, `id`, `detail`, `item`).
    Jsonl,
    /// The document's rel links (link types, feeds, icons, hierarchy,
    /// sequences) and their conformance warnings, as JSON.
    Links,
    /// microformats2 JSON (items, rels, rel-urls), classic microformats
    /// included.
    Mf2,
    /// RDF as N-Triples.
    Nt,
    /// RDF as Turtle.
    Ttl,
    /// RDF as N-Quads, with the document URL as graph name (for crawls).
    Nq,
    /// vCard text of the first hCard item
    /// (`http://microformats.org/profile/hcard`), WHATWG "Conversion to
    /// vCard" (vCard 4.0; 3.0 with `--legacy`).
    Vcard,
    /// iCalendar text of the vEvent items
    /// (`http://microformats.org/profile/hcalendar#vevent`), WHATWG
    /// "Conversion to iCalendar".
    Ical,
    /// The Atom feed extracted from the document's `article` elements
    /// (HTML5 "extracting an Atom feed").
    Atom,
}

impl Format {
    /// Whether the output holds serialized HTML (microformats2 `html`
    /// values, Atom content), whose attributes must come in source order:
    /// only then is that order worth recording while parsing.
    pub(crate) fn serializes_html(self) -> bool {
        matches!(self, Format::Mf2 | Format::Atom)
    }
}

/// `--rdf-mode` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum RdfMode {
    /// The conversion of the HTML microdata draft (2011), with document triples.
    Html,
    /// The W3C Microdata to RDF Note (2014).
    W3c,
}

/// Parses `--max-output-bytes`: a number with an optional K, M or G suffix
/// (powers of 1024).
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, shift) = match t.as_bytes().last().map(u8::to_ascii_uppercase) {
        Some(b'K') => (&t[..t.len() - 1], 10),
        Some(b'M') => (&t[..t.len() - 1], 20),
        Some(b'G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    let n: usize = digits.parse().map_err(|e: std::num::ParseIntError| {
        if *e.kind() == std::num::IntErrorKind::PosOverflow {
            format!("{s:?} is too large")
        } else {
            format!("{s:?} is not a size such as 1048576, 512K, 256M or 1G")
        }
    })?;
    n.checked_mul(1usize << shift)
        .ok_or_else(|| format!("{s:?} is too large"))
}

impl Args {
    /// The limits the arguments ask for.
    pub(crate) fn limits(&self) -> microdata_scraper::Limits {
        if self.no_limits {
            return microdata_scraper::Limits::none();
        }
        microdata_scraper::Limits::new()
            .with_max_items(self.max_items)
            .with_max_properties(self.max_properties)
            .with_max_output_bytes(self.max_output_bytes)
            .with_max_depth(self.max_depth)
            .with_max_reads(self.max_reads)
    }

    /// The largest input read ([`usize::MAX`] for no limit).
    pub(crate) fn max_input_bytes(&self) -> usize {
        if self.no_limits {
            usize::MAX
        } else {
            self.max_input_bytes
        }
    }

    /// The parser's limit on open elements ([`usize::MAX`] for none).
    pub(crate) fn max_open_elements(&self) -> usize {
        if self.no_limits {
            usize::MAX
        } else {
            self.max_open_elements
        }
    }
}

/// Parses `--url-root` values from the raw argument: DIR need not be
/// Unicode.
fn url_root_parser() -> impl clap::builder::TypedValueParser<Value = crate::url_root::UrlRoot> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new()
        .try_map(|value: std::ffi::OsString| crate::url_root::parse(&value))
}

/// A blank node label prefix: ASCII letters, digits and `_`, so that
/// every label stays valid in N-Triples, Turtle and N-Quads.
fn parse_label_prefix(s: &str) -> Result<String, String> {
    if s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(s.to_owned())
    } else {
        Err("only ASCII letters, digits and '_' may start a blank node label".into())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes() {
        assert_eq!(super::parse_size("1024"), Ok(1024));
        assert_eq!(super::parse_size("2k"), Ok(2048));
        assert_eq!(super::parse_size("256M"), Ok(256 << 20));
        assert_eq!(super::parse_size("1G"), Ok(1 << 30));
        assert_eq!(
            super::parse_size("lots"),
            Err("\"lots\" is not a size such as 1048576, 512K, 256M or 1G".into())
        );
        for big in [
            "99999999999999999999G",
            "99999999999999999999",
            "17179869184G",
        ] {
            assert_eq!(super::parse_size(big), Err(format!("{big:?} is too large")));
        }
    }
}
