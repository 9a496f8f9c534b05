; Generated from ../highlights.scm (Helix's capture names) for neovim: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment

; ---- Properties --------------------------------------------------------------------------
(text_key) @variable.member
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @comment.error

; ---- The picture -------------------------------------------------------------------------
(row_number) @number
(footer) @label
(light) @punctuation.delimiter
(dark) @constant.builtin
(key_cell) @character.special
(keyhole) @tag
(axis) @operator
(piece) @type
(invalid_glyph) @comment.error

; ---- Axis lines --------------------------------------------------------------------------
"axis" @keyword
(cell) @constant
":" @punctuation.delimiter
(invalid_value) @comment.error

(ERROR) @comment.error
