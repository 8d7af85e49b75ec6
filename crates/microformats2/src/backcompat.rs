//! Classic microformats (microformats2 "backcompat"): the classic root class
//! names, and for each root the classic property class names and `rel`
//! values it reads, mapped to microformats2 properties.
//!
//! The tables follow the "Parser Compatibility" sections of the
//! microformats wiki pages of each vocabulary (h-adr, h-card, h-entry,
//! h-event, h-feed, h-geo, h-news, h-product, h-recipe, h-resume, h-review,
//! h-review-aggregate), as the `microformats-v1` tests exercise them.
//! Where the suite and a wiki table differ, the suite decides: vCard `key`
//! is read as text (`p-key`).

use crate::classes::Prefix;

/// A classic root, or the implied `h-item` of hReview.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Classic {
    Adr,
    Vcard,
    Hfeed,
    Hentry,
    Vevent,
    Geo,
    Hproduct,
    Hrecipe,
    Hresume,
    Hreview,
    HreviewAggregate,
    Hnews,
    /// The `item` of an hReview or hReview-aggregate without a root class
    /// of its own: an `h-item` with `fn`, `url` and `photo`.
    Item,
}

/// The classic roots, in bit order.
const ALL: [Classic; 13] = [
    Classic::Adr,
    Classic::Vcard,
    Classic::Hfeed,
    Classic::Hentry,
    Classic::Vevent,
    Classic::Geo,
    Classic::Hproduct,
    Classic::Hrecipe,
    Classic::Hresume,
    Classic::Hreview,
    Classic::HreviewAggregate,
    Classic::Hnews,
    Classic::Item,
];

/// A set of classic roots, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Roots(u16);

impl Roots {
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) fn insert(&mut self, root: Classic) {
        self.0 |= 1 << root as u16;
    }

    pub(crate) fn of(root: Classic) -> Self {
        let mut r = Roots::default();
        r.insert(root);
        r
    }

    pub(crate) fn contains(self, root: Classic) -> bool {
        self.0 & (1 << root as u16) != 0
    }

    pub(crate) fn iter(self) -> impl Iterator<Item = Classic> {
        ALL.into_iter().filter(move |r| self.contains(*r))
    }

    /// Whether these roots have an `item` property with an implied `h-item`.
    pub(crate) fn has_items(self) -> bool {
        self.contains(Classic::Hreview) || self.contains(Classic::HreviewAggregate)
    }
}

impl Classic {
    /// The classic root for a class name.
    pub(crate) fn from_class(class: &str) -> Option<Classic> {
        Some(match class {
            "adr" => Classic::Adr,
            "vcard" => Classic::Vcard,
            "hfeed" => Classic::Hfeed,
            "hentry" => Classic::Hentry,
            "vevent" => Classic::Vevent,
            "geo" => Classic::Geo,
            "hproduct" => Classic::Hproduct,
            "hrecipe" => Classic::Hrecipe,
            "hresume" => Classic::Hresume,
            "hreview" => Classic::Hreview,
            "hreview-aggregate" => Classic::HreviewAggregate,
            "hnews" => Classic::Hnews,
            _ => return None,
        })
    }

    /// The microformats2 type.
    pub(crate) fn mf2_type(self) -> &'static str {
        match self {
            Classic::Adr => "h-adr",
            Classic::Vcard => "h-card",
            Classic::Hfeed => "h-feed",
            Classic::Hentry => "h-entry",
            Classic::Vevent => "h-event",
            Classic::Geo => "h-geo",
            Classic::Hproduct => "h-product",
            Classic::Hrecipe => "h-recipe",
            Classic::Hresume => "h-resume",
            Classic::Hreview => "h-review",
            Classic::HreviewAggregate => "h-review-aggregate",
            Classic::Hnews => "h-news",
            Classic::Item => "h-item",
        }
    }

    /// The microformats2 property a classic property class name stands for
    /// inside this root.
    pub(crate) fn property(self, class: &str) -> Option<(Prefix, &'static str)> {
        use Prefix::{Dt, E, P, U};
        let adr = |class: &str| {
            Some(match class {
                "post-office-box" => (P, "post-office-box"),
                "extended-address" => (P, "extended-address"),
                "street-address" => (P, "street-address"),
                "locality" => (P, "locality"),
                "region" => (P, "region"),
                "postal-code" => (P, "postal-code"),
                "country-name" => (P, "country-name"),
                _ => return None,
            })
        };
        let geo = |class: &str| {
            Some(match class {
                "latitude" => (P, "latitude"),
                "longitude" => (P, "longitude"),
                _ => return None,
            })
        };
        match self {
            Classic::Adr => adr(class),
            Classic::Geo => geo(class),
            Classic::Vcard => Some(match class {
                "fn" => (P, "name"),
                "honorific-prefix" => (P, "honorific-prefix"),
                "given-name" => (P, "given-name"),
                "additional-name" => (P, "additional-name"),
                "family-name" => (P, "family-name"),
                "honorific-suffix" => (P, "honorific-suffix"),
                "nickname" => (P, "nickname"),
                "email" => (U, "email"),
                "logo" => (U, "logo"),
                "photo" => (U, "photo"),
                "url" => (U, "url"),
                "uid" => (U, "uid"),
                "category" => (P, "category"),
                "adr" => (P, "adr"),
                "label" => (P, "label"),
                "geo" => (P, "geo"),
                "tel" => (P, "tel"),
                "note" => (P, "note"),
                "bday" => (Dt, "bday"),
                "key" => (P, "key"),
                "org" => (P, "org"),
                "organization-name" => (P, "organization-name"),
                "organization-unit" => (P, "organization-unit"),
                "title" => (P, "job-title"),
                "role" => (P, "role"),
                "tz" => (P, "tz"),
                "rev" => (Dt, "rev"),
                "sort-string" => (P, "sort-string"),
                "sound" => (U, "sound"),
                "class" => (P, "class"),
                "agent" => (P, "agent"),
                "mailer" => (P, "mailer"),
                _ => return adr(class).or_else(|| geo(class)),
            }),
            Classic::Hentry => Some(match class {
                "entry-title" => (P, "name"),
                "entry-summary" => (P, "summary"),
                "entry-content" => (E, "content"),
                "published" => (Dt, "published"),
                "updated" => (Dt, "updated"),
                "author" => (P, "author"),
                "category" => (P, "category"),
                "geo" => (P, "geo"),
                _ => return geo(class),
            }),
            Classic::Hfeed => Some(match class {
                "author" => (P, "author"),
                "photo" => (U, "photo"),
                "url" => (U, "url"),
                "category" => (P, "category"),
                _ => return None,
            }),
            Classic::Vevent => Some(match class {
                "summary" => (P, "name"),
                "dtstart" => (Dt, "start"),
                "dtend" => (Dt, "end"),
                "duration" => (Dt, "duration"),
                "description" => (P, "description"),
                "url" => (U, "url"),
                "location" => (P, "location"),
                "category" => (P, "category"),
                "attendee" => (P, "attendee"),
                "contact" => (P, "contact"),
                "organizer" => (P, "organizer"),
                "uid" => (U, "uid"),
                // h-event's parser compatibility: "geo - parse as
                // p-location h-geo" (its own latitude and longitude are
                // not h-event properties).
                "geo" => (P, "location"),
                _ => return None,
            }),
            Classic::Hproduct => Some(match class {
                "fn" => (P, "name"),
                "photo" => (U, "photo"),
                "brand" => (P, "brand"),
                "category" => (P, "category"),
                "description" => (P, "description"),
                "identifier" => (U, "identifier"),
                "url" => (U, "url"),
                "review" => (P, "review"),
                "price" => (P, "price"),
                _ => return None,
            }),
            Classic::Hrecipe => Some(match class {
                "fn" => (P, "name"),
                "ingredient" => (P, "ingredient"),
                "yield" => (P, "yield"),
                "instructions" => (E, "instructions"),
                "duration" => (Dt, "duration"),
                "photo" => (U, "photo"),
                "summary" => (P, "summary"),
                "author" => (P, "author"),
                "published" => (Dt, "published"),
                "nutrition" => (P, "nutrition"),
                "category" => (P, "category"),
                _ => return None,
            }),
            Classic::Hresume => Some(match class {
                "summary" => (P, "summary"),
                "contact" => (P, "contact"),
                "education" => (P, "education"),
                "experience" => (P, "experience"),
                "skill" => (P, "skill"),
                "affiliation" => (P, "affiliation"),
                _ => return None,
            }),
            Classic::Hreview => Some(match class {
                "summary" => (P, "name"),
                "item" => (P, "item"),
                "reviewer" => (P, "author"),
                "dtreviewed" => (Dt, "reviewed"),
                "rating" => (P, "rating"),
                "best" => (P, "best"),
                "worst" => (P, "worst"),
                "description" => (E, "content"),
                _ => return None,
            }),
            Classic::HreviewAggregate => Some(match class {
                "summary" => (P, "name"),
                "item" => (P, "item"),
                "rating" => (P, "rating"),
                "average" => (P, "average"),
                "best" => (P, "best"),
                "worst" => (P, "worst"),
                "count" => (P, "count"),
                "votes" => (P, "votes"),
                _ => return None,
            }),
            Classic::Hnews => Some(match class {
                "entry" => (P, "entry"),
                "source-org" => (P, "source-org"),
                "dateline" => (P, "dateline"),
                "geo" => (P, "geo"),
                _ => return None,
            }),
            Classic::Item => Some(match class {
                "fn" => (P, "name"),
                "url" => (U, "url"),
                "photo" => (U, "photo"),
                _ => return None,
            }),
        }
    }

    /// The microformats2 property a `rel` value stands for inside this root.
    pub(crate) fn rel_property(self, rel: &str) -> Option<RelProperty> {
        let tag = RelProperty {
            prefix: Prefix::P,
            name: "category",
            tag: true,
        };
        let url = |name| RelProperty {
            prefix: Prefix::U,
            name,
            tag: false,
        };
        match (self, rel) {
            (
                Classic::Hentry
                | Classic::Hfeed
                | Classic::Vevent
                | Classic::Hproduct
                | Classic::Hrecipe
                | Classic::Hreview
                | Classic::HreviewAggregate,
                "tag",
            ) => Some(tag),
            (Classic::Hentry | Classic::Hreview | Classic::HreviewAggregate, "bookmark") => {
                Some(url("url"))
            }
            (Classic::Hnews, "principles") => Some(url("principles")),
            _ => None,
        }
    }
}

/// A property a `rel` value stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RelProperty {
    pub(crate) prefix: Prefix,
    pub(crate) name: &'static str,
    /// `rel=tag`: the value is the last path segment of the link's URL.
    pub(crate) tag: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_map_to_mf2_types() {
        for (class, t) in [
            ("adr", "h-adr"),
            ("vcard", "h-card"),
            ("hfeed", "h-feed"),
            ("hentry", "h-entry"),
            ("vevent", "h-event"),
            ("geo", "h-geo"),
            ("hproduct", "h-product"),
            ("hrecipe", "h-recipe"),
            ("hresume", "h-resume"),
            ("hreview", "h-review"),
            ("hreview-aggregate", "h-review-aggregate"),
            ("hnews", "h-news"),
        ] {
            assert_eq!(Classic::from_class(class).map(Classic::mf2_type), Some(t));
        }
        assert_eq!(Classic::from_class("VCARD"), None);
        assert_eq!(Classic::from_class("h-card"), None);
    }

    #[test]
    fn properties_depend_on_the_root() {
        assert_eq!(
            Classic::Vcard.property("title"),
            Some((Prefix::P, "job-title"))
        );
        assert_eq!(
            Classic::Vevent.property("summary"),
            Some((Prefix::P, "name"))
        );
        assert_eq!(Classic::Vcard.property("summary"), None);
        assert_eq!(
            Classic::Vcard.property("locality"),
            Some((Prefix::P, "locality"))
        );
        assert_eq!(
            Classic::Hreview.property("description"),
            Some((Prefix::E, "content"))
        );
        assert_eq!(
            Classic::Hproduct.property("description"),
            Some((Prefix::P, "description"))
        );
        assert!(Classic::Hentry.rel_property("tag").is_some_and(|r| r.tag));
        assert_eq!(Classic::Hresume.rel_property("tag"), None);
        let mut roots = Roots::of(Classic::Vcard);
        roots.insert(Classic::Vevent);
        assert_eq!(
            roots.iter().collect::<Vec<_>>(),
            [Classic::Vcard, Classic::Vevent]
        );
    }
}
