//! Link types (`rel`) of HTML `link`, `a` and `area` elements.
