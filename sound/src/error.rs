//! Why a speaker is silent. Its `Display` is the sentence a settings screen shows.

/// What stopped a speaker from playing. Once one of these happens the speaker stays silent.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SilentReason {
    /// The audio host knows of no output device, or the one it names is not there (no sound
    /// card).
    #[error("no audio output device")]
    NoDevice,
    /// The device exists but would not say how to play on it.
    #[error("the audio output device has no usable format: {0}")]
    NoConfig(#[source] cpal::Error),
    /// The device only takes samples in a format the studio does not write.
    #[error("the audio output device takes samples as {0}, which the studio does not write")]
    UnsupportedFormat(cpal::SampleFormat),
    /// Opening the output stream failed.
    #[error("the audio output could not be opened: {0}")]
    Open(#[source] cpal::Error),
    /// The stream opened but would not start.
    #[error("the audio output could not be started: {0}")]
    Start(#[source] cpal::Error),
    /// The device went away (or stopped working) while the studio was running.
    #[error("the audio output was lost: {0}")]
    Lost(#[source] cpal::Error),
    /// The thread that opens and feeds the device could not be started.
    #[error("the sound thread could not be started: {0}")]
    Thread(#[source] std::io::Error),
    /// Only in tests: a speaker made to fail without touching any device.
    #[cfg(test)]
    #[error("made silent for a test")]
    Test,
}
