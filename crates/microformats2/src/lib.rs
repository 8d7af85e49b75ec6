//! microformats2 parser (with classic microformats) on the DOM-agnostic microdata-model Node trait
