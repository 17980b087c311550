//! Random playouts written once for every game: thousands of seeded games of
//! random legal play, checking what must hold in any rules core.

use super::game::GameRng;
use rand::SeedableRng;

use super::game::{Game, Outcome, sub_seed};

/// What a random playout recorded, for the game-specific invariants.
pub struct Playout<G: Game> {
    pub config: G::Config,
    pub states: Vec<G>,
    pub actions: Vec<(usize, G::Action)>,
    pub outcome: Outcome,
}

/// Plays one seeded game of random legal actions to its end, checking on the
/// way that every chosen action is legal, that an illegal one changes
/// nothing, and that every state survives a serialization round trip.
pub fn random_playout<G: Game>(seed: u64, max_actions: usize) -> Result<Playout<G>, String> {
    random_playout_with(&G::Config::default(), seed, max_actions)
}

/// As `random_playout`, from a given set-up (a wargame scenario).
pub fn random_playout_with<G: Game>(
    config: &G::Config,
    seed: u64,
    max_actions: usize,
) -> Result<Playout<G>, String> {
    let mut game = G::configured(config, seed);
    let mut rng = GameRng::seed_from_u64(sub_seed(seed, 77));
    let mut states = vec![game.clone()];
    let mut actions = Vec::new();
    while let Some(seat) = game.to_move() {
        if actions.len() >= max_actions {
            return Err(format!("seed {seed}: no end after {max_actions} actions"));
        }
        let action = game.random_action(&mut rng);
        game.check(seat, &action)
            .map_err(|e| format!("seed {seed}: random action {action:?} illegal: {e}"))?;
        let other = super::other(seat);
        if game.check(other, &action).is_ok() {
            return Err(format!("seed {seed}: seat {other} may act out of turn"));
        }
        let before = serde_json::to_string(&game).map_err(|e| e.to_string())?;
        if game.apply(other, action.clone()).is_ok() {
            return Err(format!("seed {seed}: apply accepted seat {other} out of turn"));
        }
        let unchanged = serde_json::to_string(&game).map_err(|e| e.to_string())?;
        if before != unchanged {
            return Err(format!("seed {seed}: a refused action changed the state"));
        }
        game.apply(seat, action.clone())
            .map_err(|e| format!("seed {seed}: apply refused a checked action: {e}"))?;
        let json = serde_json::to_string(&game).map_err(|e| e.to_string())?;
        let back: G = serde_json::from_str(&json).map_err(|e| e.to_string())?;
        if serde_json::to_string(&back).map_err(|e| e.to_string())? != json {
            return Err(format!("seed {seed}: serialization does not round-trip"));
        }
        actions.push((seat, action));
        states.push(game.clone());
    }
    let outcome = game
        .outcome()
        .ok_or_else(|| format!("seed {seed}: nobody to move but no outcome"))?;
    Ok(Playout {
        config: config.clone(),
        states,
        actions,
        outcome,
    })
}

/// The same seed and the same actions give the same game, byte for byte.
pub fn replays_identically<G: Game>(playout: &Playout<G>, seed: u64) -> Result<(), String> {
    let mut game = G::configured(&playout.config, seed);
    for ((seat, action), expected) in playout.actions.iter().zip(&playout.states[1..]) {
        game.apply(*seat, action.clone())?;
        let now = serde_json::to_string(&game).map_err(|e| e.to_string())?;
        let then = serde_json::to_string(expected).map_err(|e| e.to_string())?;
        if now != then {
            return Err(format!("seed {seed}: the replay diverged"));
        }
    }
    Ok(())
}
