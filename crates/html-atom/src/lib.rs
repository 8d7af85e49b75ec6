//! The HTML-to-Atom feed extraction algorithm on the DOM-agnostic microdata-model Node trait
