//! Microdata to RDF: the HTML conversion and the W3C Microdata to RDF Note
