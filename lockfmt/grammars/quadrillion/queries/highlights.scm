; Highlights for Quadrillion boards (`.quad`). Capture names follow helix's scheme and fall back
; by their longest dotted prefix (`constant.numeric` -> `constant`); lockfmt::highlight::CAPTURES
; lists every name a query may use.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment.unused

; ---- Keys --------------------------------------------------------------------------------
(text_key) @variable.other.member
"grid" @keyword
"shape" @keyword
(attribute) @keyword

; ---- Values ------------------------------------------------------------------------------
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @error
(shape_name) @type
(side) @constant
(integer) @constant.numeric
(invalid_value) @error

(ERROR) @error
