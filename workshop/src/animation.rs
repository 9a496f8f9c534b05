//! A puzzle's solution played as an animated GIF: the start, one frame per move or step, and
//! a hold on the end — what `lockwright render --animate` writes and the studio's Export
//! animation saves. Each family says which frames its solution makes (its `animation`
//! module, reached through its `Verbs::animate`); this module times and encodes them.

use engine::solving::Limits;
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};
use std::time::Duration;
use tiny_skia::Pixmap;

/// How long each frame but the last is shown: long enough to see what moved.
const STEP: Duration = Duration::from_millis(700);
/// How long the last frame is held before the animation starts again, so that the solved
/// puzzle is seen as such.
const HOLD: Duration = Duration::from_millis(2500);

/// The widest animation drawn, in pixels: each frame is drawn whole, and a GIF is shared, not
/// printed.
pub const MAX_WIDTH: u32 = 2048;

/// How long the solver may look for a solution to animate, unless told otherwise.
pub const SOLVE_TIME: Duration = Duration::from_secs(30);

/// How an animation is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// The frames' width in pixels (the height follows the puzzle's shape).
    pub width: u32,
    /// The dark theme's colours.
    pub dark: bool,
    /// A hex lock's pieces coloured so that touching ones differ.
    pub distinct: bool,
    /// How far the solver may look for the solution to animate.
    pub limits: Limits,
}

impl Look {
    /// `width` pixels wide, in the theme's colours, pieces coloured by kind, the solver given
    /// [`SOLVE_TIME`].
    pub fn new(width: u32, dark: bool) -> Look {
        Look {
            width,
            dark,
            distinct: false,
            limits: Limits::time(SOLVE_TIME),
        }
    }
}

/// A family's way of animating a puzzle's text: with the moves of a solution file's text, or
/// the solver's.
pub type Animate = fn(&str, Option<&str>, &Look) -> Result<Animated, Error>;

/// What animating a puzzle's solution came to.
pub enum Animated {
    /// The frames to play.
    Film(Film),
    /// No solution exists: why, in the game's words.
    NoSolution(String),
    /// A limit stopped the solver before it found one: which.
    Stopped(String),
}

/// Why a puzzle's solution could not be animated.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The puzzle does not read, or breaks its family's rules.
    #[error("the puzzle does not read")]
    Unreadable(Vec<lockfmt::Diagnostic>),
    /// The puzzle reads but cannot be played (a hex lock's mechanism, a board's shapes).
    #[error("the puzzle cannot be played: {0}")]
    Unplayable(String),
    /// The solution given does not read.
    #[error("the solution does not read")]
    SolutionDoesNotRead(Vec<lockfmt::Diagnostic>),
    /// The solution given is another puzzle's, or has a move the puzzle refuses.
    #[error("{0}")]
    Solution(String),
    /// The family has no solution files: its animation is always the solver's.
    #[error(
        "a {0} has no solution file to animate: leave out FILE after --solution, and the solver's solution is animated"
    )]
    NoSolutionFiles(&'static str),
    /// The width asked for is out of range.
    #[error("--width {0} is out of range for an animation: from 16 to {MAX_WIDTH} pixels")]
    Width(u32),
    /// A frame could not be drawn.
    #[error("cannot draw a frame: {0}")]
    Draw(String),
    /// The frames could not be encoded.
    #[error("cannot encode the animation as GIF: {0}")]
    Encode(#[from] image::ImageError),
}

/// Frames, drawn one at a time as they are encoded, so that a long solution never holds all of
/// its pictures at once.
pub struct Film {
    frames: usize,
    draw: Box<dyn Fn(usize) -> Result<Pixmap, Error> + Send>,
}

impl Film {
    /// A film of `frames` frames, the `i`th drawn by `draw(i)`; every frame must be the same
    /// size.
    pub fn new(
        frames: usize,
        draw: impl Fn(usize) -> Result<Pixmap, Error> + Send + 'static,
    ) -> Film {
        Film {
            frames,
            draw: Box::new(draw),
        }
    }

    /// How many frames it has.
    pub fn len(&self) -> usize {
        self.frames
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.frames == 0
    }

    /// The film as an endlessly repeating GIF.
    pub fn gif(&self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        {
            // Speed 10 of NeuQuant's 1–30: flat colours and their anti-aliased edges need no
            // slower, finer palette.
            let mut gif = GifEncoder::new_with_speed(&mut out, 10);
            gif.set_repeat(Repeat::Infinite)?;
            for i in 0..self.frames {
                let pm = (self.draw)(i)?;
                let rgba =
                    RgbaImage::from_raw(pm.width(), pm.height(), crate::shape::straight_rgba(&pm))
                        .ok_or_else(|| Error::Draw("its pixels do not fit its size".into()))?;
                let shown = if i + 1 == self.frames { HOLD } else { STEP };
                gif.encode_frame(Frame::from_parts(
                    rgba,
                    0,
                    0,
                    Delay::from_saturating_duration(shown),
                ))?;
            }
        }
        Ok(out)
    }
}

/// Checks the width asked for an animation.
pub fn check_width(width: u32) -> Result<(), Error> {
    if (16..=MAX_WIDTH).contains(&width) {
        Ok(())
    } else {
        Err(Error::Width(width))
    }
}

/// A picture drawing's error, for a frame.
pub(crate) fn drawing(e: anyhow::Error) -> Error {
    Error::Draw(format!("{e:#}"))
}

#[cfg(test)]
pub(crate) mod testing {
    //! Reading an animation back, for the families' tests.

    use image::AnimationDecoder;
    use image::codecs::gif::GifDecoder;

    /// The frames of a GIF, decoded, with how long each is shown in milliseconds.
    pub fn frames(gif: &[u8]) -> Vec<(image::RgbaImage, u32)> {
        let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
        decoder
            .into_frames()
            .collect_frames()
            .expect("frames")
            .into_iter()
            .map(|f| {
                let (n, d) = f.delay().numer_denom_ms();
                (f.into_buffer(), n / d.max(1))
            })
            .collect()
    }

    /// Checks what every family's animation must be: `moves + 1` frames of one size,
    /// `width` wide, each unlike the one before, the last held longest.
    pub fn check(gif: &[u8], moves: usize, width: u32) {
        let frames = frames(gif);
        assert_eq!(frames.len(), moves + 1, "the start and one frame a move");
        let size = frames[0].0.dimensions();
        assert_eq!(size.0, width);
        for (i, pair) in frames.windows(2).enumerate() {
            assert_eq!(pair[1].0.dimensions(), size);
            assert_ne!(pair[0].0, pair[1].0, "frame {} is frame {i} again", i + 1);
        }
        let (last, rest) = frames.split_last().expect("frames");
        assert!(rest.iter().all(|f| f.1 < last.1), "the end is held");
    }
}
