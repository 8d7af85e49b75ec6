//! The vCard vocabulary's rules (WHATWG HTML §5.3.1).

use std::collections::HashSet;

use microdata_model::microsyntax::{is_valid_date_string, is_valid_global_date_and_time_string};
use microdata_model::vocab::{Checker, HCARD_TYPE, PropertyMap, Warning, is_valid_geo};
use microdata_model::{Document, Item, Limits, Node, Value};

/// The kind strings.
pub(crate) const KINDS: [&str; 4] = ["individual", "group", "org", "location"];

/// The address type strings.
pub(crate) const ADDRESS_TYPES: [&str; 2] = ["home", "work"];

/// The telephone type strings.
pub(crate) const TELEPHONE_TYPES: [&str; 9] = [
    "home",
    "work",
    "text",
    "voice",
    "fax",
    "cell",
    "video",
    "pager",
    "textphone",
];

/// The relationship strings: `emergency`, `agent`, and the XFN ones.
pub(crate) const RELATIONSHIPS: [&str; 20] = [
    "emergency",
    "agent",
    "contact",
    "acquaintance",
    "friend",
    "met",
    "worker",
    "colleague",
    "resident",
    "neighbor",
    "child",
    "parent",
    "sibling",
    "spouse",
    "kin",
    "muse",
    "crush",
    "date",
    "sweetheart",
    "me",
];

/// The `sex` values.
pub(crate) const SEXES: [&str; 5] = ["F", "M", "N", "O", "U"];

/// Properties whose value must be text.
const TEXT: [&str; 17] = [
    "kind",
    "fn",
    "nickname",
    "bday",
    "anniversary",
    "sex",
    "gender-identity",
    "email",
    "lang",
    "tz",
    "geo",
    "title",
    "role",
    "categories",
    "note",
    "rev",
    "uid",
];

/// The vocabulary's property names (those of `n`, `adr`, `tel`, `org` and
/// `related` items are defined only there).
const DEFINED: [&str; 29] = [
    "kind",
    "fn",
    "n",
    "nickname",
    "photo",
    "bday",
    "anniversary",
    "sex",
    "gender-identity",
    "adr",
    "tel",
    "email",
    "impp",
    "lang",
    "tz",
    "geo",
    "title",
    "role",
    "logo",
    "agent",
    "org",
    "member",
    "related",
    "categories",
    "note",
    "rev",
    "sound",
    "uid",
    "url",
];

/// Properties whose value must be an absolute URL.
const URLS: [&str; 6] = ["photo", "impp", "logo", "member", "sound", "url"];

/// Properties of which a single one may be present.
const SINGLE: [&str; 6] = [
    "kind",
    "bday",
    "anniversary",
    "sex",
    "gender-identity",
    "uid",
];

/// Checks every item of type `http://microformats.org/profile/hcard` in
/// `doc` (nested ones included) against the vCard vocabulary (WHATWG HTML
/// §5.3.1), item by item in tree order.
///
/// The rules and their identifiers ([`Warning::rule`]):
///
/// | rule | what the spec says |
/// |---|---|
/// | `hcard:fn-exactly-once`, `hcard:n-exactly-once` | exactly one `fn`, exactly one `n` |
/// | `hcard:single-valued` | a single `kind`, `bday`, `anniversary`, `sex`, `gender-identity`, `uid`; inside `adr` a single `locality`, `region`, `postal-code`, `country-name` |
/// | `hcard:text-value` | text values (`fn`, `nickname`, `email`, `title`, `note`, …, and the parts of `n`, `adr`, `tel`, `org`) |
/// | `hcard:url-value` | `photo`, `impp`, `logo`, `member`, `sound`, `url` and `related`'s `url` are absolute URLs, given by URL property elements |
/// | `hcard:item-value` | `n`, `adr` and `related` are items |
/// | `hcard:text-or-item-value` | `tel` and `org` are text or items, not URLs |
/// | `hcard:undefined-property` | on an item typed hCard alone, each property name is one the vocabulary defines at that level, or an absolute URL; likewise inside its untyped `n`, `adr`, `tel`, `org` and `related` items, whose relevant types are the hCard's |
/// | `hcard:global-identifier` | no `itemid`: the vocabulary "does not support global identifiers for items" |
/// | `hcard:other-type` | no other item type: an item's types "must all be defined to use the same vocabulary" (§5.2.2), and this one defines only the hCard type |
/// | `hcard:kind-value`, `hcard:sex-value` | `kind` is a kind string; `sex` is `F`, `M`, `N`, `O` or `U` |
/// | `hcard:address-type`, `hcard:telephone-type`, `hcard:relationship` | `type` in `adr` / `tel` and `rel` in `related` are from their lists |
/// | `hcard:type-repeated` | one `type` per distinct value in each `adr` / `tel` |
/// | `hcard:tel-value-exactly-once`, `hcard:organization-name-exactly-once`, `hcard:related-url-exactly-once`, `hcard:related-rel-exactly-once` | the parts a `tel`, `org` or `related` item must have once |
/// | `hcard:date-value`, `hcard:rev-value` | `bday`, `anniversary` are valid date strings; `rev` a valid global date and time string |
/// | `hcard:tz-syntax`, `hcard:geo-syntax` | the `tz` (`±HH:MM`) and `geo` (`lat;lon`) syntaxes |
/// | `hcard:agent-value` | an `agent` item has the hCard type |
/// | `hcard:member-without-group` | `member` only when `kind` is `group` |
/// | `hcard:line-name` | not in the vocabulary, but the conversion writes each property name as a line name: it must be letters, digits and hyphens, and not `begin` or `end` |
/// | `hcard:gender-line-break` | not in the vocabulary, but the conversion (step 12) writes the first `gender-identity` into the `GENDER` line unescaped: a line break in it ends the line, and what follows would be read as another property |
///
/// Not checked: `lang` as a BCP 47 tag, telephone numbers as E.163/X.121.
///
/// # Examples
///
/// ```
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
///        <span itemprop="kind">person</span></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let rules: Vec<&str> = microdata_vcard::check(&doc).iter().map(|w| w.rule()).collect();
/// assert_eq!(rules, ["hcard:fn-exactly-once", "hcard:n-exactly-once", "hcard:kind-value"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check<'d, 'a, N: Node<'a>>(doc: &'d Document<'a, N>) -> Vec<Warning<'d, 'a, N>> {
    check_within(doc, &Limits::default())
}

/// [`check`] reading at most [`limits.max_reads()`](Limits::max_reads)
/// property values (an hCard's own, and those of the `n`, `adr`, `tel`,
/// `org` and `related` items it checks; items that share a block through
/// `itemref` read it once each); past that, the warnings so far and a
/// `vocab:check-stopped` warning on the first item not checked.
///
/// # Examples
///
/// ```
/// use microdata_vcard::Limits;
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>Ada</b> <i itemprop=n itemscope></i></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let rules = |max| -> Vec<&str> {
///     let limits = Limits::default().with_max_reads(max);
///     microdata_vcard::check_within(&doc, &limits).iter().map(|w| w.rule()).collect()
/// };
/// assert!(rules(2).is_empty());
/// assert_eq!(rules(1), ["vocab:check-stopped"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_within<'d, 'a, N: Node<'a>>(
    doc: &'d Document<'a, N>,
    limits: &Limits,
) -> Vec<Warning<'d, 'a, N>> {
    Checker::with_limits(limits).check_type(doc, HCARD_TYPE, check_item)
}

fn check_item<'d, 'a, N: Node<'a>>(c: &mut Checker<'d, 'a, N>, map: &PropertyMap<'d, 'a, N>) {
    let item = map.item();
    c.no_global_identifier(item, "vCard", "hcard:global-identifier");
    c.one_vocabulary(item, HCARD_TYPE, "vCard", "hcard:other-type");
    c.defined_names(
        map,
        HCARD_TYPE,
        |name| DEFINED.contains(&name),
        "hcard:undefined-property",
    );
    c.exactly_one(map, "fn", "hcard:fn-exactly-once");
    c.line_names(map, "vCard", "hcard:line-name");
    c.exactly_one(map, "n", "hcard:n-exactly-once");
    for name in SINGLE {
        c.at_most_one(map, name, "hcard:single-valued");
    }
    for name in TEXT {
        c.texts(map, name, "hcard:text-value");
    }
    for name in URLS {
        c.absolute_urls(map, name, "hcard:url-value");
    }
    for name in ["tel", "org"] {
        c.texts_or_items(map, name, "hcard:text-or-item-value");
    }
    for name in ["n", "adr", "related"] {
        c.items(map, name, "hcard:item-value");
    }
    c.one_of(map, "kind", &KINDS, "hcard:kind-value");
    c.one_of(map, "sex", &SEXES, "hcard:sex-value");
    for name in ["bday", "anniversary"] {
        c.syntax(
            map,
            name,
            is_valid_date_string,
            "a valid date string",
            "hcard:date-value",
        );
    }
    c.syntax(
        map,
        "rev",
        is_valid_global_date_and_time_string,
        "a valid global date and time string",
        "hcard:rev-value",
    );
    c.syntax(
        map,
        "tz",
        is_valid_tz,
        "±HH:MM (hours 00-23, minutes 00-59)",
        "hcard:tz-syntax",
    );
    c.syntax(
        map,
        "geo",
        is_valid_geo,
        "latitude;longitude in decimal degrees",
        "hcard:geo-syntax",
    );
    for &p in map.get("agent") {
        if let Value::Item(sub) = p.property_value() {
            if !sub.has_type(HCARD_TYPE) {
                c.push(
                    p,
                    "hcard:agent-value",
                    format!("an `agent` item must have the type {HCARD_TYPE}"),
                );
            }
        }
    }
    // Step 12 takes the first `gender-identity` whose value is not an item
    // (and the first `sex`, whose only valid values have no line break).
    let identity = map
        .get("gender-identity")
        .iter()
        .find(|p| !p.property_value().is_item());
    if let Some(&p) = identity {
        if p.property_value()
            .as_str()
            .is_some_and(|v| v.contains(['\r', '\n']))
        {
            c.push(
                p,
                "hcard:gender-line-break",
                "a line break in `gender-identity` ends the vCard's GENDER line, which the \
                 conversion writes unescaped (step 12): the text after it would be read as \
                 another property",
            );
        }
    }
    let is_group = map
        .get("kind")
        .iter()
        .any(|k| k.property_value().as_text() == Some("group"));
    if !is_group {
        for &p in map.get("member") {
            c.push(
                p,
                "hcard:member-without-group",
                "`member` is only allowed when the item's `kind` is \"group\"".to_owned(),
            );
        }
    }

    for sub in subitems(map, "n") {
        let Some(n) = c.map(sub) else { return };
        parts_only(c, map, "n", &n, &N_PARTS);
        for part in N_PARTS {
            c.texts(&n, part, "hcard:text-value");
        }
    }
    for sub in subitems(map, "adr") {
        let Some(adr) = c.map(sub) else { return };
        parts_only(c, map, "adr", &adr, &ADR_PARTS);
        for part in ADR_PARTS {
            c.texts(&adr, part, "hcard:text-value");
        }
        for part in ["locality", "region", "postal-code", "country-name"] {
            c.at_most_one(&adr, part, "hcard:single-valued");
        }
        c.one_of(&adr, "type", &ADDRESS_TYPES, "hcard:address-type");
        distinct_types(c, &adr);
    }
    for sub in subitems(map, "tel") {
        let Some(tel) = c.map(sub) else { return };
        parts_only(c, map, "tel", &tel, &["type", "value"]);
        c.texts(&tel, "type", "hcard:text-value");
        c.texts(&tel, "value", "hcard:text-value");
        c.one_of(&tel, "type", &TELEPHONE_TYPES, "hcard:telephone-type");
        distinct_types(c, &tel);
        c.exactly_one(&tel, "value", "hcard:tel-value-exactly-once");
    }
    for sub in subitems(map, "org") {
        let Some(org) = c.map(sub) else { return };
        parts_only(
            c,
            map,
            "org",
            &org,
            &["organization-name", "organization-unit"],
        );
        c.texts(&org, "organization-name", "hcard:text-value");
        c.texts(&org, "organization-unit", "hcard:text-value");
        c.exactly_one(
            &org,
            "organization-name",
            "hcard:organization-name-exactly-once",
        );
    }
    for sub in subitems(map, "related") {
        let Some(rel) = c.map(sub) else { return };
        parts_only(c, map, "related", &rel, &["url", "rel"]);
        c.exactly_one(&rel, "url", "hcard:related-url-exactly-once");
        c.absolute_urls(&rel, "url", "hcard:url-value");
        c.exactly_one(&rel, "rel", "hcard:related-rel-exactly-once");
        c.texts(&rel, "rel", "hcard:text-value");
        c.one_of(&rel, "rel", &RELATIONSHIPS, "hcard:relationship");
    }
}

/// The names of an `n` item.
const N_PARTS: [&str; 5] = [
    "family-name",
    "given-name",
    "additional-name",
    "honorific-prefix",
    "honorific-suffix",
];

/// The names of an `adr` item.
const ADR_PARTS: [&str; 8] = [
    "type",
    "post-office-box",
    "extended-address",
    "street-address",
    "locality",
    "region",
    "postal-code",
    "country-name",
];

/// `hcard:undefined-property` inside the `property` item `sub` of the hCard
/// `map`: an untyped item there has the hCard's relevant types, so its
/// names are the vocabulary's names for that item.
fn parts_only<'d, 'a, N: Node<'a>>(
    c: &mut Checker<'d, 'a, N>,
    map: &PropertyMap<'d, 'a, N>,
    property: &str,
    sub: &PropertyMap<'d, 'a, N>,
    parts: &[&str],
) {
    c.defined_names_of_value(
        map.item(),
        property,
        sub,
        HCARD_TYPE,
        |name| parts.contains(&name),
        "hcard:undefined-property",
    );
}

/// The items that are values of the properties named `name`.
fn subitems<'d, 'a, N: Node<'a>>(map: &PropertyMap<'d, 'a, N>, name: &str) -> Vec<Item<'d, 'a, N>> {
    map.get(name).iter().filter_map(|p| p.item()).collect()
}

/// "There must only be one type property per distinct value."
fn distinct_types<'d, 'a, N: Node<'a>>(c: &mut Checker<'d, 'a, N>, map: &PropertyMap<'d, 'a, N>) {
    let types = map.get("type");
    let mut seen: HashSet<String> = HashSet::new();
    for &p in types {
        let Some(v) = p.property_value().into_string() else {
            continue;
        };
        if seen.contains(&v) {
            c.push(
                p,
                "hcard:type-repeated",
                format!(
                    "only one `type` property per distinct value is allowed, {v:?} is repeated"
                ),
            );
        } else {
            seen.insert(v);
        }
    }
}

/// The `tz` syntax: `+` or `-`, two digits 00..23, `:`, two digits 00..59.
pub(crate) fn is_valid_tz(s: &str) -> bool {
    let b = s.as_bytes();
    let two = |hi: u8, lo: u8| hi.is_ascii_digit() && lo.is_ascii_digit();
    b.len() == 6
        && matches!(b[0], b'+' | b'-')
        && two(b[1], b[2])
        && b[3] == b':'
        && two(b[4], b[5])
        && (b[1] - b'0') * 10 + (b[2] - b'0') <= 23
        && (b[4] - b'0') * 10 + (b[5] - b'0') <= 59
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tz_syntax() {
        for ok in ["+00:00", "-05:00", "+23:59", "-00:30"] {
            assert!(is_valid_tz(ok), "{ok}");
        }
        for bad in [
            "", "00:00", "+24:00", "+00:60", "+1:00", "+01:0", "+0100", "+01:00 ", "±01:00",
        ] {
            assert!(!is_valid_tz(bad), "{bad}");
        }
    }
}
