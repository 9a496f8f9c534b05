/**
 * Quadrillion boards (`.quad`): the four grids' arrangement, the shapes already placed, and what
 * the author says of it.
 *
 * A file is a sequence of lines; newlines are significant. Every line is one of:
 *
 *   title "Game 49"              a text property: title, by, source, license, note
 *   grid 1 black turn 1 at 0 12  a grid: its number, the side up, quarter turns clockwise, and
 *                                its top-left dot (row, column)
 *   shape T turn 3 at 1 7        a shape already placed: its letter, `flipped` when mirrored
 *                                first, quarter turns clockwise, and its top-left dot
 *   # a comment                  `#` to the end of the line
 *   anything else                an unknown property, kept as written
 *
 * The grammar only shapes lines; the reader (lockfmt/src/quadrillion/parse.rs) says in words
 * what a line lacks or has too much of. See docs/quadrillion-format.md.
 */

module.exports = grammar({
  name: 'lockwright_quadrillion',

  extras: $ => [/[ \t\f\v\r]/, $.comment],

  // No `word` rule: with one, every word was lexed as a `key` first, so that a value no rule
  // knows (`grid 1 grey`, `shape < flip`) broke its line into an unknown property instead of
  // being marked as an invalid value (the corpus tests hold it).

  rules: {
    source_file: $ => repeat(choice($._line, $._newline)),

    _line: $ => choice(
      $.text_property,
      $.grid,
      $.shape,
      $.unknown_property,
    ),

    _newline: _ => '\n',

    comment: _ => token(seq('#', /[^\n]*/)),

    text_property: $ => seq(
      field('key', $.text_key),
      optional(field('value', choice($.quoted_string, $.unterminated_string, $.bare_string))),
      $._newline,
    ),
    text_key: _ => choice('title', 'by', 'source', 'license', 'note'),

    grid: $ => seq('grid', repeat($._value), $._newline),

    // The shape's letter comes first; any character but a space or `#` is read as its name, so
    // that `shape 2` names the skew tetromino rather than a number.
    shape: $ => seq('shape', field('name', $.shape_name), repeat($._value), $._newline),
    shape_name: _ => /[^\s#]+/,

    _value: $ => choice($.integer, $.side, $.attribute, $.invalid_value),
    side: _ => choice('white', 'black'),
    attribute: _ => choice('turn', 'at', 'flipped'),
    integer: _ => /-?[0-9]+/,
    invalid_value: _ => token(prec(-1, /[^\s#]+/)),

    unknown_property: $ => choice(
      seq(field('key', $.key), optional(field('value', $.rest)), $._newline),
      seq(field('key', $.stray), $._newline),
    ),
    key: _ => /[A-Za-z_][A-Za-z0-9_-]*/,
    rest: _ => token(prec(1, /[^\s][^\n]*/)),
    stray: _ => token(prec(-1, /[^\sA-Za-z0-9_#][^\n]*/)),

    // No escapes: a quote inside a string is written `&quot;`.
    quoted_string: _ => /"[^"\n]*"/,
    unterminated_string: _ => token(prec(-1, /"[^"\n]*/)),
    bare_string: _ => /[^"\s#][^\n]*/,
  },
});
