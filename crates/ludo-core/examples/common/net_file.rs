//! What the training examples share: their numeric arguments, and reading and writing a
//! network's file.

use ludo_core::value_net::{self, ValueNet};

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
    let text = serde_json::to_string(&net).expect("numbers and strings");
    std::fs::write(out, text + "\n").unwrap_or_else(|e| {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1)
    });
    eprintln!("wrote {out}");
}
