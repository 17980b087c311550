//! `--autoplay MOVES`: the computer makes the person's first moves, from
//! that seat's own view like any driver on the seat boundary, and lifts
//! the curtain whenever it stands, so that a screenshot can show a game
//! part-way through (after a hand-over between friends) or at its end.

use bevy::prelude::*;

use super::curtain::LiftCurtain;
use super::events::Act;
use super::launch::Launch;
use super::shown::Shown;
use crate::rules::{Bot, Level, Playable, sub_seed};

/// The person's moves the computer still makes.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Autoplay {
    pub left: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, begin);
}

fn begin(mut commands: Commands, launch: Option<Res<Launch>>) {
    if let Some(left) = launch.map(|l| l.autoplay).filter(|&n| n > 0) {
        commands.insert_resource(Autoplay { left });
    }
}

/// A move each time the seat's table changes while any are left; the
/// curtain is lifted even after the last, so the picture shows the table
/// to the seat that took it.
pub(super) fn drive<G: Playable>(
    mut autoplay: ResMut<Autoplay>,
    shown: Option<Res<Shown<G>>>,
    mut bots: Local<[Option<Box<dyn Bot<G>>>; 2]>,
    mut acts: MessageWriter<Act<G>>,
    mut lift: MessageWriter<LiftCurtain>,
) {
    let Some(shown) = shown else { return };
    if shown.curtain.is_some() {
        lift.write(LiftCurtain);
        return;
    }
    let Some(seat) = shown.acting.filter(|_| autoplay.left > 0) else {
        return;
    };
    // Only once the last move shows: an Act a frame would outrun it.
    if !shown.is_changed() {
        return;
    }
    let bot = bots[seat].get_or_insert_with(|| G::bot(Level::Normal, sub_seed(shown.fill_seed, 71)));
    acts.write(Act::new(bot.choose(&shown.view)));
    autoplay.left -= 1;
}
