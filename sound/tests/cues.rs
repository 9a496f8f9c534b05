//! The synthesized cues: short, smooth at both ends, within range, and unlike each other.

use sound::{Cue, MAX_DURATION_MS, samples};

const RATES: [u32; 4] = [22_050, 44_100, 48_000, 96_000];

/// How close to silence the first and last few samples must be.
const EDGE: f32 = 0.02;

#[test]
fn every_cue_has_samples_within_range() {
    for rate in RATES {
        for cue in Cue::ALL {
            let s = samples(cue, rate);
            assert!(!s.is_empty(), "{cue:?} at {rate} Hz");
            assert!(
                s.iter().all(|x| x.is_finite() && (-1.0..=1.0).contains(x)),
                "{cue:?}"
            );
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.1, "{cue:?} is audible: peak {peak}");
        }
    }
}

#[test]
fn every_cue_starts_and_ends_at_silence() {
    for rate in RATES {
        for cue in Cue::ALL {
            let s = samples(cue, rate);
            let edges = s.iter().take(4).chain(s.iter().rev().take(4));
            for x in edges {
                assert!(x.abs() < EDGE, "{cue:?} at {rate} Hz clicks: {x}");
            }
        }
    }
}

#[test]
fn every_cue_lasts_from_40_to_400_ms() {
    const { assert!(MAX_DURATION_MS <= 400) };
    for rate in RATES {
        for cue in Cue::ALL {
            let ms = samples(cue, rate).len() as f64 * 1000.0 / f64::from(rate);
            assert!(
                (40.0..=f64::from(MAX_DURATION_MS)).contains(&ms),
                "{cue:?}: {ms} ms"
            );
            assert!(ms <= 500.0);
        }
    }
}

#[test]
fn cues_differ_from_each_other() {
    let rendered: Vec<Vec<f32>> = Cue::ALL.iter().map(|&c| samples(c, 48_000)).collect();
    for (i, a) in rendered.iter().enumerate() {
        for (j, b) in rendered.iter().enumerate().skip(i + 1) {
            assert_ne!(
                a.len(),
                b.len(),
                "{:?} and {:?} last as long",
                Cue::ALL[i],
                Cue::ALL[j]
            );
            assert_ne!(a, b);
        }
    }
}

/// Zero crossings per second: a rough measure of a sound's pitch.
fn brightness(cue: Cue) -> f64 {
    let s = samples(cue, 48_000);
    let crossings = s
        .windows(2)
        .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
        .count();
    crossings as f64 * 48_000.0 / s.len() as f64
}

#[test]
fn the_thud_is_low_and_the_tick_and_ping_are_high() {
    let thud = brightness(Cue::Blocked);
    let knock = brightness(Cue::Turn);
    let chime = brightness(Cue::Opened);
    let ping = brightness(Cue::Note);
    let tick = brightness(Cue::Move);
    assert!(thud < 400.0, "thud {thud}");
    assert!(thud < knock && knock < chime && chime < ping && ping < tick);
}

#[test]
fn the_chime_rises() {
    // The strongest pitch in each third of the chime, by zero crossings: each higher.
    let s = samples(Cue::Opened, 48_000);
    let window = 48_000 * 6 / 100; // 60 ms, inside each note before the next starts
    let pitch = |start: usize| {
        let w = &s[start..start + window];
        w.windows(2)
            .filter(|p| (p[0] < 0.0) != (p[1] < 0.0))
            .count()
    };
    let first = pitch(48_000 / 100);
    let second = pitch(48_000 * 9 / 100);
    let third = pitch(48_000 * 17 / 100);
    assert!(first < second && second < third, "{first} {second} {third}");
}

#[test]
fn the_same_arguments_give_the_same_samples_and_rate_zero_gives_none() {
    for cue in Cue::ALL {
        assert_eq!(samples(cue, 44_100), samples(cue, 44_100));
        assert!(samples(cue, 0).is_empty());
        // A very low rate leaves the overtones out but still makes a sound.
        let low = samples(cue, 8_000);
        assert!(!low.is_empty() && low.iter().all(|x| (-1.0..=1.0).contains(x)));
    }
}
