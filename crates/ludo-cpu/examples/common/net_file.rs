//! What the training examples share: their numeric arguments, and reading and writing a
//! network's file.

use ludo_cpu::value_net::{self, ValueNet};

/// Argument `i` as a number, or exits saying which argument is not one.
pub fn number(args: &[String], i: usize) -> f64 {
    args[i].parse().unwrap_or_else(|_| {
        eprintln!("argument {} ({:?}) is not a number", i + 1, args[i]);
        std::process::exit(2)
    })
}

/// Reads a network file, or exits saying why not.
pub fn read(path: &str) -> ValueNet {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1)
    });
    value_net::parse(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    })
}

/// Rounds to four significant digits, so the shipped file stays small.
fn round(v: f32) -> f32 {
    if v == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(3 - (v.abs() as f64).log10().floor() as i32);
    ((v as f64 * scale).round() / scale) as f32
}

/// Writes `net` to `out` with its weights rounded, or exits saying why not.
pub fn write(mut net: ValueNet, out: &str) {
    for w in net
        .w1
        .iter_mut()
        .chain(&mut net.b1)
        .chain(&mut net.w2)
        .chain(std::iter::once(&mut net.b2))
    {
        *w = round(*w);
    }
    write_as_is(net, out);
}

/// Writes `net` to `out` as it is, or exits saying why not.
pub fn write_as_is(net: ValueNet, out: &str) {
    let text = serde_json::to_string(&net).expect("numbers and strings");
    std::fs::write(out, text + "\n").unwrap_or_else(|e| {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1)
    });
    eprintln!("wrote {out}");
}

/// `net` with `hidden` hidden units: the new units get small input weights drawn from `seed`
/// and no weight to the output, so the grown network rates every position as `net` did and
/// training gives the new units their say.
#[allow(dead_code)] // not every example grows a network
pub fn grown(mut net: ValueNet, hidden: usize, seed: u64) -> ValueNet {
    use rand::{RngExt, SeedableRng};
    let old = net.hidden;
    if hidden <= old {
        return net;
    }
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut small = || (rng.random::<f32>() * 2.0 - 1.0) * 0.1;
    let mut w1 = Vec::with_capacity(net.inputs * hidden);
    for row in net.w1.chunks(old) {
        w1.extend_from_slice(row);
        w1.extend((old..hidden).map(|_| small()));
    }
    net.w1 = w1;
    net.b1.extend((old..hidden).map(|_| small()));
    net.w2.resize(hidden, 0.0);
    net.hidden = hidden;
    net
}
