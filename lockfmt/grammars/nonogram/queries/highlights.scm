; Highlights for nonogram files (`.non`). Capture names follow helix's scheme and fall back by
; their longest dotted prefix (`constant.numeric` -> `constant`); lockfmt::highlight::CAPTURES
; lists every name a query may use.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment.unused

; ---- Keys --------------------------------------------------------------------------------
(text_key) @variable.other.member
(dimension_key) @keyword
(shorthand_key) @keyword
(section_header) @keyword
"goal" @keyword

; ---- Values ------------------------------------------------------------------------------
(text_property value: (quoted_string) @string)
(bare_string) @string
(goal value: (quoted_string) @string.special)
(bare_goal) @string.special
(unterminated_string) @error
(invalid_value) @error
(integer) @constant.numeric

; ---- Clues -------------------------------------------------------------------------------
"," @punctuation.delimiter
(colour) @error

(ERROR) @error
