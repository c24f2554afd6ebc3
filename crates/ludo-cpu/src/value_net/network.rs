//! The network: one hidden layer with a tanh-shaped activation, its output, and a TD
//! learning step.

use serde::{Deserialize, Serialize};

use super::{Features, Kind, Layout, features};
use ludo_core::Discard;
use ludo_core::{Game, Move};

/// A network with one hidden layer: `hidden` units with a tanh-shaped activation, and one
/// output, the logit of the chance to win.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueNet {
    /// How it was made: the command and the figures it reached.
    pub about: String,
    /// The number of seats it was trained for.
    pub seats: u8,
    pub inputs: usize,
    pub hidden: usize,
    /// `inputs` rows of `hidden` weights.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

/// The activation: a rational approximation of tanh, exact at 0 and ±1 beyond ±3. Written
/// out rather than calling `tanh` so that every platform (the browser's included) computes
/// the same bits, and so the same game replays the same way everywhere.
#[inline]
pub(super) fn act(x: f32) -> f32 {
    if x >= 3.0 {
        1.0
    } else if x <= -3.0 {
        -1.0
    } else {
        let x2 = x * x;
        x * (27.0 + x2) / (27.0 + 9.0 * x2)
    }
}

impl ValueNet {
    /// A fresh network with small weights drawn from `seed`, for training.
    pub fn new(seats: u8, hidden: usize, seed: u64) -> ValueNet {
        ValueNet::new_for(Kind::Hard, seats, hidden, seed)
    }

    /// A fresh network of either kind, for training.
    pub fn new_for(kind: Kind, seats: u8, hidden: usize, seed: u64) -> ValueNet {
        let inputs = kind.inputs(seats);
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut small = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.random::<f32>() * 2.0 - 1.0) * 0.1)
                .collect()
        };
        ValueNet {
            about: String::new(),
            seats,
            inputs,
            hidden,
            w1: small(inputs * hidden),
            b1: small(hidden),
            w2: small(hidden),
            b2: 0.0,
        }
    }

    /// The kind of network its inputs make it (after [`ValueNet::check`]).
    pub fn kind(&self) -> Kind {
        if self.inputs == Layout::for_seats(self.seats).expert_inputs {
            Kind::Expert
        } else {
            Kind::Hard
        }
    }

    /// `hard`'s network widened to `expert`'s inputs, rating as before from the mover's side
    /// (the new inputs start at zero weight): where `train_expert` starts.
    pub fn widened(&self) -> ValueNet {
        let inputs = Layout::for_seats(self.seats).expert_inputs;
        let mut w1 = self.w1.clone();
        w1.resize(inputs * self.hidden, 0.0);
        ValueNet {
            inputs,
            w1,
            ..self.clone()
        }
    }

    /// One network whose logit is the mean of the logits of `nets` (of one kind and number of
    /// seats): their hidden units side by side, each one's output weights divided by their
    /// number. How several networks trained apart, which err apart, ship as one file.
    pub fn side_by_side(nets: &[ValueNet]) -> ValueNet {
        let n = nets.len() as f32;
        let inputs = nets[0].inputs;
        let mut w1 = Vec::with_capacity(inputs * nets.iter().map(|net| net.hidden).sum::<usize>());
        for i in 0..inputs {
            for net in nets {
                w1.extend_from_slice(&net.w1[i * net.hidden..(i + 1) * net.hidden]);
            }
        }
        ValueNet {
            about: String::new(),
            seats: nets[0].seats,
            inputs,
            hidden: nets.iter().map(|net| net.hidden).sum(),
            w1,
            b1: nets.iter().flat_map(|net| net.b1.iter().copied()).collect(),
            w2: nets
                .iter()
                .flat_map(|net| net.w2.iter().map(|w| w / n))
                .collect(),
            b2: nets.iter().map(|net| net.b2).sum::<f32>() / n,
        }
    }

    /// Checks that the weights fit the shape the network names.
    pub fn check(&self) -> Result<(), String> {
        let h = self.hidden;
        if !(2..=ludo_core::MAX_SEATS).contains(&self.seats) {
            return Err(format!(
                "seats is {}, expected 2 to {}",
                self.seats,
                ludo_core::MAX_SEATS
            ));
        }
        let at = Layout::for_seats(self.seats);
        if ![at.inputs, at.expert_inputs].contains(&self.inputs) {
            return Err(format!(
                "inputs is {}, expected {} (hard) or {} (expert) at {} seats",
                self.inputs, at.inputs, at.expert_inputs, self.seats
            ));
        }
        let want = [
            ("w1", self.w1.len(), self.inputs * h),
            ("b1", self.b1.len(), h),
            ("w2", self.w2.len(), h),
        ];
        for (name, got, expected) in want {
            if got != expected {
                return Err(format!("{name} has {got} numbers, expected {expected}"));
            }
        }
        Ok(())
    }

    /// The hidden layer for `x`, written into `hidden`; returns the output logit.
    fn forward(&self, x: &[(u16, f32)], hidden: &mut Vec<f32>) -> f32 {
        let h = self.hidden;
        hidden.clear();
        hidden.extend_from_slice(&self.b1);
        for &(i, v) in x {
            let row = &self.w1[i as usize * h..(i as usize + 1) * h];
            for (a, w) in hidden.iter_mut().zip(row) {
                *a += w * v;
            }
        }
        let mut z = self.b2;
        for (a, w) in hidden.iter_mut().zip(&self.w2) {
            *a = act(*a);
            z += *a * w;
        }
        z
    }

    /// The logit of the chance to win for the position with features `x`: higher is better.
    pub fn logit(&self, x: &[(u16, f32)]) -> f32 {
        self.forward(x, &mut Vec::with_capacity(self.hidden))
    }

    /// Rates the legal move `m` for the seat to play: the logit for the position it leads to,
    /// whose features it leaves in `x`, or infinity for a move that ends the game (the mover
    /// finishes). How `hard` plays and how it learns both pick the move by this.
    pub fn rate(&self, game: &Game, m: &Move, x: &mut Features) -> f32 {
        let mut after = game.clone();
        after.play_move(*m, game.pending_roll().unwrap_or(0), &mut Discard);
        if after.is_over() {
            return f32::INFINITY;
        }
        features(&after, game.turn() as usize, x);
        self.logit(x)
    }

    /// One step of learning: moves the output for `x` towards `target` (a chance, 0 to 1) by
    /// the gradient of the cross-entropy, at rate `alpha`.
    pub fn learn(&mut self, x: &[(u16, f32)], target: f32, alpha: f32) {
        let mut hidden = Vec::with_capacity(self.hidden);
        let z = self.forward(x, &mut hidden);
        let g = alpha * (target - chance(z));
        self.b2 += g;
        for (j, a) in hidden.iter_mut().enumerate() {
            let back = g * self.w2[j] * (1.0 - *a * *a);
            self.w2[j] += g * *a;
            self.b1[j] += back;
            *a = back;
        }
        let h = self.hidden;
        for &(i, v) in x {
            let row = &mut self.w1[i as usize * h..(i as usize + 1) * h];
            for (w, back) in row.iter_mut().zip(&hidden) {
                *w += back * v;
            }
        }
    }
}

/// The chance a logit stands for.
pub fn chance(logit: f32) -> f32 {
    1.0 / (1.0 + (-logit).exp())
}
