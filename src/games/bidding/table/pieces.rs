//! The bidding table drawn by Bevy: both players' five lamps, which light
//! and go out with a short fade when a round is settled; the first bidder's
//! card in the middle; and a track of every settled round with the
//! opponent's card, your own bid and the result.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;

use crate::audio::Sound;
use crate::games::bidding::engine::rules::{
    Bidding, BiddingEvent, BiddingView, Card, POOL, ROUNDS, lamp_range,
};
use crate::rules::other;
use crate::session::{Happened, Shown};
use crate::settings::Settings;
use crate::ui::table::{TableEntity, spawn_felt};
use crate::ui::{TABLE_CENTER_X, theme};

const CENTER_X: f32 = TABLE_CENTER_X;
const THEIR_Y: f32 = 230.0;
const MY_Y: f32 = -215.0;
const MIDDLE_Y: f32 = 95.0;
const TRACK_CARD_Y: f32 = -10.0;
const TRACK_BID_Y: f32 = -70.0;
const TRACK_LABEL_Y: f32 = -115.0;
const TRACK_ROUND_Y: f32 = -142.0;
const TRACK_GAP: f32 = 84.0;
const LAMP_GAP: f32 = 62.0;
const CARD: Vec2 = Vec2::new(56.0, 84.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ActiveGame::Playing(GameId::Bidding)), spawn_table)
        .add_systems(
            Update,
            (
                play_sounds,
                sync_table.run_if(in_state(ActiveGame::Playing(GameId::Bidding)).and_then(table_changed)),
                fade_lamps,
            )
                .chain()
                .run_if(in_state(ActiveGame::Playing(GameId::Bidding)))
                .after(crate::app_systems::AppSystems::Show),
        )
        .init_resource::<Settled>();
}

/// Lamp `index` (0..5) of a player, from the viewer's side: mine or theirs.
#[derive(Component)]
struct Lamp {
    mine: bool,
    index: u8,
    /// 0 (out) to 1 (lit), easing toward the rules' state.
    glow: f32,
}

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The opponent's card in round `r`'s column.
    TheirCard(usize),
    /// My bid in round `r`'s column.
    MyBid(usize),
    /// The result under round `r`.
    Result(usize),
    /// The first bid of the round being played.
    Middle,
}

#[derive(Component)]
enum Label {
    /// The result of the round just settled, large, for a moment.
    Settled,
    TheirName,
    MyName,
    TheirRange,
    MyPool,
    Status,
}

#[derive(Component)]
struct SlotText;

/// The last settled round's result and until when it is shown.
#[derive(Resource, Default)]
struct Settled {
    text: String,
    until: f32,
}

#[derive(Resource)]
struct Palette {
    white: Handle<ColorMaterial>,
    black: Handle<ColorMaterial>,
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let palette = Palette {
        white: materials.add(theme::TILE_WHITE),
        black: materials.add(theme::TILE_BLACK),
    };
    spawn_felt(&mut commands, &mut meshes, &mut materials);
    let socket = meshes.add(Circle::new(22.0));
    let bulb = meshes.add(Circle::new(17.0));
    let socket_colour = materials.add(Color::srgb(0.10, 0.10, 0.10));
    for mine in [false, true] {
        for index in 0..5u8 {
            let x = CENTER_X + (f32::from(index) - 2.0) * LAMP_GAP;
            let y = if mine { MY_Y } else { THEIR_Y };
            commands.spawn((
                TableEntity,
                Mesh2d(socket.clone()),
                MeshMaterial2d(socket_colour.clone()),
                Transform::from_xyz(x, y, 1.0),
            ));
            commands.spawn((
                TableEntity,
                Lamp {
                    mine,
                    index,
                    glow: 1.0,
                },
                Mesh2d(bulb.clone()),
                MeshMaterial2d(materials.add(theme::HIGHLIGHT)),
                Transform::from_xyz(x, y, 1.1),
            ));
        }
    }
    let card = meshes.add(Rectangle::from_size(CARD));
    let small = meshes.add(Rectangle::from_size(CARD * 0.6));
    let slot = |commands: &mut Commands, slot: Slot, mesh: Option<Handle<Mesh>>, at: Vec2, size: f32| {
        let mut entity = commands.spawn((
            TableEntity,
            slot,
            Transform::from_translation(at.extend(2.0)),
            Visibility::Hidden,
        ));
        if let Some(mesh) = mesh {
            entity.insert((Mesh2d(mesh), MeshMaterial2d(palette.white.clone())));
        }
        entity.with_child((
            SlotText,
            Text2d::new(""),
            TextFont::from_font_size(size),
            TextColor(Color::WHITE),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
    };
    for round in 0..ROUNDS {
        let x = track_x(round);
        slot(
            &mut commands,
            Slot::TheirCard(round),
            Some(small.clone()),
            Vec2::new(x, TRACK_CARD_Y),
            20.0,
        );
        slot(
            &mut commands,
            Slot::MyBid(round),
            Some(small.clone()),
            Vec2::new(x, TRACK_BID_Y),
            22.0,
        );
        slot(
            &mut commands,
            Slot::Result(round),
            None,
            Vec2::new(x, TRACK_LABEL_Y),
            16.0,
        );
        // Under the results, away from the card being bid in the middle
        // (above the track, the middle column's "5" read as its round).
        commands.spawn((
            TableEntity,
            Text2d::new((round + 1).to_string()),
            TextFont::from_font_size(16.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
            Transform::from_xyz(x, TRACK_ROUND_Y, 0.5),
        ));
    }
    commands.spawn((
        TableEntity,
        Text2d::new("round"),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
        Transform::from_xyz(track_x(0) - 62.0, TRACK_ROUND_Y, 0.5),
    ));
    slot(
        &mut commands,
        Slot::Middle,
        Some(card),
        Vec2::new(CENTER_X, MIDDLE_Y),
        20.0,
    );
    let labels = [
        (Label::Settled, Vec2::new(CENTER_X, THEIR_Y - 62.0), 34.0),
        (Label::TheirName, Vec2::new(CENTER_X - 330.0, THEIR_Y), 20.0),
        (Label::TheirRange, Vec2::new(CENTER_X + 260.0, THEIR_Y), 18.0),
        (Label::Status, Vec2::new(CENTER_X + 280.0, MIDDLE_Y), 20.0),
        (Label::MyName, Vec2::new(CENTER_X - 330.0, MY_Y), 20.0),
        (Label::MyPool, Vec2::new(CENTER_X + 260.0, MY_Y), 22.0),
    ];
    for (label, at, size) in labels {
        commands.spawn((
            TableEntity,
            label,
            Text2d::new(""),
            TextFont::from_font_size(size),
            TextColor(Color::WHITE),
            TextLayout::new(Justify::Center, LineBreak::WordBoundary),
            Transform::from_translation(at.extend(0.5)),
        ));
    }
    commands.insert_resource(palette);
}

fn track_x(round: usize) -> f32 {
    CENTER_X + (round as f32 - (ROUNDS as f32 - 1.0) / 2.0) * TRACK_GAP
}

/// What a slot shows: its card colour (if a card) and its text. The
/// opponent's cards carry their bids once the game is over and `revealed`.
fn slot_face(
    view: &BiddingView,
    revealed: Option<&[u8]>,
    slot: Slot,
) -> Option<(Option<Card>, String, Color)> {
    let me = view.seat;
    match slot {
        Slot::TheirCard(r) => view.history.get(r).map(|seen| {
            let card = seen.their_card;
            let bid = revealed.and_then(|bids| bids.get(r));
            (Some(card), bid.map(u8::to_string).unwrap_or_default(), ink(card))
        }),
        Slot::MyBid(r) => view.history.get(r).map(|seen| {
            let card = Card::of(seen.mine);
            (Some(card), seen.mine.to_string(), ink(card))
        }),
        Slot::Result(r) => view.history.get(r).map(|seen| match seen.winner {
            Some(w) if w == me => (None, "WIN".into(), theme::WIN),
            Some(_) => (None, "LOSS".into(), theme::LOSS),
            None => (None, "DRAW".into(), theme::DRAW),
        }),
        Slot::Middle => match (view.card, view.sealed) {
            (Some(card), _) => Some((Some(card), "?".into(), ink(card))),
            (None, Some(bid)) => {
                let card = Card::of(bid);
                Some((Some(card), bid.to_string(), ink(card)))
            }
            (None, None) => None,
        },
    }
}

fn ink(card: Card) -> Color {
    match card {
        Card::White => theme::TILE_BLACK,
        Card::Black => theme::TILE_WHITE,
    }
}

/// Whether the cards and labels must be drawn again: what the seat is
/// shown or the settings changed, or a round's result is on the table (and
/// for a moment after, to take it away).
fn table_changed(
    shown: Option<Res<Shown<Bidding>>>,
    settled: Res<Settled>,
    settings: Res<Settings>,
    time: Res<Time>,
) -> bool {
    // Frames are far shorter than half a second: one frame after the
    // result's time runs out still sees it and clears it.
    shown.is_some_and(|s| s.is_changed())
        || settled.is_changed()
        || settings.is_changed()
        || time.elapsed_secs() < settled.until + 0.5
}

fn sync_table(
    shown: Res<Shown<Bidding>>,
    settled: Res<Settled>,
    time: Res<Time>,
    settings: Res<Settings>,
    palette: Res<Palette>,
    mut slots: Query<(
        &Slot,
        &mut Visibility,
        Option<&mut MeshMaterial2d<ColorMaterial>>,
        &Children,
    )>,
    mut slot_texts: Query<(&mut Text2d, &mut TextColor), (With<SlotText>, Without<Label>)>,
    mut labels: Query<(&Label, &mut Text2d), Without<SlotText>>,
) {
    let hidden = shown.curtain.is_some();
    let view = shown.view.clone();
    let names = shown.names.clone();
    let me = view.seat;
    let their_bids = shown
        .reveal
        .as_ref()
        .and_then(|r| r.game.bids().into_iter().nth(other(me)));
    for (slot, mut visibility, material, children) in &mut slots {
        let face = slot_face(&view, their_bids.as_deref(), *slot).filter(|_| !hidden);
        *visibility = if face.is_some() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        let Some((card, text, colour)) = face else {
            continue;
        };
        if let (Some(mut material), Some(card)) = (material, card) {
            let wanted = if card == Card::White {
                &palette.white
            } else {
                &palette.black
            };
            if material.0 != *wanted {
                material.0 = wanted.clone();
            }
        }
        for child in children.iter() {
            if let Ok((mut t, mut c)) = slot_texts.get_mut(child) {
                if t.0 != text {
                    t.0 = text.clone();
                }
                c.0 = colour;
            }
        }
    }
    for (label, mut text) in &mut labels {
        let value = match label {
            _ if hidden => String::new(),
            Label::Settled if time.elapsed_secs() < settled.until => settled.text.clone(),
            Label::Settled => String::new(),
            Label::TheirName => format!("{}\nrounds won: {}", names[other(me)], view.wins[other(me)]),
            Label::MyName => format!("{}\nrounds won: {}", names[me], view.wins[me]),
            // At the end the pool is known: what it held, not a band.
            Label::TheirRange if let Some(bids) = &their_bids => {
                let spent: u32 = bids.iter().map(|&b| u32::from(b)).sum();
                format!("{} points left", u32::from(POOL).saturating_sub(spent))
            }
            Label::TheirRange if settings.lamp_ranges => match lamp_range(view.lamps[other(me)]) {
                (0, 0) => "no points left".into(),
                (low, high) => format!("{low}-{high} points"),
            },
            Label::TheirRange => String::new(),
            Label::MyPool => format!("pool {}", view.pool),
            Label::Status => match view.to_move {
                Some(seat) => {
                    let verb = crate::session::agree(&names[seat], "bid", "bids");
                    let order = if seat == view.first { "first" } else { "second" };
                    format!("Round {} of {ROUNDS}\n{} {verb} {order}", view.round, names[seat])
                }
                None => "Game over".into(),
            },
        };
        if text.0 != value {
            text.0 = value;
        }
    }
}

fn fade_lamps(
    shown: Res<Shown<Bidding>>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut lamps: Query<(&mut Lamp, &MeshMaterial2d<ColorMaterial>, &mut Visibility)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let view = shown.view.clone();
    let me = view.seat;
    let factor = settings.animation_speed.factor();
    let step = if factor <= 0.0 {
        1.0
    } else {
        time.delta_secs() / (0.5 * factor)
    };
    for (mut lamp, material, mut visibility) in &mut lamps {
        let owner = if lamp.mine { me } else { other(me) };
        let lit = lamp.index < view.lamps[owner];
        let target = if lit { 1.0 } else { 0.0 };
        let glow = lamp.glow + (target - lamp.glow).clamp(-step, step);
        let fading = glow != lamp.glow;
        lamp.glow = glow;
        *visibility = if shown.curtain.is_some() {
            Visibility::Hidden
        } else {
            Visibility::Visible
        };
        // Touch the material only while the lamp fades: a changed material
        // is sent to the GPU again.
        if fading && let Some(mut colour) = materials.get_mut(&material.0) {
            let dark = Color::srgb(0.22, 0.18, 0.10);
            colour.color = dark.mix(&theme::HIGHLIGHT, lamp.glow);
        }
    }
}

fn play_sounds(
    shown: Res<Shown<Bidding>>,
    mut happened: MessageReader<Happened<Bidding>>,
    mut sounds: MessageWriter<Sound>,
    mut settled: ResMut<Settled>,
    time: Res<Time>,
    settings: Res<Settings>,
) {
    for event in happened.read().filter_map(|h| h.seen_by(shown.seat)) {
        if let BiddingEvent::Settled { round, winner, .. } = event {
            let names = shown.names.clone();
            let result = match winner {
                Some(w) if names[*w] == "You" => "you win".to_string(),
                Some(w) => format!("{} wins", names[*w]),
                None => "a draw".into(),
            };
            settled.text = format!("Round {round}: {result}");
            settled.until = time.elapsed_secs() + 2.0 * settings.animation_speed.factor().max(0.5);
        }
        sounds.write(match event {
            BiddingEvent::Sealed { .. } => Sound::Place,
            BiddingEvent::Settled { winner, .. } if *winner == Some(shown.seat) => Sound::Win,
            BiddingEvent::Settled { .. } => Sound::Reveal,
        });
    }
}
