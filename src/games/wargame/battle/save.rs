//! Save and resume: the battle is written beside the settings at the start
//! of every turn, and the picker offers to resume it after the program has
//! been closed. A finished battle removes its save; a save that cannot be
//! read is reported and left alone.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game_log::GameLog;
use crate::games::wargame::engine::state::{Event, Wargame};
use crate::ids::GameId;
use crate::rules::Seat;
use crate::screens::{ActiveGame, Screen};
use crate::session::{Happened, MatchOptions, MatchRecord, Opponent, Prepared, Session, open_session};
use crate::settings::SettingsFile;

/// A battle as it is kept between runs: its record (scenario, seed and
/// every action), played again on resuming.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedBattle {
    pub record: MatchRecord<Wargame>,
    /// The round it was saved in, for the picker.
    pub round: u32,
    pub human: Seat,
    pub opponent: Opponent,
}

impl SavedBattle {
    /// "Scenario 21, Tutorial: First Contact — round 3".
    pub fn describe(&self) -> String {
        format!(
            "{} — round {}, against {}",
            self.record.config().scenario.label(),
            self.round.max(1),
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
            .record
            .config()
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
        .add_systems(Update, resume.in_set(crate::app_systems::AppSystems::RecordInput))
        .add_systems(
            Update,
            save_at_turns
                .run_if(
                    in_state(ActiveGame::Playing(GameId::Wargame)).and_then(on_message::<Happened<Wargame>>),
                )
                .in_set(crate::app_systems::AppSystems::Settle),
        );
}

fn save_at_turns(
    session: Res<Session<Wargame>>,
    mut happened: MessageReader<Happened<Wargame>>,
    file: Res<SaveFile>,
    mut log: ResMut<GameLog>,
) {
    let mut round = None;
    let mut over = false;
    for h in happened.read() {
        if let Event::TurnBegins { turn, .. } = h.event {
            round = Some(turn);
        }
        over |= matches!(h.event, Event::GameOver { .. });
    }
    // The server keeps an online battle, and a replay watched is not the
    // battle saved here: both leave the save as it is.
    if session.is_online() || session.is_replay() {
        return;
    }
    if over {
        file.0.remove();
    } else if let Some(round) = round
        && let Some(record) = session.record()
    {
        let saved = SavedBattle {
            record,
            round,
            human: session.human,
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
    mut active: ResMut<NextState<ActiveGame>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let resumed = file.load().and_then(|saved| {
        saved
            .map(|saved| {
                Session::<Wargame>::resumed(&saved.record, saved.human, saved.opponent)
                    .map(|session| (saved, session))
                    .map_err(|e| format!("{} no longer plays ({e})", file.0.name()))
            })
            .transpose()
    });
    match resumed {
        Ok(Some((saved, session))) => {
            log.clear();
            log.push(format!("Resumed: {}", saved.describe()));
            commands.insert_resource(Prepared::<Wargame> {
                config: saved.record.config().clone(),
                human: saved.human,
            });
            commands.insert_resource(MatchOptions {
                game: GameId::Wargame,
                opponent: saved.opponent,
            });
            open_session(&mut commands, &mut active, session);
            next.set(Screen::Playing);
        }
        Ok(None) => log.notice("There is no saved battle to resume."),
        Err(e) => log.notice(format!("The saved battle cannot be resumed: {e}")),
    }
}
