//! The audio output: opened lazily, at most once, on a thread of its own.
//!
//! `Speaker::new` opens nothing. The first [`Speaker::play`] with a volume above zero starts the
//! "lockwright-sound" thread, which opens the default output device through cpal and then
//! renders each requested cue at the device's sample rate (once per cue, then cached) and hands
//! it to the device's callback over a channel. The callback mixes what is playing; it never
//! allocates, locks or waits. Any error on the way (no device, a format the studio does not
//! write, a device lost later) leaves the speaker silent for good, with the reason kept. The
//! thread, and the device with it, close when the last clone of the speaker is dropped.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{ErrorKind, FromSample, Sample, SampleFormat, SizedSample, StreamConfig};

use crate::Cue;
use crate::error::SilentReason;
use crate::synth::samples;

/// How many sounds may play at once; a new one beyond that cuts the oldest short.
const MAX_VOICES: usize = 8;

/// The studio's audio output: plays [`Cue`]s, or stays silent and says why.
///
/// Cheap to clone (clones share one output) and `Send + Sync`, so an iced application can hold
/// it in its state and call [`play`](Self::play) from `update`.
///
/// - **Lazy.** [`new`](Self::new) opens nothing and never fails. The device is opened on the
///   first [`play`](Self::play) with a volume above zero, on a background thread, and at most
///   once. So a studio with sound turned off (the default) never touches the audio system.
/// - **Never blocking.** `play` only sends a message to that thread and returns at once.
/// - **Mixing.** A sound that starts while others still play is mixed with them (their sum,
///   clipped to [-1, 1]); at most eight play at once, a ninth cuts the oldest short.
/// - **Silent when it must be.** With no audio device, or after any error opening or using it,
///   the speaker is silent for good: `play` does nothing and
///   [`silent_because`](Self::silent_because) says why. It never panics and prints nothing.
///   On Linux the backend is ALSA, whose library prints its own complaints to stderr (a dozen
///   lines when there is no sound card); the sound thread gives it a handler that keeps them
///   instead, and since the device is opened at most once, and only once sound is turned on, a
///   message ALSA might still print from elsewhere comes at most once per run.
#[derive(Clone)]
pub struct Speaker {
    inner: Arc<Inner>,
}

/// What the clones of one speaker share.
struct Inner {
    /// The channel to the sound thread, once it is started.
    link: Mutex<Link>,
    /// What the sound thread and the device's callbacks report back.
    status: Arc<Status>,
    /// Opens the output; `Output::open` except in tests, which must not need a device.
    opener: Opener,
}

type Opener = fn(&Arc<Status>) -> Result<Output, SilentReason>;

enum Link {
    /// Nothing has been played yet: no thread, no device.
    Unopened,
    /// The sound thread runs (or ran): requests go to it.
    Started(Sender<Request>),
}

/// The state the sound thread reports, read by any clone.
#[derive(Default)]
struct Status {
    /// Why the speaker is silent, once it is; never cleared.
    silent: Mutex<Option<String>>,
    /// The device is open and playing (until `silent` is set).
    playing: AtomicBool,
}

/// One sound to play: the cue and the gain derived from the volume.
struct Request {
    cue: Cue,
    gain: f32,
}

/// A sound handed to the device's callback.
struct Voice {
    samples: Arc<[f32]>,
    position: usize,
    gain: f32,
}

/// An open, playing output: dropping it closes the device.
struct Output {
    /// Kept only to hold the stream open.
    _stream: Option<cpal::Stream>,
    sample_rate: u32,
    voices: Sender<Voice>,
}

impl Speaker {
    /// A speaker that has opened nothing yet. Never fails, never blocks.
    pub fn new() -> Speaker {
        Speaker::with_opener(Output::open)
    }

    fn with_opener(opener: Opener) -> Speaker {
        Speaker {
            inner: Arc::new(Inner {
                link: Mutex::new(Link::Unopened),
                status: Arc::new(Status::default()),
                opener,
            }),
        }
    }

    /// Plays `cue` at `volume`, from 0.0 (nothing) to 1.0 (full); values outside are clamped and
    /// NaN counts as 0. Returns at once: the sound plays on another thread, mixed with any still
    /// playing. The loudness follows the square of the volume, so that equal steps of a volume
    /// slider sound like roughly equal steps. A volume of zero does nothing at all (and opens no
    /// device). Does nothing once the speaker is silent.
    pub fn play(&self, cue: Cue, volume: f32) {
        let gain = gain(volume);
        if gain <= 0.0 || self.inner.status.is_silent() {
            return;
        }
        let mut link = lock(&self.inner.link);
        if let Link::Unopened = *link {
            let (sender, receiver) = mpsc::channel();
            let status = Arc::clone(&self.inner.status);
            let opener = self.inner.opener;
            let started = std::thread::Builder::new()
                .name("lockwright-sound".into())
                .spawn(move || run(opener, receiver, status));
            if let Err(error) = started {
                self.inner.status.silence(SilentReason::Thread(error));
            }
            // Even if the thread could not start: the request is then dropped, and `Started`
            // keeps a second attempt from being made.
            *link = Link::Started(sender);
        }
        if let Link::Started(sender) = &*link {
            // An error means the thread has ended (the speaker is silent): nothing to do.
            let _ = sender.send(Request { cue, gain });
        }
    }

    /// Why this speaker plays nothing, once it is known: e.g. "no audio output device". `None`
    /// while it plays, or while it has not yet tried to open the device (nothing has been played
    /// with a volume above zero, or the sound thread is still opening it). For a settings screen.
    pub fn silent_because(&self) -> Option<String> {
        lock(&self.inner.status.silent).clone()
    }

    /// Whether the device is open and sounds reach it.
    pub fn is_playing(&self) -> bool {
        self.inner.status.playing.load(Ordering::Acquire) && !self.inner.status.is_silent()
    }
}

impl Default for Speaker {
    fn default() -> Speaker {
        Speaker::new()
    }
}

impl fmt::Debug for Speaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match (self.silent_because(), self.is_playing()) {
            (Some(reason), _) => format!("silent: {reason}"),
            (None, true) => "playing".to_owned(),
            (None, false) => "not opened".to_owned(),
        };
        f.debug_struct("Speaker").field("state", &state).finish()
    }
}

impl Status {
    fn is_silent(&self) -> bool {
        lock(&self.silent).is_some()
    }

    /// Records why the speaker is silent; the first reason is kept.
    fn silence(&self, reason: SilentReason) {
        let mut silent = lock(&self.silent);
        if silent.is_none() {
            *silent = Some(reason.to_string());
        }
        self.playing.store(false, Ordering::Release);
    }
}

/// A volume as a gain: clamped to [0, 1], NaN as 0, squared.
fn gain(volume: f32) -> f32 {
    let v = if volume.is_nan() {
        0.0
    } else {
        volume.clamp(0.0, 1.0)
    };
    v * v
}

/// Locks a mutex whatever another thread did while holding it: the data here stays valid.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The sound thread: opens the output, then turns requests into voices until every speaker
/// clone is dropped (or the output is lost).
fn run(opener: Opener, requests: Receiver<Request>, status: Arc<Status>) {
    // alsa-lib writes its complaints (a dozen lines when there is no sound card) to stderr
    // unless a handler is set for the thread that calls it: this one keeps them in a buffer
    // that nobody reads. The reason the speaker keeps says what matters.
    #[cfg(any(
        target_os = "linux",
        target_os = "dragonfly",
        target_os = "freebsd",
        target_os = "netbsd"
    ))]
    let _alsa_messages = alsa::Output::local_error_handler().ok();
    let output = match opener(&status) {
        Ok(output) => output,
        Err(reason) => {
            status.silence(reason);
            return;
        }
    };
    status.playing.store(true, Ordering::Release);
    // Each cue rendered once at the device's rate; the callback only reads them.
    let mut rendered: HashMap<Cue, Arc<[f32]>> = HashMap::new();
    while let Ok(Request { cue, gain }) = requests.recv() {
        if status.is_silent() {
            break;
        }
        let samples = rendered
            .entry(cue)
            .or_insert_with(|| samples(cue, output.sample_rate).into());
        let voice = Voice {
            samples: Arc::clone(samples),
            position: 0,
            gain,
        };
        if output.voices.send(voice).is_err() {
            break;
        }
    }
}

impl Output {
    /// Opens the default output device in its default format and starts it.
    fn open(status: &Arc<Status>) -> Result<Output, SilentReason> {
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(SilentReason::NoDevice)?;
        let supported = device
            .default_output_config()
            .map_err(|e| unavailable_or(e, SilentReason::NoConfig))?;
        let format = supported.sample_format();
        let config = supported.config();
        let sample_rate = config.sample_rate;
        let (voices, receiver) = mpsc::channel();
        let stream = match format {
            SampleFormat::F32 => build::<f32>(&device, config, receiver, status),
            SampleFormat::F64 => build::<f64>(&device, config, receiver, status),
            SampleFormat::I16 => build::<i16>(&device, config, receiver, status),
            SampleFormat::I32 => build::<i32>(&device, config, receiver, status),
            SampleFormat::U16 => build::<u16>(&device, config, receiver, status),
            SampleFormat::I8 => build::<i8>(&device, config, receiver, status),
            SampleFormat::U8 => build::<u8>(&device, config, receiver, status),
            other => return Err(SilentReason::UnsupportedFormat(other)),
        }?;
        stream.play().map_err(SilentReason::Start)?;
        Ok(Output {
            _stream: Some(stream),
            sample_rate,
            voices,
        })
    }
}

/// Builds the output stream for samples of type `T`: its callback mixes the voices it is sent.
fn build<T>(
    device: &cpal::Device,
    config: StreamConfig,
    incoming: Receiver<Voice>,
    status: &Arc<Status>,
) -> Result<cpal::Stream, SilentReason>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = usize::from(config.channels).max(1);
    let mut mixer = Mixer {
        incoming,
        voices: Vec::with_capacity(MAX_VOICES),
    };
    let status = Arc::clone(status);
    device
        .build_output_stream::<T, _, _>(
            config,
            move |data: &mut [T], _| mixer.fill(data, channels),
            move |error| match error.kind() {
                // Passing troubles: the stream goes on.
                ErrorKind::Xrun | ErrorKind::DeviceChanged | ErrorKind::RealtimeDenied => {}
                _ => status.silence(SilentReason::Lost(error)),
            },
            None,
        )
        .map_err(|e| unavailable_or(e, SilentReason::Open))
}

/// A device that is not there is [`SilentReason::NoDevice`], whatever step found it missing
/// (ALSA names a "default" device even with no sound card, and fails only when it is opened).
fn unavailable_or(error: cpal::Error, other: fn(cpal::Error) -> SilentReason) -> SilentReason {
    match error.kind() {
        ErrorKind::DeviceNotAvailable | ErrorKind::HostUnavailable => SilentReason::NoDevice,
        _ => other(error),
    }
}

/// The device callback's state: the sounds playing now, and the channel new ones arrive on.
struct Mixer {
    incoming: Receiver<Voice>,
    voices: Vec<Voice>,
}

impl Mixer {
    /// Fills an interleaved buffer of `channels` channels with the mix, the same on each channel.
    fn fill<T: Sample + FromSample<f32>>(&mut self, data: &mut [T], channels: usize) {
        while let Ok(voice) = self.incoming.try_recv() {
            if self.voices.len() >= MAX_VOICES {
                self.voices.remove(0);
            }
            self.voices.push(voice);
        }
        for frame in data.chunks_mut(channels) {
            let mut mix = 0.0f32;
            for voice in &mut self.voices {
                if let Some(sample) = voice.samples.get(voice.position) {
                    mix += sample * voice.gain;
                    voice.position += 1;
                }
            }
            let value = T::from_sample(mix.clamp(-1.0, 1.0));
            for out in frame {
                *out = value;
            }
        }
        self.voices.retain(|v| v.position < v.samples.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fails(_: &Arc<Status>) -> Result<Output, SilentReason> {
        Err(SilentReason::Test)
    }

    /// An output with no device behind it: its voices go to `receiver`.
    fn opens_nothing(_: &Arc<Status>) -> Result<Output, SilentReason> {
        let (voices, receiver) = mpsc::channel::<Voice>();
        // Keep the receiving end alive for the thread's lifetime by leaking it into a thread
        // that only waits for the channel to close.
        std::thread::spawn(move || while receiver.recv().is_ok() {});
        Ok(Output {
            _stream: None,
            sample_rate: 48_000,
            voices,
        })
    }

    fn wait_until(mut done: impl FnMut() -> bool) -> bool {
        for _ in 0..200 {
            if done() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        done()
    }

    #[test]
    fn gain_clamps_and_treats_nan_as_zero() {
        assert_eq!(gain(f32::NAN), 0.0);
        assert_eq!(gain(-3.0), 0.0);
        assert_eq!(gain(0.0), 0.0);
        assert_eq!(gain(0.5), 0.25);
        assert_eq!(gain(1.0), 1.0);
        assert_eq!(gain(7.0), 1.0);
        assert_eq!(gain(f32::INFINITY), 1.0);
        assert_eq!(gain(f32::NEG_INFINITY), 0.0);
    }

    #[test]
    fn a_speaker_that_cannot_open_stays_silent_and_keeps_the_first_reason() {
        let speaker = Speaker::with_opener(fails);
        assert_eq!(speaker.silent_because(), None);
        speaker.play(Cue::Move, 1.0);
        assert!(wait_until(|| speaker.silent_because().is_some()));
        assert_eq!(
            speaker.silent_because().as_deref(),
            Some("made silent for a test")
        );
        speaker.inner.status.silence(SilentReason::NoDevice);
        assert_eq!(
            speaker.silent_because().as_deref(),
            Some("made silent for a test")
        );
        speaker.play(Cue::Opened, 1.0);
        assert!(!speaker.is_playing());
        assert!(format!("{speaker:?}").contains("silent: made silent for a test"));
    }

    #[test]
    fn silence_opens_nothing() {
        let speaker = Speaker::with_opener(fails);
        for volume in [0.0, -1.0, f32::NAN] {
            speaker.play(Cue::Note, volume);
        }
        assert!(matches!(*lock(&speaker.inner.link), Link::Unopened));
        assert_eq!(speaker.silent_because(), None);
    }

    #[test]
    fn clones_share_one_output() {
        let speaker = Speaker::with_opener(opens_nothing);
        let clone = speaker.clone();
        clone.play(Cue::Turn, 0.5);
        assert!(wait_until(|| speaker.is_playing()));
        speaker.play(Cue::Move, 0.5);
        assert!(clone.is_playing());
        assert_eq!(format!("{speaker:?}"), r#"Speaker { state: "playing" }"#);
    }

    #[test]
    fn the_mixer_sums_clips_fills_every_channel_and_forgets_finished_sounds() {
        let (sender, incoming) = mpsc::channel();
        let mut mixer = Mixer {
            incoming,
            voices: Vec::with_capacity(MAX_VOICES),
        };
        let voice = |samples: &[f32], gain| Voice {
            samples: samples.into(),
            position: 0,
            gain,
        };
        sender.send(voice(&[0.5, 0.5, 0.5], 1.0)).ok();
        sender.send(voice(&[0.25, 0.75], 1.0)).ok();
        let mut data = [9.0f32; 8];
        mixer.fill(&mut data, 2);
        assert_eq!(data, [0.75, 0.75, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0]);
        assert!(mixer.voices.is_empty());

        let mut quiet = [9i16; 2];
        sender.send(voice(&[1.0], 0.0)).ok();
        mixer.fill(&mut quiet, 1);
        assert_eq!(quiet, [0, 0]);
    }

    #[test]
    fn a_ninth_sound_cuts_the_oldest() {
        let (sender, incoming) = mpsc::channel();
        let mut mixer = Mixer {
            incoming,
            voices: Vec::with_capacity(MAX_VOICES),
        };
        for i in 0..=MAX_VOICES {
            sender
                .send(Voice {
                    samples: vec![i as f32; 4].into(),
                    position: 0,
                    gain: 0.0,
                })
                .ok();
        }
        let mut data = [0.0f32; 1];
        mixer.fill(&mut data, 1);
        assert_eq!(mixer.voices.len(), MAX_VOICES);
        assert_eq!(mixer.voices[0].samples[0], 1.0);
    }
}
