/**
 * Nonogram files (`.non`): Steve Simpson's format as the nonogram-db collection extends it.
 *
 * A file is a sequence of lines; newlines are significant. Every line is one of:
 *
 *   title "Dancer"            a text property: catalogue, title, by, copyright, license
 *   width 5                   a dimension: width, height, or the shorthand `columns 5`, `rows 10`
 *   rows                      a section header: the clue lines that follow are the rows' clues
 *   2,1                       a clue line: run lengths separated by commas (`0`: an empty line)
 *   goal "0110001101..."      the intended picture, row by row: `0` empty, anything else filled
 *   # a comment               Lockwright's comments: `#` to the end of the line
 *   anything else             an unknown property, kept as written
 *
 * Blank lines matter only inside a section (see docs/nonogram-format.md); the parser's reader,
 * not the grammar, decides which clue lines belong to which section. See
 * docs/nonogram-format.md for every rule.
 */

module.exports = grammar({
  name: 'lockwright_nonogram',

  extras: $ => [/[ \t\f\v\r]/, $.comment],

  // Keywords are whole words: `titles` is an unknown property, not `title` and `s`.
  word: $ => $.key,

  rules: {
    source_file: $ => repeat(choice($._line, $._newline)),

    _line: $ => choice(
      $.text_property,
      $.dimension,
      $.section_header,
      $.clue_line,
      $.goal,
      $.unknown_property,
    ),

    _newline: _ => '\n',

    comment: _ => token(seq('#', /[^\n]*/)),

    // `title "Dancer"`, `license CC-BY-3.0`: a quoted string, or a bare one to the line's end.
    // Anything after a value but a comment is read as `extra`, so that the reader can say so in
    // words, whatever the tree's error recovery would have made of it.
    text_property: $ => seq(
      field('key', $.text_key),
      optional(choice(
        seq(field('value', $.quoted_string), optional(field('extra', $.invalid_value))),
        field('value', choice($.unterminated_string, $.bare_string)),
      )),
      $._newline,
    ),
    text_key: _ => choice('catalogue', 'title', 'by', 'copyright', 'license'),

    // `width 5`, `height 10`, and Simpson's shorthand `columns 5`, `rows 10`.
    // A value that is not a number is read as `invalid_value`, and so is anything after the
    // number, for the reader to describe.
    dimension: $ => choice(
      seq(field('key', $.dimension_key), optional($._number), $._newline),
      seq(field('key', $.shorthand_key), $._number, $._newline),
    ),
    _number: $ => choice(
      seq(field('value', $.integer), optional(field('extra', $.invalid_value))),
      field('value', $.invalid_value),
    ),
    dimension_key: _ => choice('width', 'height'),
    shorthand_key: _ => choice('columns', 'rows'),

    // `rows` or `columns` alone on its line starts a section of clue lines.
    section_header: $ => seq(field('key', choice('rows', 'columns')), $._newline),

    // `3,1,2`; a run may carry a colour letter (`3b`), which only multi-colour puzzles use.
    clue_line: $ => seq($.run, repeat(seq(',', $.run)), $._newline),
    run: $ => seq(field('length', $.integer), optional(field('colour', $.colour))),
    colour: _ => token.immediate(/[A-Za-z]/),

    // `goal "0110..."` or `goal 0110...`.
    goal: $ => seq(
      'goal',
      optional(choice(
        seq(
          field('value', choice($.quoted_string, $.bare_goal)),
          optional(field('extra', $.invalid_value)),
        ),
        field('value', $.unterminated_string),
      )),
      $._newline,
    ),
    bare_goal: _ => /[^"\s#]+/,

    // A line the format does not know, kept whole: a word and the rest of its line (a `#` in
    // it too, as in `color a #ff0000`), or a line that does not start with a word.
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

    integer: _ => /[0-9]+/,
    invalid_value: _ => token(prec(-1, /[^\s#][^\n]*/)),
  },
});
