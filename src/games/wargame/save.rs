//! Save and resume: the battle is written beside the settings at the start
//! of every turn, and the picker offers to resume it after the program has
//! been closed. A finished battle removes its save; a save that cannot be
//! read is reported and left alone.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::state::{Event, Phase, Setup, Wargame};
use crate::games::GameId;
use crate::rules::Seat;
use crate::screens::Screen;
use crate::session::{GameLog, Happened, MatchOptions, Opponent, Prepared, Session};
use crate::settings::SettingsFile;

/// A battle as it is kept between runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedBattle {
    pub game: Wargame,
    pub human: Seat,
    pub seed: u64,
    pub opponent: Opponent,
}

impl SavedBattle {
    /// "Scenario 21, Tutorial: First Contact — round 3".
    pub fn describe(&self) -> String {
        format!(
            "{} — round {}, against {}",
            self.game.scenario.label(),
            self.game.round.max(1),
            self.opponent.label()
        )
    }
}

/// Where the battle is saved.
#[derive(Resource, Debug, Clone)]
pub struct SaveFile(pub SettingsFile);

impl FromWorld for SaveFile {
    fn from_world(world: &mut World) -> Self {
        let settings = world.get_resource_or_init::<SettingsFile>();
        SaveFile(settings.beside("wargame-battle.ron"))
    }
}

impl SaveFile {
    /// The saved battle, `None` if there is none, or why it cannot be used.
    pub fn load(&self) -> Result<Option<SavedBattle>, String> {
        let Some(text) = self.0.read()? else {
            return Ok(None);
        };
        let saved: SavedBattle =
            ron::from_str(&text).map_err(|e| format!("{} is not a saved battle ({e})", self.0.name()))?;
        saved
            .game
            .scenario
            .validate()
            .map_err(|e| format!("{}: its scenario is broken ({e})", self.0.name()))?;
        Ok(Some(saved))
    }
}

/// Resume the saved battle.
#[derive(Message, Debug, Clone, Copy)]
pub struct ResumeBattle;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveFile>()
        .add_message::<ResumeBattle>()
        .add_systems(Update, resume.in_set(crate::AppSystems::RecordInput))
        .add_systems(
            Update,
            save_at_turns
                .run_if(resource_exists::<Session<Wargame>>)
                .after(crate::AppSystems::Update),
        );
}

fn save_at_turns(
    session: Res<Session<Wargame>>,
    mut happened: MessageReader<Happened<Wargame>>,
    file: Res<SaveFile>,
    mut log: ResMut<GameLog>,
) {
    let mut turn = false;
    let mut over = false;
    for h in happened.read() {
        turn |= matches!(h.event, Event::TurnBegins { .. });
        over |= matches!(h.event, Event::GameOver { .. });
    }
    if over || session.game.phase == Phase::Over {
        file.0.remove();
    } else if turn {
        let saved = SavedBattle {
            game: session.game.clone(),
            human: session.human,
            seed: session.seed,
            opponent: session.opponent,
        };
        let text = ron::ser::to_string(&saved).expect("a battle serializes");
        if let Err(e) = file.0.write(&text) {
            log.notice(format!("The battle could not be saved: {e}"));
        }
    }
}

fn resume(
    mut requests: MessageReader<ResumeBattle>,
    mut commands: Commands,
    file: Res<SaveFile>,
    mut log: ResMut<GameLog>,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match file.load() {
        Ok(Some(saved)) => {
            log.lines.clear();
            log.push(format!("Resumed: {}", saved.describe()));
            commands.insert_resource(Prepared::<Wargame> {
                config: Setup {
                    scenario: saved.game.scenario.clone(),
                    dice: Vec::new(),
                },
                human: saved.human,
            });
            commands.insert_resource(MatchOptions {
                game: GameId::Wargame,
                opponent: saved.opponent,
            });
            commands.insert_resource(Session::resume(
                saved.game,
                saved.human,
                saved.seed,
                saved.opponent,
            ));
            next.set(Screen::Playing);
        }
        Ok(None) => log.notice("There is no saved battle to resume."),
        Err(e) => log.notice(format!("The saved battle cannot be resumed: {e}")),
    }
}
