; Generated from ../highlights.scm (Helix's capture names) for neovim: `LOCKWRIGHT_WRITE_QUERIES=1 cargo test -p lockwright-lockfmt --test grammar_packages`.

; ---- Comments and unknown lines ----------------------------------------------------------
(comment) @comment
(unknown_property) @comment

; ---- Keys --------------------------------------------------------------------------------
(text_key) @variable.member
"grid" @keyword
"shape" @keyword
(attribute) @keyword

; ---- Values ------------------------------------------------------------------------------
(text_property value: (quoted_string) @string)
(bare_string) @string
(unterminated_string) @comment.error
(shape_name) @type
(side) @constant
(integer) @number
(invalid_value) @comment.error

(ERROR) @comment.error
