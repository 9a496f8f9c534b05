; Folds for nonograms: a goal written over several lines.
(goal) @fold
