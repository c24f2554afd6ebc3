//! Writes one network that rates every position as the mean of the logits of several
//! (`ValueNet::side_by_side`): networks trained apart err apart, so their mean errs less.
//! Its `about` names each network's own.
//!
//! ```sh
//! cargo run --release -p ludo-cpu --example side_by_side -- OUT NET NET...
//! ```

#[path = "common/net_file.rs"]
#[allow(dead_code)] // it reads and writes networks, and trains none
mod net_file;

use ludo_cpu::value_net::ValueNet;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: side_by_side OUT NET NET...");
        std::process::exit(2);
    }
    let (out, paths) = (&args[0], &args[1..]);
    let nets: Vec<ValueNet> = paths.iter().map(|p| net_file::read(p)).collect();
    for (path, net) in paths.iter().zip(&nets).skip(1) {
        if (net.inputs, net.seats) != (nets[0].inputs, nets[0].seats) {
            eprintln!(
                "{path} has {} inputs for {} seats, {} has {} for {}",
                net.inputs, net.seats, paths[0], nets[0].inputs, nets[0].seats
            );
            std::process::exit(2);
        }
    }
    let mut net = ValueNet::side_by_side(&nets);
    let members: Vec<String> = paths
        .iter()
        .zip(&nets)
        .map(|(path, net)| format!("{path}, made by `{}`", net.about))
        .collect();
    net.about = format!(
        "cargo run --release -p ludo-cpu --example side_by_side -- {out} {}: the mean of {}",
        paths.join(" "),
        members.join("; and ")
    );
    // Not rounded again: the networks' weights were, and halving one adds a digit at most.
    net_file::write_as_is(net, out);
}
