//! What one seat is shown: its view, its legal actions, whose turn it is,
//! the names at the table and, once the game is over, the whole game
//! uncovered. Every table, HUD, log line and sound reads this, never the
//! match itself; it is rebuilt only when the session changes, so Bevy's
//! change detection drives the tables.

use bevy::prelude::*;

use super::in_progress::{Played, Session};
use super::opponent::Opponent;
use crate::rules::{Outcome, Playable, Seat, sub_seed};

#[derive(Resource, Debug, Clone)]
pub struct Shown<G: Playable> {
    /// Whose eyes: the person at the screen, or in friend mode whoever took
    /// the screen last.
    pub seat: Seat,
    pub view: G::View,
    /// The seat the person at the screen may act for now: `None` on the
    /// other side's turn, under a curtain, while a result is on screen.
    pub acting: Option<Seat>,
    /// What the person at the screen may play now (empty unless `acting`).
    pub legal: Vec<G::Action>,
    pub to_move: Option<Seat>,
    /// While `Some(seat)`, a curtain hides the table until that player
    /// takes the screen; nothing private may be drawn.
    pub curtain: Option<Seat>,
    pub names: [String; 2],
    pub opponent: Opponent,
    /// The table is still showing what just happened.
    pub hold: bool,
    pub outcome: Option<Outcome>,
    /// The seed of this seat's own random fills ("Fill at random", a clock
    /// that runs out), never drawn.
    pub fill_seed: u64,
    /// Once the game is over, or in a replay watched with everything
    /// uncovered: the whole game.
    pub reveal: Option<Reveal<G>>,
    /// A replay is being watched: nobody acts.
    pub replay: bool,
    /// With everything uncovered, `view` shows what is hidden and this is
    /// the seat's own view, from which the knowledge panel reckons.
    pub own_view: Option<G::View>,
}

/// A finished game, everything uncovered, with the seed that replays it.
#[derive(Debug, Clone)]
pub struct Reveal<G> {
    pub game: G,
    pub seed: u64,
}

impl<G: Playable> Shown<G> {
    pub(super) fn of(session: &Session<G>) -> Self {
        let seat = session.viewer;
        let acting = session.human_to_move().filter(|&s| s == seat);
        let (view, legal, own_view, reveal, fill_seed) = match &session.played {
            Played::Here(played) => {
                let game = played.game();
                let seed = played.seed();
                (
                    if session.everything {
                        game.uncovered(seat)
                    } else {
                        game.view(seat)
                    },
                    if acting.is_some() {
                        game.legal_actions()
                    } else {
                        Vec::new()
                    },
                    session.everything.then(|| game.view(seat)),
                    (game.outcome().is_some() || session.everything).then(|| Reveal {
                        game: game.clone(),
                        seed,
                    }),
                    sub_seed(seed, 300 + seat as u64),
                )
            }
            Played::Away(remote) => (
                remote.seen.view.clone(),
                if acting.is_some() {
                    remote.seen.legal.clone()
                } else {
                    Vec::new()
                },
                None,
                None,
                remote.fill_seed,
            ),
        };
        Shown {
            seat,
            view,
            acting,
            legal,
            to_move: session.to_move(),
            curtain: session.curtain,
            names: session.names(),
            opponent: session.opponent,
            hold: session.hold,
            outcome: session.outcome(),
            fill_seed,
            reveal,
            replay: session.is_replay(),
            own_view,
        }
    }

    /// Whether the table may show this seat's private side now.
    pub fn uncovered(&self) -> bool {
        self.curtain.is_none()
    }
}
