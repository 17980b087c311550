//! The moment of a round's result, staged on the table: one line over the
//! middle that says who won the round and why ("Round 3: your 7 beat their
//! white tile"), held a moment and then faded as the result settles into
//! the record under the track (docs/art-direction.md, "a result").

use bevy::prelude::*;

use crate::session::ScreenTaken;
use crate::settings::Settings;
use crate::ui::table::{Spot, TableEntity};
use crate::ui::theme::{self, TableFont};

/// Seconds a result is held at Normal speed, and its fade.
const HOLD: f32 = 1.2;
const FADE: f32 = 0.2;
/// The plate behind the line, in table units.
const PLATE: Vec2 = Vec2::new(560.0, 46.0);

/// The result on stage: its line, its colour (win, loss or draw) and when
/// it was staged; empty when none is.
#[derive(Resource, Default, Debug)]
pub struct Headline {
    text: String,
    colour: Color,
    since: f32,
}

impl Headline {
    /// Stages `text` in `colour` from `now`, in place of any line before it.
    pub fn stage(&mut self, text: String, colour: Color, now: f32) {
        *self = Headline {
            text,
            colour,
            since: now,
        };
    }

    /// The line on stage, and how opaque it is at `now`: fully while it is
    /// held, then fading to nothing. Instant speed holds it as Normal does
    /// (it is read, not watched) but drops the fade.
    pub fn at(&self, now: f32, settings: &Settings) -> Option<(&str, f32)> {
        let factor = settings.animation_speed.factor();
        let hold = HOLD * factor.max(1.0);
        let fade = FADE * factor;
        let age = now - self.since;
        let opacity = if age < hold {
            1.0
        } else if fade > 0.0 {
            1.0 - (age - hold) / fade
        } else {
            0.0
        };
        (!self.text.is_empty() && opacity > 0.0).then_some((self.text.as_str(), opacity.min(1.0)))
    }

    /// The colour a result is staged in, from the viewer's side.
    pub fn colour_of(won: Option<bool>) -> Color {
        match won {
            Some(true) => theme::WIN,
            Some(false) => theme::LOSS,
            None => theme::DRAW,
        }
    }
}

#[derive(Component)]
struct HeadlineText;

#[derive(Component)]
struct HeadlinePlate;

/// The plate's own colour, faded with the line.
#[derive(Resource)]
struct PlateLook {
    mesh: Handle<Mesh>,
    material: Handle<ColorMaterial>,
}

/// The plate's colour when the line is fully shown.
const PLATE_COLOUR: Color = Color::srgba(0.06, 0.04, 0.03, 0.72);

impl FromWorld for PlateLook {
    fn from_world(world: &mut World) -> Self {
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(Rectangle::from_size(PLATE));
        let material = world
            .resource_mut::<Assets<ColorMaterial>>()
            .add(PLATE_COLOUR.with_alpha(0.0));
        PlateLook { mesh, material }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Headline>()
        .init_resource::<PlateLook>()
        .add_systems(Update, (forget_on_hand_over, show).chain());
}

/// Puts the stage over the table at `at`, empty.
pub fn spawn_headline(commands: &mut Commands, font: Option<&TableFont>, at: Spot) {
    commands.insert_resource(Headline::default());
    commands.queue(move |world: &mut World| {
        let plate = {
            let look = world.resource::<PlateLook>();
            (Mesh2d(look.mesh.clone()), MeshMaterial2d(look.material.clone()))
        };
        world.spawn((
            TableEntity,
            HeadlinePlate,
            plate,
            at,
            Transform::from_xyz(0.0, 0.0, 8.0),
            Visibility::Hidden,
        ));
    });
    commands.spawn((
        TableEntity,
        HeadlineText,
        Text2d::new(""),
        TableFont::display(font, 28.0),
        TextColor(Color::NONE),
        TextLayout::justify(Justify::Center),
        at,
        Transform::from_xyz(0.0, 0.0, 8.1),
    ));
}

/// A result staged for one seat is not shown to the next one to take the
/// screen: it may name a piece only the first could see.
fn forget_on_hand_over(mut taken: MessageReader<ScreenTaken>, mut headline: ResMut<Headline>) {
    if taken.read().count() > 0 {
        *headline = Headline::default();
    }
}

fn show(
    headline: Res<Headline>,
    time: Res<Time>,
    settings: Res<Settings>,
    look: Res<PlateLook>,
    mut texts: Query<(&mut Text2d, &mut TextColor), With<HeadlineText>>,
    mut plates: Query<&mut Visibility, With<HeadlinePlate>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut last: Local<f32>,
) {
    let staged = headline.at(time.elapsed_secs(), &settings);
    let opacity = staged.map_or(0.0, |(_, o)| o);
    // Nothing to change while the line is held or gone, once drawn so.
    if opacity == *last && !headline.is_changed() {
        return;
    }
    *last = opacity;
    for (mut text, mut colour) in &mut texts {
        let line = staged.map_or("", |(line, _)| line);
        if text.0 != line {
            text.0 = line.to_owned();
        }
        colour.0 = headline.colour.with_alpha(opacity);
    }
    for mut visibility in &mut plates {
        visibility.set_if_neq(if opacity > 0.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if let Some(mut plate) = materials.get_mut(&look.material) {
            plate.color = PLATE_COLOUR.with_alpha(PLATE_COLOUR.alpha() * opacity);
        }
    }
}
