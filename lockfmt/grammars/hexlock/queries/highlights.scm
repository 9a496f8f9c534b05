; Highlights for the Lockwright lock format. Capture names follow helix's scheme and fall back by
; their longest dotted prefix (`constant.numeric` -> `constant`).

; ---- Comments and text --------------------------------------------------------------------
(comment) @comment
(text) @string
(rest_of_line) @comment.unused

; ---- Keywords ----------------------------------------------------------------------------
"lockwright-lock" @keyword.directive
(field_key) @variable.other.member
"grid:" @keyword
[
  "pivot"
  "spring"
  "hook"
  "wrench"
] @keyword
[
  "arms"
  "arm"
  "natural"
  "momentum"
] @keyword.operator
"->" @operator
(unknown_word) @error

; ---- Values ------------------------------------------------------------------------------
(integer) @constant.numeric
(direction) @constant
(none) @constant.builtin
(cell_ref) @label
(piece_name) @type

; ---- The grid ----------------------------------------------------------------------------
(empty_cell) @punctuation.delimiter
(bolthole_cell) @special
(spring_cell) @string.special
(ball) @constant.character
(block_cell) @type
(pivot_hub) @function
(arm) @function.method
(hook_hub) @tag
(wrench_cell) @tag.attribute
(unknown_cell) @error
