; Folds for hex locks: the grid, the lock's picture, folds to its `grid:` line.
(grid) @fold
