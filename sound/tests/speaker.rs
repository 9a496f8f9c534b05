//! The speaker on the machine at hand, which needs no audio device: with none (as here and in
//! CI) it must stay silent, say why, and never block or panic.

use std::path::Path;
use std::thread::sleep;
use std::time::Duration;

use sound::{Cue, Speaker};

/// Waits, a bounded number of times, for the sound thread to have opened the device or given up.
fn settles(speaker: &Speaker) -> bool {
    for _ in 0..200 {
        if speaker.silent_because().is_some() || speaker.is_playing() {
            return true;
        }
        sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn a_speaker_is_a_cloneable_shareable_handle() {
    fn shareable<T: Send + Sync + Clone + std::fmt::Debug + Default + 'static>() {}
    shareable::<Speaker>();
    let speaker = Speaker::new();
    assert_eq!(format!("{speaker:?}"), r#"Speaker { state: "not opened" }"#);
    assert_eq!(speaker.silent_because(), None);
}

#[test]
fn playing_every_cue_at_any_volume_returns_and_never_panics() {
    let speaker = Speaker::new();
    let clone = speaker.clone();
    for volume in [0.0, 0.3, 1.0, 2.5, -1.0, f32::NAN, f32::INFINITY] {
        for cue in Cue::ALL {
            speaker.play(cue, volume);
            clone.play(cue, volume);
        }
    }
    assert!(
        settles(&speaker),
        "the sound thread neither opened the device nor gave up"
    );
    if !Path::new("/dev/snd").exists() {
        let reason = speaker.silent_because();
        assert_eq!(reason.as_deref(), Some("no audio output device"));
        assert_eq!(clone.silent_because(), reason);
        assert!(!speaker.is_playing());
        assert!(format!("{speaker:?}").contains("silent: "));
    }
    // Once silent (or playing), more sounds are as harmless.
    for cue in Cue::ALL {
        speaker.play(cue, 1.0);
    }
    drop(clone);
    speaker.play(Cue::Move, 0.5);
}

#[test]
fn a_speaker_played_only_at_volume_zero_opens_nothing() {
    let speaker = Speaker::new();
    for cue in Cue::ALL {
        speaker.play(cue, 0.0);
        speaker.play(cue, f32::NAN);
    }
    sleep(Duration::from_millis(50));
    assert_eq!(speaker.silent_because(), None);
    assert!(!speaker.is_playing());
}
