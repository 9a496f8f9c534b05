; A Quadrillion board is one line an item: nothing spans lines, so nothing folds.
