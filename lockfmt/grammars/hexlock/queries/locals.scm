; Names in a hex lock: pivots are named on their `pivot` line and drawn by their digit in the
; grid; blocks by their letter in the grid; springs name both of their ends.
(source_file) @local.scope
(pivot name: (piece_name) @local.definition)
(block_cell) @local.definition
(pivot_hub) @local.definition
(spring root: (piece_name) @local.reference)
(spring end: (piece_name) @local.reference)
