//! Watching a replay: the same table as the game, its position moved
//! through the record by the replay's bar and keys (Left/Right a step,
//! Home/End, Page Up/Down a round, Space play and pause), through one
//! seat's eyes or with everything uncovered. The replay is a driver on the
//! seat boundary like any other: the table sees only `Shown`.

use bevy::prelude::*;

use super::curtain::ScreenTaken;
use super::events::{Happened, Narrated};
use super::in_progress::{Played, Session};
use super::opponent::{MatchOptions, Opponent};
use crate::game_log::GameLog;
use crate::ids::GameId;
use crate::replay::{About, Replay};
use crate::rules::{Match, Playable, Replaying, Seat, Thought};
use crate::screens::{ActiveGame, Screen};

/// Whose eyes a replay is watched through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eyes {
    Seat(Seat),
    /// Both sides' hidden pieces uncovered.
    Everything,
}

/// Opens a replay's text (from the list, a file, the result screen) at a
/// step.
#[derive(Message, Debug, Clone)]
pub struct OpenReplay {
    pub game: GameId,
    pub text: String,
    /// The step to open at (0: the start).
    pub at: usize,
    /// Whose eyes (`None`: the person's seat, or seat 0).
    pub eyes: Option<Eyes>,
}

/// What the replay's bar and keys ask.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum WatchCommand {
    /// Forward (+1) or back (-1) one action.
    Step(i32),
    /// To this many actions played.
    To(usize),
    /// To the start of the next (+1) or previous (-1) round.
    Round(i32),
    PlayPause,
    /// Actions a second while playing.
    Speed(f32),
    Eyes(Eyes),
}

/// The replay being watched, for its bar: present while one is on the
/// table.
#[derive(Resource, Debug, Clone)]
pub struct Watching {
    pub game: GameId,
    pub about: About,
    pub eyes: Eyes,
    /// How many actions have been played at this position.
    pub step: usize,
    pub steps: usize,
    /// The round at each position, 0..=steps.
    pub rounds: Vec<u32>,
    /// Each side's score at each position, 0..=steps: the chart.
    pub standings: Vec<[i64; 2]>,
    /// Each action's seat and, for a computer's, what it thought.
    pub thoughts: Vec<(Seat, Option<Thought>)>,
    pub playing: bool,
    /// Actions a second while playing.
    pub speed: f32,
    /// Seconds until the next action while playing.
    pub(super) wait: f32,
}

impl Watching {
    /// The latest reasoning, up to this position, of a computer in the seat
    /// watched (either seat with everything uncovered): the action's number
    /// from 1 and the thought.
    pub fn last_thought(&self) -> Option<(usize, Seat, &Thought)> {
        self.thoughts[..self.step]
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, (seat, _))| self.eyes == Eyes::Everything || self.eyes == Eyes::Seat(*seat))
            .find_map(|(n, (seat, thought))| thought.as_ref().map(|t| (n + 1, *seat, t)))
    }

    /// Where a round jump from `step` lands: forward, the first action of
    /// the next round; back, the start of this round, or of the one before
    /// when already there.
    pub fn round_start(&self, step: usize, delta: i32) -> usize {
        let round = self.rounds[step];
        if delta > 0 {
            return (step..=self.steps)
                .find(|&p| self.rounds[p] > round)
                .unwrap_or(self.steps);
        }
        let start = |r: u32| self.rounds.iter().position(|&x| x == r).unwrap_or(0);
        let this = start(round);
        if this < step {
            return this;
        }
        match self.rounds[..this].last() {
            Some(&before) => start(before),
            None => 0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenReplay>()
        .add_message::<WatchCommand>()
        .add_systems(
            Update,
            keys.run_if(resource_exists::<Watching>)
                .in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(OnExit(crate::screens::InGame), |mut commands: Commands| {
            commands.remove_resource::<Watching>();
        });
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<State<crate::menus::Menu>>,
    mut commands: MessageWriter<WatchCommand>,
) {
    let Some(keys) = keys.filter(|_| *menu.get() == crate::menus::Menu::None) else {
        return;
    };
    for (key, command) in [
        (KeyCode::ArrowRight, WatchCommand::Step(1)),
        (KeyCode::ArrowLeft, WatchCommand::Step(-1)),
        (KeyCode::Home, WatchCommand::To(0)),
        (KeyCode::End, WatchCommand::To(usize::MAX)),
        (KeyCode::PageDown, WatchCommand::Round(1)),
        (KeyCode::PageUp, WatchCommand::Round(-1)),
        (KeyCode::Space, WatchCommand::PlayPause),
    ] {
        if keys.just_pressed(key) {
            commands.write(command);
        }
    }
}

impl<G: Playable + Narrated> Session<G> {
    /// A replay to watch, checked through today's rules first, through
    /// `eyes` (`None`: the person's seat, or seat 0), and the eyes it has.
    fn watching(replay: &Replay<G>, eyes: Option<Eyes>) -> Result<(Self, Eyes), String> {
        replay.check()?;
        let computer = replay.about.players.iter().find_map(|p| p.computer);
        let opponent = computer.map_or(Opponent::Friend, Opponent::Computer);
        let human = replay
            .about
            .players
            .iter()
            .position(|p| p.computer.is_none())
            .unwrap_or(0);
        let mut session = Session::around(
            Played::Here(Match::new(&replay.record.config, replay.record.seed)),
            human,
            opponent,
        );
        session.bots = [None, None];
        session.curtain = None;
        session.watched = Some(replay.record.clone());
        session.recorded_names = Some(replay.about.players.clone().map(|p| p.name));
        let eyes = eyes.unwrap_or(Eyes::Seat(human));
        session.set_eyes(eyes);
        Ok((session, eyes))
    }

    fn set_eyes(&mut self, eyes: Eyes) {
        self.everything = eyes == Eyes::Everything;
        self.viewer = match eyes {
            Eyes::Seat(seat) => seat,
            Eyes::Everything => self.human,
        };
    }

    /// The game after `step` actions. One step forward plays that action
    /// on and hands its events to the table to animate; any other move
    /// plays the record again from the start, rebuilds the log to that
    /// point and lays the table out afresh.
    fn go_to(
        &mut self,
        step: usize,
        one_forward: bool,
        happened: &mut MessageWriter<Happened<G>>,
        log: &mut GameLog,
    ) {
        let record = self.watched.take().expect("a replay has its record");
        let names = self.names();
        let next = record.steps.get(self.steps()).filter(|_| one_forward);
        if let Some(next) = next
            && let by_computer = !self.is_human_in_record(next.seat)
            && let Played::Here(played) = &mut self.played
        {
            let events = played.apply_recorded(next).expect("a checked replay plays");
            let view = played.game().view(next.seat);
            happened.write_batch(super::events::narrated::<G>(
                &view,
                &names,
                events,
                by_computer,
                log,
            ));
        } else {
            let mut replaying = Replaying::new(&record).expect("a checked replay plays");
            log.clear();
            log.push(format!(
                "Replay of {}: {} against {}",
                G::ID.title(),
                names[0],
                names[1]
            ));
            for _ in 0..step.min(record.steps.len()) {
                let events = replaying
                    .step()
                    .expect("a step of the record")
                    .expect("a checked replay plays");
                // Only the log is rebuilt: the table lays out afresh.
                super::events::narrated::<G>(&replaying.game().view(0), &names, events, false, log);
            }
            self.played = Played::Here(replaying.finish());
        }
        self.watched = Some(record);
        self.hold = false;
    }

    fn is_human_in_record(&self, seat: Seat) -> bool {
        match self.opponent {
            Opponent::Computer(_) => seat == self.human,
            Opponent::Friend | Opponent::Online => true,
        }
    }
}

/// Opens the replays asked for this frame that are of `G`.
pub(super) fn open_replay<G: Playable + Narrated>(
    mut requests: MessageReader<OpenReplay>,
    mut commands: Commands,
    mut log: ResMut<GameLog>,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
    mut happened: MessageWriter<Happened<G>>,
) {
    for request in requests.read().filter(|r| r.game == G::ID) {
        let opened = Replay::<G>::from_text(&request.text).and_then(|replay| {
            let (session, eyes) = Session::<G>::watching(&replay, request.eyes)?;
            Ok((replay, session, eyes))
        });
        let (replay, mut session, eyes) = match opened {
            Ok(opened) => opened,
            Err(e) => {
                log.notice(format!("This replay cannot be watched: {e}"));
                continue;
            }
        };
        let (rounds, standings) = Replaying::positions(&replay.record, |g| (g.round(), g.standing()))
            .expect("a checked replay plays")
            .into_iter()
            .unzip();
        let steps = replay.record.steps.len();
        let at = request.at.min(steps);
        session.go_to(at, false, &mut happened, &mut log);
        commands.insert_resource(Watching {
            game: G::ID,
            about: replay.about.clone(),
            eyes,
            step: at,
            steps,
            rounds,
            standings,
            thoughts: replay
                .record
                .steps
                .iter()
                .map(|s| (s.seat, s.thought.clone()))
                .collect(),
            playing: false,
            speed: 2.0,
            wait: 0.0,
        });
        commands.insert_resource(MatchOptions {
            game: G::ID,
            opponent: session.opponent,
        });
        super::open::open_session(&mut commands, &mut active, session);
        next.set(Screen::Playing);
    }
}

/// Moves the position as the bar and keys ask, and on while playing.
pub(super) fn move_through<G: Playable + Narrated>(
    mut session: ResMut<Session<G>>,
    watching: Option<ResMut<Watching>>,
    mut commands: MessageReader<WatchCommand>,
    mut happened: MessageWriter<Happened<G>>,
    mut taken: MessageWriter<ScreenTaken>,
    mut log: ResMut<GameLog>,
    time: Res<Time>,
) {
    let Some(mut watching) = watching.filter(|w| w.game == G::ID && session.is_replay()) else {
        commands.clear();
        return;
    };
    let mut target = watching.step;
    for command in commands.read() {
        match *command {
            WatchCommand::Step(delta) => {
                watching.playing = false;
                target = target.saturating_add_signed(delta as isize).min(watching.steps);
            }
            WatchCommand::To(step) => target = step.min(watching.steps),
            WatchCommand::Round(delta) => {
                watching.playing = false;
                target = watching.round_start(target, delta);
            }
            WatchCommand::PlayPause => {
                if target == watching.steps {
                    target = 0;
                }
                watching.playing = !watching.playing;
                watching.wait = 0.0;
            }
            WatchCommand::Speed(speed) => watching.speed = speed.clamp(0.25, 20.0),
            WatchCommand::Eyes(eyes) => {
                watching.eyes = eyes;
                session.set_eyes(eyes);
                taken.write(ScreenTaken);
            }
        }
    }
    if watching.playing && target == watching.step && !session.hold {
        watching.wait -= time.delta_secs();
        if watching.wait <= 0.0 {
            watching.wait = 1.0 / watching.speed;
            target = (target + 1).min(watching.steps);
            if target == watching.steps {
                watching.playing = false;
            }
        }
    }
    if target != watching.step {
        let one_forward = target == watching.step + 1;
        session.go_to(target, one_forward, &mut happened, &mut log);
        if !one_forward {
            taken.write(ScreenTaken);
        }
        watching.step = target;
    }
}
