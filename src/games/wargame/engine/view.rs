//! What one player may know: the map, their own army in full, the enemy's
//! blocks by type only (class and size once revealed), public tokens, the
//! turn, and the decision owed. The view is its own type, built from the
//! game by `view_for` and sent whole to an online table: a table reads the
//! battle rebuilt from it (`View::battlefield`), so nothing the seat may not
//! know is there to leak.

use std::collections::VecDeque;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::board::Coord;
use super::data::{Faction, Order, Rulebook, Token, UnitCard, UnitType};
use super::scenario::{Goal, Lesson, Map, Scenario, ScenarioKind, Side};
use super::state::*;
use crate::rules::{Seat, other};

/// The card a block shows to a side that has not identified it: the first
/// of its faction and type (what the planner guesses too).
pub fn hidden_card(book: &'static Rulebook, owner: Seat, kind: UnitType) -> &'static UnitCard {
    let faction = Faction::of_seat(owner);
    book.units
        .iter()
        .find(|u| u.faction == faction && u.kind == kind)
        .expect("every faction has every type")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: usize,
    pub owner: Seat,
    pub kind: UnitType,
    pub at: Coord,
    /// `None` for an enemy whose class is still hidden.
    pub class: Option<String>,
    pub size: Option<u8>,
    pub crippled: bool,
    /// Its owner's enemy knows its class (a revealed block): public, since
    /// a reveal is.
    #[serde(default, skip_serializing_if = "is_false")]
    pub revealed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A destroyed block: its class was shown when it fell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FallenView {
    pub id: usize,
    pub owner: Seat,
    pub kind: UnitType,
    pub class: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HexView {
    pub at: Coord,
    pub tokens: Vec<Token>,
    /// Aiming markers of each player.
    pub markers: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    pub faction: Faction,
    pub first_row: i32,
    pub goal: Goal,
    pub tokens: u32,
    /// `None` while the other side builds behind the curtain.
    pub commander: Option<String>,
    pub score: u32,
    /// The trenches and abatis this side has laid, of the most it may lay
    /// (both sides see each one dug); absent in a view from before it was
    /// shown.
    #[serde(default)]
    pub works_laid: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub player: Seat,
    pub scenario: u32,
    pub name: String,
    pub kind: ScenarioKind,
    pub map: Vec<String>,
    pub arrows: Vec<Coord>,
    pub budget: u32,
    /// The classes armies may buy here (`None`: all).
    pub units_allowed: Option<Vec<String>>,
    /// The commanders allowed here (`None`: all; empty: none).
    pub commanders_allowed: Option<Vec<String>>,
    /// The rulebook of the player's own the battle is on (`None`: the
    /// shipped cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
    pub turn_limit: u32,
    pub sides: [SideView; 2],
    pub phase: Phase,
    /// Who begins: rolled once both armies stand (`None` while building).
    pub first: Option<Seat>,
    pub turn: u32,
    pub active: Seat,
    pub used: TurnUse,
    pub units: Vec<UnitView>,
    pub hexes: Vec<HexView>,
    pub activation: Option<Activation>,
    pub decision: Option<Pending>,
    /// The blocks destroyed so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallen: Vec<FallenView>,
    /// Why the battle ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The scenario's tutorial steps, for the table (the protocol's `ask`
    /// leaves them out: they are for people).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lessons: Vec<Lesson>,
    #[serde(skip)]
    battlefield: Rebuilt,
}

/// The battle rebuilt from a view's own fields, kept beside it once built.
/// It says nothing the view does not, so two views are equal by their
/// fields alone.
#[derive(Debug, Clone, Default)]
struct Rebuilt(OnceLock<Box<Wargame>>);

impl PartialEq for Rebuilt {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl View {
    /// The battle as this seat sees it, built from the view alone, so that
    /// a table can read it like the game itself and ask it the rules'
    /// questions (discipline, tokens, areas): blocks the seat has not
    /// identified carry their type's first card at full size.
    pub fn battlefield(&self) -> &Wargame {
        self.battlefield
            .0
            .get_or_init(|| Box::new(Wargame::seen_from(self)))
    }
}

impl Wargame {
    /// A hit's attacker is not told to the side that was not shown which
    /// block shot (fight rule 3).
    fn pending_seen_by(&self, mut pending: Pending, seat: Seat) -> Pending {
        if let Pending::Hit { attacker, .. } = &mut pending
            && attacker.is_some_and(|a| self.units[a].owner != seat && self.veiled(a))
        {
            *attacker = None;
        }
        pending
    }

    fn activation_seen_by(&self, seat: Seat) -> Option<Activation> {
        self.activation.clone().map(|mut a| {
            // A second shot comes from the class: a side that has not
            // identified every activated block sees only what the public
            // order gives.
            if !a.units.iter().all(|&u| self.units[u].known_to(seat)) {
                a.attacks_allowed = if a.order == Some(Order::Berserk) { 2 } else { 1 };
            }
            let theirs = a.units.first().is_some_and(|&u| self.units[u].owner != seat);
            if theirs && a.veiled {
                a.units.clear();
            }
            if theirs && a.attacker.is_some_and(|u| self.veiled(u)) {
                a.attacker = None;
            }
            a
        })
    }

    pub fn view_for(&self, seat: Seat) -> View {
        let building = self.phase == Phase::Building;
        let sides = [0, 1].map(|s| {
            let side = self.scenario.side(s);
            SideView {
                faction: Faction::of_seat(s),
                first_row: side.first_row,
                goal: side.goal,
                tokens: side.tokens,
                commander: if building && s != seat {
                    None
                } else {
                    self.commanders[s].clone()
                },
                score: self.score[s],
                works_laid: self.works_laid[s],
            }
        });
        let units = self
            .alive()
            .filter(|u| u.owner == seat || !building)
            .map(|u| {
                let known = u.known_to(seat);
                UnitView {
                    id: u.id,
                    owner: u.owner,
                    kind: u.kind,
                    at: u.at.expect("alive"),
                    class: known.then(|| u.class.clone()),
                    size: known.then_some(u.size),
                    crippled: u.crippled,
                    revealed: u.known[other(u.owner)],
                }
            })
            .collect();
        let fallen = self
            .units
            .iter()
            .filter(|u| u.at.is_none())
            .map(|u| FallenView {
                id: u.id,
                owner: u.owner,
                kind: u.kind,
                class: u.class.clone(),
            })
            .collect();
        let hexes = self
            .map
            .coords()
            .filter_map(|at| {
                let t = self.tokens_at(at);
                let mut tokens: Vec<Token> = t.works.map(|w| w.0).into_iter().collect();
                if t.fire.is_some() {
                    tokens.push(Token::Fire);
                }
                if t.smoke.is_some() {
                    tokens.push(Token::Smoke);
                }
                (!tokens.is_empty() || t.markers != [0, 0]).then_some(HexView {
                    at,
                    tokens,
                    markers: t.markers,
                })
            })
            .collect();
        View {
            player: seat,
            scenario: self.scenario.number,
            name: self.scenario.name.clone(),
            kind: self.scenario.kind,
            map: self.scenario.map.clone(),
            arrows: self.scenario.arrows.clone(),
            budget: self.scenario.budget,
            units_allowed: self.scenario.units.clone(),
            rulebook: self.scenario.rulebook.clone(),
            commanders_allowed: self.scenario.commanders.clone(),
            turn_limit: self.scenario.turn_limit,
            sides,
            phase: self.phase.clone(),
            first: (self.phase != Phase::Building).then_some(self.first),
            turn: self.round,
            active: self.active,
            used: self.used.clone(),
            units,
            hexes,
            activation: self.activation_seen_by(seat),
            decision: self
                .pending
                .front()
                .cloned()
                .map(|p| self.pending_seen_by(p, seat)),
            fallen,
            reason: self.reason.clone(),
            lessons: self.scenario.tutorial.clone(),
            battlefield: Rebuilt::default(),
        }
    }
}

impl View {
    /// The cards and commanders of the battle shown.
    pub fn book(&self) -> &'static Rulebook {
        super::rulebooks::book_of(self.rulebook.as_deref())
    }
}

impl Wargame {
    /// A game consistent with what `view` shows, for planning: hidden enemy
    /// classes become their type's first card, fire and smoke look fresh.
    pub fn from_view(view: &View) -> Wargame {
        let side = |s: usize| Side {
            first_row: view.sides[s].first_row,
            goal: view.sides[s].goal,
            tokens: view.sides[s].tokens,
        };
        let scenario = Scenario {
            number: view.scenario,
            name: view.name.clone(),
            kind: view.kind,
            about: String::new(),
            map: view.map.clone(),
            arrows: view.arrows.clone(),
            black: side(0),
            white: side(1),
            turn_limit: view.turn_limit,
            budget: view.budget,
            units: view.units_allowed.clone(),
            commanders: view.commanders_allowed.clone(),
            rulebook: view.rulebook.clone(),
            tutorial: Vec::new(),
        };
        // The scenario was checked when the game began: only its map is read.
        let map = Map::parse(&view.map).expect("a running game's map is valid");
        let mut game = Wargame::on_map(
            &Setup {
                scenario,
                dice: Vec::new(),
            },
            map,
            0,
        );
        game.phase = view.phase.clone();
        game.first = view.first.unwrap_or(0);
        game.round = view.turn;
        game.active = view.active;
        game.used = view.used.clone();
        game.commanders = [0, 1].map(|s| view.sides[s].commander.clone());
        game.score = [0, 1].map(|s| view.sides[s].score);
        game.works_laid = [0, 1].map(|s| view.sides[s].works_laid);
        game.built = [true, true];
        if game.phase == Phase::Building {
            game.built = [view.player == 1, false];
        }
        let highest = view.units.iter().map(|u| u.id + 1).max().unwrap_or(0);
        game.units = (0..highest)
            .map(|id| Unit {
                id,
                owner: 0,
                class: game.scenario.book().units[0].id.clone(),
                kind: UnitType::Infantry,
                size: 0,
                at: None,
                known: [true, true],
                crippled: false,
            })
            .collect();
        let book = game.scenario.book();
        for u in &view.units {
            let class = u
                .class
                .clone()
                .unwrap_or_else(|| hidden_card(book, u.owner, u.kind).id.clone());
            let size = u.size.unwrap_or_else(|| book.unit(&class).map_or(1, |c| c.size));
            game.units[u.id] = Unit {
                id: u.id,
                owner: u.owner,
                class,
                kind: u.kind,
                size,
                at: Some(u.at),
                known: [true, true],
                crippled: u.crippled,
            };
        }
        for h in &view.hexes {
            let t = game.tokens_at_mut(h.at);
            for token in &h.tokens {
                match token {
                    Token::Trench | Token::Abatis => t.works = Some((*token, 0)),
                    Token::Fire => t.fire = Some((0, view.turn)),
                    Token::Smoke => t.smoke = Some((0, view.turn)),
                }
            }
            t.markers = h.markers;
        }
        game.activation = view.activation.clone();
        game.pending = view.decision.clone().into_iter().collect::<VecDeque<_>>();
        game
    }
}

impl Wargame {
    /// The battle as `view`'s seat sees it, for its table: `from_view`,
    /// with who knows which class, the fallen, the end's reason and the
    /// tutorial as the view tells them.
    fn seen_from(view: &View) -> Wargame {
        let mut game = Wargame::from_view(view);
        let seat = view.player;
        for u in &view.units {
            let unit = &mut game.units[u.id];
            unit.known[seat] = u.owner == seat || u.class.is_some();
            unit.known[other(seat)] = u.owner != seat || u.revealed;
        }
        for f in &view.fallen {
            // Ids above the highest standing block are all fallen ones.
            while game.units.len() <= f.id {
                game.units.push(fallen(f));
            }
            game.units[f.id] = fallen(f);
        }
        game.reason = view.reason.clone();
        game.scenario.tutorial = view.lessons.clone();
        game
    }
}

/// A destroyed block as the view names it.
fn fallen(f: &FallenView) -> Unit {
    Unit {
        id: f.id,
        owner: f.owner,
        class: f.class.clone(),
        kind: f.kind,
        size: 0,
        at: None,
        known: [true, true],
        crippled: false,
    }
}
