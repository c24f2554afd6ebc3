//! What a host's monitoring scrapes: the node's figures in Prometheus's text format, served
//! at `/metrics` on an address of their own (`--metrics-addr`; off unless asked, since they
//! should not face the internet). One set a process: the figures count from its start.
//! docs/OPERATIONS.md says what each means.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};

/// Buckets in seconds for the times a player may feel: a millisecond to ten seconds.
const FELT: &[f64] = &[
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0,
];
/// Buckets in seconds for quick play's waits: a tenth of a second to a minute.
const WAITS: &[f64] = &[0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0];

pub struct Metrics {
    registry: Registry,
    /// WebSockets open now.
    pub sockets: IntGauge,
    /// Live rooms, by stage (`lobby`, `playing`, `over`).
    pub rooms: IntGaugeVec,
    /// Steps (rolls, moves, releases, CPU and away turns) applied.
    pub steps: IntCounter,
    /// Requests refused, by reason (the protocol's refusal, snake case).
    pub refused: IntCounterVec,
    /// From a request's arrival at its room to its events handed to the sockets (database
    /// write included).
    pub request_seconds: Histogram,
    /// Database writes made by rooms, by outcome (`ok`, `fenced`, `failed`), and their time.
    pub writes: IntCounterVec,
    pub write_seconds: Histogram,
    /// Claims of rooms held elsewhere or by nobody, by outcome (`taken`, `elsewhere`,
    /// `busy`, `failed`).
    pub claims: IntCounterVec,
    /// Lease renewals, by outcome (`ok`, `failed`), and how late each came after it was due.
    pub renewals: IntCounterVec,
    pub renewal_lag_seconds: Histogram,
    /// People waiting for quick play at this node now; how long each waited to be seated.
    pub quick_waiting: IntGauge,
    pub quick_seated_seconds: Histogram,
    /// Bytes of WebSocket messages sent.
    pub bytes_sent: IntCounter,
    /// Connections turned away at the door, by reason (`server_full`, `address_full`).
    pub door_refused: IntCounterVec,
    /// 1 while the node takes new rooms; 0 while it drains.
    pub ready: IntGauge,
}

fn counter(registry: &Registry, name: &str, help: &str) -> IntCounter {
    let c = IntCounter::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(c.clone()))
        .expect("registered once");
    c
}

fn counters(registry: &Registry, name: &str, help: &str, label: &str) -> IntCounterVec {
    let c = IntCounterVec::new(Opts::new(name, help), &[label]).expect("a valid metric");
    registry
        .register(Box::new(c.clone()))
        .expect("registered once");
    c
}

fn gauge(registry: &Registry, name: &str, help: &str) -> IntGauge {
    let g = IntGauge::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(g.clone()))
        .expect("registered once");
    g
}

fn histogram(registry: &Registry, name: &str, help: &str, buckets: &[f64]) -> Histogram {
    let h = Histogram::with_opts(HistogramOpts::new(name, help).buckets(buckets.to_vec()))
        .expect("a valid metric");
    registry
        .register(Box::new(h.clone()))
        .expect("registered once");
    h
}

impl Metrics {
    fn new() -> Metrics {
        let r = Registry::new();
        let rooms = IntGaugeVec::new(
            Opts::new("ludo_rooms", "Live rooms on this node, by stage."),
            &["stage"],
        )
        .expect("a valid metric");
        r.register(Box::new(rooms.clone()))
            .expect("registered once");
        Metrics {
            sockets: gauge(&r, "ludo_sockets", "WebSockets open now."),
            rooms,
            steps: counter(&r, "ludo_steps_total", "Steps of games applied."),
            refused: counters(
                &r,
                "ludo_refused_total",
                "Requests refused, by reason.",
                "reason",
            ),
            request_seconds: histogram(
                &r,
                "ludo_request_seconds",
                "From a request's arrival at its room to its events sent.",
                FELT,
            ),
            writes: counters(
                &r,
                "ludo_db_writes_total",
                "Rooms' database writes, by outcome.",
                "outcome",
            ),
            write_seconds: histogram(
                &r,
                "ludo_db_write_seconds",
                "A room's database write's time.",
                FELT,
            ),
            claims: counters(
                &r,
                "ludo_claims_total",
                "Claims of rooms, by outcome.",
                "outcome",
            ),
            renewals: counters(
                &r,
                "ludo_lease_renewals_total",
                "Lease renewals, by outcome.",
                "outcome",
            ),
            renewal_lag_seconds: histogram(
                &r,
                "ludo_lease_renewal_lag_seconds",
                "How late a lease renewal came after it was due.",
                FELT,
            ),
            quick_waiting: gauge(
                &r,
                "ludo_quick_waiting",
                "People waiting for quick play at this node.",
            ),
            quick_seated_seconds: histogram(
                &r,
                "ludo_quick_seated_seconds",
                "How long a person waited for quick play until seated.",
                WAITS,
            ),
            bytes_sent: counter(&r, "ludo_bytes_sent_total", "WebSocket bytes sent."),
            door_refused: counters(
                &r,
                "ludo_door_refused_total",
                "Connections turned away at the door, by reason.",
                "reason",
            ),
            ready: gauge(&r, "ludo_ready", "1 while the node takes new rooms."),
            registry: r,
        }
    }

    /// The figures in Prometheus's text format.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .expect("text encodes");
        String::from_utf8(out).expect("text is UTF-8")
    }
}

/// This process's figures.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// A refusal counted by its reason (as the protocol spells it).
pub fn count_refusal(msg: &ludo_proto::ServerMsg) {
    if let ludo_proto::ServerMsg::Refused { reason, .. } = msg {
        let name = serde_json::to_value(reason)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{reason:?}"));
        METRICS.refused.with_label_values(&[name.as_str()]).inc();
    }
}

/// A time in seconds, for a histogram.
pub fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_read_as_prometheus_text() {
        METRICS.steps.inc_by(3);
        METRICS.rooms.with_label_values(&["playing"]).set(2);
        METRICS.refused.with_label_values(&["too_fast"]).inc();
        METRICS.request_seconds.observe(0.004);
        let text = METRICS.text();
        assert!(text.contains("# TYPE ludo_steps_total counter"), "{text}");
        assert!(text.contains("ludo_rooms{stage=\"playing\"} 2"), "{text}");
        assert!(text.contains("ludo_refused_total{reason=\"too_fast\"} 1"));
        assert!(text.contains("ludo_request_seconds_bucket{le=\"0.005\"} 1"));
    }
}
