//! Microdata to iCalendar (WHATWG HTML conversion), with vEvent vocabulary checks
