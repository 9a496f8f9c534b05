//! The values of the configuration that are more than a number or a path: networks of
//! addresses, the log's format and lengths of time, each read from text and written back.

use serde::{Deserialize, Serialize};

/// An address or a network of addresses: `10.0.0.0/8`, `::1`, `192.168.1.7` (one address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network(pub ipnet::IpNet);

impl Network {
    /// Whether the network holds `addr` (an IPv4 address seen as IPv6, `::ffff:a.b.c.d`,
    /// counts as the IPv4 one).
    pub fn contains(&self, addr: std::net::IpAddr) -> bool {
        let addr = match addr {
            std::net::IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, std::net::IpAddr::V4),
            v4 => v4,
        };
        self.0.contains(&addr)
    }
}

impl std::str::FromStr for Network {
    type Err = String;

    fn from_str(s: &str) -> Result<Network, String> {
        let s = s.trim();
        s.parse::<ipnet::IpNet>()
            .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
            .map(Network)
            .map_err(|_| {
                format!("`{s}` is not an address or a network (e.g. 10.0.0.1 or 10.0.0.0/8)")
            })
    }
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for Network {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Network {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Network, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// How logs are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Lines for people; coloured only when standard error is a terminal and `NO_COLOR` is
    /// unset.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// A length of time, written `500ms`, `10s`, `5m`, `12h`, `30d` or as a bare number of
/// seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Period(pub std::time::Duration);

impl Period {
    /// Whole seconds.
    pub const fn secs(s: u64) -> Period {
        Period(std::time::Duration::from_secs(s))
    }

    /// Milliseconds.
    pub const fn millis(ms: u64) -> Period {
        Period(std::time::Duration::from_millis(ms))
    }

    /// The duration.
    pub fn get(self) -> std::time::Duration {
        self.0
    }
}

impl std::str::FromStr for Period {
    type Err = String;

    fn from_str(s: &str) -> Result<Period, String> {
        let s = s.trim();
        let split = s
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(s.len());
        let (number, unit) = s.split_at(split);
        let n: f64 = number.parse().map_err(|_| {
            format!("`{s}` is not a length of time (e.g. 500ms, 10s, 5m, 12h, 30d)")
        })?;
        let scale = match unit.trim() {
            "ms" => 0.001,
            "" | "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            "d" => 86400.0,
            other => {
                return Err(format!(
                    "`{other}` is not a unit of time: use ms, s, m, h or d"
                ));
            }
        };
        std::time::Duration::try_from_secs_f64(n * scale)
            .map(Period)
            .map_err(|_| format!("`{s}` is out of range"))
    }
}

impl std::fmt::Display for Period {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.0.as_millis();
        for (unit, size) in [
            ("d", 86_400_000),
            ("h", 3_600_000),
            ("m", 60_000),
            ("s", 1000),
        ] {
            if ms >= size && ms.is_multiple_of(size) {
                return write!(f, "{}{unit}", ms / size);
            }
        }
        write!(f, "{ms}ms")
    }
}

impl Serialize for Period {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Period, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(f64),
        }
        match Raw::deserialize(d)? {
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
            Raw::Number(n) => std::time::Duration::try_from_secs_f64(n)
                .map(Period)
                .map_err(serde::de::Error::custom),
        }
    }
}
