/**
 * Sliding locks (`.slide`, Lockmaker's locks): the board drawn as a picture, the pieces lettered
 * in it, the axes' attachments, and what the author says of it.
 *
 * A file is a sequence of lines; newlines are significant. Every line is one of:
 *
 *   title "The seed's example"   a text property: title, by, source, license, note
 *   3 K K a @                    a row of the picture: its number, then one glyph per column:
 *                                `.` light, `*` dark, `K` the Key, `@` the Keyhole, `+` an axis,
 *                                `a`–`z` a vertical or horizontal piece
 *     A B C D                    the footer: the columns' letters under the picture
 *   axis C3: a b                 the pieces attached to the axis at C3
 *   # a comment                  `#` to the end of the line
 *   anything else                an unknown property, kept as written
 *
 * The grammar only shapes lines; the reader (lockfmt/src/sliding/parse.rs) says in words what a
 * line lacks or has too much of. See docs/sliding-format.md.
 */

module.exports = grammar({
  name: 'lockwright_sliding',

  extras: $ => [/[ \t\f\v\r]/, $.comment],

  word: $ => $.key,

  rules: {
    source_file: $ => repeat(choice($._line, $._newline)),

    _line: $ => choice(
      $.text_property,
      $.row,
      $.footer,
      $.axis_line,
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

    // A row starts with its number; glyphs may be glued to it or to each other (the reader
    // warns, fmt spaces them).
    row: $ => seq(field('number', $.row_number), repeat($._glyph), $._newline),
    row_number: _ => /[0-9]+/,
    _glyph: $ => choice($.light, $.dark, $.key_cell, $.keyhole, $.axis, $.piece, $.invalid_glyph),
    light: _ => '.',
    dark: _ => '*',
    key_cell: _ => /K/,
    keyhole: _ => '@',
    axis: _ => '+',
    piece: _ => /[a-z]/,
    invalid_glyph: _ => token(prec(-1, /[^\s#]/)),

    // The column letters, from `A`: at least two, so that an unknown line starting with a
    // one-letter word stays an unknown line.
    footer: _ => token(prec(2, /A([ \t]+[A-Z])+/)),

    axis_line: $ => seq(
      'axis',
      optional(field('cell', $.cell)),
      optional(':'),
      repeat(choice($.key_cell, $.piece, $.invalid_value)),
      $._newline,
    ),
    cell: _ => /[A-Z][0-9]+/,
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
