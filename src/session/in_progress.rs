//! A game in progress, whichever game it is: the match (held here with
//! every secret, or on the server), the computer players, whose eyes the
//! table has and the curtain between two people on one screen.

use bevy::prelude::*;

use super::events::{Happened, Narrated, agree, narrated};
use super::opponent::Opponent;
use super::remote::{Remote, TableLine};
use crate::game_log::GameLog;
use crate::replay::{About, Player, Replay, Shelf};
use crate::rules::{Bot, Match, MatchRecord, Outcome, Playable, Seat, sub_seed};
use crate::settings::Settings;

/// Where the game is held: here, with every secret, or on the server.
pub(super) enum Played<G: Playable> {
    Here(Match<G>),
    Away(Box<Remote<G>>),
}

/// The computer seat that is to move, if any: what a "thinking" line and
/// the screenshot's wait read without knowing which game is played.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ComputerToMove(pub Option<Seat>);

/// A game in progress. Present only while one is played or its result shown.
/// The match inside is private to this module: drivers act through it and
/// everything else reads the `Shown` it gives each seat.
#[derive(Resource)]
pub struct Session<G: Playable> {
    pub(super) played: Played<G>,
    pub opponent: Opponent,
    /// The seat of the person at the screen (against the computer).
    pub human: Seat,
    pub(super) bots: [Option<Box<dyn Bot<G>>>; 2],
    /// The seat whose private information the table may show.
    pub(super) viewer: Seat,
    /// While `Some(seat)`, a curtain hides everything private until that
    /// player takes the screen.
    pub(super) curtain: Option<Seat>,
    /// Seconds until the computer acts or the result screen opens.
    pub(super) wait: f32,
    /// The table is still showing what just happened: nobody acts and the
    /// result screen waits.
    pub(super) hold: bool,
    /// A replay being watched: its whole record. Nobody acts; the
    /// position moves through it.
    pub(super) watched: Option<MatchRecord<G>>,
    /// The names a replay recorded, in place of "You" and "Computer".
    pub(super) recorded_names: Option<[String; 2]>,
    /// Watching a replay with everything uncovered.
    pub(super) everything: bool,
}

impl<G: Playable> Session<G> {
    pub fn new(seed: u64, opponent: Opponent) -> Self {
        Self::configured(&G::Config::default(), 0, seed, opponent)
    }

    /// A fresh game from `config`, the person at the screen in seat `human`.
    pub fn configured(config: &G::Config, human: Seat, seed: u64, opponent: Opponent) -> Self {
        Self::around(Played::Here(Match::new(config, seed)), human, opponent)
    }

    /// A game played again from its record (a saved battle); an action that
    /// is not legal any more is refused with its step.
    pub fn resumed(record: &MatchRecord<G>, human: Seat, opponent: Opponent) -> Result<Self, String> {
        let played = Match::from_record(record).map_err(|e| e.to_string())?;
        Ok(Self::around(Played::Here(played), human, opponent))
    }

    /// The game at the seat `line` names, held by the online server.
    pub fn online(line: &TableLine<G>) -> Self {
        let remote = Played::Away(Box::new(Remote::new(line)));
        Self::around(remote, line.seen.seat, Opponent::Online)
    }

    /// The record as it stands, to be kept (a saved battle); `None` for a
    /// game the server holds.
    pub fn record(&self) -> Option<MatchRecord<G>> {
        self.here().map(Match::record)
    }

    /// The match, when it is held here.
    pub(super) fn here(&self) -> Option<&Match<G>> {
        match &self.played {
            Played::Here(played) => Some(played),
            Played::Away(_) => None,
        }
    }

    /// The seat's side of a game the server holds, while it runs there.
    pub fn remote(&mut self) -> Option<&mut Remote<G>> {
        match &mut self.played {
            Played::Here(_) => None,
            Played::Away(remote) => Some(remote),
        }
    }

    /// Whether the game is played through the online server.
    pub fn is_online(&self) -> bool {
        self.opponent == Opponent::Online
    }

    /// Takes in a `table` line from the server: the seat's new view, and
    /// the events of the last action told to the tables and the log. At
    /// the end the record it carries becomes the match, held here.
    pub fn take_line(
        &mut self,
        line: TableLine<G>,
        happened: &mut MessageWriter<Happened<G>>,
        log: &mut GameLog,
        settings: &Settings,
    ) -> Result<(), String>
    where
        G: Narrated,
    {
        let names = self.names();
        let Played::Away(remote) = &mut self.played else {
            return Err("this game is not played online".into());
        };
        if line.seen.seat != remote.seen.seat {
            return Err(format!("the server sent player {}'s table", line.seen.seat));
        }
        remote.update(&line);
        happened.write_batch(narrated::<G>(&line.seen.view, &names, line.events, false, log));
        if let Some(finished) = line.finished {
            self.played = Played::Here(finished);
        }
        self.wait = settings.pause_seconds();
        Ok(())
    }

    pub(super) fn around(played: Played<G>, human: Seat, opponent: Opponent) -> Self {
        // A computer opponent plays a game held here: its seed is the match's.
        let computer = |seat: Seat| match (&played, opponent) {
            (Played::Here(played), Opponent::Computer(level)) if seat != human => {
                Some(G::bot(level, sub_seed(played.seed(), 100 + seat as u64)))
            }
            _ => None,
        };
        let bots = [computer(0), computer(1)];
        let to_move = match &played {
            Played::Here(played) => played.game().to_move(),
            Played::Away(remote) => remote.seen.to_move,
        }
        .unwrap_or(human);
        let friend = opponent == Opponent::Friend;
        Session {
            played,
            opponent,
            human,
            bots,
            viewer: if friend { to_move } else { human },
            curtain: friend.then_some(to_move),
            wait: 0.0,
            hold: false,
            watched: None,
            recorded_names: None,
            everything: false,
        }
    }

    /// Whether this is a replay being watched.
    pub fn is_replay(&self) -> bool {
        self.watched.is_some()
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.bots[seat].is_none()
    }

    /// Whose action the game waits for.
    pub fn to_move(&self) -> Option<Seat> {
        match &self.played {
            Played::Here(played) => played.game().to_move(),
            Played::Away(remote) => remote.seen.to_move,
        }
    }

    /// The seat the person at the screen may act for now, if any.
    pub fn human_to_move(&self) -> Option<Seat> {
        let sent = matches!(&self.played, Played::Away(remote) if remote.sent);
        self.to_move().filter(|&s| {
            self.is_human(s)
                && self.curtain.is_none()
                && !self.hold
                && s == self.viewer
                && self.watched.is_none()
                && !sent
        })
    }

    pub fn names(&self) -> [String; 2] {
        if let Some(names) = &self.recorded_names {
            return names.clone();
        }
        match self.opponent {
            Opponent::Friend => ["Player 1".into(), "Player 2".into()],
            Opponent::Computer(_) | Opponent::Online => {
                let across = if self.is_online() { "Opponent" } else { "Computer" };
                [0, 1].map(|s| if s == self.human { "You" } else { across }.into())
            }
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match &self.played {
            Played::Here(played) => played.game().outcome(),
            Played::Away(remote) => remote.seen.outcome,
        }
    }

    /// The log's line for the coin flip: "Coin flip: You go first."
    pub fn coin_flip(&self) -> Option<String> {
        let name = &self.names()[self.first()?];
        Some(format!("Coin flip: {name} {} first.", agree(name, "go", "goes")))
    }

    /// The coin flip's result, public from the start.
    pub fn first(&self) -> Option<Seat> {
        match &self.played {
            Played::Here(played) => played.game().first(),
            Played::Away(remote) => remote.seen.first,
        }
    }

    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// What the seat at the screen sees now (for the systems that settle a
    /// frame's actions before `Shown` is rebuilt).
    pub fn view(&self) -> G::View {
        match &self.played {
            Played::Here(played) => played.game().view(self.viewer),
            Played::Away(remote) => remote.seen.view.clone(),
        }
    }

    pub fn curtain(&self) -> Option<Seat> {
        self.curtain
    }

    pub fn hold(&self) -> bool {
        self.hold
    }

    /// Keeps the table still (a result on screen): nobody acts meanwhile.
    pub fn set_hold(&mut self, hold: bool) {
        if self.hold != hold {
            self.hold = hold;
        }
    }

    /// Puts the curtain down before `seat`, or takes it away (`None`)
    /// without changing whose eyes the table has.
    pub fn set_curtain(&mut self, curtain: Option<Seat>) {
        if self.curtain != curtain {
            self.curtain = curtain;
        }
    }

    /// How many actions the record holds.
    pub fn steps(&self) -> usize {
        match &self.played {
            Played::Here(played) => played.steps().len(),
            Played::Away(remote) => remote.seen.steps,
        }
    }

    /// The seed that replays the game, once it is over; while it runs it is
    /// a secret (the computer's choices and the dice follow from it).
    pub fn finished_seed(&self) -> Option<u64> {
        self.outcome().and(self.here()).map(Match::seed)
    }

    /// Each side's score after each action, played again from the record:
    /// for a finished game only (while it runs, the record is a secret).
    pub(super) fn standings(&self) -> Vec<[i64; 2]> {
        self.here()
            .and_then(|played| crate::rules::Replaying::positions(&played.record(), G::standing).ok())
            .unwrap_or_default()
    }

    /// Keeps the finished game on the shelf: its file's name, and a notice
    /// when older replays made room.
    pub(super) fn keep_replay(&self, shelf: &Shelf) -> Result<(String, Option<String>), String> {
        let names = self.names();
        let players = [0, 1].map(|seat| Player {
            name: names[seat].clone(),
            computer: match self.opponent {
                Opponent::Computer(level) if !self.is_human(seat) => Some(level),
                _ => None,
            },
        });
        let about = About::now(players);
        let played = self.here().ok_or("the server did not send the game's record")?;
        let name = Shelf::name_for(G::ID, &about.date, played.seed());
        let replay = Replay::of(played, about).ok_or("the game is not over")?;
        let notice = shelf.keep(&name, &replay.to_text())?;
        Ok((name, notice))
    }

    /// Takes the record back to its first `len` actions (undo).
    pub fn rewind(&mut self, len: usize) {
        if let Played::Here(played) = &mut self.played {
            played.rewind(len);
        }
    }

    /// Applies an action of `seat` and reports its events to their
    /// audiences; the computer acts through this too.
    pub(super) fn act(
        &mut self,
        seat: Seat,
        action: G::Action,
        by_computer: bool,
        happened: &mut MessageWriter<Happened<G>>,
        log: &mut GameLog,
        settings: &Settings,
    ) -> Result<(), String>
    where
        G: Narrated,
    {
        let played = match &mut self.played {
            Played::Here(played) => played,
            Played::Away(remote) => {
                // The server answers with a table line, events and all.
                remote.send(&action)?;
                return Ok(());
            }
        };
        let events = played.apply(seat, action)?;
        let view = played.game().view(seat);
        happened.write_batch(narrated::<G>(&view, &self.names(), events, by_computer, log));
        self.wait = settings.pause_seconds();
        if let Some(next) = self.to_move()
            && self.opponent == Opponent::Friend
            && next != seat
        {
            self.curtain = Some(next);
        }
        Ok(())
    }
}
