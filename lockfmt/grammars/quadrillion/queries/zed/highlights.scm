; Generated from ../highlights.scm (Helix's capture names) for zed: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment

; ---- Keys --------------------------------------------------------------------------------
(text_key) @property
"grid" @keyword
"shape" @keyword
(attribute) @keyword

; ---- Values ------------------------------------------------------------------------------
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @emphasis.strong
(shape_name) @type
(side) @constant
(integer) @number
(invalid_value) @emphasis.strong

(ERROR) @emphasis.strong
