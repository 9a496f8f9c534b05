//! The cues, synthesized: each is a few decaying sine tones (with a pitch glide or a few
//! partials) shaped by smooth attack and release envelopes, so every sound starts and ends at
//! silence and nothing clicks.

use std::f32::consts::{FRAC_PI_2, TAU};

use crate::Cue;

/// The longest cue, in milliseconds (the opening chime).
pub const MAX_DURATION_MS: u32 = 380;

/// One decaying tone within a cue. Times are in seconds, frequencies in hertz.
struct Tone {
    /// When the tone starts, from the start of the cue.
    start: f32,
    /// How long it lasts, release included.
    length: f32,
    /// Its pitch at the start…
    from: f32,
    /// …and at the end: a glide between them (equal for a steady pitch).
    to: f32,
    /// Its loudness relative to the cue's other tones.
    level: f32,
    /// How fast it dies away: the amplitude is multiplied by `exp(-decay * t)`.
    decay: f32,
    /// The rise from silence at its start (raised cosine).
    attack: f32,
    /// The fall to silence at its end (raised cosine); it reaches zero on its last sample.
    release: f32,
    /// Overtones: (frequency ratio, level, how much faster than the fundamental it decays).
    partials: &'static [(f32, f32, f32)],
}

/// A cue's tones, its length and its peak level.
struct Recipe {
    /// The whole cue's length in seconds.
    length: f32,
    /// The cue's peak amplitude after mixing its tones: a tick is quieter than a chime.
    peak: f32,
    tones: Vec<Tone>,
}

fn recipe(cue: Cue) -> Recipe {
    match cue {
        // A soft tick: 45 ms, a high tone that drops a little and dies almost at once.
        Cue::Move => Recipe {
            length: 0.045,
            peak: 0.35,
            tones: vec![Tone {
                start: 0.0,
                length: 0.045,
                from: 1900.0,
                to: 1500.0,
                level: 1.0,
                decay: 70.0,
                attack: 0.002,
                release: 0.012,
                partials: &[(2.0, 0.25, 1.5)],
            }],
        },
        // A low, dull thud: 160 ms, a low tone that sinks from 120 Hz to 55 Hz.
        Cue::Blocked => Recipe {
            length: 0.16,
            peak: 0.7,
            tones: vec![Tone {
                start: 0.0,
                length: 0.16,
                from: 120.0,
                to: 55.0,
                level: 1.0,
                decay: 18.0,
                attack: 0.004,
                release: 0.04,
                partials: &[(2.0, 0.3, 1.5), (3.0, 0.12, 2.0)],
            }],
        },
        // A rising chime: C5, E5, G5, each 80 ms after the last, the last ringing on: 380 ms.
        Cue::Opened => Recipe {
            length: MAX_DURATION_MS as f32 / 1000.0,
            peak: 0.55,
            tones: [523.25, 659.25, 783.99]
                .iter()
                .enumerate()
                .map(|(i, &f)| Tone {
                    start: 0.08 * i as f32,
                    length: if i == 2 { 0.22 } else { 0.2 },
                    from: f,
                    to: f,
                    level: 1.0,
                    decay: 9.0,
                    attack: 0.004,
                    release: 0.06,
                    partials: &[(2.0, 0.35, 1.6), (3.0, 0.1, 2.2)],
                })
                .collect(),
        },
        // A bell-like ping: 300 ms of A5 with a bell's inharmonic overtones, which fade first.
        Cue::Note => Recipe {
            length: 0.3,
            peak: 0.5,
            tones: vec![Tone {
                start: 0.0,
                length: 0.3,
                from: 880.0,
                to: 880.0,
                level: 1.0,
                decay: 11.0,
                attack: 0.002,
                release: 0.08,
                partials: &[(2.76, 0.45, 1.8), (5.4, 0.25, 2.6), (8.93, 0.12, 3.5)],
            }],
        },
        // A two-tone knock: a higher knock, a short gap, a lower one; 190 ms.
        Cue::Turn => Recipe {
            length: 0.19,
            peak: 0.6,
            tones: vec![
                Tone {
                    start: 0.0,
                    length: 0.07,
                    from: 540.0,
                    to: 460.0,
                    level: 1.0,
                    decay: 45.0,
                    attack: 0.002,
                    release: 0.02,
                    partials: &[(2.3, 0.3, 2.0)],
                },
                Tone {
                    start: 0.11,
                    length: 0.08,
                    from: 400.0,
                    to: 340.0,
                    level: 1.0,
                    decay: 40.0,
                    attack: 0.002,
                    release: 0.02,
                    partials: &[(2.3, 0.3, 2.0)],
                },
            ],
        },
    }
}

/// The mono samples of `cue` at `sample_rate` samples per second, each within [-1, 1].
///
/// Every cue lasts between 40 ms and [`MAX_DURATION_MS`], starts and ends at silence (smooth
/// envelopes, so no click) and sounds unlike the others. Overtones at or above half the sample
/// rate are left out rather than folded back. The same arguments always give the same samples.
/// A sample rate of 0 gives no samples.
pub fn samples(cue: Cue, sample_rate: u32) -> Vec<f32> {
    if sample_rate == 0 {
        return Vec::new();
    }
    let rate = sample_rate as f32;
    let recipe = recipe(cue);
    let total = seconds_to_samples(recipe.length, rate);
    let mut out = vec![0.0f32; total];
    for tone in &recipe.tones {
        add_tone(&mut out, tone, rate);
    }
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.0 {
        let scale = recipe.peak / peak;
        for s in &mut out {
            *s = (*s * scale).clamp(-1.0, 1.0);
        }
    }
    out
}

fn seconds_to_samples(seconds: f32, rate: f32) -> usize {
    (seconds * rate).round().max(0.0) as usize
}

/// Mixes one tone into `out`, cut off at the end of the cue.
fn add_tone(out: &mut [f32], tone: &Tone, rate: f32) {
    let start = seconds_to_samples(tone.start, rate);
    let length = seconds_to_samples(tone.length, rate);
    let attack = seconds_to_samples(tone.attack, rate).max(1);
    let release = seconds_to_samples(tone.release, rate).max(1);
    let nyquist = rate / 2.0;
    let Some(span) = out.get_mut(start..).map(|s| {
        let end = s.len().min(length);
        &mut s[..end]
    }) else {
        return;
    };
    // Phases accumulate sample by sample so that a glide stays continuous.
    let mut phase = 0.0f32;
    let mut partial_phases = vec![0.0f32; tone.partials.len()];
    for (i, sample) in span.iter_mut().enumerate() {
        let t = i as f32 / rate;
        let progress = if length > 1 {
            i as f32 / (length - 1) as f32
        } else {
            0.0
        };
        let freq = tone.from + (tone.to - tone.from) * progress;
        let envelope = rise(i, attack) * rise(length - 1 - i, release);
        let mut value = 0.0;
        if freq < nyquist {
            value += phase.sin() * (-tone.decay * t).exp();
        }
        for (&(ratio, level, faster), p) in tone.partials.iter().zip(&mut partial_phases) {
            let f = freq * ratio;
            if f < nyquist {
                value += level * p.sin() * (-tone.decay * faster * t).exp();
            }
            *p = (*p + TAU * f / rate) % TAU;
        }
        *sample += tone.level * envelope * value;
        phase = (phase + TAU * freq / rate) % TAU;
    }
}

/// A raised-cosine ramp: 0 at `i == 0`, rising smoothly to 1 at `i == width`, 1 beyond.
fn rise(i: usize, width: usize) -> f32 {
    if i >= width {
        1.0
    } else {
        let x = (FRAC_PI_2 * i as f32 / width as f32).sin();
        x * x
    }
}
