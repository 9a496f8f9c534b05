use super::*;

fn listed(folder: &mut Folder) -> Task<Message> {
    let files = library::list(folder.path());
    let asked = folder.listings.advance();
    folder.update(Message::Listed(asked, files), None).0
}

/// The thumbnails drawn after `file` changes on disk and the folder is listed again.
fn drawn_after_touching(
    rt: &tokio::runtime::Runtime,
    folder: &mut Folder,
    file: &Path,
) -> Vec<PathBuf> {
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .append(true)
        .open(file)
        .and_then(|f| f.set_modified(later))
        .expect("touch");
    let task = listed(folder);
    let mut drawn = Vec::new();
    crate::testing::settle(rt, folder, task, |f, m| {
        if let Message::Thumbnail(p, ..) = &m {
            drawn.push(p.clone());
        }
        f.update(m, None).0
    });
    drawn
}

#[test]
fn thumbnails_are_drawn_again_only_for_files_that_changed() {
    let dir = tempfile::tempdir().expect("dir");
    let folder_path = dir.path().join("locks");
    crate::library::ensure(&folder_path).expect("starter locks");
    let mut folder = Folder::new(folder_path.clone());
    let rt = crate::testing::runtime();
    let task = listed(&mut folder);
    crate::testing::settle(&rt, &mut folder, task, |f, m| f.update(m, None).0);
    assert_eq!(folder.thumbnails.len(), 6);
    assert!(folder.thumbnails.values().all(|(_, _, h)| h.is_some()));
    // Listed again with nothing changed: nothing to draw.
    let again = listed(&mut folder);
    assert!(iced_runtime::task::into_stream(again).is_none());
    // One file changes: only it is drawn again.
    let one = folder_path.join("ball-stop.lock");
    assert_eq!(drawn_after_touching(&rt, &mut folder, &one), vec![one]);
    // Regression: the pictures stayed light in the dark theme. Each is drawn again in it,
    // and a picture of the light one arriving late is dropped.
    let task = folder.set_shade(Shade::Dark);
    let mut drawn = 0;
    crate::testing::settle(&rt, &mut folder, task, |f, m| {
        if let Message::Thumbnail(_, _, shade, _) = &m {
            assert_eq!(*shade, Shade::Dark);
            drawn += 1;
        }
        f.update(m, None).0
    });
    assert_eq!(drawn, 6);
    assert!(
        folder
            .thumbnails
            .values()
            .all(|(_, s, h)| *s == Shade::Dark && h.is_some())
    );
    let late = Message::Thumbnail(folder_path.join("ball-stop.lock"), None, Shade::Light, None);
    let _ = folder.update(late, None);
    assert!(
        folder
            .thumbnails
            .values()
            .all(|(_, s, h)| *s == Shade::Dark && h.is_some())
    );
}

/// Every listing asked again for the pictures still being drawn: in a folder that changes
/// often, a large picture was drawn many times at once.
#[test]
fn a_thumbnail_being_drawn_is_not_asked_for_again() {
    let dir = tempfile::tempdir().expect("dir");
    let folder_path = dir.path().join("locks");
    crate::library::ensure(&folder_path).expect("starter locks");
    let mut folder = Folder::new(folder_path.clone());
    let rt = crate::testing::runtime();
    let first = listed(&mut folder);
    let again = listed(&mut folder);
    assert!(
        iced_runtime::task::into_stream(again).is_none(),
        "the pictures asked for by the first listing are not asked for again"
    );
    let mut drawn = 0;
    crate::testing::settle(&rt, &mut folder, first, |f, m| {
        if let Message::Thumbnail(..) = &m {
            drawn += 1;
        }
        f.update(m, None).0
    });
    assert_eq!(drawn, 6);
    assert!(folder.drawing.is_empty());
    // A file changed while its picture is drawn is drawn again.
    let one = folder_path.join("ball-stop.lock");
    assert_eq!(drawn_after_touching(&rt, &mut folder, &one), vec![one]);
}

/// An answer of an older listing is dropped: the newer one stands.
#[test]
fn a_stale_listing_is_dropped() {
    let dir = tempfile::tempdir().expect("dir");
    let mut folder = Folder::new(dir.path().to_path_buf());
    let old = folder.listings.advance();
    let _ = folder.listings.advance();
    let stale = vec![Listed {
        path: dir.path().join("gone.lock"),
        family: Family::HexLock,
        modified: None,
    }];
    let _ = folder.update(Message::Listed(old, stale), None);
    assert!(folder.files().is_empty());
}

/// An empty folder's list said nothing at all: it says how to make a first puzzle.
#[test]
fn an_empty_folder_says_how_to_make_a_first_puzzle() {
    let dir = tempfile::tempdir().expect("dir");
    let mut folder = Folder::new(dir.path().to_path_buf());
    let _ = listed(&mut folder);
    let games = Progress::default();
    let sees = |folder: &Folder| {
        iced_test::simulator(panel(folder, &games))
            .find(EMPTY)
            .is_ok()
    };
    assert!(sees(&folder));
    std::fs::write(
        dir.path().join("gate.non"),
        "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
    )
    .expect("write");
    let _ = listed(&mut folder);
    assert!(!folder.files().is_empty());
    assert!(!sees(&folder));
}

#[test]
fn the_list_says_which_puzzles_are_in_progress_and_which_are_solved() {
    use crate::progress::Play;
    let dir = tempfile::tempdir().expect("dir");
    let text = "width 1\nheight 1\nrows\n1\ncolumns\n1\n";
    for name in ["a.non", "b.non", "c.non"] {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    let mut folder = Folder::new(dir.path().to_path_buf());
    let _ = listed(&mut folder);
    let mut games = Progress::default();
    let rows = |r: &str| crate::nonogram::progress::NonogramPlay {
        rows: vec![r.into()],
    };
    let (crossed, filled) = (Play::of(&rows(".")), Play::of(&rows("#")));
    games.keep(&Place::File(dir.path().join("a.non")), "p", crossed, false);
    games.keep(&Place::File(dir.path().join("b.non")), "p", filled, true);
    let sees = |games: &Progress, what: &str| {
        iced_test::simulator(panel(&folder, games))
            .find(what)
            .is_ok()
    };
    assert!(sees(&games, "in progress"), "a is started");
    assert!(sees(&games, "✓ solved"), "b is solved");
    let none = Progress::default();
    assert!(!sees(&none, "in progress") && !sees(&none, "✓ solved"));
}

/// New always offered an empty hex lock first, so that someone drawing nonograms made a
/// hex lock unless they went to the picker each time. Until a template is picked, New makes
/// a blank puzzle of the open puzzle's family; a template picked stays picked.
#[test]
fn new_follows_the_open_puzzles_family_until_a_template_is_picked() {
    let dir = tempfile::tempdir().expect("dir");
    let mut folder = Folder::new(dir.path().to_path_buf());
    let new = |folder: &mut Folder, open: Option<&str>| {
        let open = open.map(|name| dir.path().join(name));
        let _ = folder.update(Message::New, open.as_deref());
        match folder.update(Message::NameDone, open.as_deref()).1 {
            Some(Event::New(t, _)) => t,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(new(&mut folder, None), "size-6");
    assert_eq!(new(&mut folder, Some("gate.lock")), "size-6");
    assert_eq!(new(&mut folder, Some("cat.non")), "nonogram-blank-10x10");
    assert_eq!(new(&mut folder, Some("key.slide")), "sliding-blank-6x6");
    assert_eq!(new(&mut folder, Some("board.quad")), "quadrillion-default");
    let _ = folder.update(Message::TemplatePicked("size-3".into()), None);
    assert_eq!(new(&mut folder, Some("cat.non")), "size-3");
}

/// The panel as a window with nothing open, no message and these games shows it.
fn panel<'a>(folder: &'a Folder, games: &'a Progress) -> iced::Element<'a, Message> {
    const NO_WORDS: &std::collections::VecDeque<String> = &std::collections::VecDeque::new();
    folder.view(
        None,
        Default::default(),
        String::new(),
        Default::default(),
        NO_WORDS,
        games,
    )
}
