; A nonogram names nothing: one scope, the file.
(source_file) @local.scope
