; Generated from ../highlights.scm (Helix's capture names) for zed: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment

; ---- Keys --------------------------------------------------------------------------------
(text_key) @property
(dimension_key) @keyword
(shorthand_key) @keyword
(section_header) @keyword
"goal" @keyword

; ---- Values ------------------------------------------------------------------------------
(text_property value: (quoted_string) @string)
(bare_string) @string
(goal value: (quoted_string) @string.special)
(bare_goal) @string.special
(unterminated_string) @emphasis.strong
(invalid_value) @emphasis.strong
(integer) @number

; ---- Clues -------------------------------------------------------------------------------
"," @punctuation.delimiter
(colour) @emphasis.strong

(ERROR) @emphasis.strong
