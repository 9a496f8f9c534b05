//! Keeps old canvas pictures off the screen with the default renderer on OpenGL.
//!
//! With wgpu on its OpenGL backend (what a machine without a GPU gets, through Mesa), iced draws
//! the meshes of a layer's canvases into one multisampled texture, resolves that into a second
//! texture the size of the window, and then lays the whole second texture over the window
//! (iced_wgpu 0.14, `triangle.rs` and `triangle/msaa.rs`). On OpenGL the resolve is a framebuffer
//! blit (wgpu-hal, `gles/queue.rs`, `ResolveAttachment`), and a blit obeys the scissor rectangle
//! still set by the last mesh drawn, which is that mesh's clip: so only the last canvas's area of
//! the resolved texture is brought up to date. Wherever a canvas was before (the play board after
//! going back to the editor, a larger canvas before a resize, the left half of the diff view) the
//! texture keeps the old picture, and it is laid over the toolbar, the source and the other
//! canvas every frame. Vulkan resolves the whole texture, and tiny-skia has no such texture, so
//! neither shows it.
//!
//! The remedy: every canvas ends its geometry with one transparent triangle clipped to the whole
//! window. Its clip becomes the last scissor of the batch, the resolve then rewrites the whole
//! window, and outside the canvases drawn this frame the texture is transparent again.
//!
//! The renderer still cuts that clip to the canvas's layer: a canvas put inside a scrollable or
//! another clipping widget would refresh only that widget's area, and bring the fault back.

use iced::widget::canvas::{Frame, Geometry, Path};
use iced::{Color, Point, Rectangle, Renderer};

/// How far right and down of the window's corner the refresh reaches, in logical pixels: more
/// than any window is wide or high. The renderer cuts it down to the window.
pub const REACH: f32 = 65_536.0;

/// The whole window in the coordinates a canvas draws in, for a canvas laid out at `canvas`: the
/// canvas widget draws translated to the corner of its bounds, so the window's corner is at
/// minus that corner. Starting exactly there keeps the renderer from shifting the clip to whole
/// pixels (it snaps clips, and moves their meshes with them).
pub fn whole_window(canvas: Rectangle) -> Rectangle {
    Rectangle {
        x: -canvas.x,
        y: -canvas.y,
        width: REACH,
        height: REACH,
    }
}

/// Geometry that changes no pixel but is clipped to the whole window; a canvas returns it after
/// its picture, so that it is the last mesh its batch draws.
pub fn whole_window_refresh(renderer: &Renderer, canvas: Rectangle) -> Geometry {
    let mut frame = Frame::with_bounds(renderer, whole_window(canvas));
    // A frame with nothing in it makes no mesh, and so sets no scissor: it needs one triangle,
    // transparent so that blending leaves every pixel under it as it was.
    let speck = Path::new(|b| {
        b.move_to(Point::ORIGIN);
        b.line_to(Point::new(1.0, 0.0));
        b.line_to(Point::new(0.0, 1.0));
        b.close();
    });
    frame.fill(&speck, Color::TRANSPARENT);
    frame.into_geometry()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexlock::canvas::{Camera, Event2, HexCanvas, Layers};
    use crate::hexlock::picture::{Colouring, Overlay, Palette};
    use iced::advanced::renderer::Headless;
    use iced::widget::{canvas, column, row, space};
    use iced::{Element, Font, Pixels, Size, Theme};
    use iced_runtime::user_interface::{self, UserInterface};

    /// The window of the OpenGL test, and where its canvas is in the second frame.
    const SIDE: f32 = 160.0;
    const MOVED_TO: f32 = 80.0;

    /// Where the canvas widget puts a point of its drawing: translated by its bounds' corner.
    fn on_window(canvas: Rectangle, local: Rectangle) -> Rectangle {
        Rectangle {
            x: local.x + canvas.x,
            y: local.y + canvas.y,
            ..local
        }
    }

    #[test]
    fn the_refresh_clip_covers_the_whole_window_wherever_the_canvas_is() {
        let window = Rectangle::new(Point::ORIGIN, iced::Size::new(7680.0, 4320.0));
        for canvas in [
            Rectangle::new(Point::new(268.0, 74.0), iced::Size::new(597.0, 695.0)),
            Rectangle::new(Point::new(268.0, 42.0), iced::Size::new(616.0, 750.0)),
            Rectangle::new(Point::new(0.0, 0.0), iced::Size::new(1.0, 1.0)),
            Rectangle::new(Point::new(1000.5, 3.25), iced::Size::new(10.0, 10.0)),
        ] {
            let clip = on_window(canvas, whole_window(canvas));
            assert_eq!(
                clip.position(),
                Point::ORIGIN,
                "starts at the window's corner"
            );
            assert!(
                clip.intersection(&window) == Some(window),
                "{canvas:?}: {clip:?} covers {window:?}"
            );
        }
    }

    /// A hex canvas of `side` with its corner at `at`, alone in the window.
    fn canvas_at<'a>(
        lock: &'a engine::hexlock::Lock,
        overlay: &'a Overlay,
        layers: &'a Layers,
        at: f32,
        side: f32,
    ) -> Element<'a, Event2> {
        let board = canvas(HexCanvas {
            lock,
            camera: Camera::default(),
            colouring: Colouring::ByKind,
            palette: Palette::LIGHT,
            overlay,
            labels: false,
            interactive: false,
            layers,
        })
        .width(side)
        .height(side);
        column![space().height(at), row![space().width(at), board]].into()
    }

    /// Draws a frame on `renderer` and reads it back, RGBA, on a white window.
    fn frame(renderer: &mut Renderer, view: Element<'_, Event2>) -> Vec<u8> {
        let size = Size::new(SIDE, SIDE);
        let mut ui = UserInterface::build(view, size, user_interface::Cache::default(), renderer);
        ui.draw(
            renderer,
            &Theme::Light,
            &iced::advanced::renderer::Style {
                text_color: Color::BLACK,
            },
            iced::mouse::Cursor::Unavailable,
        );
        renderer.screenshot(Size::new(SIDE as u32, SIDE as u32), 1.0, Color::WHITE)
    }

    /// The pixels of the window outside the square of `side` at `at`, where nothing was drawn.
    fn outside(rgba: &[u8], at: f32, side: f32) -> impl Iterator<Item = &[u8]> {
        let inside = move |v: usize| (at..at + side).contains(&(v as f32));
        rgba.chunks_exact(4)
            .enumerate()
            .filter(move |(i, _)| {
                let (x, y) = (i % SIDE as usize, i / SIDE as usize);
                !(inside(x) && inside(y))
            })
            .map(|(_, px)| px)
    }

    /// Run by `the_default_renderer_on_opengl_forgets_where_a_canvas_was`, in a process of its
    /// own with wgpu told to use OpenGL; run alone it draws with whatever wgpu finds.
    #[test]
    #[ignore = "run with WGPU_BACKEND=gl by the test below"]
    fn opengl_frames() {
        let renderer = iced::futures::executor::block_on(<Renderer as Headless>::new(
            Font::DEFAULT,
            Pixels(16.0),
            Some("wgpu"),
        ));
        let Some(mut renderer) = renderer else {
            println!("skipped: wgpu finds no adapter here (no Mesa EGL?)");
            return;
        };
        let lock = engine::hexlock::Lock::starter(4);
        let (overlay, layers) = (Overlay::default(), Layers::default());
        // A canvas over the whole window, then a smaller one in its bottom right quarter: as
        // the play board and then the editor's canvas, or a window before and after shrinking.
        let first = frame(
            &mut renderer,
            canvas_at(&lock, &overlay, &layers, 0.0, SIDE),
        );
        assert!(
            first.chunks_exact(4).all(|px| px != [255, 255, 255, 255]),
            "the first canvas covers the window"
        );
        let second = frame(
            &mut renderer,
            canvas_at(&lock, &overlay, &layers, MOVED_TO, SIDE - MOVED_TO),
        );
        let stale = outside(&second, MOVED_TO, SIDE - MOVED_TO)
            .filter(|px| *px != [255, 255, 255, 255])
            .count();
        assert_eq!(stale, 0, "pixels of the first canvas are still on screen");
        println!("checked on {}", renderer.name());
    }

    #[test]
    fn the_default_renderer_on_opengl_forgets_where_a_canvas_was() {
        let exe = std::env::current_exe().expect("the test binary");
        let out = std::process::Command::new(exe)
            .args([
                "--exact",
                "refresh::tests::opengl_frames",
                "--ignored",
                "--nocapture",
            ])
            .env("WGPU_BACKEND", "gl")
            .output()
            .expect("run the test binary again");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.contains("1 passed"), "{said}");
    }
}
