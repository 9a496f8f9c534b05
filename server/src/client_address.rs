//! The client's address, which rate limits, login throttles, connection caps and the request
//! log key on. It is the connection's peer, unless the peer is one of the configured
//! `trusted_proxies`: then it is the address that proxy says it forwarded for, read from
//! `Forwarded` (RFC 7239) or else `X-Forwarded-For`. Those headers are lists that each proxy
//! appends to, so they are read from the right: the first address that is not a trusted proxy
//! is the client. Whatever a client writes there itself sits to the left of that and is
//! never believed.

use crate::config::Network;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The client's address, as an extension of every request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// The proxies whose forwarding headers are believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Arc<Vec<Network>>);

impl TrustedProxies {
    /// These networks.
    pub fn new(networks: Vec<Network>) -> TrustedProxies {
        TrustedProxies(Arc::new(networks))
    }

    /// Whether `addr` is a trusted proxy.
    pub fn trusts(&self, addr: IpAddr) -> bool {
        self.0.iter().any(|n| n.contains(addr))
    }

    /// The client of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let hops = forwarded(headers).unwrap_or_else(|| x_forwarded_for(headers));
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Some(addr) = hop else {
                // An obfuscated or unknown hop: nothing further left can be believed.
                break;
            };
            client = *addr;
            if !self.trusts(*addr) {
                break;
            }
        }
        client
    }
}

/// The `for=` of every element of every `Forwarded` header, in order; `None` when there is
/// no such header. A hop that is not an address (`unknown`, `_hidden`) is `None`.
fn forwarded(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all("forwarded") {
        any = true;
        let Ok(value) = value.to_str() else {
            hops.push(None);
            continue;
        };
        for element in value.split(',') {
            let node = element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| value.trim().trim_matches('"'))
            });
            if let Some(node) = node {
                hops.push(node_address(node));
            }
        }
    }
    any.then_some(hops)
}

/// An address from a `Forwarded` node: `192.0.2.43`, `192.0.2.43:47011`, `[2001:db8::1]`,
/// `[2001:db8::1]:4711`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    node.parse()
        .ok()
        .or_else(|| node.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// The addresses of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| {
            v.to_str()
                .unwrap_or("?")
                .split(',')
                .map(|a| node_address(a.trim()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The middleware: notes the client's address on the request.
pub async fn note(
    State(trusted): State<TrustedProxies>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let client = trusted.client(peer.ip(), request.headers());
    request.extensions_mut().insert(ClientAddress(client));
    next.run(request).await
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<ClientAddress, Self::Rejection> {
        // Every request passes the middleware; a router built without it (a test of one
        // handler) falls back on the peer, then on an unspecified address.
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
        Ok(parts
            .extensions
            .get::<ClientAddress>()
            .copied()
            .unwrap_or(ClientAddress(peer)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).expect("name"),
                value.parse().expect("value"),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|n| n.parse().expect("net")).collect())
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_says() {
        let t = proxies(&["10.0.0.0/8"]);
        let h = headers(&[("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")]);
        assert_eq!(t.client(ip("203.0.113.9"), &h), ip("203.0.113.9"));
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), &h),
            ip("127.0.0.1"),
            "no proxy is trusted unless configured"
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_client_from_the_right() {
        let t = proxies(&["10.0.0.0/8"]);
        // The client forged the first entry; the proxy appended the real one.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7")]);
        assert_eq!(t.client(ip("10.0.0.2"), &h), ip("198.51.100.7"));
        // Two trusted proxies in a row are skipped.
        let h = headers(&[("x-forwarded-for", "198.51.100.7, 10.1.1.1")]);
        assert_eq!(t.client(ip("10.0.0.2"), &h), ip("198.51.100.7"));
        // Without a header the proxy itself is the client.
        assert_eq!(t.client(ip("10.0.0.2"), &HeaderMap::new()), ip("10.0.0.2"));
    }

    #[test]
    fn forwarded_is_read_before_x_forwarded_for() {
        let t = proxies(&["127.0.0.1"]);
        let h = headers(&[
            (
                "forwarded",
                "for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https",
            ),
            ("x-forwarded-for", "9.9.9.9"),
        ]);
        assert_eq!(t.client(ip("127.0.0.1"), &h), ip("2001:db8::7"));
        let h = headers(&[("forwarded", "For=192.0.2.60:8080;by=203.0.113.43")]);
        assert_eq!(t.client(ip("127.0.0.1"), &h), ip("192.0.2.60"));
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(
            t.client(ip("127.0.0.1"), &h),
            ip("127.0.0.1"),
            "a hidden client leaves the proxy as the client"
        );
    }
}
