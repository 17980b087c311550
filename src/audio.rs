//! Short sound effects, made by scripts/make_sounds.py and built into the
//! binary so that they play the same natively and on the web.

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;

use crate::settings::Settings;

#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    Place,
    Reveal,
    Win,
    /// Dice rattled and thrown.
    Dice,
    /// A piece struck (a block losing a step).
    Hit,
    /// The game lost.
    Lose,
}

#[derive(Resource)]
struct Sounds {
    place: Handle<AudioSource>,
    reveal: Handle<AudioSource>,
    win: Handle<AudioSource>,
    dice: Handle<AudioSource>,
    hit: Handle<AudioSource>,
    lose: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    let mut sources = app.world_mut().resource_mut::<Assets<AudioSource>>();
    let mut add = |bytes: &'static [u8]| {
        sources.add(AudioSource {
            bytes: Arc::from(bytes),
        })
    };
    let sounds = Sounds {
        place: add(include_bytes!("../assets/sounds/place.wav")),
        reveal: add(include_bytes!("../assets/sounds/reveal.wav")),
        win: add(include_bytes!("../assets/sounds/win.wav")),
        dice: add(include_bytes!("../assets/sounds/dice.wav")),
        hit: add(include_bytes!("../assets/sounds/hit.wav")),
        lose: add(include_bytes!("../assets/sounds/lose.wav")),
    };
    app.insert_resource(sounds)
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
        let handle = match sound {
            Sound::Place => &sounds.place,
            Sound::Reveal => &sounds.reveal,
            Sound::Win => &sounds.win,
            Sound::Dice => &sounds.dice,
            Sound::Hit => &sounds.hit,
            Sound::Lose => &sounds.lose,
        };
        commands.spawn((
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
        ));
    }
}
