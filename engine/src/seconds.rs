//! A time as the solvers' messages say it: "2 s", "0.25 s", "1.125 s", "0.4 ms", with no
//! trailing zeros.

use std::fmt;
use std::time::Duration;

/// A duration written in seconds, to the millisecond (below one, in milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seconds(pub Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.as_secs_f64();
        let (value, unit) = if s > 0.0 && s < 0.001 {
            (s * 1e3, "ms")
        } else {
            (s, "s")
        };
        let digits = format!("{value:.3}");
        let digits = digits.trim_end_matches('0').trim_end_matches('.');
        write!(f, "{digits} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::Seconds;
    use std::time::Duration;

    #[test]
    fn seconds_are_written_without_trailing_zeros() {
        for (d, said) in [
            (Duration::from_secs(2), "2 s"),
            (Duration::from_millis(250), "0.25 s"),
            (Duration::from_millis(1125), "1.125 s"),
            (Duration::from_micros(400), "0.4 ms"),
            (Duration::ZERO, "0 s"),
        ] {
            assert_eq!(Seconds(d).to_string(), said);
        }
    }
}
