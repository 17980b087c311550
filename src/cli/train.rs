//! `train`: solves the strategy of tiles' held-out member `regret` by
//! counterfactual regret minimisation (population/tiles_regret.rs) and
//! writes it to a file; after each part it prints how the strategy so far fares against
//! Normal and against a best response that knows it.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use super::arena::play_bots;
use super::exploit::on_every_core;
use crate::games::tiles::engine::Tiles;
use crate::games::tiles::engine::best_response::BestResponse;
use crate::population::tiles_regret::{Solved, Trainer};
use crate::rules::{Bots, Level, sub_seed};

/// How many parts the iterations are run in, each measured.
const PARTS: u64 = 5;
/// The games each part is measured by.
const MEASURED: usize = 200;

pub fn run(iterations: u64, seed: u64, out: &Path) -> Result<(), String> {
    let mut trainer = Trainer::new(seed);
    let started = Instant::now();
    for part in 1..=PARTS {
        trainer.iterate(iterations / PARTS);
        let strategy = Arc::new(trainer.strategy());
        std::fs::write(out, strategy.to_bytes())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        let s = strategy.clone();
        let normal = play_bots::<Tiles>(
            &Default::default(),
            |player, seed| match player {
                0 => Box::new(Solved::new(s.clone(), seed)),
                _ => Tiles::bot(Level::Normal, seed),
            },
            MEASURED,
            sub_seed(seed, part),
        );
        let read = on_every_core::<Tiles>(MEASURED, sub_seed(seed, 100 + part), {
            let s = strategy.clone();
            move |player, seed| match player {
                0 => Box::new(BestResponse::new(Solved::new(s.clone(), seed))),
                _ => Box::new(Solved::new(s.clone(), seed)),
            }
        });
        println!(
            "{} iterations, {:.0} s: against Normal {:.3} ±{:.3}; its best response {:.3} ±{:.3}",
            iterations / PARTS * part,
            started.elapsed().as_secs_f64(),
            normal.rate,
            normal.margin,
            read.rate,
            read.margin
        );
    }
    Ok(())
}
