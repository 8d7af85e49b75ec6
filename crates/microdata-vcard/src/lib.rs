//! Microdata to vCard 4.0 (WHATWG HTML conversion), with hCard vocabulary checks
