; Generated from ../highlights.scm (Helix's capture names) for zed: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and text --------------------------------------------------------------------
(comment) @comment
(text) @string
(rest_of_line) @comment

; ---- Keywords ----------------------------------------------------------------------------
"lockwright-lock" @preproc
(field_key) @property
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
] @keyword
"->" @operator
(unknown_word) @emphasis.strong

; ---- Values ------------------------------------------------------------------------------
(integer) @number
(direction) @constant
(none) @constant.builtin
(cell_ref) @label
(piece_name) @type

; ---- The grid ----------------------------------------------------------------------------
(empty_cell) @punctuation.delimiter
(bolthole_cell) @punctuation.special
(spring_cell) @string.special
(ball) @string.special.symbol
(block_cell) @type
(pivot_hub) @function
(arm) @function.method
(hook_hub) @tag
(wrench_cell) @attribute
(unknown_cell) @emphasis.strong
