//! A battle started from the command line: `--game wargame [--scenario ID]
//! [--build]`, its armies built by the computer unless `--build`.

use bevy::prelude::*;

use crate::screens::ActiveGame;

use crate::app_systems::AppSystems;
use crate::game_log::GameLog;
use crate::games::wargame::engine::{Setup, Wargame, bot, shipped, state};
use crate::ids::GameId;
use crate::rules::{Level, sub_seed};
use crate::session::{Act, Launch, Prepared, Shown};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, launch_battle).add_systems(
        Update,
        quick_build
            .run_if(resource_exists::<QuickBuild>.and_then(in_state(ActiveGame::Playing(GameId::Wargame))))
            .in_set(AppSystems::RecordInput),
    );
}

/// The computer builds and deploys the army of the person at the screen
/// too (a battle started from the command line).
#[derive(Resource, Debug)]
pub struct QuickBuild;

/// `--game wargame [--scenario ID]`: the scenario, and armies built by the
/// computer unless `--build`.
fn launch_battle(mut commands: Commands, launch: Option<Res<Launch>>, mut log: ResMut<GameLog>) {
    let Some(launch) = launch.filter(|l| l.game == Some(GameId::Wargame) && !l.edit) else {
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
        config: Setup::with_commanders(&scenario, scenario.commanders_by_default()),
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
