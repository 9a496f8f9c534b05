; Highlights for sliding locks (`.slide`). Capture names follow helix's scheme and fall back by
; their longest dotted prefix (`constant.numeric` -> `constant`); lockfmt::highlight::CAPTURES
; lists every name a query may use.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment.unused

; ---- Properties --------------------------------------------------------------------------
(text_key) @variable.other.member
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @error

; ---- The picture -------------------------------------------------------------------------
(row_number) @constant.numeric
(footer) @label
(light) @punctuation.delimiter
(dark) @constant.builtin
(key_cell) @special
(keyhole) @tag
(axis) @operator
(piece) @type
(invalid_glyph) @error

; ---- Axis lines --------------------------------------------------------------------------
"axis" @keyword
(cell) @constant
":" @punctuation.delimiter
(invalid_value) @error

(ERROR) @error
