//! microformats2 class names: roots (`h-*`) and properties (`p-*`, `u-*`,
//! `dt-*`, `e-*`).
//!
//! A name is the prefix, then an optional vendor prefix of ASCII lowercase
//! letters and digits ending in `-`, then one or more words of ASCII
//! lowercase letters joined by single hyphens (`h-card`, `p-job-title`,
//! `h-8to8-vendor-card`). Anything else (`h-Card`, `p-19`, `p-test-`,
//! `h-test--x`) is not a microformats class name.

/// How a property's value is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Prefix {
    /// `p-*`: plain text.
    P,
    /// `u-*`: a URL.
    U,
    /// `dt-*`: a date and time.
    Dt,
    /// `e-*`: embedded HTML.
    E,
}

/// The root type if `token` is a valid `h-*` class name.
pub(crate) fn root(token: &str) -> Option<&str> {
    token
        .strip_prefix("h-")
        .filter(|rest| valid_name(rest))
        .map(|_| token)
}

/// The prefix and property name if `token` is a valid property class name.
pub(crate) fn property(token: &str) -> Option<(Prefix, &str)> {
    let (prefix, rest) = if let Some(rest) = token.strip_prefix("p-") {
        (Prefix::P, rest)
    } else if let Some(rest) = token.strip_prefix("u-") {
        (Prefix::U, rest)
    } else if let Some(rest) = token.strip_prefix("dt-") {
        (Prefix::Dt, rest)
    } else if let Some(rest) = token.strip_prefix("e-") {
        (Prefix::E, rest)
    } else {
        return None;
    };
    valid_name(rest).then_some((prefix, rest))
}

/// Whether `name` (after the `h-`/`p-`/… prefix) is `([0-9a-z]+-)?[a-z]+(-[a-z]+)*`.
fn valid_name(name: &str) -> bool {
    let mut words = name.split('-');
    let Some(first) = words.next() else {
        return false;
    };
    let rest: Vec<&str> = words.collect();
    let letters = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase());
    let vendor = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    if !rest.iter().all(|w| letters(w)) {
        return false;
    }
    letters(first) || (!rest.is_empty() && vendor(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_names() {
        for ok in [
            "h-t",
            "h-test-test-four",
            "h-6-test",
            "h-7t-test",
            "h-t11t-test-t",
            "h-8to8-vendor-card",
            "h-super-extra-long-microformat-type",
        ] {
            assert_eq!(root(ok), Some(ok), "{ok}");
        }
        for bad in [
            "h",
            "h-",
            "h-19",
            "h--",
            "h-TEST",
            "H-test",
            "h-t_t",
            "h-24-24",
            "h-⛔",
            "h-test-26",
            "h-test-",
            "h-test--test",
            "h-test!",
            "h-car1d",
            "x-h-card",
            "h-vendor-8card",
            "h-8to8-ven1or-card",
            "h-8-8-vendor-card",
            "h-1",
        ] {
            assert_eq!(root(bad), None, "{bad}");
        }
    }

    #[test]
    fn property_names() {
        assert_eq!(property("p-name"), Some((Prefix::P, "name")));
        assert_eq!(property("u-url"), Some((Prefix::U, "url")));
        assert_eq!(property("dt-start"), Some((Prefix::Dt, "start")));
        assert_eq!(property("e-content"), Some((Prefix::E, "content")));
        assert_eq!(
            property("p-8-vendor-name"),
            Some((Prefix::P, "8-vendor-name"))
        );
        for bad in [
            "p", "p-", "P-name", "p-nam1e", "b-test", "dt--", "e-test-", "h-card",
        ] {
            assert_eq!(property(bad), None, "{bad}");
        }
    }
}
