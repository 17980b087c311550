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
use crate::ui::headline::{Headline, spawn_headline};
use crate::ui::piece_art::{self, Marking};
use crate::ui::table::{FeltCloth, Reveal, Spot, TableEntity, spawn_felt};
use crate::ui::theme;
use crate::ui::theme::TableFont;

const TRACK_CARD_Y: f32 = -10.0;
const TRACK_BID_Y: f32 = -70.0;
const TRACK_LABEL_Y: f32 = -115.0;
const TRACK_ROUND_Y: f32 = -142.0;
const LAMP_GAP: f32 = 62.0;

/// Where the rows stand in each shape of the table, from the felt's
/// centre. The track keeps its heights; a tall table lays it tighter,
/// stacks the lamps further apart, and moves the names and the points
/// from beside the lamps to above and below them.
struct Geometry {
    their_y: f32,
    my_y: f32,
    middle_y: f32,
    track_gap: f32,
    /// The labels' places, in `LABELS`' order.
    labels: [Vec2; 5],
    /// The word "round" beside (or, tall, under) the rounds' numbers.
    round_word: Vec2,
}

/// The table's words, each with its size.
const LABELS: [(Label, f32); 5] = [
    (Label::TheirName, 20.0),
    (Label::TheirRange, 18.0),
    (Label::Status, 20.0),
    (Label::MyName, 20.0),
    (Label::MyPool, 22.0),
];

const WIDE: Geometry = Geometry {
    their_y: 230.0,
    my_y: -215.0,
    middle_y: 95.0,
    track_gap: 84.0,
    labels: [
        Vec2::new(-330.0, 230.0),
        Vec2::new(260.0, 230.0),
        Vec2::new(280.0, 95.0),
        Vec2::new(-330.0, -215.0),
        Vec2::new(260.0, -215.0),
    ],
    round_word: Vec2::new(-4.0 * 84.0 - 62.0, TRACK_ROUND_Y),
};

const TALL: Geometry = Geometry {
    their_y: 285.0,
    my_y: -262.0,
    middle_y: 118.0,
    track_gap: 62.0,
    labels: [
        Vec2::new(-200.0, 350.0),
        Vec2::new(200.0, 350.0),
        Vec2::new(190.0, 118.0),
        Vec2::new(-200.0, -335.0),
        Vec2::new(200.0, -335.0),
    ],
    round_word: Vec2::new(-4.0 * 62.0, TRACK_ROUND_Y - 26.0),
};

impl Geometry {
    /// A round's column, from the felt's centre.
    fn track_dx(&self, round: usize) -> f32 {
        (round as f32 - (ROUNDS as f32 - 1.0) / 2.0) * self.track_gap
    }
}

/// Where a thing stands in either shape, given where it stands in one.
fn spot(at: impl Fn(&Geometry) -> Vec2) -> Spot {
    Spot {
        wide: at(&WIDE),
        tall: at(&TALL),
    }
}
const CARD: Vec2 = Vec2::new(56.0, 84.0);
/// The settled rounds' cards, smaller than the one in play.
const TRACK_SCALE: f32 = 0.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ActiveGame::Playing(GameId::Bidding)), spawn_table)
        .add_systems(
            Update,
            (
                play_sounds,
                sync_table.run_if(in_state(ActiveGame::Playing(GameId::Bidding)).and_then(table_changed)),
                fade_lamps,
                turn_cards,
            )
                .chain()
                .run_if(in_state(ActiveGame::Playing(GameId::Bidding)))
                .after(crate::app_systems::AppSystems::Show),
        );
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
    TheirName,
    MyName,
    TheirRange,
    MyPool,
    Status,
}

#[derive(Component)]
struct SlotText;

/// The cards' pictures (ui/piece_art.rs): each colour's face and its back
/// with the brass lattice, and the shadow under a card.
#[derive(Resource)]
struct Palette {
    white: Handle<ColorMaterial>,
    black: Handle<ColorMaterial>,
    white_back: Handle<ColorMaterial>,
    black_back: Handle<ColorMaterial>,
    shadow: (Handle<Mesh>, Handle<ColorMaterial>),
}

impl Palette {
    fn card(&self, card: Card, face_down: bool) -> &Handle<ColorMaterial> {
        match (card, face_down) {
            (Card::White, false) => &self.white,
            (Card::Black, false) => &self.black,
            (Card::White, true) => &self.white_back,
            (Card::Black, true) => &self.black_back,
        }
    }
}

/// A lamp's halo, under its glass: brass at a quarter's strength when lit.
#[derive(Component)]
struct Halo;

/// The lamps' brass, glass and light.
const LAMP_RIM: Color = Color::srgb(0.62, 0.47, 0.18);
const LAMP_OUT: Color = Color::srgb(0.16, 0.14, 0.11);

fn spawn_table(
    mut commands: Commands,
    cloth: Res<FeltCloth>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut images: ResMut<Assets<Image>>,
    font: Option<Res<TableFont>>,
) {
    let mut picture = |image: Image| materials.add(ColorMaterial::from(images.add(image)));
    let lattice = Marking::Lattice {
        ink: theme::HIGHLIGHT,
    };
    let palette = Palette {
        white: picture(piece_art::body(CARD, theme::TILE_WHITE, Marking::Face)),
        black: picture(piece_art::body(CARD, theme::TILE_BLACK, Marking::Face)),
        white_back: picture(piece_art::body(CARD, theme::TILE_WHITE, lattice)),
        black_back: picture(piece_art::body(CARD, theme::TILE_BLACK, lattice)),
        shadow: (
            meshes.add(Rectangle::from_size(piece_art::shadow_size(CARD))),
            picture(piece_art::shadow(CARD)),
        ),
    };
    spawn_felt(&mut commands, &cloth, true);
    spawn_headline(
        &mut commands,
        font.as_deref(),
        spot(|g| Vec2::new(0.0, g.their_y - 68.0)),
    );
    let rim = meshes.add(Circle::new(22.0));
    let glass = meshes.add(Circle::new(17.0));
    let halo = meshes.add(Circle::new(27.0));
    let glint = meshes.add(Ellipse::new(5.0, 3.0));
    let rim_colour = materials.add(LAMP_RIM);
    let glint_colour = materials.add(Color::srgba(1.0, 1.0, 1.0, 0.35));
    for mine in [false, true] {
        for index in 0..5u8 {
            let x = (f32::from(index) - 2.0) * LAMP_GAP;
            let at = spot(|g| Vec2::new(x, if mine { g.my_y } else { g.their_y }));
            commands.spawn((
                TableEntity,
                Mesh2d(rim.clone()),
                MeshMaterial2d(rim_colour.clone()),
                at,
                Transform::from_xyz(0.0, 0.0, 1.0),
            ));
            commands.spawn((
                TableEntity,
                Lamp {
                    mine,
                    index,
                    glow: 1.0,
                },
                Mesh2d(glass.clone()),
                MeshMaterial2d(materials.add(theme::HIGHLIGHT)),
                at,
                Transform::from_xyz(0.0, 0.0, 1.1),
                children![
                    (
                        Halo,
                        Mesh2d(halo.clone()),
                        MeshMaterial2d(materials.add(theme::HIGHLIGHT.with_alpha(0.25))),
                        Transform::from_xyz(0.0, 0.0, -0.2),
                    ),
                    (
                        Mesh2d(glint.clone()),
                        MeshMaterial2d(glint_colour.clone()),
                        Transform::from_xyz(-6.0, 7.0, 0.05).with_rotation(Quat::from_rotation_z(0.5)),
                    ),
                ],
            ));
        }
    }
    let card = meshes.add(Rectangle::from_size(CARD));
    let font = font.as_deref();
    // A slot with a card of `CARD` times `scale`, or none (a result's word).
    let slot = |commands: &mut Commands, slot: Slot, scale: Option<f32>, at: Spot, size: f32| {
        let scaled = Vec3::new(scale.unwrap_or(1.0), scale.unwrap_or(1.0), 1.0);
        let mut entity = commands.spawn((
            TableEntity,
            slot,
            at,
            Transform::from_xyz(0.0, 0.0, 2.0).with_scale(scaled),
            Visibility::Hidden,
        ));
        if scale.is_some() {
            let (shadow_mesh, shadow) = palette.shadow.clone();
            entity.insert((Mesh2d(card.clone()), MeshMaterial2d(palette.white.clone())));
            entity.with_child((
                Mesh2d(shadow_mesh),
                MeshMaterial2d(shadow),
                Transform::from_xyz(0.06 * CARD.x, -0.06 * CARD.x, -0.05),
            ));
        }
        let size = size / scale.unwrap_or(1.0);
        entity.with_child((
            SlotText,
            Text2d::new(""),
            TableFont::display(font, size),
            TextColor(Color::WHITE),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
    };
    for round in 0..ROUNDS {
        let column = |y: f32| spot(|g| Vec2::new(g.track_dx(round), y));
        slot(
            &mut commands,
            Slot::TheirCard(round),
            Some(TRACK_SCALE),
            column(TRACK_CARD_Y),
            20.0,
        );
        slot(
            &mut commands,
            Slot::MyBid(round),
            Some(TRACK_SCALE),
            column(TRACK_BID_Y),
            22.0,
        );
        slot(
            &mut commands,
            Slot::Result(round),
            None,
            column(TRACK_LABEL_Y),
            16.0,
        );
        // Under the results, away from the card being bid in the middle
        // (above the track, the middle column's "5" read as its round).
        commands.spawn((
            TableEntity,
            Text2d::new((round + 1).to_string()),
            TableFont::display(font, 16.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
            column(TRACK_ROUND_Y),
            Transform::from_xyz(0.0, 0.0, 0.5),
        ));
    }
    commands.spawn((
        TableEntity,
        Text2d::new("round"),
        TableFont::text(font, 16.0),
        TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
        spot(|g| g.round_word),
        Transform::from_xyz(0.0, 0.0, 0.5),
    ));
    slot(
        &mut commands,
        Slot::Middle,
        Some(1.0),
        spot(|g| Vec2::new(0.0, g.middle_y)),
        20.0,
    );
    for (index, (label, size)) in LABELS.into_iter().enumerate() {
        let face = TableFont::text(font, size);
        commands.spawn((
            TableEntity,
            label,
            Text2d::new(""),
            face,
            TextColor(Color::WHITE),
            TextLayout::new(Justify::Center, LineBreak::WordBoundary),
            spot(|g| g.labels[index]),
            Transform::from_xyz(0.0, 0.0, 0.5),
        ));
    }
    commands.insert_resource(palette);
}

/// What a slot shows: its card (its colour, and whether it lies face
/// down) and its text. The opponent's cards lie face down until the game
/// is over and `revealed` gives their bids.
fn slot_face(
    view: &BiddingView,
    revealed: Option<&[u8]>,
    slot: Slot,
) -> Option<(Option<(Card, bool)>, String, Color)> {
    let me = view.seat;
    match slot {
        Slot::TheirCard(r) => view.history.get(r).map(|seen| {
            let card = seen.their_card;
            match revealed.and_then(|bids| bids.get(r)) {
                Some(bid) => (Some((card, false)), bid.to_string(), ink(card)),
                None => (Some((card, true)), String::new(), ink(card)),
            }
        }),
        Slot::MyBid(r) => view.history.get(r).map(|seen| {
            let card = Card::of(seen.mine);
            (Some((card, false)), seen.mine.to_string(), ink(card))
        }),
        Slot::Result(r) => view.history.get(r).map(|seen| match seen.winner {
            Some(w) if w == me => (None, "WIN".into(), theme::WIN),
            Some(_) => (None, "LOSS".into(), theme::LOSS),
            None => (None, "DRAW".into(), theme::DRAW),
        }),
        Slot::Middle => match (view.card, view.sealed) {
            (Some(card), _) => Some((Some((card, true)), String::new(), ink(card))),
            (None, Some(bid)) => {
                let card = Card::of(bid);
                Some((Some((card, false)), bid.to_string(), ink(card)))
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
/// shown or the settings changed, or the end's reveal is turning cards.
fn table_changed(
    shown: Option<Res<Shown<Bidding>>>,
    settings: Res<Settings>,
    reveal: Option<Res<Reveal>>,
) -> bool {
    shown.is_some_and(|s| s.is_changed()) || settings.is_changed() || reveal.is_some()
}

/// A card turning over, 0..1 through it: drawn as its second half, the
/// face opening from the card's edge (docs/art-direction.md: 250 ms).
#[derive(Component)]
struct Turning(f32);

/// Seconds a card takes to turn over at Normal speed.
const TURN: f32 = 0.25;

fn turn_cards(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut cards: Query<(Entity, &mut Turning, &mut Transform)>,
) {
    let factor = settings.animation_speed.factor();
    for (entity, mut turning, mut transform) in &mut cards {
        turning.0 = if factor > 0.0 {
            turning.0 + time.delta_secs() / (TURN * factor)
        } else {
            1.0
        };
        let done = turning.0 >= 1.0;
        let width = (std::f32::consts::FRAC_PI_2 * turning.0.min(1.0)).sin();
        transform.scale.x = transform.scale.y * width;
        if done {
            commands.entity(entity).remove::<Turning>();
        }
    }
}

fn sync_table(
    mut commands: Commands,
    shown: Res<Shown<Bidding>>,
    settings: Res<Settings>,
    palette: Res<Palette>,
    reveal: Option<Res<Reveal>>,
    time: Res<Time>,
    mut slots: Query<(
        Entity,
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
    // At the end their cards turn over one round after another.
    let turned = reveal.map_or(ROUNDS, |r| r.shown(time.elapsed_secs(), &settings, ROUNDS));
    let turned_bids = their_bids.as_deref().map(|bids| &bids[..turned.min(bids.len())]);
    for (entity, slot, mut visibility, material, children) in &mut slots {
        let face = slot_face(&view, turned_bids, *slot).filter(|_| !hidden);
        *visibility = if face.is_some() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        let Some((card, text, colour)) = face else {
            continue;
        };
        if let (Some(mut material), Some((card, face_down))) = (material, card) {
            let wanted = palette.card(card, face_down);
            if material.0 != *wanted {
                // A card that lay face down turns over: it opens from its
                // edge with its face showing.
                let was_down = [&palette.white_back, &palette.black_back].contains(&&material.0);
                if was_down && !face_down && settings.animation_speed.factor() > 0.0 {
                    commands.entity(entity).insert(Turning(0.0));
                }
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
    mut lamps: Query<(
        &mut Lamp,
        &MeshMaterial2d<ColorMaterial>,
        &mut Visibility,
        &Children,
    )>,
    halos: Query<&MeshMaterial2d<ColorMaterial>, With<Halo>>,
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
    for (mut lamp, material, mut visibility, children) in &mut lamps {
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
        if !fading {
            continue;
        }
        if let Some(mut colour) = materials.get_mut(&material.0) {
            colour.color = LAMP_OUT.mix(&theme::HIGHLIGHT, lamp.glow);
        }
        for halo in children.iter().filter_map(|child| halos.get(child).ok()) {
            if let Some(mut colour) = materials.get_mut(&halo.0) {
                colour.color = theme::HIGHLIGHT.with_alpha(0.25 * lamp.glow);
            }
        }
    }
}

/// Each event's sound, and each round's result staged in one line from
/// the viewer's side: their bid against the colour of the other card.
fn play_sounds(
    shown: Res<Shown<Bidding>>,
    mut happened: MessageReader<Happened<Bidding>>,
    mut sounds: MessageWriter<Sound>,
    mut headline: ResMut<Headline>,
    time: Res<Time>,
) {
    let me = shown.seat;
    for event in happened.read().filter_map(|h| h.seen_by(me)) {
        match event {
            BiddingEvent::Sealed { .. } => {
                sounds.write(Sound::Place);
            }
            BiddingEvent::Settled {
                round, winner, wins, ..
            } => {
                let won = winner.map(|w| w == me);
                sounds.write(Sound::for_round(won));
                // A lamp goes out with nearly every bid.
                sounds.write(Sound::LampOut);
                if let Some(seen) = shown.view.history.get(round - 1) {
                    let line = format!("Round {round}: {}", why(seen.mine, seen.their_card, won));
                    headline.stage(line, Headline::colour_of(won), time.elapsed_secs());
                }
                if *round == ROUNDS {
                    sounds.write(Sound::for_game(wins[me], wins[other(me)]));
                }
            }
        }
    }
}

/// Why a round went as it did, as the viewer saw it: their own bid
/// against the colour of the other card.
fn why(mine: u8, theirs: Card, won: Option<bool>) -> String {
    let theirs = match theirs {
        Card::White => "white",
        Card::Black => "black",
    };
    match won {
        Some(true) => format!("your {mine} beat their {theirs} card"),
        Some(false) => format!("their {theirs} card beat your {mine}"),
        None => format!("your {mine} met its equal: a draw"),
    }
}
