; Shapes are named on their `shape` line, each once.
(source_file) @local.scope
(shape name: (shape_name) @local.definition)
