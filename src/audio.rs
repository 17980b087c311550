//! Short sound effects, made by scripts/make_sounds.py and built into the
//! binary so that they play the same natively and on the web.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::settings::Settings;

#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A piece laid: a tile, a card, a block deployed.
    Place,
    /// A piece turned over.
    Reveal,
    /// A round (or a battle's turn) won.
    Win,
    /// Dice rattled and thrown.
    Dice,
    /// A piece struck (a block losing a step).
    Hit,
    /// The game lost.
    Lose,
    /// Chips moved from one stack to another.
    Chips,
    /// A lamp going out.
    LampOut,
    /// A round lost.
    RoundLost,
    /// The game won: the longer cadence, for the winner's side only.
    Cadence,
}

impl Sound {
    /// A round's sound from the viewer's side: won, lost or drawn.
    pub fn for_round(won: Option<bool>) -> Sound {
        match won {
            Some(true) => Sound::Win,
            Some(false) => Sound::RoundLost,
            None => Sound::Reveal,
        }
    }

    /// The game's last sound for the viewer, from their score against
    /// the other side's: the cadence for the winner only.
    pub fn for_game(mine: u8, theirs: u8) -> Sound {
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Sound::Cadence,
            std::cmp::Ordering::Less => Sound::Lose,
            std::cmp::Ordering::Equal => Sound::Reveal,
        }
    }
}

/// Each sound's recording (scripts/make_sounds.py).
const RECORDINGS: [(Sound, &[u8]); 10] = [
    (Sound::Place, include_bytes!("../assets/sounds/place.wav")),
    (Sound::Reveal, include_bytes!("../assets/sounds/reveal.wav")),
    (Sound::Win, include_bytes!("../assets/sounds/win.wav")),
    (Sound::Dice, include_bytes!("../assets/sounds/dice.wav")),
    (Sound::Hit, include_bytes!("../assets/sounds/hit.wav")),
    (Sound::Lose, include_bytes!("../assets/sounds/lose.wav")),
    (Sound::Chips, include_bytes!("../assets/sounds/chips.wav")),
    (Sound::LampOut, include_bytes!("../assets/sounds/lamp.wav")),
    (Sound::RoundLost, include_bytes!("../assets/sounds/thud.wav")),
    (Sound::Cadence, include_bytes!("../assets/sounds/cadence.wav")),
];

#[derive(Resource)]
struct Sounds(HashMap<Sound, Handle<AudioSource>>);

pub(super) fn plugin(app: &mut App) {
    let mut sources = app.world_mut().resource_mut::<Assets<AudioSource>>();
    let sounds = RECORDINGS
        .iter()
        .map(|&(sound, bytes)| {
            let source = AudioSource {
                bytes: Arc::from(bytes),
            };
            (sound, sources.add(source))
        })
        .collect();
    app.insert_resource(Sounds(sounds))
        .add_message::<Sound>()
        .add_systems(Update, play_sounds);
}

fn play_sounds(
    mut commands: Commands,
    mut requests: MessageReader<Sound>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    for sound in requests.read() {
        if settings.volume <= 0.0 {
            continue;
        }
        let Some(handle) = sounds.0.get(sound) else {
            continue;
        };
        commands.spawn((
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
        ));
    }
}
