//! The panels around the board: army building, the battle's side panels
//! and action bar, the dice, the tutorial's window and the victory screen.

pub mod army;
mod battle;
pub mod dice;
mod tutorial;
mod victory;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        army::plugin,
        battle::plugin,
        dice::plugin,
        tutorial::plugin,
        victory::plugin,
    ));
}
