//! Pictures of nonograms as PNG files: the clues and the grid, with the solution's cells
//! filled when one is given; and the small picture the folder panel shows.

use super::picture::{self, Layout, Palette};
use crate::shape::{self, Shape};
use anyhow::{Context, Result};
use engine::nonogram::{Grid, Puzzle};
use tiny_skia::{Pixmap, Transform};

/// The largest picture drawn, in pixels a side: a bigger request is refused with a reason.
pub const MAX_SIDE: u32 = 8192;

/// Draws a puzzle `width` pixels wide (the height follows): its clues and grid, with `cells`
/// (a solution, or a player's marks) drawn in the grid when given.
pub fn pixmap(
    puzzle: &Puzzle,
    cells: Option<&Grid>,
    width: u32,
    palette: &Palette,
) -> Result<Pixmap> {
    let layout = Layout::of(puzzle);
    let (_, h) = layout.extent();
    let scale = scale_of(&layout, width);
    let height = ((h + 2.0 * MARGIN) * scale).ceil().max(1.0) as u32;
    if width > MAX_SIDE || height > MAX_SIDE {
        anyhow::bail!("a picture {width}×{height} pixels is larger than {MAX_SIDE} a side");
    }
    let mut pm = Pixmap::new(width.max(1), height).context("the picture is too large to draw")?;
    let bg = palette.background;
    pm.fill(tiny_skia::Color::from_rgba(bg.0, bg.1, bg.2, bg.3).unwrap_or(tiny_skia::Color::WHITE));
    let t = Transform::from_row(scale, 0.0, 0.0, scale, MARGIN * scale, MARGIN * scale);
    let blank = Grid::new(puzzle.width, puzzle.height);
    let grid = cells.unwrap_or(&blank);
    let sight = picture::Sight::whole(&layout, scale);
    let mut shapes = picture::clues_in(puzzle, &layout, None, palette, &sight);
    shapes.extend(picture::cells_in(&layout, grid, palette, &sight));
    shape::paint_pixmap(&mut pm, &shapes, t);
    Ok(pm)
}

/// The margin around the picture, in cells.
const MARGIN: f32 = 0.5;

/// The pixels a cell takes in a picture `width` pixels wide.
fn scale_of(layout: &Layout, width: u32) -> f32 {
    width as f32 / (layout.extent().0 + 2.0 * MARGIN)
}

/// The pixels a cell takes in a picture of `puzzle` `width` pixels wide, and the width at which
/// it takes [`picture::CLUE_PIXELS`], enough to read the clues.
pub fn cell_pixels(puzzle: &Puzzle, width: u32) -> (f32, u32) {
    let layout = Layout::of(puzzle);
    let (w, _) = layout.extent();
    (
        scale_of(&layout, width),
        ((w + 2.0 * MARGIN) * picture::CLUE_PIXELS).ceil() as u32,
    )
}

/// A puzzle's picture as PNG bytes.
pub fn png(
    puzzle: &Puzzle,
    cells: Option<&Grid>,
    width: u32,
    palette: &Palette,
) -> Result<Vec<u8>> {
    shape::png(&pixmap(puzzle, cells, width, palette)?)
}

/// The folder panel's small picture: the goal, or the empty grid, with no clues.
pub fn thumbnail(puzzle: &Puzzle, width: u32, palette: &Palette) -> Option<Pixmap> {
    let (w, h) = (puzzle.width.max(1) as f32, puzzle.height.max(1) as f32);
    let scale = width as f32 / w;
    let height = (h * scale).ceil().clamp(1.0, f32::from(u16::MAX)) as u32;
    let mut pm = Pixmap::new(width.max(1), height)?;
    let layout = Layout {
        width: puzzle.width,
        height: puzzle.height,
        clue_columns: 0,
        clue_rows: 0,
    };
    let blank = Grid::new(puzzle.width, puzzle.height);
    let grid = puzzle.goal.as_ref().unwrap_or(&blank);
    shape::paint_pixmap(
        &mut pm,
        &thumbnail_cells(&layout, grid, palette, scale),
        Transform::from_scale(scale, scale),
    );
    Some(pm)
}

/// The shapes of a thumbnail `scale` pixels a cell: in blocks where a cell is too small to see
/// (a 4096×4096 picture in 72 pixels drew 16.7 million cells, 2.7 GB of shapes, for each
/// thumbnail).
fn thumbnail_cells(layout: &Layout, grid: &Grid, palette: &Palette, scale: f32) -> Vec<Shape> {
    picture::cells_in(layout, grid, palette, &picture::Sight::whole(layout, scale))
}

/// How long a thumbnail may look for the picture of a nonogram written as clues only.
const THUMBNAIL_SOLVE: engine::nonogram::Limits =
    engine::nonogram::Limits::time(std::time::Duration::from_millis(50));

/// A nonogram file's thumbnail: its picture, when its goal is written or the solver finds
/// the one quickly (most published puzzles: milliseconds), else the empty grid.
pub fn thumbnail_of_text(
    text: &str,
    width: u32,
    shade: crate::family::Shade,
) -> Option<crate::family::Thumbnail> {
    let mut puzzle = lockfmt::nonogram::parse(text).document?.puzzle;
    if puzzle.width == 0 || puzzle.height == 0 {
        return None;
    }
    if puzzle.goal.is_none()
        && let engine::nonogram::Answer::Unique(picture) =
            engine::nonogram::solve(&puzzle, &THUMBNAIL_SOLVE).answer
    {
        puzzle.goal = Some(picture);
    }
    Some(crate::family::Thumbnail::of(&thumbnail(
        &puzzle,
        width,
        &Palette::of_shade(shade),
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nonogram::PuzzleInfo;

    /// A thumbnail drew every cell however small: a 4096×4096 picture in 72 pixels built 16.7
    /// million shapes (2.7 GB) for each thumbnail. It draws what its pixels can show.
    #[test]
    fn a_thumbnail_of_a_huge_picture_is_drawn_in_blocks_and_still_shows_it() {
        let n = 2048;
        let mut goal = Grid::new(n, n);
        for y in 0..n {
            for x in 0..n / 2 {
                goal.set(x, y, engine::nonogram::Cell::Filled);
            }
        }
        let layout = Layout {
            width: n,
            height: n,
            clue_columns: 0,
            clue_rows: 0,
        };
        let shapes = thumbnail_cells(&layout, &goal, &Palette::LIGHT, 72.0 / n as f32);
        assert!(shapes.len() < 10_000, "{} shapes", shapes.len());
        let mut p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        p.goal = Some(goal);
        let pm = thumbnail(&p, 72, &Palette::LIGHT).expect("a thumbnail");
        let at = |x: u32| pm.pixel(x, 36).expect("pixel").red();
        assert!(at(10) < 128, "the filled half is dark");
        assert!(at(60) > 128, "the empty half is light");
    }

    #[test]
    fn the_png_has_the_width_asked_and_shows_the_solution_when_given() {
        let goal = Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("grid");
        let p = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        let blank = image::load_from_memory(&png(&p, None, 320, &Palette::LIGHT).expect("png"))
            .expect("decodes")
            .to_rgba8();
        let solved =
            image::load_from_memory(&png(&p, Some(&goal), 320, &Palette::LIGHT).expect("png"))
                .expect("decodes")
                .to_rgba8();
        assert_eq!(blank.width(), 320);
        assert_eq!(blank.dimensions(), solved.dimensions());
        // The grid's middle cell (2, 2) is filled in the solution: dark there, light before.
        let layout = Layout::of(&p);
        let scale = 320.0 / (layout.extent().0 + 1.0);
        let c = layout.corner(2, 2);
        let (x, y) = (
            ((c.0 + 0.5 + 0.5) * scale) as u32,
            ((c.1 + 0.5 + 0.5) * scale) as u32,
        );
        let dark = |px: &image::Rgba<u8>| px.0[0] < 100;
        assert!(!dark(blank.get_pixel(x, y)));
        assert!(dark(solved.get_pixel(x, y)));
        assert!(
            png(&p, None, 100_000, &Palette::LIGHT).is_err(),
            "too large is refused"
        );
    }
}
