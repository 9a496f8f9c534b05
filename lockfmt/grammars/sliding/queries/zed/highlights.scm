; Generated from ../highlights.scm (Helix's capture names) for zed: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment

; ---- Properties --------------------------------------------------------------------------
(text_key) @property
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @emphasis.strong

; ---- The picture -------------------------------------------------------------------------
(row_number) @number
(footer) @label
(light) @punctuation.delimiter
(dark) @constant.builtin
(key_cell) @punctuation.special
(keyhole) @tag
(axis) @operator
(piece) @type
(invalid_glyph) @emphasis.strong

; ---- Axis lines --------------------------------------------------------------------------
"axis" @keyword
(cell) @constant
":" @punctuation.delimiter
(invalid_value) @emphasis.strong

(ERROR) @emphasis.strong
