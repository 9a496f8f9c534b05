//! What Lockwright knows of nonograms without a window: the picture shared by the canvas and
//! the PNG exporter, the templates, and webpbn XML opened where a puzzle is expected.

pub mod animation;
pub mod cli;
pub mod picture;
pub mod progress;
pub mod render;
pub mod templates;
pub mod term;
pub mod webpbn;

/// How many threads a nonogram of `cells` cells that needs search may use
/// (`engine::nonogram::solve_on_threads`), in the editor and for `solve` without `--threads`:
/// one a core, up to eight, on a machine of four cores or more; on two or three cores, two on
/// a picture small enough for the general SAT solver to have a thread of its own beside the
/// search (`engine::nonogram::SAT_SOLVER_THREAD_UP_TO`), else one. A hard picture's time is
/// heavy-tailed, so the quickest of four searches run one by one takes a quarter less in all
/// than the first alone; but two searches racing on two cores were no quicker than one (they
/// share the caches, and the studio's window wants its core), while the SAT solver, another
/// kind of search, answers the puzzles the search handles badly in half the time on a core of
/// its own: `docs/nonogram-solver.md`, "Several searches at once" and "The SAT solver beside".
pub fn search_threads(cells: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if cores >= 4 {
        cores.min(8)
    } else if cores >= 2 && cells <= engine::nonogram::SAT_SOLVER_THREAD_UP_TO {
        2
    } else {
        1
    }
}

/// The nonogram's entry in the studio's registry of families.
pub const ENTRY: crate::family::FamilyInfo = crate::family::entry(
    crate::family::Family::Nonogram,
    ("nonogram", "nonograms"),
    &lockfmt::nonogram::Nonogram,
    crate::family::Templates {
        label: "Nonogram",
        prefix: "nonogram-",
        new_name: "New nonogram",
        blank: crate::nonogram::templates::BLANK[0].0,
        names: crate::nonogram::templates::names,
        text_of: crate::nonogram::templates::text_of,
    },
    crate::nonogram::cli::VERBS,
    crate::nonogram::render::thumbnail_of_text,
    crate::progress::games::<crate::nonogram::progress::NonogramPlay>(),
)
.with_term(crate::nonogram::term::open);
