//! The same card as a typed `vcard4::Vcard` (feature `typed`).

use std::str::FromStr;

use microdata_model::microsyntax::{parse_date, parse_global_date_time};
use microdata_model::vocab::is_valid_geo;
use microdata_model::{Document, Element, LimitError, Node};
use vcard4::parameter::{Parameters, RelatedType, TypeParameter, ValueType};
use vcard4::property::{
    AddressProperty, AnyProperty, DateAndOrTime, DateAndOrTimeProperty, DateTimeOrTextProperty,
    DateTimeProperty, DeliveryAddress, ExtensionProperty, Gender, GenderProperty, Kind,
    KindProperty, Sex, TextListProperty, TextOrUriProperty, TextProperty, TimeZoneProperty,
    UriProperty,
};
use vcard4::{Uri, Vcard};

use crate::VcardOptions;
use crate::convert::{self, Card, Prop};
use crate::line::{split_unescaped, unescape};

/// Converts the first hCard item of `doc` to a typed [`vcard4::Vcard`],
/// built from the same data as [`to_vcard`](crate::to_vcard); `None` when
/// the document has no hCard item, or (as for `to_vcard`) when the
/// conversion reaches one of the options' limits, which
/// [`try_to_vcard4`] names.
///
/// A `vcard4::Vcard` cannot hold everything the spec's text holds, and
/// holds some of it differently. The differences:
///
/// - No `PROFILE` or `NAME` line (vcard4 has no such properties), and
///   `VERSION` is always vcard4's `4.0`, also in legacy mode. The document's
///   URL goes to `source` when it parses as a URI.
/// - vcard4 writes properties grouped in its own order, not in tree order,
///   and folds (or not) by its own rules.
/// - Single-valued vCard properties keep only their first occurrence: `N`,
///   `KIND`, `BDAY`, `ANNIVERSARY`, `REV`, `UID`.
/// - URI-valued properties (`PHOTO`, `URL`, `LOGO`, `SOUND`, `MEMBER`,
///   `IMPP`, `SOURCE`) are dropped when their value does not parse as a URI
///   (for example an empty or relative one given by a non-URL element).
///   `PHOTO`, `TEL`, `RELATED`, `UID` and `KEY`, which may also be text,
///   are URIs only where the spec's text marks them `VALUE=URI` and the
///   value parses as one, and text otherwise, marked `VALUE=text` on the
///   last four (RFC 6350 lets them be text with that parameter), so that
///   the printed card reads back as text. The algorithm marks `VALUE=URI`
///   only on a property whose element gives a URL itself
///   (`<a itemprop=tel href=tel:…>`); the `value` of a `tel` item with a
///   `type` is written unmarked, so it stays text even when it is a `tel:`
///   URL.
/// - `GEO` becomes the URI `geo:LAT,LON` (vcard4 holds a URI); a value not
///   in the vocabulary's `lat;lon` syntax is dropped.
/// - `BDAY` / `ANNIVERSARY` are dates when `VALUE=DATE` was set (a valid
///   date string within the years −9999 to 9999), text marked `VALUE=text`
///   otherwise; `REV` is kept only as a date-time (a valid global date and
///   time string).
/// - `GENDER` is dropped when `sex` is not one of `F M N O U` or empty.
/// - `KIND` is dropped when it is not one of vcard4's kinds.
/// - `RELATION=x` becomes vcard4's `TYPE=x` on `RELATED` when x is a
///   relation type vcard4 knows, and is dropped otherwise.
/// - `TYPE` parameters are parsed by vcard4 (`home`, `work`, telephone and
///   related types; anything else as an extension type).
/// - The components of `N`, `ADR` and `ORG` are stored unescaped: a comma
///   list in a component (two `street-address`es) becomes one component with
///   a comma in it, which vcard4 then writes escaped (`\,`).
/// - `LANG` goes to `extensions` as text (vcard4's `lang` field changes type
///   with its `language-tags` feature).
/// - Every other property (those vCard 4.0 does not define, such as
///   `agent`, or schema.org names) goes to `extensions` under its uppercased
///   name, as text (or as a URI when `VALUE=URI` and it parses). A legacy
///   nested `agent` vCard is kept as its text.
/// - CR and CRLF in values are LF, as the text's escaping makes them.
///
/// # Examples
///
/// ```
/// use microdata_vcard::{VcardOptions, to_vcard4};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>Ada</b> <a itemprop=url href="/ada">home</a>"#,
///     Some("https://example.com/"),
/// )?;
/// let card = to_vcard4(&parsed.document(), &VcardOptions::new()).ok_or("no hCard")?;
/// assert_eq!(card.formatted_name[0].value, "Ada");
/// assert_eq!(card.url[0].value.to_string(), "https://example.com/ada");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_vcard4<'a, N: Node<'a>>(doc: &Document<'a, N>, options: &VcardOptions) -> Option<Vcard> {
    try_to_vcard4(doc, options).ok().flatten()
}

/// [`to_vcard4`], reporting a reached [limit](VcardOptions::with_limits)
/// instead of giving `None` for it.
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches, as
/// [`try_to_vcard`](crate::try_to_vcard) (the typed card has no text whose
/// size is counted).
///
/// # Examples
///
/// ```
/// use microdata_vcard::{Limit, Limits, VcardOptions, try_to_vcard4};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>Ada</b> <b itemprop=nickname>Countess</b>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let card = try_to_vcard4(&doc, &VcardOptions::new())?.ok_or("no hCard")?;
/// assert_eq!(card.nickname[0].value, "Countess");
/// let one_line = VcardOptions::new().with_limits(Limits::default().with_max_properties(1));
/// let err = try_to_vcard4(&doc, &one_line).unwrap_err();
/// assert_eq!(err.limit(), Limit::Properties);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_vcard4<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &VcardOptions,
) -> Result<Option<Vcard>, LimitError> {
    card(convert::first_hcard(doc.all_items()), options)
}

/// [`to_vcard4`] for the first of `elements` that is an hCard item.
///
/// # Examples
///
/// ```
/// use microdata_vcard::{VcardOptions, to_vcard4_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=c itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>C</b><b itemprop=nickname>Cee</b>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let card = to_vcard4_from(doc.element_by_id("c"), &VcardOptions::new()).ok_or("no hCard")?;
/// assert_eq!(card.formatted_name[0].value, "C");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_vcard4_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &VcardOptions,
) -> Option<Vcard> {
    try_to_vcard4_from(elements, options).ok().flatten()
}

/// [`to_vcard4_from`], reporting a reached
/// [limit](VcardOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches, as
/// [`try_to_vcard4`].
///
/// # Examples
///
/// ```
/// use microdata_vcard::{Limit, Limits, VcardOptions, try_to_vcard4_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=c itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>C</b><b itemprop=nickname>Cee</b>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let c = || doc.element_by_id("c");
/// let card = try_to_vcard4_from(c(), &VcardOptions::new())?.ok_or("no hCard")?;
/// assert_eq!(card.formatted_name[0].value, "C");
/// let one_line = VcardOptions::new().with_limits(Limits::default().with_max_properties(1));
/// assert_eq!(try_to_vcard4_from(c(), &one_line).unwrap_err().limit(), Limit::Properties);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_vcard4_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &VcardOptions,
) -> Result<Option<Vcard>, LimitError> {
    card(convert::first_hcard_among(elements), options)
}

/// The typed card of `item`, if there is one.
fn card<'a, N: Node<'a>>(
    item: Option<microdata_model::Item<'_, 'a, N>>,
    options: &VcardOptions,
) -> Result<Option<Vcard>, LimitError> {
    item.map(|item| convert::build(item, options).map(|card| typed(&card)))
        .transpose()
}

pub(crate) fn typed(card: &Card<'_>) -> Vcard {
    let mut v = Vcard::default();
    if let Some(uri) = parse_uri(&unescape(&card.source)) {
        v.source.push(uri_prop(uri, None));
    }
    if let Some(uid) = &card.uid {
        v.uid = Some(TextOrUriProperty::Text(text_prop(unescape(uid), None)));
    }
    for p in &card.props {
        add(&mut v, p);
    }
    if let Some(gender) = &card.gender {
        // The spec's GENDER value is `sex;identity`, not escaped, so a CR
        // in it is still there: it becomes an LF, as elsewhere.
        let (sex, identity) = gender.split_once(';').unwrap_or((gender, ""));
        if let Ok(sex) = Sex::from_str(sex) {
            v.gender = Some(GenderProperty::from(Gender {
                sex,
                identity: (!identity.is_empty())
                    .then(|| identity.replace("\r\n", "\n").replace('\r', "\n")),
            }));
        }
    }
    v
}

fn param<'p>(p: &'p Prop<'_>, name: &str) -> Option<&'p str> {
    p.params
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.as_str())
}

/// TYPE (and RELATION, as a related type) as vcard4 parameters.
fn parameters(p: &Prop<'_>) -> Option<Parameters> {
    let mut types = Vec::new();
    for (name, value) in &p.params {
        match *name {
            "TYPE" => types.extend(TypeParameter::from_str(value).ok()),
            "RELATION" => types.extend(
                RelatedType::from_str(value)
                    .ok()
                    .map(TypeParameter::Related),
            ),
            _ => {}
        }
    }
    (!types.is_empty()).then(|| {
        // zeroize makes `Parameters` a Drop type: no struct update syntax.
        let mut params = Parameters::default();
        params.types = Some(types);
        params
    })
}

fn text_prop(value: String, parameters: Option<Parameters>) -> TextProperty {
    TextProperty {
        group: None,
        value,
        parameters,
    }
}

fn uri_prop(value: Uri, parameters: Option<Parameters>) -> UriProperty {
    UriProperty {
        group: None,
        value,
        parameters,
    }
}

/// The unescaped components of a structured value.
fn components(value: &str) -> Vec<String> {
    split_unescaped(value, ';')
        .into_iter()
        .map(unescape)
        .collect()
}

fn add(v: &mut Vcard, p: &Prop<'_>) {
    let raw = || unescape(&p.value);
    let params = parameters(p);
    let is_uri = param(p, "VALUE") == Some("URI");
    let uri = || parse_uri(&raw());
    let text_or_uri = |params: Option<Parameters>| match uri().filter(|_| is_uri) {
        Some(u) => TextOrUriProperty::Uri(uri_prop(u, params)),
        None => TextOrUriProperty::Text(text_prop(raw(), params)),
    };
    // TEL, RELATED, UID and KEY take a URI or, with `VALUE=text`, text (RFC
    // 6350 §6.4.1, §6.6.6, §6.7.6, §6.8.1): a text value says so, so that
    // readers (vcard4 among them) keep it text rather than try it as a URI.
    let text_or_uri_typed = |params: Option<Parameters>| {
        let mut prop = text_or_uri(params);
        if let TextOrUriProperty::Text(t) = &mut prop {
            t.parameters.get_or_insert_with(Parameters::default).value = Some(ValueType::Text);
        }
        prop
    };
    match p.name {
        "fn" => v.formatted_name.push(text_prop(raw(), params)),
        "n" if v.name.is_none() => {
            v.name = Some(TextListProperty::new_semi_colon(components(&p.value)));
        }
        "nickname" => v.nickname.push(text_prop(raw(), params)),
        "photo" => v.photo.push(text_or_uri(params)),
        "bday" if v.bday.is_none() => v.bday = Some(date_or_text(p)),
        "anniversary" if v.anniversary.is_none() => v.anniversary = Some(date_or_text(p)),
        "adr" => {
            let mut parts = components(&p.value).into_iter();
            let mut next = || parts.next().filter(|s| !s.is_empty());
            v.address.push(AddressProperty {
                group: None,
                value: DeliveryAddress {
                    po_box: next(),
                    extended_address: next(),
                    street_address: next(),
                    locality: next(),
                    region: next(),
                    postal_code: next(),
                    country_name: next(),
                },
                parameters: params,
            });
        }
        "tel" => v.tel.push(text_or_uri_typed(params)),
        "email" => v.email.push(text_prop(raw(), params)),
        "tz" => v
            .timezone
            .push(TimeZoneProperty::Text(text_prop(raw(), params))),
        "geo" => {
            let value = raw();
            if is_valid_geo(&value) {
                if let Some(u) = parse_uri(&format!("geo:{}", value.replacen(';', ",", 1))) {
                    v.geo.push(uri_prop(u, params));
                }
            }
        }
        "title" => v.title.push(text_prop(raw(), params)),
        "role" => v.role.push(text_prop(raw(), params)),
        "org" => {
            let mut list = TextListProperty::new_semi_colon(components(&p.value));
            list.parameters = params;
            v.org.push(list);
        }
        "related" => v.related.push(text_or_uri_typed(params)),
        "categories" => {
            let items = split_unescaped(&p.value, ',')
                .into_iter()
                .map(unescape)
                .collect();
            let mut list = TextListProperty::new_comma(items);
            list.parameters = params;
            v.categories.push(list);
        }
        "note" => v.note.push(text_prop(raw(), params)),
        "rev" if v.rev.is_none() => v.rev = date_time(&raw()),
        "uid" if v.uid.is_none() => v.uid = Some(text_or_uri_typed(params)),
        "kind" if v.kind.is_none() => {
            v.kind = Kind::from_str(&raw()).ok().map(|value| KindProperty {
                group: None,
                value,
                parameters: params,
            });
        }
        "key" => v.key.push(text_or_uri_typed(params)),
        name @ ("url" | "logo" | "sound" | "member" | "impp" | "source") => {
            if let Some(u) = uri() {
                let list = match name {
                    "url" => &mut v.url,
                    "logo" => &mut v.logo,
                    "sound" => &mut v.sound,
                    "member" => &mut v.member,
                    "impp" => &mut v.impp,
                    _ => &mut v.source,
                };
                list.push(uri_prop(u, params));
            }
        }
        // Single-valued names seen again, and every name vCard 4.0 does not
        // define (or that vcard4 types differently, like LANG).
        "n" | "bday" | "anniversary" | "rev" | "uid" | "kind" => {}
        other => v.extensions.push(ExtensionProperty {
            name: other.to_ascii_uppercase(),
            group: None,
            value: match uri().filter(|_| is_uri) {
                Some(u) => AnyProperty::Uri(u),
                None => AnyProperty::Text(raw()),
            },
            parameters: params,
        }),
    }
}

/// `BDAY` / `ANNIVERSARY`: a date when the conversion set `VALUE=DATE`.
fn date_or_text(p: &Prop<'_>) -> DateTimeOrTextProperty {
    let raw = unescape(&p.value);
    let date = (param(p, "VALUE") == Some("DATE"))
        .then(|| parse_date(&raw))
        .flatten()
        .and_then(|d| {
            let month = vcard4::time::Month::try_from(d.month).ok()?;
            vcard4::time::Date::from_calendar_date(i32::try_from(d.year).ok()?, month, d.day).ok()
        });
    match date {
        Some(d) => DateTimeOrTextProperty::DateTime(DateAndOrTimeProperty {
            group: None,
            value: vec![DateAndOrTime::Date(d.into())],
            parameters: None,
        }),
        // RFC 6350 §6.2.5, §6.2.6: a text BDAY or ANNIVERSARY says
        // `VALUE=text`, or readers (vcard4 among them) take it for a date.
        None => {
            let mut params = Parameters::default();
            params.value = Some(ValueType::Text);
            DateTimeOrTextProperty::Text(text_prop(raw, Some(params)))
        }
    }
}

/// `REV`: a valid global date and time string as a date-time with its
/// offset.
fn date_time(raw: &str) -> Option<DateTimeProperty> {
    use vcard4::time::{Date, Month, PrimitiveDateTime, Time, UtcOffset};
    let g = parse_global_date_time(raw)?;
    let date = Date::from_calendar_date(
        i32::try_from(g.date.year).ok()?,
        Month::try_from(g.date.month).ok()?,
        g.date.day,
    )
    .ok()?;
    let time =
        Time::from_hms_nano(g.time.hour, g.time.minute, g.time.second, g.time.nanosecond).ok()?;
    let offset = UtcOffset::from_whole_seconds(i32::from(g.offset.minutes) * 60).ok()?;
    Some(DateTimeProperty {
        group: None,
        value: PrimitiveDateTime::new(date, time)
            .assume_offset(offset)
            .into(),
        parameters: None,
    })
}

/// A URI, if `s` is one. `uriparse` panics on text whose part before the
/// first `:` is not a scheme starting with a letter (`12:00Z`, `:)`), so
/// those are refused here: a URI's scheme is `ALPHA *( ALPHA / DIGIT / "+" /
/// "-" / "." )` (RFC 3986 §3.1).
fn parse_uri(s: &str) -> Option<Uri> {
    let (scheme, _) = s.split_once(':')?;
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !valid {
        return None;
    }
    Uri::from_str(s).ok()
}
