//! The betting table drawn by Bevy. In setup: ten slots to drag tiles into,
//! a chip stack with − and + under each, the rack of tiles not yet placed
//! and the chips left. In play: both rows of tiles (yours face up, theirs
//! face down in their colour or as plain backs), the stacks on the current
//! slot, your later stacks, both piles of winnings, and each settled slot's
//! result; chips fly when matched, pulled or won, tiles turn over at a
//! showdown, and at the end every tile is turned over slot by slot.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;
use bevy::text::TextBounds;

use super::moment::{Moment, PAY_AT, banner};
use crate::audio::Sound;
use crate::games::betting::engine::rules::{Betting, BettingEvent, Phase, SLOTS};
use crate::games::betting::pacing::ResultPacing;
use crate::games::betting::setup_board::SetupBoard;
use crate::games::betting::table::chips::{CHIP_STEP, ChipLook, FlyingChip, Owner, Stack, send_chips};
use crate::games::betting::table::layout::{BUTTON_RADIUS, Geometry, Piece, spot};
use crate::games::betting::table::setup_input::SetupCursor;
use crate::rules::{Seat, other};
use crate::session::{Happened, Shown};
use crate::settings::Settings;
use crate::ui::table::{FeltCloth, Reveal, Spot, TableEntity, TableShape, spawn_felt};
use crate::ui::theme::{self, TableFont};
use crate::ui::tile::{Face, TileLook, TilePalette, spawn_tile};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ActiveGame::Playing(GameId::Betting)), spawn_table)
        .add_systems(
            Update,
            (
                play_sounds,
                launch_chips,
                sync_table.run_if(in_state(ActiveGame::Playing(GameId::Betting)).and_then(table_changed)),
            )
                .chain()
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .after(crate::app_systems::AppSystems::Show)
                .after(crate::games::betting::table::setup_input::setup_pointer),
        )
        .init_resource::<ShownStacks>();
}

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum StackAt {
    MySlot(usize),
    TheirCurrent,
    MyPile,
    TheirPile,
    Setup(usize),
    SetupLeft,
}

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Label {
    SlotNumber(usize),
    ColumnResult(usize),
    SetupCount(usize),
    /// The chips on one of your slots, under the stack.
    MyCount(usize),
    TheirCount,
    Banner,
    Header,
    TheirInfo,
    MyInfo,
    SetupLeft,
}

/// The drop target of a setup slot.
#[derive(Component)]
struct Outline(usize);

/// A − or + under a setup slot.
#[derive(Component)]
struct ChipButton;

/// The band behind the slot being played.
#[derive(Component)]
struct CurrentBand;

#[derive(Resource)]
struct TableLook {
    outline: Handle<ColorMaterial>,
    outline_lit: Handle<ColorMaterial>,
}

/// Your stacks as last drawn, to see which later tiles chips came off.
#[derive(Resource, Default)]
struct ShownStacks {
    mine: [u8; SLOTS],
    /// The settled slot whose chips were last sent flying.
    launched: Option<usize>,
}

fn spawn_table(
    mut commands: Commands,
    cloth: Res<FeltCloth>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    palette: Res<TilePalette>,
    font: Option<Res<TableFont>>,
) {
    spawn_felt(&mut commands, &cloth, true);
    let look = TableLook {
        outline: materials.add(Color::srgba(0.0, 0.0, 0.0, 0.28)),
        outline_lit: materials.add(theme::HIGHLIGHT.with_alpha(0.3)),
    };
    commands.spawn((
        TableEntity,
        CurrentBand,
        Mesh2d(meshes.add(Rectangle::from_size(Vec2::ONE))),
        MeshMaterial2d(materials.add(Color::srgba(1.0, 1.0, 1.0, 0.07))),
        Transform::from_xyz(0.0, 0.0, 0.3),
        Visibility::Hidden,
    ));
    // Sized for the wide table's tiles: it covers the tall one's, a little
    // taller and narrower, as well.
    let outline = meshes.add(Rectangle::from_size(
        Geometry::of(TableShape::Wide).tile_size() + 12.0,
    ));
    let button = meshes.add(Circle::new(BUTTON_RADIUS));
    let button_colour = materials.add(Color::srgb(0.16, 0.16, 0.17));
    for slot in 0..SLOTS {
        let column = |y: fn(&Geometry) -> f32| spot(|g| Vec2::new(g.slot_x(slot), y(g)));
        commands.spawn((
            TableEntity,
            Outline(slot),
            Mesh2d(outline.clone()),
            MeshMaterial2d(look.outline.clone()),
            column(|g| g.setup_tile_y),
            Transform::from_xyz(0.0, 0.0, 0.4),
            Visibility::Hidden,
        ));
        for (plus, sign) in [(false, "-"), (true, "+")] {
            commands.spawn((
                TableEntity,
                ChipButton,
                Mesh2d(button.clone()),
                MeshMaterial2d(button_colour.clone()),
                spot(|g| g.button(slot, plus)),
                Transform::from_xyz(0.0, 0.0, 0.5),
                Visibility::Hidden,
                children![(
                    Text2d::new(sign),
                    TableFont::display(font.as_deref(), 20.0),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 1.0, 0.1),
                )],
            ));
        }
        let stacks = [
            (StackAt::MySlot(slot), column(|g| g.my_stack_y)),
            (StackAt::Setup(slot), column(|g| g.setup_stack_y)),
        ];
        for (at, place) in stacks {
            spawn_stack(&mut commands, at, Owner::Mine, false, place);
        }
        for (label, place, size) in [
            (Label::SlotNumber(slot), column(|g| g.slot_number_y), 16.0),
            (Label::ColumnResult(slot), column(|g| g.column_result_y), 17.0),
            (Label::SetupCount(slot), spot(|g| g.setup_count(slot)), 18.0),
            (Label::MyCount(slot), column(|g| g.my_stack_y - 22.0), 15.0),
        ] {
            spawn_label(&mut commands, font.as_deref(), label, place, size);
        }
    }
    // The opponent's stack and its count follow the slot being played.
    spawn_stack(
        &mut commands,
        StackAt::TheirCurrent,
        Owner::Theirs,
        false,
        spot(|g| Vec2::new(g.slot_x(0), g.their_stack_y)),
    );
    for (at, owner, y) in [
        (
            StackAt::MyPile,
            Owner::Mine,
            (|g| g.my_pile_y) as fn(&Geometry) -> f32,
        ),
        (StackAt::TheirPile, Owner::Theirs, |g| g.their_pile_y),
        (StackAt::SetupLeft, Owner::Mine, |g| g.my_pile_y),
    ] {
        spawn_stack(
            &mut commands,
            at,
            owner,
            true,
            spot(|g| Vec2::new(g.pile_x, y(g))),
        );
    }
    spawn_label(
        &mut commands,
        font.as_deref(),
        Label::Banner,
        spot(|g| Vec2::new(g.center_x, g.banner_y)),
        22.0,
    );
    for (label, place, size) in [
        (
            Label::TheirCount,
            spot(|g| Vec2::new(g.slot_x(0), g.their_stack_y - 22.0)),
            15.0,
        ),
        (Label::Header, spot(|g| g.header), 22.0),
        (Label::TheirInfo, spot(|g| g.their_info), 16.0),
        (Label::MyInfo, spot(|g| g.my_info), 16.0),
        (Label::SetupLeft, spot(|g| g.setup_left), 17.0),
    ] {
        spawn_label(&mut commands, font.as_deref(), label, place, size);
    }
    for tile in 0..SLOTS as u8 {
        spawn_tile(
            &mut commands,
            &palette,
            font.as_deref(),
            (TableEntity, Piece::Mine(tile)),
        );
    }
    for slot in 0..SLOTS {
        spawn_tile(
            &mut commands,
            &palette,
            font.as_deref(),
            (TableEntity, Piece::Theirs(slot)),
        );
    }
    commands.insert_resource(look);
    commands.insert_resource(ShownStacks::default());
}

fn spawn_stack(commands: &mut Commands, at: StackAt, owner: Owner, pile: bool, place: Spot) {
    commands.spawn((
        TableEntity,
        at,
        Stack {
            count: 0,
            owner,
            pile,
        },
        place,
        Transform::from_xyz(0.0, 0.0, 1.5),
        Visibility::Visible,
    ));
}

/// A label on the table: numbers (slots, chip counts) in the display
/// face, words in the text face.
fn spawn_label(commands: &mut Commands, font: Option<&TableFont>, label: Label, place: Spot, size: f32) {
    let face = match label {
        Label::SlotNumber(_) | Label::SetupCount(_) | Label::MyCount(_) | Label::TheirCount => {
            TableFont::display(font, size)
        }
        _ => TableFont::text(font, size),
    };
    let banner = matches!(label, Label::Banner);
    let mut entity = commands.spawn((
        TableEntity,
        label,
        Text2d::new(""),
        face,
        TextColor(Color::WHITE),
        TextLayout::new(Justify::Center, LineBreak::WordBoundary),
        place,
        Transform::from_xyz(0.0, 0.0, 5.0),
    ));
    if banner {
        // Its width is the slots' row's, set with the table's shape.
        entity.insert(TextBounds::default());
    }
}

/// Whether the pieces must be placed again: what the seat is shown, the
/// result on screen, the set-up board or cursor, the settings or the
/// table's shape changed, or the end's reveal is turning tiles over.
fn table_changed(
    shown: Option<Res<Shown<Betting>>>,
    pacing: Res<ResultPacing>,
    settings: Res<Settings>,
    shape: Res<TableShape>,
    board: Res<SetupBoard>,
    cursor: Res<SetupCursor>,
    look: Option<Res<TableLook>>,
    reveal: Option<Res<Reveal>>,
) -> bool {
    shown.is_some_and(|s| s.is_changed())
        || pacing.is_changed()
        || settings.is_changed()
        || shape.is_changed()
        || board.is_changed()
        || cursor.is_changed()
        || look.is_some_and(|l| l.is_changed())
        || reveal.is_some()
}

fn sync_table(
    shown: Res<Shown<Betting>>,
    pacing: Res<ResultPacing>,
    settings: Res<Settings>,
    shape: Res<TableShape>,
    board: Res<SetupBoard>,
    cursor: Res<SetupCursor>,
    reveal: Option<Res<Reveal>>,
    time: Res<Time>,
    look: Res<TableLook>,
    mut drawn: ResMut<ShownStacks>,
    mut pieces: Query<(&Piece, &mut TileLook, &mut Visibility)>,
    mut stacks: Query<(&StackAt, &mut Stack, &mut Transform, &mut Visibility), Without<Piece>>,
    mut labels: Query<
        (
            &Label,
            &mut Text2d,
            &mut TextColor,
            &mut Transform,
            &mut Visibility,
            Option<&mut TextBounds>,
        ),
        (Without<Piece>, Without<StackAt>),
    >,
    mut decor: Query<
        (
            Option<&Outline>,
            Option<&mut MeshMaterial2d<ColorMaterial>>,
            Option<&CurrentBand>,
            &mut Transform,
            &mut Visibility,
        ),
        (
            Or<(With<Outline>, With<ChipButton>, With<CurrentBand>)>,
            Without<Piece>,
            Without<StackAt>,
            Without<Label>,
        ),
    >,
) {
    let moment = Moment::new(&shown, &pacing, &settings, reveal.as_deref(), time.elapsed_secs());
    let g = Geometry::of(*shape);
    let me = moment.me();
    let hidden = shown.curtain.is_some();
    let setting_up = !hidden && moment.view.phase == Phase::Setup && board.seat == Some(me);
    let playing = !hidden && moment.view.phase != Phase::Setup;
    let names = shown.names.clone();
    let show = |on: bool| {
        if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        }
    };

    let their_arrangement = shown.reveal.as_ref().and_then(|r| r.game.arrangement(other(me)));
    for (piece, mut tile, mut visibility) in &mut pieces {
        let spot = match *piece {
            Piece::Mine(t) if setting_up => Some(setup_spot(g, t, &board, &cursor)),
            Piece::Mine(t) if playing => moment.view.mine.iter().position(|s| s.tile == t).map(|slot| {
                (
                    Vec3::new(g.slot_x(slot), g.my_tile_y, 2.0),
                    Face::Up(t),
                    slot == moment.column,
                )
            }),
            Piece::Theirs(slot) if playing => Some((
                Vec3::new(g.slot_x(slot), g.their_tile_y, 2.0),
                moment.their_face(slot, their_arrangement),
                false,
            )),
            _ => None,
        };
        *visibility = show(spot.is_some());
        if let Some((target, face, selected)) = spot {
            tile.target = target;
            tile.wanted = face;
            tile.scale = g.tile_scale;
            tile.selected = selected;
        }
    }

    let winnings = moment.winnings();
    let current = moment.stacks();
    for (at, mut stack, mut transform, mut visibility) in &mut stacks {
        let count = match *at {
            StackAt::Setup(slot) if setting_up => board.draft.chips[slot],
            StackAt::SetupLeft if setting_up => board.draft.chips_left(),
            StackAt::MySlot(slot) if playing => match slot.cmp(&moment.column) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => current[me],
                std::cmp::Ordering::Greater => moment.view.mine.get(slot).map_or(0, |s| s.chips),
            },
            StackAt::TheirCurrent if playing && moment.column < SLOTS => {
                transform.translation.x = g.slot_x(moment.column);
                current[other(me)]
            }
            StackAt::MyPile if playing => winnings[me],
            StackAt::TheirPile if playing => winnings[other(me)],
            _ => 0,
        };
        if stack.count != count {
            stack.count = count;
        }
        *visibility = show(count > 0);
    }
    if playing {
        for (slot, own) in moment.view.mine.iter().enumerate() {
            drawn.mine[slot] = own.chips;
        }
    }

    for (label, mut text, mut colour, mut transform, mut visibility, bounds) in &mut labels {
        match label {
            Label::SlotNumber(_) => {
                transform.translation.y = if setting_up {
                    g.setup_number_y
                } else {
                    g.slot_number_y
                };
            }
            Label::TheirCount => transform.translation.x = g.slot_x(moment.column.min(SLOTS - 1)),
            _ => {}
        }
        // The banner wraps within the slots' row.
        let width = g.slot_gap * SLOTS as f32;
        if let Some(mut bounds) = bounds.filter(|b| b.width != Some(width)) {
            *bounds = TextBounds::new_horizontal(width);
        }
        let (value, tint) = match *label {
            Label::SlotNumber(slot) if setting_up || playing => {
                let tint = if playing && slot == moment.column {
                    theme::HIGHLIGHT
                } else {
                    Color::srgba(1.0, 1.0, 1.0, 0.6)
                };
                (format!("{}", slot + 1), tint)
            }
            Label::ColumnResult(slot) if playing => moment.column_result(slot).unwrap_or_default(),
            Label::MyCount(slot) if playing && slot >= moment.column => {
                let count = if slot == moment.column {
                    current[me]
                } else {
                    moment.view.mine.get(slot).map_or(0, |s| s.chips)
                };
                (count_text(count), Color::WHITE)
            }
            Label::TheirCount if playing && moment.column < SLOTS => {
                (count_text(current[other(me)]), Color::WHITE)
            }
            Label::SetupCount(slot) if setting_up => (board.draft.chips[slot].to_string(), Color::WHITE),
            Label::Banner if playing => (banner(&moment, &names), theme::HIGHLIGHT),
            Label::Header if setting_up => (
                // Two lines: on one it ran past the felt's edge.
                "Arrange your tiles and chips in secret.\nSlot 1 is played first.".into(),
                Color::WHITE,
            ),
            Label::SetupLeft if setting_up => (
                format!("{} chips\nto place", board.draft.chips_left()),
                Color::WHITE,
            ),
            Label::TheirInfo if playing => (
                format!(
                    "{}: {} chips won\n{} on later tiles",
                    names[other(me)],
                    winnings[other(me)],
                    moment.their_later()
                ),
                Color::WHITE,
            ),
            Label::MyInfo if playing => (format!("{}: {} chips won", names[me], winnings[me]), Color::WHITE),
            _ => (String::new(), Color::WHITE),
        };
        *visibility = show(!value.is_empty());
        if text.0 != value {
            text.0 = value;
        }
        colour.0 = tint;
    }

    for (outline, material, band, mut transform, mut visibility) in &mut decor {
        if band.is_some() {
            *visibility = show(playing && moment.column < SLOTS);
            let (y, height) = g.band;
            transform.translation.x = g.slot_x(moment.column.min(SLOTS - 1));
            transform.translation.y = y;
            transform.scale = Vec3::new(g.slot_gap - 6.0, height, 1.0);
            continue;
        }
        *visibility = show(setting_up);
        if let (Some(Outline(slot)), Some(mut material)) = (outline, material) {
            let lit = cursor.slot == *slot || cursor.hover == Some(*slot);
            let wanted = if lit { &look.outline_lit } else { &look.outline };
            if material.0 != *wanted {
                material.0 = wanted.clone();
            }
        }
    }
}

/// A stack's count, or nothing for an empty one.
fn count_text(count: u8) -> String {
    if count == 0 {
        String::new()
    } else {
        count.to_string()
    }
}

/// Where a tile of the setup board stands: in its slot, on the rack (in its
/// own number's column), or under the pointer while dragged.
fn setup_spot(g: &Geometry, tile: u8, board: &SetupBoard, cursor: &SetupCursor) -> (Vec3, Face, bool) {
    let selected = cursor.selected == Some(tile);
    if cursor.dragging == Some(tile)
        && let Some(point) = cursor.pointer
    {
        return (point.extend(30.0), Face::Up(tile), true);
    }
    let at = match board.draft.slot_of(tile) {
        Some(slot) => Vec3::new(g.slot_x(slot), g.setup_tile_y, 2.0),
        None => Vec3::new(g.slot_x(usize::from(tile)), g.rack_y, 2.0),
    };
    (at, Face::Up(tile), selected)
}

/// Sends chips flying when a result comes on screen: a match's chips from
/// winnings and later tiles to the slot, then the pot to whoever took it.
fn launch_chips(
    mut commands: Commands,
    shown: Res<Shown<Betting>>,
    pacing: Res<ResultPacing>,
    settings: Res<Settings>,
    shape: Res<TableShape>,
    chip_look: Res<ChipLook>,
    mut drawn: ResMut<ShownStacks>,
    flying: Query<Entity, With<FlyingChip>>,
    mut sounds: MessageWriter<Sound>,
) {
    let on_screen = pacing.on_screen(&shown.view);
    if on_screen.is_none() || on_screen == drawn.launched || shown.curtain.is_some() {
        return;
    }
    drawn.launched = on_screen;
    for entity in &flying {
        commands.entity(entity).despawn();
    }
    let r = shown.view.history[on_screen.expect("checked above")];
    let g = Geometry::of(*shape);
    let me = shown.seat;
    let owner = |seat: Seat| if seat == me { Owner::Mine } else { Owner::Theirs };
    let column = r.slot - 1;
    let stack_at = |seat: Seat| {
        let y = if seat == me { g.my_stack_y } else { g.their_stack_y };
        Vec2::new(g.slot_x(column), y)
    };
    let pile_at = |seat: Seat| Vec2::new(g.pile_x, if seat == me { g.my_pile_y } else { g.their_pile_y });
    let mut send = |seat: Seat, count: u8, from: Vec2, to: Vec2, delay: f32| {
        send_chips(
            &mut commands,
            &chip_look,
            &settings,
            owner(seat),
            count,
            from,
            to,
            delay,
        );
    };
    if let Some((seat, from_winnings)) = r.matched {
        let base = stack_at(seat) + Vec2::Y * CHIP_STEP * f32::from(r.bets[seat]);
        send(seat, from_winnings, pile_at(seat), base, 0.0);
        if seat == me {
            let view = shown.view.clone();
            for (slot, own) in view.my_later() {
                let pulled = drawn.mine[slot - 1].saturating_sub(own.chips);
                let from = Vec2::new(
                    g.slot_x(slot - 1),
                    g.my_stack_y + CHIP_STEP * f32::from(own.chips),
                );
                send(seat, pulled, from, base, 0.0);
            }
        } else {
            let pulled = r.chips[seat] - r.bets[seat] - from_winnings;
            let from = Vec2::new(g.slot_x((column + SLOTS) / 2), g.their_stack_y);
            send(seat, pulled, from, base, 0.0);
        }
    }
    for seat in [0, 1] {
        let to = match r.winner {
            Some(w) => pile_at(w),
            None => pile_at(seat),
        };
        send(seat, r.chips[seat], stack_at(seat), to, PAY_AT);
    }
    sounds.write(Sound::Chips);
    sounds.write(Sound::for_round(r.winner.map(|w| w == me)));
    if r.slot == SLOTS {
        sounds.write(Sound::for_game(r.winnings[me], r.winnings[other(me)]));
    }
}

fn play_sounds(
    shown: Res<Shown<Betting>>,
    mut happened: MessageReader<Happened<Betting>>,
    mut sounds: MessageWriter<Sound>,
) {
    for event in happened.read().filter_map(|h| h.seen_by(shown.seat)) {
        if let BettingEvent::Arranged { .. } = event {
            sounds.write(Sound::Place);
        }
    }
}
