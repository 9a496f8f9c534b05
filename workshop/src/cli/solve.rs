//! `lockwright solve FILE`: a shortest solution, a proof that none exists, or the limit that
//! stopped the search; with `--analyse`, what the search says about the lock's design.

use super::read_lock;
use crate::family::Family;
use crate::hexlock::solver::{self, Job};
use anyhow::{Context, Result, anyhow, bail};
use engine::hexlock::Lock;
use engine::hexlock::search::{Analysis, Goal, Limits, Progress, SearchReport, Verdict};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The options of `lockwright solve`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Exit status, the same in every family: 0 solved (a nonogram: a solution \
                  exists; a sliding lock: picked), 1 no solution (the lock cannot be opened or \
                  picked; a nonogram's clues contradict themselves), 2 the file cannot be read \
                  or breaks its family's rules, 3 a limit stopped the search. With several \
                  files, the highest of their statuses."
)]
pub struct SolveArgs {
    /// The puzzle files — hex locks (.lock), nonograms (.non), Quadrillion boards (.quad),
    /// sliding locks (.slide) — or folders: every puzzle file in them and their subfolders,
    /// solved one after another in this one process.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The file being solved (one of `files`).
    #[arg(skip)]
    pub file: PathBuf,
    /// Print each answer as one JSON object on one line of standard output, whatever happens
    /// (`"status": "error"` with the diagnostics when a file cannot be read).
    #[arg(long)]
    pub json: bool,
    /// Threads to search with, 1 to 256 (default: every core; a nonogram: one a core up to 8
    /// with 4 cores or more, else 1, or 2 on a picture of up to 2,048 cells). The answer is the
    /// same with any number (a nonogram's searches race, and on a picture of up to 2,048 cells
    /// one thread is a general SAT solver's: for "multiple", which two solutions stand for it
    /// may differ).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
    /// Stop after visiting this many states (a nonogram: after this many search nodes).
    #[arg(long, alias = "max-nodes")]
    pub max_states: Option<u64>,
    /// Stop rather than hold more memory than this: bytes, or with a unit (500M, 2G, 1.5GiB).
    #[arg(long, value_parser = parse_size)]
    pub max_memory: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_parser = super::seconds)]
    pub timeout: Option<Duration>,
    /// A Quadrillion board (.quad): count every solution, and say whether there is exactly one.
    #[arg(long)]
    pub count: bool,
    /// Write the solution found to this solution file.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub write_solution: Option<PathBuf>,
    /// Analyse the lock: visit every reachable state, count them, say whether the shortest
    /// solution is unique and how much the lock branches.
    #[arg(long, alias = "analyze")]
    pub analyse: bool,
    /// With --analyse: the author's solution file, checked and compared with the shortest.
    #[arg(long, value_name = "SOLUTION", requires = "analyse")]
    pub author: Option<PathBuf>,
}

impl SolveArgs {
    /// Refuses the flags the solver of `family` does not take, naming those it does: a flag
    /// that does nothing — a solution file never written — would leave the user believing it
    /// did.
    pub fn only_for(&self, family: Family) -> Result<()> {
        let flags: [(&str, bool); 5] = [
            ("--analyse", self.analyse),
            ("--threads", self.threads.is_some()),
            ("--max-memory", self.max_memory.is_some()),
            ("--write-solution", self.write_solution.is_some()),
            ("--count", self.count),
        ];
        let its = family.info().verbs.solve_flags;
        let refused: Vec<&str> = flags
            .iter()
            .filter(|(name, given)| *given && !its.contains(name))
            .map(|(name, _)| *name)
            .collect();
        if refused.is_empty() {
            return Ok(());
        }
        let mut takes = vec!["--json", "--timeout", "--max-states"];
        takes.extend(its.iter().copied());
        bail!(
            "{} {} not for a {}: its solver takes {}",
            lockfmt::words::listed(&refused),
            if refused.len() == 1 { "is" } else { "are" },
            family.info().name,
            lockfmt::words::listed(&takes)
        )
    }
}

/// Reads a size such as `512M`, `2G`, `1.5GiB` or `1000000`: units are powers of 1024.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size: write bytes, or e.g. 500M, 2G"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0_f64.powi(4),
        other => return Err(format!("unknown size unit `{other}`: use K, M, G or T")),
    };
    Ok((value * scale) as u64)
}

/// `solve --json`: one object, in the move notation and plain numbers (seconds, bytes).
#[derive(Serialize)]
struct JsonAnswer<'a> {
    path: String,
    lock: &'a str,
    /// "solved", "unsolvable" or "stopped".
    status: &'static str,
    /// What stopped the search, in words, when a limit did.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_by: Option<String>,
    /// The shortest solution found, in the move notation.
    solution: Option<String>,
    /// Its length.
    moves: Option<usize>,
    /// Whether the shortest solution is the only one (when the search counted them).
    unique: Option<bool>,
    stats: JsonStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<JsonAnalysis>,
}

#[derive(Serialize)]
struct JsonStats {
    visited: u64,
    expanded: u64,
    generated: u64,
    /// States found at each depth.
    layers: Vec<u64>,
    threads: usize,
    seconds: f64,
    generated_per_second: f64,
    peak_bytes: u64,
    bytes_per_state: f64,
}

#[derive(Serialize)]
struct JsonAnalysis {
    reachable: Option<u64>,
    shortest_length: Option<usize>,
    unique: Option<bool>,
    branching: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<JsonAuthor>,
}

#[derive(Serialize)]
struct JsonAuthor {
    /// The author's moves, in the move notation.
    solution: String,
    /// After how many of them the lock is first open; `null` when it never is.
    opened_after: Option<usize>,
    /// A solution shorter than the author's, when the search found one.
    shortcut: Option<String>,
}

impl JsonAnswer<'_> {
    fn new<'a>(
        path: String,
        lock: &'a Lock,
        report: &SearchReport,
        analysis: Option<&Analysis>,
    ) -> JsonAnswer<'a> {
        let (status, stopped_by) = match report.verdict() {
            Verdict::Solved => ("solved", None),
            Verdict::Unsolvable => ("unsolvable", None),
            Verdict::GaveUp { limit } => ("stopped", Some(limit.to_string())),
        };
        let st = &report.stats;
        let notation = |m: &[engine::hexlock::Move]| lockfmt::hexlock::format_moves(m);
        JsonAnswer {
            path,
            lock: &lock.info.name,
            status,
            stopped_by,
            solution: report.solution.as_deref().map(notation),
            moves: report.solution.as_ref().map(Vec::len),
            unique: report.shortest.map(|c| c.unique()),
            stats: JsonStats {
                visited: st.visited,
                expanded: st.expanded,
                generated: st.generated,
                layers: st.layers.clone(),
                threads: st.threads,
                seconds: st.elapsed.as_secs_f64(),
                generated_per_second: st.generated_per_second(),
                peak_bytes: st.peak_bytes,
                bytes_per_state: st.bytes_per_state(),
            },
            analysis: analysis.map(|a| JsonAnalysis {
                reachable: a.reachable,
                shortest_length: a.shortest_length,
                unique: a.unique,
                branching: a.branching,
                author: a.author.as_ref().map(|c| JsonAuthor {
                    solution: notation(&c.moves),
                    opened_after: c.replay.opened_after,
                    shortcut: c.shortcut.as_deref().map(notation),
                }),
            }),
        }
    }
}

/// The most threads a search is given.
pub(crate) const MAX_THREADS: usize = 256;

/// `--threads` checked: 1 to [`MAX_THREADS`], each thread being a real one with its own stack
/// (100,000 of them aborted the process); `None` when not given.
pub(crate) fn threads(given: Option<usize>) -> Result<Option<usize>> {
    match given {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => {
            bail!("--threads is from 1 to {MAX_THREADS}, not {t}")
        }
        t => Ok(t),
    }
}

pub fn run(args: &SolveArgs) -> Result<ExitCode> {
    let shown = args.file.display().to_string();
    let (text, parsed) = read_lock(&args.file);
    let Some(lock) = parsed.valid_lock().cloned() else {
        // No lock to search is not a proof that none opens: it cannot be read.
        return Ok(super::answer::unreadable(
            &shown,
            &text,
            &parsed.diagnostics,
            args.json,
        ));
    };
    let author = match &args.author {
        Some(path) => Some(read_solution(path, &lock)?),
        None => None,
    };
    threads(args.threads)?;
    let timeout = args.timeout;
    let job = Job {
        lock: lock.clone(),
        threads: args.threads,
        limits: Limits {
            max_steps: args.max_states,
            max_memory: args.max_memory,
            timeout,
        },
        goal: Goal::Solution,
        analyse: args.analyse.then(|| author.clone()),
    };

    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg}").unwrap_or(ProgressStyle::default_spinner()),
    );
    let mut on_progress = |p: &Progress| {
        // Only searches that take a while earn a bar.
        if p.elapsed >= Duration::from_millis(300) {
            bar.set_message(progress_line(p));
            bar.tick();
        }
    };
    let answer = solver::run(&job, &mut on_progress, None).map_err(|e| anyhow!("{shown}: {e}"))?;
    bar.finish_and_clear();
    let (report, analysis) = (answer.report, answer.analysis);

    if let (Some(path), Some(moves)) = (&args.write_solution, &report.solution) {
        let solution = lockfmt::hexlock::Solution::for_lock(&lock, moves.clone());
        crate::files::write_atomic(path, &lockfmt::hexlock::print_solution(&solution))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let verdict = report.verdict();
    if args.json {
        let answer = JsonAnswer::new(shown, &lock, &report, analysis.as_ref());
        super::answer::print(&answer);
    } else {
        print_answer(&shown, &lock, &report);
        if let Some(a) = &analysis {
            print_analysis(a);
        }
        if let (Some(path), Some(_)) = (&args.write_solution, &report.solution) {
            crate::say!("solution written to {}", path.display());
        }
    }
    Ok(ExitCode::from(verdict.outcome().exit_code()))
}

/// Reads the author's solution for a lock.
fn read_solution(path: &Path, lock: &Lock) -> Result<Vec<engine::hexlock::Move>> {
    let text = super::read_text(path)?;
    super::verify::refuse_a_puzzle_as_solution(path, &text)?;
    let shown = path.display().to_string();
    let solution = lockfmt::hexlock::parse_solution(&text).map_err(|ds| {
        let rendered: String = ds.iter().map(|d| d.render(&shown, &text)).collect();
        anyhow!("{}", rendered.trim_end())
    })?;
    if !solution.names(lock) {
        bail!(
            "{shown} is a solution of another lock (`{}`), not of `{}`",
            solution.lock_name,
            lock.info.name
        );
    }
    Ok(solution.moves)
}

fn progress_line(p: &Progress) -> String {
    let rate = p.generated as f64 / p.elapsed.as_secs_f64().max(1e-9);
    format!(
        "turn {}: {} states, frontier {}, {}/s, {}",
        p.depth + 1,
        lockfmt::words::grouped(p.visited),
        lockfmt::words::grouped(p.frontier),
        si(rate),
        bytes(p.bytes as f64)
    )
}

fn print_answer(shown: &str, lock: &Lock, report: &SearchReport) {
    let name = &lock.info.name;
    match report.verdict() {
        Verdict::Solved => {
            let moves = report.solution.as_deref().unwrap_or_default();
            crate::say!(
                "{shown}: {name} opens in {}",
                lockfmt::words::count(moves.len(), "move")
            );
            crate::say!("{}", lockfmt::hexlock::format_moves(moves));
        }
        Verdict::Unsolvable => crate::say!(
            "{shown}: {name} cannot be opened: {} visited",
            match report.stats.visited {
                1 => "its only reachable state".to_string(),
                n => format!("all {} reachable states", lockfmt::words::grouped(n)),
            }
        ),
        Verdict::GaveUp { limit } => crate::say!(
            "{shown}: no solution within {} moves; stopped by {limit}",
            report.stats.layers.len().saturating_sub(1)
        ),
    }
    let st = &report.stats;
    crate::say!(
        "{} visited, {} played in {:.2} s ({}/s, {}), {:.1} bytes per state",
        lockfmt::words::count(st.visited as usize, "state"),
        lockfmt::words::count(st.generated as usize, "turn"),
        st.elapsed.as_secs_f64(),
        si(st.generated_per_second()),
        lockfmt::words::count(st.threads, "thread"),
        st.bytes_per_state()
    );
}

fn print_analysis(a: &Analysis) {
    match a.reachable {
        Some(n) => crate::say!("reachable states: {n}"),
        None => crate::say!(
            "reachable states: unknown (stopped by {})",
            a.report
                .stopped_by
                .map_or("a limit".to_string(), |l| l.to_string())
        ),
    }
    if let (Some(len), Some(count)) = (a.shortest_length, a.report.shortest) {
        let which = if count.unique() {
            "unique".to_string()
        } else {
            format!(
                "not unique: {} state sequences, {} move lists",
                count.state_paths, count.move_lists
            )
        };
        crate::say!(
            "shortest solution: {}, {which}",
            lockfmt::words::count(len, "move")
        );
    }
    crate::say!("branching factor: {:.2}", a.branching);
    if let Some(c) = &a.author {
        match c.replay.opened_after {
            Some(n) => crate::say!(
                "author's solution: opens the lock after {}",
                lockfmt::words::count(n, "move")
            ),
            None => crate::say!(
                "author's solution: does not open the lock (not open after {} moves)",
                c.replay.moves
            ),
        }
        crate::say!("  {}", lockfmt::hexlock::format_moves(&c.moves));
        if let Some(short) = &c.shortcut {
            crate::say!(
                "shortcut: {}, shorter than the author's",
                lockfmt::words::count(short.len(), "move")
            );
            crate::say!("  {}", lockfmt::hexlock::format_moves(short));
        }
    }
}

/// A rate with an SI prefix.
fn si(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn bytes(x: f64) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    if x >= 1024.0 * MIB {
        format!("{:.2} GiB", x / (1024.0 * MIB))
    } else {
        format!("{:.1} MiB", x / MIB)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_take_binary_units() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("2K"), Ok(2048));
        assert_eq!(parse_size("1.5GiB"), Ok(1_610_612_736));
        assert_eq!(parse_size("500m"), Ok(500 << 20));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3Q").is_err());
    }
}
