//! The verbs on Quadrillion boards (`.quad`): reading, checking, formatting, solving, drawing,
//! making new ones and generating challenges. Each verb of the command line chooses by the
//! file's extension; these are Quadrillion's.

mod hint;

use crate::cli::MAX_READ_BYTES;
use crate::files::{write_atomic, write_atomic_bytes};
use crate::quadrillion::picture::Palette;
use anyhow::{Context, Result, bail};
use engine::quadrillion::generate::generate;
use engine::quadrillion::{
    Answer, Challenge, Limits, Placement, Solution, count, solve as solve_board,
};
use engine::solving::Cancel;
use engine::solving::Outcome;
use lockfmt::Diagnostic;
use lockfmt::quadrillion::{Document, Parsed};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The extension of Quadrillion boards.
pub const EXTENSION: &str = "quad";

/// Whether `path` names a Quadrillion board.
pub fn owns(path: &Path) -> bool {
    crate::family::Family::of_path(path) == Some(crate::family::Family::Quadrillion)
}

/// Reads and parses a board file, bounded; an unreadable file is a diagnostic at its start.
pub fn read(path: &Path) -> (String, Parsed) {
    match crate::files::read_bytes(path, MAX_READ_BYTES) {
        Ok(bytes) => {
            let parsed = lockfmt::quadrillion::parse_bytes(&bytes);
            (String::from_utf8_lossy(&bytes).into_owned(), parsed)
        }
        Err(e) => (
            String::new(),
            Parsed {
                diagnostics: vec![Diagnostic::error(lockfmt::Span::START, "io", e.to_string())],
                ..Parsed::default()
            },
        ),
    }
}

/// `solve --json` for a board: one object, as scripts expect.
#[derive(Serialize)]
struct JsonAnswer {
    path: String,
    title: Option<String>,
    /// "solved", "none" or "stopped".
    status: &'static str,
    /// The board drawn row by row: each shape's letter on its dots, `x` on closed dots, a space
    /// where no grid lies.
    solution: Option<Vec<String>>,
    /// The shapes the solver placed (the board's own not included): letter, flipped, turns,
    /// row and column of the top-left of each.
    placements: Option<Vec<JsonPlacement>>,
    /// With `--count`: how many solutions (a lower bound when stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    /// With `--count`: whether there is exactly one.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    /// For "none", why; for "stopped", what stopped it.
    reason: Option<String>,
    nodes: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct JsonPlacement {
    shape: String,
    flipped: bool,
    turns: u8,
    row: i32,
    column: i32,
}

fn placements(ch: &Challenge, s: &Solution) -> Vec<JsonPlacement> {
    let corner = ch.board.corner();
    s.placements
        .iter()
        .filter(|p| !ch.placed.iter().any(|q| q.shape == p.shape))
        .map(|p| JsonPlacement {
            shape: p.shape.letter().to_string(),
            flipped: p.orientation.flipped,
            turns: p.orientation.turns,
            row: p.at.row - corner.row,
            column: p.at.col - corner.col,
        })
        .collect()
}

/// `solve FILE.quad [--count]`: one solution (or every solution counted); exit 0 when a
/// solution exists, 1 when none does, 3 when a limit stopped it, 2 when the file cannot be read.
pub fn solve(
    file: &Path,
    json: bool,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    count_all: bool,
) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let (text, parsed) = read(file);
    // A board that does not read, or breaks the rules, has no answer: it cannot be read.
    let Some(ch) = parsed.valid_challenge().cloned() else {
        return Ok(crate::cli::answer::unreadable(
            &shown,
            &text,
            &parsed.diagnostics,
            json,
        ));
    };
    let title = parsed.document.as_ref().and_then(|d| d.info.title.clone());
    let limits = Limits {
        timeout,
        max_steps: max_nodes,
        max_memory: None,
    };
    let problems = |p: Vec<engine::quadrillion::ChallengeProblem>| {
        anyhow::anyhow!(
            "{shown}: {}",
            p.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    let (status, solution, counted, reason, nodes, elapsed, code) = if count_all {
        let c = crate::cli::thinking::while_solving(&shown, || {
            count(&ch, None, &limits, Cancel::NEVER)
        })
        .map_err(problems)?;
        let outcome = c.outcome();
        let status = match outcome {
            Outcome::Stopped { .. } => "stopped",
            Outcome::Unsolvable => "none",
            Outcome::Solved(_) | Outcome::Several(..) => "solved",
        };
        let code = outcome.exit_code();
        (
            status,
            c.first.first().cloned(),
            Some((c.solutions, c.is_unique())),
            c.stopped.map(|s| s.stopped()),
            c.nodes,
            c.elapsed,
            code,
        )
    } else {
        let r = crate::cli::thinking::while_solving(&shown, || {
            solve_board(&ch, &limits, Cancel::NEVER)
        })
        .map_err(problems)?;
        let code = r.answer.outcome().exit_code();
        let (status, solution, reason) = match r.answer {
            Answer::Solved(s) => ("solved", Some(s), None),
            Answer::None => (
                "none",
                None,
                Some("no way to place the remaining shapes on the open dots".to_string()),
            ),
            Answer::Stopped(stop) => ("stopped", None, Some(stop.stopped())),
        };
        (status, solution, None, reason, r.nodes, r.elapsed, code)
    };
    let code = ExitCode::from(code);
    let picture = solution.as_ref().map(|s| s.picture(&ch.board));
    if json {
        let answer = JsonAnswer {
            path: shown,
            title,
            status,
            solution: picture,
            placements: solution.as_ref().map(|s| placements(&ch, s)),
            solutions: counted.map(|(n, _)| n),
            unique: counted.map(|(_, u)| u),
            reason,
            nodes,
            seconds: elapsed.as_secs_f64(),
        };
        crate::cli::answer::print(&answer);
        return Ok(code);
    }
    let name = title.unwrap_or_else(|| shown.clone());
    match (status, counted) {
        ("solved", Some((n, true))) => {
            crate::say!("{shown}: {name} has exactly one solution ({n})")
        }
        ("solved", Some((n, false))) => {
            crate::say!(
                "{shown}: {name} has {} solutions; the first:",
                lockfmt::words::grouped(n)
            )
        }
        ("solved", None) => crate::say!("{shown}: {name} is solved:"),
        ("none", _) => crate::say!("{shown}: {name} has no solution"),
        (_, Some((n, _))) => crate::say!(
            "{shown}: {}; {} found before it",
            reason.as_deref().unwrap_or_default(),
            lockfmt::words::count(n as usize, "solution")
        ),
        _ => crate::say!("{shown}: {}", reason.as_deref().unwrap_or_default()),
    }
    for row in picture.into_iter().flatten() {
        crate::say!("{row}");
    }
    crate::say!("{nodes} search nodes, {:.3} s", elapsed.as_secs_f64());
    Ok(code)
}

/// `render` of a board: its grids and the shapes placed; with `--solution`, every shape.
/// How long `render --solution` lets the solver look.
const RENDER_SOLVE_TIME: Duration = Duration::from_secs(10);

pub fn render(file: &Path, out: &Path, width: u32, solution: bool, dark: bool) -> Result<ExitCode> {
    if !(16..=8192).contains(&width) {
        bail!("--width {width} is out of range: from 16 to 8192 pixels");
    }
    let (text, parsed) = read(file);
    let Some(ch) = parsed.valid_challenge() else {
        crate::cli::print_diagnostics(&file.display().to_string(), &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    };
    let placed: Vec<Placement> = if solution {
        let shown = file.display();
        let limits = Limits::time(RENDER_SOLVE_TIME);
        // Two solutions tell a challenge from a board with several ways to fill it.
        let counted = match count(ch, Some(2), &limits, Cancel::NEVER) {
            Ok(c) => c,
            Err(problems) => bail!(
                "{shown}: {}",
                problems.first().map_or_else(
                    || "the challenge cannot be played".into(),
                    |p| p.to_string()
                )
            ),
        };
        match (counted.first.first(), counted.solutions, counted.stopped) {
            (Some(first), n, _) => {
                if n > 1 {
                    eprintln!(
                        "{shown}: warning: the shapes left can be placed in more than one way: \
                         this is one of them"
                    );
                }
                first.placements.clone()
            }
            (None, _, None) => bail!(
                "{shown}: the shapes left cannot all be placed, so there is no solution to draw"
            ),
            (None, _, Some(_)) => bail!(
                "{shown}: no solution found within {} s, so there is none to draw",
                RENDER_SOLVE_TIME.as_secs()
            ),
        }
    } else {
        ch.placed.clone()
    };
    let palette = Palette::of_theme(dark);
    let bytes = crate::quadrillion::render::png(&ch.board, &placed, width, &palette)?;
    write_atomic_bytes(out, &bytes)?;
    Ok(ExitCode::SUCCESS)
}

fn with_extension(name: &str) -> PathBuf {
    let mut path = PathBuf::from(name);
    if !owns(&path) {
        path.set_extension(EXTENSION);
    }
    path
}

/// `new NAME --kind quadrillion`: the seed's default board, titled after the file.
pub fn new(name: &str, force: bool) -> Result<ExitCode> {
    let (path, title) = crate::cli::new_file(name, crate::family::Family::Quadrillion)?;
    crate::cli::refuse_existing(&path, force)?;
    let text =
        crate::quadrillion::templates::text_of(crate::quadrillion::templates::DEFAULT, &title)
            .context("the default board's template does not read")?;
    write_atomic(&path, &text)?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// `quadrillion challenge`: a board and shapes placed so that exactly one completion exists.
pub fn challenge(
    seed: u64,
    output: Option<PathBuf>,
    board: Option<PathBuf>,
    force: bool,
    json: bool,
) -> Result<ExitCode> {
    if force && output.is_none() {
        bail!("--force replaces the --output file; without --output the challenge is printed");
    }
    let board = match &board {
        Some(path) => {
            if let Some(other) = crate::family::Family::of_path(path).filter(|_| !owns(path)) {
                bail!(
                    "--board takes a Quadrillion board (.quad); {} is a {}",
                    path.display(),
                    other.info().name
                );
            }
            let (text, parsed) = read(path);
            let Some(ch) = parsed.valid_challenge() else {
                crate::cli::print_diagnostics(
                    &path.display().to_string(),
                    &text,
                    &parsed.diagnostics,
                );
                return Ok(ExitCode::from(2));
            };
            Some(ch.board.clone())
        }
        None => None,
    };
    let limits = Limits::time(Duration::from_secs(30));
    let g = match generate(seed, board.as_ref(), &limits) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("lockwright: no challenge from seed {seed}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let mut doc = Document::new(g.challenge.clone());
    doc.info.title = Some(format!("Challenge from seed {seed}"));
    doc.info.by = Some("lockwright quadrillion challenge".into());
    doc.info
        .notes
        .push(crate::quadrillion::words::generated_note(&g));
    let text = lockfmt::quadrillion::print(&doc);
    let written = output.map(|p| with_extension(&p.to_string_lossy()));
    if let Some(path) = &written {
        crate::cli::refuse_existing(path, force)?;
        write_atomic(path, &text)?;
    }
    if json {
        #[derive(Serialize)]
        struct Out<'a> {
            seed: u64,
            difficulty: f64,
            placed: usize,
            boards_tried: u32,
            file: Option<String>,
            text: &'a str,
        }
        let out = Out {
            seed,
            difficulty: g.difficulty,
            placed: g.challenge.placed.len(),
            boards_tried: g.boards_tried,
            file: written.as_ref().map(|p| p.display().to_string()),
            text: &text,
        };
        crate::say!("{}", serde_json::to_string_pretty(&out)?);
    } else if let Some(path) = &written {
        // The file's name is said: `.quad` may have been given to it (`-o x.txt` writes x.quad).
        crate::say!(
            "{}: seed {seed}, one solution, {} placed, difficulty {:.1}",
            path.display(),
            lockfmt::words::count(g.challenge.placed.len(), "shape"),
            g.difficulty
        );
    } else {
        crate::say!("{}", text.trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

/// The verbs only Quadrillion boards have.
#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
pub enum Verb {
    /// Generate a challenge: a board and shapes placed so that exactly one completion exists.
    /// Prints it, or writes it to --output; the same seed gives the same challenge.
    Challenge {
        /// The seed: any whole number.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the challenge to this file (`.quad` is added when missing).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Keep this board's grids (a `.quad` file) and choose only the shapes to place.
        #[arg(long)]
        board: Option<PathBuf>,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
        /// Print seed, difficulty and the file's text as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Help me! One more shape placed where a solution of the board as it stands has it, or
    /// which of the player's shapes to lift when no solution keeps them.
    Hint {
        /// The board (`.quad`).
        file: PathBuf,
        /// A shape the player has placed, as the file writes it: `--placed "shape T turn 3 at 1 7"`
        /// (as often as shapes are placed).
        #[arg(long, value_name = "LINE")]
        placed: Vec<String>,
        /// Print the hint as one JSON object.
        #[arg(long)]
        json: bool,
        /// Give up after this many seconds (default 10).
        #[arg(long, value_name = "SECS", value_parser = crate::cli::seconds)]
        timeout: Option<Duration>,
    },
}

/// Runs a verb only Quadrillion boards have.
pub fn run(verb: Verb) -> Result<ExitCode> {
    match verb {
        Verb::Challenge {
            seed,
            output,
            board,
            force,
            json,
        } => challenge(seed, output, board, force, json),
        Verb::Hint {
            file,
            placed,
            json,
            timeout,
        } => Ok(hint::run(&file, &placed, json, timeout)),
    }
}

/// How a Quadrillion board answers the command line's verbs: no moves to play or verify.
pub const VERBS: crate::cli::verbs::Verbs = crate::cli::verbs::Verbs {
    solve_flags: &["--count"],
    render_flags: &["--solution"],
    new: |args| {
        if args.size.is_some() || args.width.is_some() || args.height.is_some() {
            bail!(
                "a Quadrillion board starts as the default board or a template (--template list): it takes no --size, --width or --height"
            );
        }
        new(args.name()?, args.force)
    },
    solve: |args| {
        solve(
            &args.file,
            args.json,
            args.timeout,
            args.max_states,
            args.count,
        )
    },
    animate: crate::quadrillion::animation::animate,
    render: |args| {
        render(
            &args.file,
            &args.output,
            args.width,
            args.solution.is_some(),
            args.dark,
        )
    },
    play: None,
    verify: None,
    own: Some(crate::cli::verbs::Own {
        about: "Quadrillion boards: generate a challenge with exactly one solution, or ask for a hint",
        command: <Verb as clap::Subcommand>::augment_subcommands,
        run: |matches| run(<Verb as clap::FromArgMatches>::from_arg_matches(matches)?),
    }),
};
