//! How reading grows with the text: each case is read at two sizes, ten times apart, and the
//! ratio of the times printed (linear work gives about 10, quadratic about 100). These figures
//! were once tests that asserted the ratio; a test must not depend on the machine's clock, so
//! the tests now check what is read at the large size and the timing lives here.
//!
//! Run with `cargo bench -p lockwright-lockfmt --bench parse_scaling`.

use std::time::{Duration, Instant};

/// The fastest of five reads, to keep a busy machine's noise out.
fn fastest(read: &dyn Fn(&str), text: &str) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            read(text);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ratio(name: &str, read: &dyn Fn(&str), make: &dyn Fn(usize) -> String, short: usize) {
    let a = fastest(read, &make(short));
    let b = fastest(read, &make(short * 10));
    let r = b.as_secs_f64() / a.as_secs_f64().max(1e-9);
    let verdict = if r < 30.0 { "linear" } else { "NOT LINEAR" };
    println!("{name:<48} {a:>12.2?} {b:>12.2?}  ×{r:>6.1}  {verdict}");
}

fn nonogram(text: &str) {
    std::hint::black_box(lockfmt::nonogram::parse(text));
}

fn hexlock(text: &str) {
    std::hint::black_box(lockfmt::hexlock::parse(text));
}

fn sliding(text: &str) {
    let parsed = lockfmt::sliding::parse(text);
    std::hint::black_box(lockfmt::sliding::highlight::lines(text, &parsed));
}

/// A valid k×k puzzle of about `n` cells, every cell filled, its goal starting with `first`.
fn full_square(n: usize, first: &str) -> String {
    let k = (n as f64).sqrt() as usize;
    let clues = format!("{k}\n").repeat(k);
    let goal = format!("{first}{}", "1".repeat(k * k - 1));
    format!("width {k}\nheight {k}\nrows\n{clues}columns\n{clues}goal \"{goal}\"\n")
}

/// A lock whose grid has one very long row of `cells` cells, the row starting with `first`.
fn long_row(cells: usize, first: &str) -> String {
    format!(
        "lockwright-lock 1\nname: Long\nsize: 3\n\ngrid:\n{first}{}\n",
        " .".repeat(cells)
    )
}

fn main() {
    println!("{:<48} {:>12} {:>12}  ratio", "case", "short", "×10");
    ratio(
        "nonogram: a long goal",
        &nonogram,
        &|n| full_square(n, "1"),
        10_000,
    );
    ratio(
        "nonogram: a long non-ASCII goal",
        &nonogram,
        &|n| full_square(n, "é"),
        10_000,
    );
    ratio(
        "nonogram: many clue lines",
        &nonogram,
        &|n| {
            format!(
                "width {n}\nheight 1\nrows\n{n}\ncolumns\n{}",
                "1\n".repeat(n)
            )
        },
        1_000,
    );
    ratio(
        "nonogram: a long clue line",
        &nonogram,
        &|n| {
            format!(
                "width {}\nheight 1\nrows\n{}1\ncolumns\n",
                2 * n,
                "1,".repeat(n)
            )
        },
        10_000,
    );
    ratio(
        "nonogram: a long string of references",
        &nonogram,
        &|n| {
            format!(
                "title \"{}\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
                "&eacute;é".repeat(n / 2)
            )
        },
        10_000,
    );
    ratio(
        "hex lock: a long ASCII grid row",
        &hexlock,
        &|n| long_row(n, "."),
        40_000,
    );
    ratio(
        "hex lock: a long grid row, non-ASCII first",
        &hexlock,
        &|n| long_row(n, "é"),
        40_000,
    );
    ratio(
        "sliding lock: rows of the picture",
        &sliding,
        &|n| "9 . a a . . . . K K * @\n".repeat(n),
        270,
    );
}
