//! One function per output format.

use microdata_scraper::Document;
use microdata_scraper::json::JsonOptions;

use crate::cli::{Args, Format};
use crate::input::Source;

/// Renders `doc` in the chosen format; `Ok(None)` when the format found
/// nothing to convert.
pub(crate) fn render(
    args: &Args,
    doc: &Document<'_>,
    _source: &Source,
) -> Result<Option<String>, String> {
    match args.format {
        Format::Json => Ok(Some(
            doc.to_json_with(JsonOptions::new().with_pretty(args.pretty)),
        )),
    }
}

/// What to say when [`render`] found nothing.
pub(crate) fn nothing_message(format: Format) -> &'static str {
    match format {
        Format::Json => "nothing to convert",
    }
}
