//! One function per output format.

use microdata_scraper::json::JsonOptions;
use microdata_scraper::{Document, MicrodataError};

use crate::Settings;
use crate::cli::{Args, Format, RdfMode};
use crate::input::Source;

/// What is known about one input besides its document.
pub(crate) struct Context<'x, 'd, 'a> {
    pub(crate) source: &'x Source,
    /// The input's place among several (1-based); `None` for a single one.
    pub(crate) ordinal: Option<usize>,
    /// The encoding the input was decoded with.
    pub(crate) encoding: &'static str,
    /// Reading and decoding problems.
    pub(crate) input_errors: &'x [String],
    /// The document's microdata errors and warnings.
    pub(crate) errors: &'x [MicrodataError<'d, 'a>],
    /// The bytes read: standard input's, among several inputs in an RDF
    /// format (its blank node labels come from them).
    pub(crate) content: Option<&'x [u8]>,
    /// Lines a format has to say on standard error, in order.
    pub(crate) notes: std::cell::RefCell<Vec<String>>,
}

/// Renders `doc` in the chosen format; `Ok(None)` when the format found
/// nothing to convert. Whatever the format, an output larger than
/// `--max-output-bytes` is an error: the conversions stop on their own as
/// they reach the limits (rel links count their resolved URLs and Atom its
/// entries, both of which a long base URL makes grow faster than the page),
/// and the whole output is checked here too.
pub(crate) fn render(
    args: &Args,
    settings: &Settings,
    doc: &Document<'_>,
    cx: &Context<'_, '_, '_>,
) -> Result<Option<String>, String> {
    let out = render_unchecked(args, settings, doc, cx)?;
    if let Some(text) = &out {
        args.limits()
            .check_output(text.len())
            .map_err(|e| e.to_string())?;
    }
    Ok(out)
}

fn render_unchecked(
    args: &Args,
    settings: &Settings,
    doc: &Document<'_>,
    cx: &Context<'_, '_, '_>,
) -> Result<Option<String>, String> {
    match args.format {
        Format::Json => doc
            .try_to_json_with(JsonOptions::new().with_pretty(args.pretty), args.limits())
            .map(Some)
            .map_err(|e| e.to_string()),
        Format::Jsonl => jsonl(args, doc, cx).map(Some),
        Format::Links => {
            let links = microdata_scraper::links::Links::try_from_document(doc, &args.limits())
                .map_err(|e| e.to_string())?;
            Ok(Some(if args.pretty {
                links.to_json_pretty()
            } else {
                links.to_json()
            }))
        }
        Format::Mf2 => {
            let mut options = microformats2::Mf2Options::new()
                .with_alternates(args.mf2_alternates)
                .with_lang(args.mf2_lang)
                .with_collapse_whitespace(args.mf2_collapse_whitespace)
                .with_limits(args.limits());
            if let Some(url) = &args.base_url {
                options = options.with_authored_url(url.clone());
            }
            let mf2 = microformats2::try_parse(doc, &options).map_err(|e| e.to_string())?;
            // `to_json` writes any nesting depth; serde stops at 128 levels.
            Ok(Some(if args.pretty {
                mf2.to_json_pretty()
            } else {
                mf2.to_json()
            }))
        }
        Format::Nt | Format::Ttl | Format::Nq => rdf(args, settings, doc, cx).map(Some),
        Format::Vcard => microdata_vcard::try_to_vcard(
            doc,
            &microdata_vcard::VcardOptions::new()
                .with_legacy_v3(args.legacy)
                .with_limits(args.limits()),
        )
        .map_err(|e| e.to_string()),
        Format::Ical => microdata_ical::try_to_icalendar(
            doc,
            &microdata_ical::IcalOptions::new()
                .with_dtstamp(settings.now)
                .with_uid_from_itemid(args.legacy)
                .with_time_element_dates(args.legacy)
                .with_limits(args.limits()),
        )
        .map_err(|e| e.to_string()),
        Format::Atom => {
            let mut options = html_atom::AtomOptions::new()
                .with_now(settings.now)
                .with_indent(args.pretty)
                .with_limits(args.limits());
            if let Some(modified) = cx.source.modified() {
                // Whole seconds: file systems' nanoseconds are noise in a feed.
                let mut modified =
                    microdata_scraper::microsyntax::GlobalDateTime::from_system_time(modified);
                modified.time.nanosecond = 0;
                options = options.with_modified(modified);
            }
            html_atom::try_to_atom(doc, &options).map_err(|e| e.to_string())
        }
    }
}

/// What to say when [`render`] found nothing.
pub(crate) fn nothing_message(format: Format) -> &'static str {
    match format {
        Format::Json
        | Format::Jsonl
        | Format::Links
        | Format::Mf2
        | Format::Nt
        | Format::Ttl
        | Format::Nq => "nothing to convert",
        Format::Atom => "no article element: no Atom feed",
        Format::Vcard => "no hCard item (type http://microformats.org/profile/hcard): no vCard",
        Format::Ical => {
            "no vEvent item (type http://microformats.org/profile/hcalendar#vevent): no iCalendar"
        }
    }
}

fn string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// One JSON line: `{"path":..,"url":..,"encoding":..,"items":[..],"errors":[..]}`.
fn jsonl(args: &Args, doc: &Document<'_>, cx: &Context<'_, '_, '_>) -> Result<String, String> {
    let items = doc
        .try_to_json_with(JsonOptions::new(), args.limits())
        .map_err(|e| e.to_string())?;
    // `{"items":[...]}` without its braces, spliced into the record.
    Ok(jsonl_line(
        args,
        cx.source,
        doc.url().map(|u| u.as_str()),
        Some(cx.encoding),
        &items[1..items.len() - 1],
        cx.input_errors,
        Some(cx.errors),
    ))
}

/// The JSON line for an input that gave no items: it could not be read
/// (no `encoding`, `microdata_errors` null) or its conversion stopped at a
/// limit. The same members as a successful line, `items` empty.
pub(crate) fn jsonl_failure<'d, 'a>(
    args: &Args,
    source: &Source,
    url: Option<&str>,
    encoding: Option<&str>,
    errors: &[String],
    microdata: Option<&[MicrodataError<'d, 'a>]>,
) -> String {
    jsonl_line(
        args,
        source,
        url,
        encoding,
        "\"items\":[]",
        errors,
        microdata,
    )
}

/// The members of a JSON line, in order; `items` is the `"items":[..]`
/// member as written, and `microdata` (with `--errors`) `None` when the
/// input could not be read.
fn jsonl_line<'d, 'a>(
    args: &Args,
    source: &Source,
    url: Option<&str>,
    encoding: Option<&str>,
    items: &str,
    errors: &[String],
    microdata: Option<&[MicrodataError<'d, 'a>]>,
) -> String {
    let opt = |s: Option<&str>| s.map_or("null".to_owned(), string);
    let mut line = format!(
        "{{\"path\":{},\"url\":{},\"encoding\":{},{items},\"errors\":{}",
        string(&source.json_name()),
        opt(url),
        opt(encoding),
        serde_json::Value::from(errors.to_vec())
    );
    if args.errors {
        line.push_str(",\"microdata_errors\":");
        match microdata {
            Some(errors) => {
                // The model's serialization: strings, numbers and booleans
                // only, which cannot fail to serialize.
                let list: Vec<_> = errors.iter().map(MicrodataError::to_owned).collect();
                let json = serde_json::to_string(&list).unwrap_or_else(|_| "[]".to_owned());
                line.push_str(&json);
            }
            None => line.push_str("null"),
        }
    }
    line.push('}');
    line
}

/// The vocabulary warnings of `--check`: hCard, vEvent, licensed works.
pub(crate) fn vocabulary_warnings(args: &Args, doc: &Document<'_>) -> Vec<String> {
    let limits = args.limits();
    let mut all: Vec<_> = microdata_vcard::check_within(doc, &limits);
    all.extend(microdata_ical::check_within(doc, &limits));
    all.extend(microdata_scraper::vocab::check_work_within(doc, &limits));
    all.sort_by_key(|w| w.element().index());
    all.iter().map(ToString::to_string).collect()
}

/// The RDF options the arguments ask for.
pub(crate) fn rdf_options(args: &Args) -> Result<microdata_rdf::RdfOptions, String> {
    let mode = match args.rdf_mode {
        RdfMode::Html => microdata_rdf::Mode::Html,
        RdfMode::W3c => microdata_rdf::Mode::W3c,
    };
    // Options of one mode asked for with the other would be ignored.
    if args.work_equivalences && mode == microdata_rdf::Mode::W3c {
        return Err(
            "--work-equivalences belongs to --rdf-mode html (the W3C Note has no such triples)"
                .into(),
        );
    }
    if args.registry.is_some() && mode == microdata_rdf::Mode::Html {
        return Err(
            "--registry belongs to --rdf-mode w3c (the HTML draft's conversion uses no vocabulary registry)"
                .into(),
        );
    }
    let mut options = microdata_rdf::RdfOptions::new()
        .with_mode(mode)
        .with_licensed_work_equivalences(args.work_equivalences)
        .with_remove_repeated_up(args.legacy)
        .with_limits(args.limits())
        .with_blank_node_prefix(args.blank_node_prefix.as_deref().unwrap_or(""));
    if let Some(path) = &args.registry {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read --registry {}: {e}", path.display()))?;
        let registry = microdata_rdf::Registry::from_json(&text)
            .map_err(|e| format!("invalid --registry {}: {e}", path.display()))?;
        options = options.with_registry(registry);
    }
    Ok(options)
}

/// N-Triples, Turtle or N-Quads.
fn rdf(
    args: &Args,
    settings: &Settings,
    doc: &Document<'_>,
    cx: &Context<'_, '_, '_>,
) -> Result<String, String> {
    // Several inputs in one stream: each input's blank nodes get labels of
    // their own, from its path (`_:i3f…_b0`), so that they stay apart when
    // read back, in this run and beside the output of other runs. Standard
    // input's come from what it held: a fixed name would give every run's
    // standard input the same labels.
    let scoped;
    let options = match (cx.ordinal, cx.source) {
        (None, _) => &settings.rdf,
        (Some(_), Source::Stdin) => {
            let content = cx.content.unwrap_or(b"-");
            scoped = settings.rdf.clone().with_blank_node_scope(content);
            &scoped
        }
        (Some(_), Source::File(path)) => {
            let path = std::path::absolute(path).unwrap_or_else(|_| path.clone());
            let name = path.as_os_str().as_encoded_bytes();
            scoped = settings.rdf.clone().with_blank_node_scope(name);
            &scoped
        }
    };
    let conversion = microdata_rdf::convert(doc, options).map_err(|e| e.to_string())?;
    if args.errors {
        let mut notes = cx.notes.borrow_mut();
        for w in conversion.warnings() {
            notes.push(format!("{}: warning: {w}", cx.source.display()));
        }
    }
    let triples = conversion.triples();
    match args.format {
        Format::Ttl => Ok(microdata_rdf::to_turtle(triples)),
        Format::Nq => {
            let url = doc
                .url()
                .ok_or("N-Quads name the graph by the document URL: give --base-url (standard input has no other)")?;
            microdata_rdf::to_nquads(triples, url.as_str()).map_err(|e| e.to_string())
        }
        _ => Ok(microdata_rdf::to_ntriples(triples)),
    }
}
