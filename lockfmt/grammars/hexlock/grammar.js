/**
 * The Lockwright lock text format, version 1.
 *
 * A lock file is a sequence of lines. Newlines are significant: every item ends at the end of
 * its line. Comments run from `#` to the end of the line, except inside a field's text, which
 * runs to the end of the line whatever it holds.
 *
 *   lockwright-lock 1          format line
 *   name: Spring Step          fields: `key: text`
 *   grid:                      the picture: one row of cells per line
 *      . . . :
 *   pivot 1 arms E NE          statements: pivots, springs, the hook, the wrench
 *   spring A r2c4 -> B r2c6 natural 2
 *   hook arm E
 *   wrench momentum none
 *
 * See docs/lock-format.md for the meaning of every glyph and keyword.
 */

module.exports = grammar({
  name: 'lockwright_lock',

  extras: $ => [/[ \t\f\v]/, /\r/, $.comment],

  rules: {
    source_file: $ => repeat(choice($._item, $._newline)),

    _item: $ => choice(
      $.format_line,
      $.field,
      $.grid,
      $.pivot,
      $.spring,
      $.hook,
      $.wrench,
      $.unknown_statement,
    ),

    _newline: _ => '\n',

    comment: _ => token(seq('#', /[^\n]*/)),

    format_line: $ => seq('lockwright-lock', field('version', $.integer), $._newline),

    // `key: text`. The key carries its colon, so that a grid row can never read as a key.
    field: $ => seq(field('key', $.field_key), optional(field('value', $.text)), $._newline),
    field_key: _ => /[a-z][a-z_-]*:/,
    text: _ => token.immediate(/[^\n]+/),

    grid: $ => seq('grid:', $._newline, repeat1($.grid_row)),
    grid_row: $ => seq(repeat1($._cell), $._newline),
    _cell: $ => choice(
      $.empty_cell,
      $.bolthole_cell,
      $.spring_cell,
      $.ball,
      $.block_cell,
      $.pivot_hub,
      $.arm,
      $.hook_hub,
      $.wrench_cell,
      $.unknown_cell,
    ),
    empty_cell: _ => '.',
    bolthole_cell: _ => ':',
    spring_cell: _ => '~',
    ball: _ => 'o',
    block_cell: _ => /[A-Za-z]/,
    pivot_hub: _ => /[0-9]/,
    arm: _ => choice('-', '/', '\\'),
    hook_hub: _ => '@',
    wrench_cell: _ => '%',
    unknown_cell: _ => token(prec(-1, /[^\s#]/)),

    pivot: $ => seq(
      'pivot',
      field('name', $.piece_name),
      'arms',
      repeat(field('arm', $.direction)),
      $._newline,
    ),

    spring: $ => seq(
      'spring',
      field('root', $.piece_name),
      field('root_cell', $.cell_ref),
      '->',
      field('end', $.piece_name),
      field('end_cell', $.cell_ref),
      'natural',
      field('natural', $.integer),
      $._newline,
    ),

    hook: $ => seq('hook', 'arm', field('arm', $.direction), $._newline),

    wrench: $ => seq('wrench', 'momentum', field('momentum', choice($.direction, $.none)), $._newline),

    // A line that starts with a word the format does not know, kept whole so that the
    // diagnostic can name it.
    unknown_statement: $ => seq(field('word', $.unknown_word), optional($.rest_of_line), $._newline),
    unknown_word: _ => token(prec(-1, /[a-z][a-zA-Z0-9_-]+/)),
    rest_of_line: _ => token.immediate(/[^\n]+/),

    piece_name: _ => /[A-Za-z0-9]/,
    cell_ref: _ => /r[0-9]+c[0-9]+/,
    direction: _ => choice('E', 'NE', 'NW', 'W', 'SW', 'SE'),
    none: _ => 'none',
    integer: _ => /[0-9]+/,
  },
});
