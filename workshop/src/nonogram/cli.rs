//! The verbs on nonogram files (`.non`): reading, checking, formatting, drawing and making new
//! ones. Each verb of the command line chooses by the file's family; these are the nonogram's.

use crate::cli::MAX_READ_BYTES;
use crate::files::{write_atomic, write_atomic_bytes};
use crate::nonogram::picture::Palette;
use anyhow::{Result, bail};
use engine::nonogram::{Answer, Cell, Grid, Limits, Puzzle, PuzzleInfo};
use engine::solving::Cancel;
use lockfmt::Diagnostic;
use lockfmt::nonogram::Parsed;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Reads and parses a nonogram file, bounded; an unreadable file is a diagnostic at its start.
pub fn read(path: &Path) -> (String, Parsed) {
    match crate::files::read_bytes(path, MAX_READ_BYTES) {
        Ok(bytes) => {
            let parsed = lockfmt::nonogram::parse_bytes(&bytes);
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

/// `render` of a nonogram: its clues and grid, with `--solution` its picture (the file's goal,
/// else the solver's solution).
pub fn render(file: &Path, out: &Path, width: u32, solution: bool, dark: bool) -> Result<ExitCode> {
    let (text, parsed) = read(file);
    let Some(puzzle) = parsed.valid_puzzle() else {
        crate::cli::print_diagnostics(&file.display().to_string(), &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    };
    let cells = if solution {
        let shown = file.display();
        match picture_of(puzzle) {
            Drawn::Goal(g) | Drawn::Only(g) => Some(g),
            Drawn::OneOfSeveral(g) => {
                eprintln!(
                    "{shown}: warning: the clues give more than one picture, and no goal says \
                     which is meant: this is one of them (`lockwright solve {shown}` shows two)"
                );
                Some(g)
            }
            Drawn::FoundBeforeLimit(g) => {
                eprintln!(
                    "{shown}: warning: a picture found before the solver's limit of {} s; \
                     others may give the same clues",
                    RENDER_SOLVE_TIME.as_secs()
                );
                Some(g)
            }
            Drawn::NoneExists => bail!(
                "{shown}: no picture gives these clues (`lockwright solve {shown}` says why), so there is none to draw"
            ),
            Drawn::NoneFound => bail!(
                "{shown}: no goal in the file and no picture found within {} s, so there is none to draw",
                RENDER_SOLVE_TIME.as_secs()
            ),
        }
    } else {
        None
    };
    let palette = Palette::of_theme(dark);
    let (cell, readable) = crate::nonogram::render::cell_pixels(puzzle, width);
    if cell < crate::nonogram::picture::CLUE_PIXELS {
        let wider = if readable <= crate::nonogram::render::MAX_SIDE {
            format!("`--width {readable}` draws them")
        } else {
            format!(
                "no picture of at most {} pixels a side is wide enough to draw them",
                crate::nonogram::render::MAX_SIDE
            )
        };
        eprintln!(
            "{}: warning: {width} pixels wide, a cell takes {cell:.2} pixels, too few to read \
             its clues, which are left out; {wider}",
            file.display()
        );
    }
    let bytes = crate::nonogram::render::png(puzzle, cells.as_ref(), width, &palette)?;
    write_atomic_bytes(out, &bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// How long `render --solution` lets the solver look for a picture when the file has no goal.
const RENDER_SOLVE_TIME: Duration = Duration::from_secs(10);

/// The picture `render --solution` draws, and what is to be said of it.
pub(crate) enum Drawn {
    /// The file's goal.
    Goal(Grid),
    /// The only picture the clues give.
    Only(Grid),
    /// One of several pictures the clues give.
    OneOfSeveral(Grid),
    /// A picture found before the time ran out.
    FoundBeforeLimit(Grid),
    /// No picture gives the clues.
    NoneExists,
    /// None found in the time.
    NoneFound,
}

/// The picture to draw as the solution: the goal, when the file gives one, else the solver's.
fn picture_of(puzzle: &Puzzle) -> Drawn {
    picture_within(puzzle, &Limits::time(RENDER_SOLVE_TIME))
}

/// The picture to draw as the solution, the solver held to `limits`.
pub(crate) fn picture_within(puzzle: &Puzzle, limits: &Limits) -> Drawn {
    if let Some(goal) = &puzzle.goal {
        return Drawn::Goal(goal.clone());
    }
    let threads = crate::nonogram::search_threads;
    match engine::nonogram::solve_on_threads(puzzle, limits, Cancel::NEVER, threads).answer {
        Answer::Unique(g) => Drawn::Only(g),
        Answer::Several(g, _) => Drawn::OneOfSeveral(g),
        Answer::Stopped { found: Some(g), .. } => Drawn::FoundBeforeLimit(g),
        Answer::Stopped { found: None, .. } => Drawn::NoneFound,
        Answer::None(_) => Drawn::NoneExists,
    }
}

/// `solve --json` for a nonogram: one object, as scripts expect.
#[derive(Serialize)]
struct JsonAnswer {
    path: String,
    title: Option<String>,
    /// "unique", "multiple", "none" or "stopped".
    status: &'static str,
    /// The rows as strings of `#` and `.`; for "multiple", one of the solutions; for
    /// "stopped", one found before the limit, if any.
    solution: Option<Vec<String>>,
    /// For "multiple", another solution that differs.
    second_solution: Option<Vec<String>>,
    /// For "none", what proves it; for "stopped", what stopped it.
    reason: Option<String>,
    /// Whether the line rule alone finishes the puzzle.
    line_solvable: bool,
    /// The search nodes of the search that answered (each of `threads` searches counts its
    /// own).
    nodes: u64,
    probes: u64,
    /// The threads it searched with: searches racing, one a thread, and when
    /// `sat_solver_thread`, the general SAT solver on one of them.
    threads: usize,
    /// Whether one of the threads was the general SAT solver's, beside the first search (it
    /// takes it once the search goes past probing).
    sat_solver_thread: bool,
    seconds: f64,
}

/// What ran at once, for the text answer: the searches racing and the SAT solver beside them,
/// as the engine split the threads.
fn at_once(threads: usize, cells: usize, st: &engine::nonogram::Stats) -> String {
    if st.nodes == 0 {
        return String::new();
    }
    let (searches, _) = engine::nonogram::split_threads(threads, cells);
    match (searches, st.sat_solver_thread) {
        (1, false) => String::new(),
        (1, true) => " (one search and the SAT solver beside it)".to_string(),
        (n, false) => format!(" ({n} searches at once)"),
        (n, true) => format!(" ({n} searches at once, and the SAT solver beside the first)"),
    }
}

/// The diagnostics that prove a nonogram has no solution from its clues alone: a clue
/// longer than its line, row and column totals that disagree.
pub(crate) const CONTRADICTIONS: [&str; 2] = ["clue-too-long", "totals"];

/// A nonogram whose clues contradict themselves: no solution, and the reason (the first
/// error the format found, with its place). Exit [`crate::cli::answer::NO_SOLUTION`].
fn contradiction(
    shown: &str,
    text: &str,
    doc: &lockfmt::nonogram::Document,
    diagnostics: &[lockfmt::Diagnostic],
    json: bool,
) -> ExitCode {
    let reason = diagnostics.iter().find(|d| d.is_error()).map_or_else(
        || "its clues contradict themselves".to_string(),
        |d| format!("{}:{}: {}", d.span.line, d.span.column, d.message),
    );
    if json {
        crate::cli::answer::print(&JsonAnswer {
            path: shown.to_string(),
            title: doc.puzzle.info.title.clone(),
            status: "none",
            solution: None,
            second_solution: None,
            reason: Some(reason),
            line_solvable: false,
            nodes: 0,
            probes: 0,
            threads: 0,
            sat_solver_thread: false,
            seconds: 0.0,
        });
    } else {
        crate::cli::print_diagnostics(shown, text, diagnostics);
        crate::say!("{shown}: no solution: its clues contradict themselves");
    }
    ExitCode::from(crate::cli::answer::NO_SOLUTION)
}

/// `solve FILE.non`: unique, several, none or stopped; exit 0 when a solution exists, 1 when
/// none does, 3 when a limit stopped it, 2 when the file cannot be read.
pub fn solve(
    file: &Path,
    json: bool,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    threads: Option<usize>,
) -> Result<ExitCode> {
    let asked = crate::cli::solve::threads(threads)?;
    // The machine's cores are looked up only for a search (`SearchThreads`); what the line
    // rule answers ran as one.
    let raced = std::cell::Cell::new(None);
    let threads = |cells| {
        let n = asked.unwrap_or_else(|| crate::nonogram::search_threads(cells));
        raced.set(Some(n));
        n
    };
    let shown = file.display().to_string();
    let (text, parsed) = read(file);
    let Some(doc) = &parsed.document else {
        return Ok(crate::cli::answer::unreadable(
            &shown,
            &text,
            &parsed.diagnostics,
            json,
        ));
    };
    let Some(puzzle) = parsed.valid_puzzle() else {
        // Clues that contradict themselves (a clue longer than its line, totals that
        // disagree) prove there is no solution: the answer "none", with the reason. Any
        // other error means the file cannot be read as a puzzle.
        let contradictory = parsed
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .all(|d| CONTRADICTIONS.contains(&d.code.as_str()));
        return Ok(if contradictory {
            contradiction(&shown, &text, doc, &parsed.diagnostics, json)
        } else {
            crate::cli::answer::unreadable(&shown, &text, &parsed.diagnostics, json)
        });
    };
    let report = crate::cli::thinking::while_solving(&shown, || {
        engine::nonogram::solve_on_threads(
            puzzle,
            &Limits {
                timeout,
                max_steps: max_nodes,
                max_memory: None,
            },
            Cancel::NEVER,
            threads,
        )
    });
    let rows = |g: &Grid| g.to_rows();
    let code = ExitCode::from(report.answer.outcome().exit_code());
    let (status, solution, second, reason) = match &report.answer {
        Answer::Unique(g) => ("unique", Some(rows(g)), None, None),
        Answer::Several(a, b) => ("multiple", Some(rows(a)), Some(rows(b)), None),
        Answer::None(why) => ("none", None, None, Some(why.to_string())),
        Answer::Stopped { stop, found } => (
            "stopped",
            found.as_ref().map(rows),
            None,
            Some(format!("stopped by {stop}")),
        ),
    };
    let st = &report.stats;
    let threads = raced.get().or(asked).unwrap_or(1);
    if json {
        let answer = JsonAnswer {
            path: shown,
            title: puzzle.info.title.clone(),
            status,
            solution,
            second_solution: second,
            reason,
            line_solvable: report.line_solvable,
            nodes: st.nodes,
            probes: st.probes,
            threads,
            sat_solver_thread: st.sat_solver_thread,
            seconds: st.elapsed.as_secs_f64(),
        };
        crate::cli::answer::print(&answer);
        return Ok(code);
    }
    let name = puzzle.info.title.clone().unwrap_or_else(|| shown.clone());
    match status {
        "unique" => crate::say!(
            "{shown}: {name} has one solution{}",
            if report.line_solvable {
                ", which the line rule alone finds"
            } else {
                ""
            }
        ),
        "multiple" => crate::say!("{shown}: {name} has more than one solution; two of them:"),
        "none" => crate::say!(
            "{shown}: {name} has no solution: {}",
            reason.as_deref().unwrap_or_default()
        ),
        _ => crate::say!("{shown}: {}", reason.as_deref().unwrap_or_default()),
    }
    for grid in [&solution, &second].into_iter().flatten() {
        for r in grid {
            crate::say!("{r}");
        }
        crate::say!();
    }
    let searches = at_once(threads, puzzle.width * puzzle.height, st);
    crate::say!(
        "{}, {}, {:.3} s{searches}",
        lockfmt::words::count(st.nodes as usize, "search node"),
        lockfmt::words::count(st.probes as usize, "probe"),
        st.elapsed.as_secs_f64()
    );
    Ok(code)
}

/// `new NAME --kind nonogram --width W --height H`: an empty picture of that size.
pub fn new(name: &str, width: usize, height: usize, force: bool) -> Result<ExitCode> {
    const MAX_SIDE: usize = 200;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        bail!("a nonogram is from 1 to {MAX_SIDE} cells a side, not {width}×{height}");
    }
    let (path, title) = crate::cli::new_file(name, crate::family::Family::Nonogram)?;
    crate::cli::refuse_existing(&path, force)?;
    let mut blank = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            blank.set(x, y, Cell::Empty);
        }
    }
    let puzzle = Puzzle::from_picture(
        blank,
        PuzzleInfo {
            title: Some(title),
            ..PuzzleInfo::default()
        },
    );
    write_atomic(&path, &lockfmt::nonogram::print(&puzzle))?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// `nonogram from-image PICTURE --width W`: the picture, shrunk to W cells across by averaging,
/// thresholded into filled and empty cells, written as a puzzle whose clues are read off it;
/// then the solver says whether those clues give it back alone.
pub fn from_image(
    picture: &Path,
    width: usize,
    output: Option<PathBuf>,
    threshold: Option<f32>,
    force: bool,
) -> Result<ExitCode> {
    const MAX_SIDE: usize = 200;
    if !(1..=MAX_SIDE).contains(&width) {
        bail!("--width is from 1 to {MAX_SIDE} cells, not {width}");
    }
    if let Some(t) = threshold
        && !(0.0..=1.0).contains(&t)
    {
        bail!("--threshold is from 0 to 1, not {t}");
    }
    let bytes = crate::files::read_bytes(picture, MAX_READ_BYTES)?;
    let img = match image::load_from_memory(&bytes) {
        Ok(img) => over_white(&img),
        Err(image::ImageError::Limits(_)) => {
            let size = image::ImageReader::new(std::io::Cursor::new(&bytes))
                .with_guessed_format()
                .ok()
                .and_then(|r| r.into_dimensions().ok())
                .map_or(" is".to_string(), |(w, h)| format!(" is {w}×{h} pixels,"));
            bail!("{}{size} too large a picture to read", picture.display());
        }
        Err(e) => {
            return Err(anyhow::Error::new(e).context(format!(
                "{} is not a picture this build reads (PNG)",
                picture.display()
            )));
        }
    };
    let goal = threshold_picture(&img, width, threshold)?;
    let stem = picture
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "picture".into());
    let puzzle = Puzzle::from_picture(
        goal,
        PuzzleInfo {
            title: Some(stem),
            ..PuzzleInfo::default()
        },
    );
    let out = output.unwrap_or_else(|| picture.with_extension("non"));
    crate::cli::refuse_existing(&out, force)?;
    write_atomic(&out, &lockfmt::nonogram::print(&puzzle))?;
    let report = engine::nonogram::solve_on_threads(
        &puzzle,
        &Limits::time(Duration::from_secs(10)),
        Cancel::NEVER,
        crate::nonogram::search_threads,
    );
    let verdict = match &report.answer {
        Answer::Unique(_) if report.line_solvable => {
            "unique, and the line rule alone solves it".to_string()
        }
        Answer::Unique(_) => "unique, but it needs more than the line rule".to_string(),
        Answer::Several(..) => {
            "not unique: other pictures share its clues (the studio's editor marks where)".into()
        }
        Answer::None(why) => format!("no solution ({why})"),
        Answer::Stopped { stop, .. } => format!("not known: the solver was stopped by {stop}"),
    };
    // A picture narrower than the width asked for has a cell a pixel: said, not left to be
    // noticed in the size.
    let narrower = if puzzle.width < width {
        format!(
            " (the picture is {} pixels wide, fewer than --width {width})",
            puzzle.width
        )
    } else {
        String::new()
    };
    crate::say!(
        "{}: {}×{} cells{narrower}, {verdict}",
        out.display(),
        puzzle.width,
        puzzle.height
    );
    Ok(ExitCode::SUCCESS)
}

/// The picture in greys as it shows on a white page: a transparent pixel is white whatever
/// colour it keeps, so that a drawing on a transparent background is the drawing, where
/// dropping the alpha made the background (most often transparent black) filled.
fn over_white(img: &image::DynamicImage) -> image::GrayImage {
    let grey = img.to_luma_alpha8();
    image::GrayImage::from_fn(grey.width(), grey.height(), |x, y| {
        let [l, a] = grey.get_pixel(x, y).0;
        let (l, a) = (u32::from(l), u32::from(a));
        // Exact in integers: the grey weighed by the alpha, white by the rest.
        image::Luma([((l * a + 255 * (255 - a) + 127) / 255) as u8])
    })
}

/// The picture shrunk to `width` cells across (each cell the mean of its pixels) and cut at a
/// threshold: below it (darker) is filled.
fn threshold_picture(img: &image::GrayImage, width: usize, threshold: Option<f32>) -> Result<Grid> {
    let (pw, ph) = (img.width() as usize, img.height() as usize);
    if pw == 0 || ph == 0 {
        bail!("the picture is empty");
    }
    let width = width.min(pw);
    let height = ((ph as f64 * width as f64 / pw as f64).round() as usize).clamp(1, 200);
    let mut means = vec![0f32; width * height];
    for (y, row) in means.chunks_mut(width).enumerate() {
        let (y0, y1) = (
            y * ph / height,
            ((y + 1) * ph / height).max(y * ph / height + 1),
        );
        for (x, cell) in row.iter_mut().enumerate() {
            let (x0, x1) = (
                x * pw / width,
                ((x + 1) * pw / width).max(x * pw / width + 1),
            );
            let mut sum = 0u64;
            let mut n = 0u64;
            for py in y0..y1.min(ph) {
                for px in x0..x1.min(pw) {
                    sum += u64::from(img.get_pixel(px as u32, py as u32).0[0]);
                    n += 1;
                }
            }
            *cell = sum as f32 / n.max(1) as f32 / 255.0;
        }
    }
    let cut = threshold.unwrap_or_else(|| otsu(&means));
    let mut grid = Grid::new(width, height);
    for (i, &m) in means.iter().enumerate() {
        grid.set(
            i % width,
            i / width,
            if m < cut { Cell::Filled } else { Cell::Empty },
        );
    }
    Ok(grid)
}

/// Otsu's threshold of values in 0..=1: the cut that best separates dark from light.
fn otsu(values: &[f32]) -> f32 {
    const BINS: usize = 256;
    let mut hist = [0u32; BINS];
    for &v in values {
        hist[((v.clamp(0.0, 1.0) * (BINS - 1) as f32) as usize).min(BINS - 1)] += 1;
    }
    let total = values.len() as f64;
    let sum: f64 = hist
        .iter()
        .enumerate()
        .map(|(i, &h)| i as f64 * f64::from(h))
        .sum();
    let (mut w0, mut sum0, mut best, mut cut) = (0.0, 0.0, -1.0, 0.5);
    for (i, &h) in hist.iter().enumerate() {
        w0 += f64::from(h);
        if w0 == 0.0 || w0 == total {
            continue;
        }
        sum0 += i as f64 * f64::from(h);
        let (m0, m1) = (sum0 / w0, (sum - sum0) / (total - w0));
        let between = w0 * (total - w0) * (m0 - m1) * (m0 - m1);
        if between > best {
            best = between;
            cut = (i as f32 + 0.5) / (BINS - 1) as f32;
        }
    }
    cut
}

/// What a verb that reads puzzle files says of a webpbn XML file.
pub fn webpbn_is_no_puzzle_file(xml: &Path) -> String {
    format!(
        "{} is {}, not a puzzle file: `lockwright nonogram import {}` makes a nonogram (.non) of it, and `lockwright studio {}` opens it",
        xml.display(),
        crate::nonogram::webpbn::format_name(xml),
        xml.display(),
        xml.display()
    )
}

/// `check` of a webpbn XML file: where it cannot be imported, and else each puzzle's problems
/// as the `.non` text it imports as, as `nonogram import` lists them: a name for each report
/// (the file's, or its puzzle's), the text the report's places are in, and the report.
pub fn check_xml(xml: &Path) -> Vec<(String, String, Vec<lockfmt::Diagnostic>)> {
    use crate::nonogram::webpbn::{Refused, read};
    let shown = xml.display().to_string();
    match read(xml) {
        Ok(puzzles) => puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let printed = lockfmt::nonogram::print(p);
                let diagnostics = lockfmt::nonogram::parse(&printed).diagnostics;
                (
                    format!("{shown} (puzzle {} as .non)", i + 1),
                    printed,
                    diagnostics,
                )
            })
            .collect(),
        Err(Refused::Xml(text, e)) => vec![(shown, text, vec![e.into()])],
        Err(Refused::Read(e)) => {
            let span = lockfmt::diagnostic::Span::on_line(1, 1, 1);
            let d = lockfmt::Diagnostic::error(span, "unreadable", e.to_string());
            vec![(shown, String::new(), vec![d])]
        }
    }
}

/// `nonogram import FILE.xml`: each puzzle of a webpbn XML file as a `.non` file. Exit 1 when
/// the XML holds no puzzle this format keeps (with the problem at its line and column), or when
/// a puzzle written has problems `check` reports (listed).
pub fn import_xml(xml: &Path, output: Option<PathBuf>, force: bool) -> Result<ExitCode> {
    let puzzles = match crate::nonogram::webpbn::read(xml) {
        Ok(puzzles) => puzzles,
        Err(crate::nonogram::webpbn::Refused::Xml(text, e)) => {
            crate::cli::print_diagnostics(&xml.display().to_string(), &text, &[e.into()]);
            return Ok(ExitCode::from(2));
        }
        Err(crate::nonogram::webpbn::Refused::Read(e)) => return Err(e.into()),
    };
    let out = output.unwrap_or_else(|| xml.with_extension("non"));
    let outs: Vec<PathBuf> = if puzzles.len() == 1 {
        vec![out]
    } else {
        let stem = out
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        (1..=puzzles.len())
            .map(|i| out.with_file_name(format!("{stem}-{i}.non")))
            .collect()
    };
    for o in &outs {
        crate::cli::refuse_existing(o, force)?;
    }
    let mut problems = false;
    for (puzzle, o) in puzzles.iter().zip(&outs) {
        let printed = lockfmt::nonogram::print(puzzle);
        write_atomic(o, &printed)?;
        crate::say!("{}: {}×{} cells", o.display(), puzzle.width, puzzle.height);
        // Written all the same (the editor is where clues are put right), but said now rather
        // than at the next `check`.
        let diagnostics = lockfmt::nonogram::parse(&printed).diagnostics;
        if !diagnostics.is_empty() {
            crate::cli::print_diagnostics(&o.display().to_string(), &printed, &diagnostics);
            problems |= diagnostics.iter().any(lockfmt::Diagnostic::is_error);
        }
    }
    Ok(if problems {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `nonogram export FILE.non`: the puzzle as a webpbn XML file. Exit 1 when it does not read.
pub fn export_xml(file: &Path, output: Option<PathBuf>, force: bool) -> Result<ExitCode> {
    let (text, parsed) = read(file);
    let Some(puzzle) = parsed.valid_puzzle() else {
        crate::cli::print_diagnostics(&file.display().to_string(), &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    };
    let out = output.unwrap_or_else(|| file.with_extension("xml"));
    crate::cli::refuse_existing(&out, force)?;
    write_atomic(&out, &lockfmt::nonogram::webpbn::export(puzzle))?;
    crate::say!("{}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// The nonogram tools.
#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
pub enum Verb {
    /// Import a webpbn XML file (webpbn.com's export) or an Olšák .g file (black on white) as
    /// .non: its puzzle, or with several, one file each (NAME-1.non, NAME-2.non, …). A puzzle
    /// whose clues cannot all be given is written still, its problems listed, and the exit code
    /// is 1.
    Import {
        /// The XML or .g file.
        xml: PathBuf,
        /// Where to write the puzzle (default: the XML file's name with .non).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Write the files even if they exist.
        #[arg(long)]
        force: bool,
    },
    /// Export a nonogram as a webpbn XML file.
    Export {
        /// The nonogram (.non).
        file: PathBuf,
        /// Where to write the XML (default: the file's name with .xml).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Write the file even if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Threshold a PNG picture into a nonogram W cells wide (the height follows the picture),
    /// write it as .non, and say whether it is unique and whether the line rule solves it.
    FromImage {
        /// The picture (PNG).
        picture: PathBuf,
        /// The puzzle's width in cells.
        #[arg(long)]
        width: usize,
        /// Where to write the puzzle (default: the picture's name with .non).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Cells darker than this share of white are filled (0 to 1; default: the picture's
        /// own middle grey, by Otsu's method).
        #[arg(long)]
        threshold: Option<f32>,
        /// Write the file even if it exists.
        #[arg(long)]
        force: bool,
    },
}

/// Runs a verb only nonograms have.
pub fn run(verb: Verb) -> Result<ExitCode> {
    match verb {
        Verb::Import { xml, output, force } => import_xml(&xml, output, force),
        Verb::Export {
            file,
            output,
            force,
        } => export_xml(&file, output, force),
        Verb::FromImage {
            picture,
            width,
            output,
            threshold,
            force,
        } => from_image(&picture, width, output, threshold, force),
    }
}

/// How a nonogram answers the command line's verbs: no moves to play or verify.
pub const VERBS: crate::cli::verbs::Verbs = crate::cli::verbs::Verbs {
    solve_flags: &["--threads"],
    render_flags: &["--solution"],
    new: |args| {
        if args.size.is_some() {
            bail!("a nonogram takes --width and --height, not --size");
        }
        new(
            args.name()?,
            args.width.unwrap_or(10),
            args.height.unwrap_or(10),
            args.force,
        )
    },
    solve: |args| {
        solve(
            &args.file,
            args.json,
            args.timeout,
            args.max_states,
            args.threads,
        )
    },
    animate: crate::nonogram::animation::animate,
    render: |args| {
        if !(16..=8192).contains(&args.width) {
            bail!(
                "--width {} is out of range: from 16 to 8192 pixels",
                args.width
            );
        }
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
        about: "Nonogram tools: `from-image` turns a picture into a puzzle, `import` reads webpbn's XML and Olšák's .g files, `export` writes webpbn's XML",
        command: <Verb as clap::Subcommand>::augment_subcommands,
        run: |matches| run(<Verb as clap::FromArgMatches>::from_arg_matches(matches)?),
    }),
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A black drawing on a transparent background came out with its background filled: the
    /// transparent pixels were read by their colour, black, alpha dropped.
    #[test]
    fn a_transparent_background_is_white_and_half_transparent_black_is_grey() {
        let img = image::RgbaImage::from_fn(4, 1, |x, _| match x {
            0 => image::Rgba([0, 0, 0, 0]),
            1 => image::Rgba([0, 0, 0, 255]),
            2 => image::Rgba([0, 0, 0, 128]),
            _ => image::Rgba([255, 255, 255, 0]),
        });
        let grey = over_white(&image::DynamicImage::ImageRgba8(img));
        let values: Vec<u8> = grey.pixels().map(|p| p.0[0]).collect();
        assert_eq!(values, [255, 0, 127, 255]);
    }

    #[test]
    fn a_picture_is_shrunk_by_averaging_and_cut_at_its_own_middle_grey() {
        // A 40×20 picture: black left half, white right half.
        let img =
            image::GrayImage::from_fn(40, 20, |x, _| image::Luma([if x < 20 { 10 } else { 240 }]));
        let g = threshold_picture(&img, 4, None).expect("a grid");
        assert_eq!((g.width(), g.height()), (4, 2));
        assert_eq!(g.to_rows(), vec!["##..", "##.."]);
        let g = threshold_picture(&img, 4, Some(0.01)).expect("a grid");
        assert_eq!(
            g.to_rows(),
            vec!["....", "...."],
            "nothing is darker than 1%"
        );
    }
}
