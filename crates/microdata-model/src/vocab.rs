//! Vocabulary checks shared by the converters: the warning type, and the licensed-work vocabulary (`http://n.whatwg.org/work`).
