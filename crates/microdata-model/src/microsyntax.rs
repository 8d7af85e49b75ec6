//! HTML common microsyntaxes shared by the converters (WHATWG HTML §2.3).
