; A sliding lock is one line an item (a row of the picture, an axis): nothing spans lines, so
; nothing folds.
