//! Semantic tokens from the grammar's highlights query, so that an editor without the
//! tree-sitter grammar still colours a file as the studio does. Captures nest (a cell inside a
//! grid row); tokens may not, so the innermost capture wins each character, as in the studio.

use crate::position::Encoding;
use lockfmt::highlight::Span;
use lsp_types::{SemanticToken, SemanticTokenType, SemanticTokensLegend};

/// The token types, in the legend's order.
const TYPES: [SemanticTokenType; 16] = [
    SemanticTokenType::COMMENT,
    SemanticTokenType::STRING,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::ENUM_MEMBER,
    SemanticTokenType::NUMBER,
    SemanticTokenType::TYPE,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::METHOD,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::MACRO,
    SemanticTokenType::REGEXP,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::CLASS,
    SemanticTokenType::DECORATOR,
];

/// The legend the server announces.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The token type of a highlight capture (helix's names, `lockfmt::highlight::CAPTURES`);
/// punctuation and errors are left to the editor's plain text and its diagnostics.
fn type_of(capture: &str) -> Option<u32> {
    let token = match capture {
        "comment" | "comment.unused" => SemanticTokenType::COMMENT,
        "string" => SemanticTokenType::STRING,
        "string.special" => SemanticTokenType::REGEXP,
        "keyword" | "keyword.directive" | "keyword.operator" => SemanticTokenType::KEYWORD,
        "operator" => SemanticTokenType::OPERATOR,
        "variable.other.member" => SemanticTokenType::PROPERTY,
        "constant" | "constant.builtin" => SemanticTokenType::ENUM_MEMBER,
        "constant.character" => SemanticTokenType::VARIABLE,
        "constant.numeric" => SemanticTokenType::NUMBER,
        "label" => SemanticTokenType::PARAMETER,
        "type" => SemanticTokenType::TYPE,
        "function" => SemanticTokenType::FUNCTION,
        "function.method" => SemanticTokenType::METHOD,
        "special" => SemanticTokenType::MACRO,
        "tag" => SemanticTokenType::CLASS,
        "tag.attribute" => SemanticTokenType::DECORATOR,
        _ => return None,
    };
    TYPES.iter().position(|t| *t == token).map(|i| i as u32)
}

/// The tokens of a text, relative to each other as the protocol sends them.
pub fn encode(text: &str, highlighted: &[Vec<Span>], encoding: Encoding) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for (row, (line, spans)) in text.split('\n').zip(highlighted).enumerate() {
        let mut paint: Vec<Option<u32>> = vec![None; line.len()];
        // Outer captures come first: a later, inner one paints over them.
        for span in spans {
            let end = span.range.end.min(line.len());
            let Some(cells) = paint.get_mut(span.range.start.min(end)..end) else {
                continue;
            };
            let kind = type_of(span.capture);
            cells.iter_mut().for_each(|c| *c = kind);
        }
        let (mut byte, mut units) = (0usize, 0u32);
        let mut at = 0;
        while at < paint.len() {
            let kind = paint[at];
            let run = paint[at..].iter().take_while(|&&k| k == kind).count();
            let (start, end) = (at, at + run);
            at = end;
            let (Some(kind), Some(before), Some(token)) =
                (kind, line.get(byte..start), line.get(start..end))
            else {
                continue;
            };
            units += encoding.units(before);
            let length = encoding.units(token);
            byte = end;
            let row = row as u32;
            let delta_start = if row == last_line {
                units - last_start
            } else {
                units
            };
            out.push(SemanticToken {
                delta_line: row - last_line,
                delta_start,
                length,
                token_type: kind,
                token_modifiers_bitset: 0,
            });
            units += length;
            (last_line, last_start) = (row, units - length);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capture_a_grammar_may_use_is_known_here_or_left_plain_on_purpose() {
        let plain = ["punctuation.delimiter", "error"];
        for capture in lockfmt::highlight::CAPTURES {
            assert!(
                type_of(capture).is_some() || plain.contains(capture),
                "{capture}"
            );
        }
    }

    #[test]
    fn inner_captures_win_and_tokens_are_relative() {
        let text = "ab cd\né x";
        let spans = vec![
            vec![
                Span {
                    range: 0..5,
                    capture: "string",
                },
                Span {
                    range: 3..5,
                    capture: "keyword",
                },
            ],
            vec![Span {
                range: 3..4,
                capture: "constant.numeric",
            }],
        ];
        let tokens = encode(text, &spans, Encoding::Utf16);
        let flat: Vec<[u32; 4]> = tokens
            .iter()
            .map(|t| [t.delta_line, t.delta_start, t.length, t.token_type])
            .collect();
        let string = type_of("string").unwrap_or(99);
        let keyword = type_of("keyword").unwrap_or(99);
        let number = type_of("constant.numeric").unwrap_or(99);
        assert_eq!(
            flat,
            [[0, 0, 3, string], [0, 3, 2, keyword], [1, 2, 1, number]]
        );
    }
}
