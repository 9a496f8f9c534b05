; Pieces are lettered in the picture; an axis line names the pieces attached to it.
(source_file) @local.scope
(row (piece) @local.definition)
(row (key_cell) @local.definition)
(axis_line (piece) @local.reference)
(axis_line (key_cell) @local.reference)
