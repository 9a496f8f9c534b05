//! The answers to the client's requests about a document: formatting, hover, completion,
//! semantic tokens, definitions and references, symbols, renaming, code lenses, code actions
//! and inlay hints, each from the text the server holds.

use super::*;

impl Server<'_> {
    pub(super) fn document(&self, uri: &lsp::Uri) -> Option<&Document> {
        self.documents.get(uri)
    }

    pub(super) fn place(&self, document: &Document, position: lsp::Position) -> Place {
        Lines::new(&document.text, self.encoding).place(position)
    }

    pub(super) fn format(
        &self,
        uri: &lsp::Uri,
        range: Option<lsp::Range>,
    ) -> Option<Vec<lsp::TextEdit>> {
        let document = self.document(uri)?;
        let canonical = document.family.check(&document.text).canonical?;
        let canonical = lockfmt::newlines::like(&canonical, &document.text);
        let lines = Lines::new(&document.text, self.encoding);
        let mut edits = edits::line_edits(&document.text, &canonical, &lines);
        if let Some(range) = range {
            // The edits that touch the lines asked for: lines are the format's unit.
            edits.retain(|e| {
                e.range.start.line <= range.end.line && range.start.line <= e.range.end.line
            });
        }
        Some(edits)
    }

    pub(super) fn hover(&self, at: &lsp::TextDocumentPositionParams) -> Option<lsp::Hover> {
        if let Some(solution) = self.solutions.get(&at.text_document.uri) {
            return self.solution_hover(&at.text_document.uri, solution, at.position);
        }
        let document = self.document(&at.text_document.uri)?;
        let said = document
            .family
            .hover(&document.text, self.place(document, at.position))?;
        let lines = Lines::new(&document.text, self.encoding);
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: said.markdown,
            }),
            range: Some(lines.range(&said.span)),
        })
    }

    pub(super) fn complete(
        &self,
        at: &lsp::TextDocumentPositionParams,
    ) -> Option<lsp::CompletionResponse> {
        let document = self.document(&at.text_document.uri)?;
        let offered = document
            .family
            .completions(&document.text, self.place(document, at.position));
        let items = offered
            .into_iter()
            .map(|c| lsp::CompletionItem {
                label: c.label,
                detail: Some(c.detail),
                kind: Some(match c.offer {
                    Offer::Keyword => lsp::CompletionItemKind::KEYWORD,
                    Offer::Piece => lsp::CompletionItemKind::VARIABLE,
                    Offer::Value => lsp::CompletionItemKind::ENUM_MEMBER,
                }),
                ..Default::default()
            })
            .collect();
        Some(lsp::CompletionResponse::Array(items))
    }

    pub(super) fn semantic_tokens(&self, uri: &lsp::Uri) -> Option<lsp::SemanticTokensResult> {
        let document = self.document(uri)?;
        let highlighted = document.family.highlight(&document.text);
        Some(lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens {
            result_id: None,
            data: tokens::encode(&document.text, &highlighted, self.encoding),
        }))
    }

    /// The named piece at a place, and every place its name is written.
    pub(super) fn named_at(
        &self,
        document: &Document,
        at: Place,
    ) -> Option<(Occurrence, Vec<Occurrence>)> {
        let all = document.family.occurrences(&document.text);
        let here = all.iter().find(|o| at.within(&o.span))?.clone();
        let same = all.into_iter().filter(|o| o.name == here.name).collect();
        Some((here, same))
    }

    pub(super) fn location(
        &self,
        uri: &lsp::Uri,
        document: &Document,
        span: &lockfmt::Span,
    ) -> lsp::Location {
        let lines = Lines::new(&document.text, self.encoding);
        lsp::Location::new(uri.clone(), lines.range(span))
    }

    pub(super) fn definition(
        &self,
        at: &lsp::TextDocumentPositionParams,
    ) -> Option<lsp::GotoDefinitionResponse> {
        let uri = &at.text_document.uri;
        if let Some(solution) = self.solutions.get(uri) {
            let (beside, named) = self.solution_named_at(uri, solution, at.position)?;
            return Some(lsp::GotoDefinitionResponse::Scalar(
                beside.definition(named.piece)?,
            ));
        }
        let document = self.document(uri)?;
        let place = self.place(document, at.position);
        let span = match self.named_at(document, place) {
            Some((here, same)) => same
                .iter()
                .find(|o| o.defines)
                .map_or(here.span, |o| o.span),
            None => document.family.target(&document.text, place)?,
        };
        Some(lsp::GotoDefinitionResponse::Scalar(
            self.location(uri, document, &span),
        ))
    }

    pub(super) fn references(
        &self,
        at: &lsp::TextDocumentPositionParams,
        declarations: bool,
    ) -> Option<Vec<lsp::Location>> {
        let uri = &at.text_document.uri;
        if let Some(solution) = self.solutions.get(uri) {
            let (beside, here) = self.solution_named_at(uri, solution, at.position)?;
            let lines = Lines::new(solution, self.encoding);
            let mut found: Vec<lsp::Location> = declarations
                .then(|| beside.definition(here.piece))
                .flatten()
                .into_iter()
                .collect();
            found.extend(
                sliding_solution::named(solution, &beside.lock)
                    .iter()
                    .filter(|n| n.piece == here.piece)
                    .map(|n| lsp::Location::new(uri.clone(), lines.range(&n.span))),
            );
            return Some(found);
        }
        let document = self.document(uri)?;
        let (here, same) = self.named_at(document, self.place(document, at.position))?;
        let mut found: Vec<lsp::Location> = same
            .iter()
            .filter(|o| declarations || !o.defines)
            .map(|o| self.location(uri, document, &o.span))
            .collect();
        // A sliding piece is named again, by its cells, in the solution file beside the lock.
        if let Some(beside) = Beside::of_puzzle(uri, &document.text)
            && let Some(piece) = beside.document.piece_by_letter(here.name.chars().next()?)
            && let Some((solution_uri, solution)) = self.solution_beside(uri)
        {
            let lines = Lines::new(&solution, self.encoding);
            found.extend(
                sliding_solution::named(&solution, &beside.lock)
                    .iter()
                    .filter(|n| n.piece == piece)
                    .map(|n| lsp::Location::new(solution_uri.clone(), lines.range(&n.span))),
            );
        }
        Some(found)
    }

    /// The named pieces, for the editor's outline: each once, at the first place that makes it,
    /// in the file's order.
    pub(super) fn symbols(&self, uri: &lsp::Uri) -> Option<lsp::DocumentSymbolResponse> {
        let document = self.document(uri)?;
        let lines = Lines::new(&document.text, self.encoding);
        let mut seen = std::collections::BTreeSet::new();
        let mut symbols = Vec::new();
        for o in document.family.occurrences(&document.text) {
            if !o.defines || !seen.insert(o.name.clone()) {
                continue;
            }
            let range = lines.range(&o.span);
            #[allow(deprecated)]
            // `deprecated` is a field the protocol keeps; it says nothing here
            symbols.push(lsp::DocumentSymbol {
                name: document.family.symbol(&o.name),
                detail: None,
                kind: lsp::SymbolKind::OBJECT,
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: None,
            });
        }
        Some(lsp::DocumentSymbolResponse::Nested(symbols))
    }

    pub(super) fn prepare_rename(
        &self,
        at: &lsp::TextDocumentPositionParams,
    ) -> Option<lsp::PrepareRenameResponse> {
        let document = self.document(&at.text_document.uri)?;
        let (here, _) = self.named_at(document, self.place(document, at.position))?;
        let lines = Lines::new(&document.text, self.encoding);
        Some(lsp::PrepareRenameResponse::RangeWithPlaceholder {
            range: lines.range(&here.span),
            placeholder: here.name,
        })
    }

    pub(super) fn rename(
        &self,
        at: &lsp::TextDocumentPositionParams,
        new: &str,
    ) -> Result<Option<lsp::WorkspaceEdit>, Failure> {
        let uri = &at.text_document.uri;
        let Some(document) = self.document(uri) else {
            return Ok(None);
        };
        let Some((here, same)) = self.named_at(document, self.place(document, at.position)) else {
            return Err(Failure::refused("nothing with a name is here"));
        };
        let mut taken: Vec<String> = document
            .family
            .occurrences(&document.text)
            .into_iter()
            .map(|o| o.name)
            .collect();
        taken.dedup();
        document
            .family
            .renamable(&here.name, new, &taken)
            .map_err(Failure::refused)?;
        let lines = Lines::new(&document.text, self.encoding);
        let edits = same
            .iter()
            .map(|o| lsp::TextEdit::new(lines.range(&o.span), new.to_string()))
            .collect();
        Ok(Some(lsp::WorkspaceEdit::new(HashMap::from([(
            uri.clone(),
            edits,
        )]))))
    }

    /// The verdict, or that the solver is at work, as a lens on the first line.
    pub(super) fn verdict_words(&self, uri: &lsp::Uri) -> Option<String> {
        let document = self.document(uri)?;
        match (&document.verdict, &document.solving) {
            (Some(v), _) => Some(v.said.clone()),
            (None, Some(_)) => Some("solving…".into()),
            (None, None) => None,
        }
    }

    pub(super) fn code_lens(&self, uri: &lsp::Uri) -> Vec<lsp::CodeLens> {
        self.verdict_words(uri)
            .map(|said| lsp::CodeLens {
                range: lsp::Range::default(),
                command: Some(lsp::Command::new(said, VERDICT_COMMAND.into(), None)),
                data: None,
            })
            .into_iter()
            .collect()
    }

    /// Writing the solver's solution to the solution file beside the puzzle, when it found one.
    pub(super) fn code_actions(&self, uri: &lsp::Uri) -> Vec<lsp::CodeActionOrCommand> {
        let Some(solution) = self
            .document(uri)
            .and_then(|d| d.verdict.as_ref())
            .and_then(|v| v.solution.clone())
        else {
            return Vec::new();
        };
        let Some(beside) = solution_uri(uri) else {
            return Vec::new();
        };
        let name = beside.as_str().rsplit('/').next().unwrap_or("").to_string();
        let operations = vec![
            lsp::DocumentChangeOperation::Op(lsp::ResourceOp::Create(lsp::CreateFile {
                uri: beside.clone(),
                options: Some(lsp::CreateFileOptions {
                    overwrite: Some(true),
                    ignore_if_exists: None,
                }),
                annotation_id: None,
            })),
            lsp::DocumentChangeOperation::Edit(lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri: beside,
                    version: None,
                },
                edits: vec![lsp::OneOf::Left(lsp::TextEdit::new(
                    lsp::Range::default(),
                    solution,
                ))],
            }),
        ];
        vec![lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
            title: format!("Write the solver's solution to {name}"),
            kind: Some(lsp::CodeActionKind::SOURCE),
            edit: Some(lsp::WorkspaceEdit {
                document_changes: Some(lsp::DocumentChanges::Operations(operations)),
                ..Default::default()
            }),
            ..Default::default()
        })]
    }

    pub(super) fn inlay_hints(&self, uri: &lsp::Uri) -> Vec<lsp::InlayHint> {
        let Some(document) = self.document(uri) else {
            return Vec::new();
        };
        let lines = Lines::new(&document.text, self.encoding);
        self.verdict_words(uri)
            .map(|said| lsp::InlayHint {
                position: lines.position(Place {
                    line: 1,
                    column: usize::MAX,
                }),
                label: lsp::InlayHintLabel::String(said),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
            .into_iter()
            .collect()
    }
}
