; Generated from ../highlights.scm (Helix's capture names) for neovim: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and text --------------------------------------------------------------------
(comment) @comment
(text) @string
(rest_of_line) @comment

; ---- Keywords ----------------------------------------------------------------------------
"lockwright-lock" @keyword.directive
(field_key) @variable.member
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
(unknown_word) @comment.error

; ---- Values ------------------------------------------------------------------------------
(integer) @number
(direction) @constant
(none) @constant.builtin
(cell_ref) @label
(piece_name) @type

; ---- The grid ----------------------------------------------------------------------------
(empty_cell) @punctuation.delimiter
(bolthole_cell) @character.special
(spring_cell) @string.special
(ball) @character
(block_cell) @type
(pivot_hub) @function
(arm) @function.method
(hook_hub) @tag
(wrench_cell) @tag.attribute
(unknown_cell) @comment.error
