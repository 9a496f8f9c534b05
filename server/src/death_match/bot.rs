//! A Death Match player to practise against.
