//! Fixtures and the content-line read-back shared by the tests.

use microdata_vcard::line;

/// The document URL the fixtures are converted with.
pub(crate) const URL: &str = "https://example.com/contacts.html";

pub(crate) fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A property line read back: name, parameters, and the value unescaped.
/// Structured values (`N`, `ADR`, `ORG`) are split into components at
/// unescaped `;`, and each component into list items at unescaped `,`;
/// other values are one component of one item.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Read {
    pub(crate) name: String,
    pub(crate) params: Vec<(String, String)>,
    pub(crate) value: Vec<Vec<String>>,
}

/// Checks the physical form (CRLF, at most 75 code points a line) and reads
/// every line back: unfold, split name/parameters/value, unescape.
pub(crate) fn read_back(vcard: &str) -> Vec<Read> {
    assert!(vcard.ends_with("\r\n"));
    for physical in vcard.strip_suffix("\r\n").unwrap().split("\r\n") {
        assert!(!physical.contains(['\r', '\n']));
        assert!(physical.chars().count() <= 75, "{physical:?}");
    }
    line::read(vcard)
        .unwrap()
        .into_iter()
        .map(|l| Read {
            value: match l.name.as_str() {
                "N" | "ADR" | "ORG" => line::split_unescaped(&l.value, ';')
                    .into_iter()
                    .map(|c| {
                        line::split_unescaped(c, ',')
                            .into_iter()
                            .map(line::unescape)
                            .collect()
                    })
                    .collect(),
                _ => vec![vec![line::unescape(&l.value)]],
            },
            name: l.name,
            params: l.params,
        })
        .collect()
}

/// An expected structured [`Read`]: components, each a list.
pub(crate) fn s(name: &str, params: &[(&str, &str)], components: &[&[&str]]) -> Read {
    Read {
        name: name.to_owned(),
        params: params
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
        value: components
            .iter()
            .map(|c| c.iter().map(|v| (*v).to_owned()).collect())
            .collect(),
    }
}

/// An expected single-valued [`Read`].
pub(crate) fn t(name: &str, params: &[(&str, &str)], value: &str) -> Read {
    s(name, params, &[&[value]])
}
