//! Black & White, the wargame: Thargaton against Vesania on a hex board.
//! The rules core (`engine/`: state, rules, actions, combat, legal, view,
//! game, the bots) runs without Bevy; `scenario_assets` loads scenario files
//! as Bevy assets. The plugins drive a battle (`plugin`: session, save, undo, the
//! command line) and draw it (`table_plugin`: the board, the blocks, the
//! panels, the picker and the victory screen).

pub mod army_panel;
mod battle_panel;
pub mod block_face;
pub mod board_draw;
pub mod board_input;
pub mod catalogue;
pub mod choices;
mod dice;
pub mod engine;
mod look;
pub mod mods;
mod narrate;
pub mod picker;
mod preview;
pub mod save;
pub mod scenario_assets;
pub mod tutorial;
mod tutorial_panel;
pub mod undo;
mod victory;

// The core's modules by their short names, for the table and for the
// paths outside (`wargame::state`, `wargame::board`, ...).

use bevy::prelude::*;

pub use narrate::explain_attack;

use crate::rules::{Level, sub_seed};
use crate::session::Launch;
use crate::session::{Act, GameLog, Prepared, SessionPlugin, Shown};
use engine::{Setup, Wargame, bot, shipped, state};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Wargame>::default(),
        catalogue::plugin,
        save::plugin,
        undo::plugin,
        army_panel::logic_plugin,
        tutorial::plugin,
    ))
    .add_systems(Startup, launch_battle)
    .add_systems(
        Update,
        quick_build
            .run_if(resource_exists::<QuickBuild>.and_then(resource_exists::<Shown<Wargame>>))
            .in_set(crate::AppSystems::RecordInput),
    );
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins((
        board_draw::plugin,
        choices::plugin,
        dice::plugin,
        board_input::plugin,
        army_panel::plugin,
        battle_panel::plugin,
        picker::plugin,
        victory::plugin,
        tutorial_panel::plugin,
    ));
    crate::ui::session_ui::<Wargame>(app);
}

/// The computer builds and deploys the army of the person at the screen
/// too (a battle started from the command line).
#[derive(Resource, Debug)]
pub struct QuickBuild;

/// `--game wargame [--scenario ID]`: the scenario, and armies built by the
/// computer unless `--build`.
fn launch_battle(mut commands: Commands, launch: Option<Res<Launch>>, mut log: ResMut<GameLog>) {
    let Some(launch) = launch.filter(|l| l.game == Some(crate::games::GameId::Wargame)) else {
        return;
    };
    let scenario = match launch.scenario.as_deref().map(shipped::find) {
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            log.notice(format!("{e}; playing the first tutorial instead"));
            Setup::default().scenario
        }
        None => Setup::default().scenario,
    };
    commands.insert_resource(Prepared::<Wargame> {
        config: Setup {
            scenario,
            dice: Vec::new(),
        },
        human: 0,
    });
    if !launch.build {
        commands.insert_resource(QuickBuild);
    }
}

fn quick_build(shown: Res<Shown<Wargame>>, mut acts: MessageWriter<Act<Wargame>>, mut asked: Local<bool>) {
    let Some(seat) = shown.acting else {
        *asked = false;
        return;
    };
    if shown.view.phase != state::Phase::Building || *asked {
        return;
    }
    let mut builder = bot::bot(Level::Normal, sub_seed(shown.fill_seed, 7 + seat as u64));
    acts.write(Act::new(builder.choose(&shown.view)));
    *asked = true;
}
