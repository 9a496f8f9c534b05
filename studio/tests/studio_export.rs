//! Export as a user meets it: a PNG and an animated GIF of each family's puzzle beside its
//! file, and never over a picture the studio did not write without asking.

mod common;

use common::editing::studio;
use common::{Driver, every_family, sees};
use iced_test::Error;

#[test]
fn export_png_draws_every_family_beside_its_file() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    every_family(home.path());
    let mut s = studio(&d, home.path());
    for (name, file) in [
        ("ball-stop", "ball-stop.png"),
        ("dancer", "dancer.png"),
        ("seed", "seed.png"),
        ("board", "board.png"),
    ] {
        d.click(&mut s, name)?;
        d.click(&mut s, "Export PNG")?;
        let out = home.path().join("locks").join(file);
        let bytes = std::fs::read(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(bytes.starts_with(b"\x89PNG"), "{name}");
    }
    Ok(())
}

/// Export GIF plays the solver's solution of each family's puzzle beside its file: the start
/// and a frame a move, each unlike the one before.
#[test]
fn export_gif_animates_every_familys_solution_beside_its_file() -> Result<(), Error> {
    use image::AnimationDecoder as _;
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    every_family(home.path());
    let mut s = studio(&d, home.path());
    for label in ["Export PNG", "Export GIF", "Theme", "Settings"] {
        assert!(
            common::on_one_line(&s, studio::app::SMALLEST_WINDOW, label),
            "«{label}» is squeezed"
        );
    }
    for (name, file) in [
        ("ball-stop", "ball-stop.gif"),
        ("dancer", "dancer.gif"),
        ("seed", "seed.gif"),
        ("board", "board.gif"),
    ] {
        d.click(&mut s, name)?;
        d.click(&mut s, "Export GIF")?;
        let out = home.path().join("locks").join(file);
        let bytes = std::fs::read(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("frames");
        assert!(frames.len() >= 2, "{name}: {} frames", frames.len());
        for pair in frames.windows(2) {
            assert_ne!(
                pair[0].buffer(),
                pair[1].buffer(),
                "{name}: a frame repeats"
            );
        }
    }
    // A GIF the studio did not write is replaced only once the user says so, as a PNG is.
    let mine = home.path().join("locks").join("dancer.gif");
    let mut s = studio(&d, home.path());
    std::fs::write(&mine, b"mine").expect("the user's own");
    d.click(&mut s, "dancer")?;
    d.click(&mut s, "Export GIF")?;
    assert!(sees(&s, "dancer.gif is already there. Replace it?"));
    d.click(&mut s, "Replace")?;
    assert!(std::fs::read(&mine).expect("gif").starts_with(b"GIF89a"));
    Ok(())
}

/// Regression: Export PNG replaced any `NAME.png` beside the file without a word — a picture
/// of the user's own, or of another family's puzzle of the same name (`gate.lock`, `gate.non`).
#[test]
fn export_asks_before_replacing_a_picture_it_did_not_write() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = studio(&d, home.path());
    d.click(&mut s, "ball-stop")?;
    let out = home.path().join("locks").join("ball-stop.png");
    std::fs::write(&out, b"mine").expect("the user's own picture");
    d.click(&mut s, "Export PNG")?;
    assert_eq!(std::fs::read(&out).ok().as_deref(), Some(&b"mine"[..]));
    assert!(sees(&s, "ball-stop.png is already there. Replace it?"));
    d.click(&mut s, "Keep")?;
    assert_eq!(std::fs::read(&out).ok().as_deref(), Some(&b"mine"[..]));
    assert!(!sees(&s, "ball-stop.png is already there. Replace it?"));
    d.click(&mut s, "Export PNG")?;
    d.click(&mut s, "Replace")?;
    assert!(std::fs::read(&out).expect("png").starts_with(b"\x89PNG"));
    // Exported once, it is the studio's own: a new export replaces it without asking.
    std::fs::write(&out, b"stale").expect("write");
    d.click(&mut s, "Export PNG")?;
    assert!(std::fs::read(&out).expect("png").starts_with(b"\x89PNG"));
    Ok(())
}
