//! The wargame's state, actions and public events: plain data that the
//! referee, the table and the tests share.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::board::Coord;
use super::data::{Order, Rulebook, Token, UnitCard, UnitType};
use super::scenario::{Map, Scenario};
use crate::rules::{Chance, Outcome, Seat, sub_seed};

/// One block on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: usize,
    pub owner: Seat,
    /// The unit card's id: hidden from the enemy until revealed.
    pub class: String,
    pub kind: UnitType,
    pub size: u8,
    /// `None` once destroyed.
    pub at: Option<Coord>,
    /// Whether each seat knows the class (the owner always does).
    pub known: [bool; 2],
    /// Crippled: not activated in its owner's next turn.
    pub crippled: bool,
}

impl Unit {
    /// Whether `seat` knows the class: its owner always does.
    pub fn known_to(&self, seat: Seat) -> bool {
        self.owner == seat || self.known[seat]
    }

    pub fn card(&self) -> &'static UnitCard {
        Rulebook::get()
            .unit(&self.class)
            .expect("units are built only from known classes")
    }
}

/// Tokens on one hex.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HexTokens {
    /// A trench or an abatis, and who built it.
    pub works: Option<(Token, Seat)>,
    /// Fire: who lit it, and the round it was lit in.
    pub fire: Option<(Seat, u32)>,
    /// Smoke: who laid it, and the round it was laid in.
    pub smoke: Option<(Seat, u32)>,
    /// Aiming markers of each seat.
    pub markers: [u8; 2],
    /// The round of each seat's last missed aim here: markers help only
    /// "in the next turn" (ruling 18).
    #[serde(default)]
    pub marked: [u32; 2],
    /// How many of each seat's markers were laid in the round `marked`:
    /// those do not help until its next turn.
    #[serde(default)]
    pub fresh: [u8; 2],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ammo {
    Regular,
    Incendiary,
    Smoke,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Works {
    Trench,
    Abatis,
}

/// One block bought and placed on the first row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub class: String,
    pub at: Coord,
}

/// Every action, as the protocol writes it: `{"type": "move", "to": [3, 4]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Army building and deployment behind the curtain, in one go.
    Build {
        commander: Option<String>,
        army: Vec<Placement>,
    },
    /// Activate a unit or a squad (same type, one hex), with at most one
    /// commander order (1-4).
    Activate {
        units: Vec<usize>,
        order: Option<u8>,
    },
    /// Regular infantry's ability: one activation moves each listed regular
    /// infantry unit one hex.
    MassMarch {
        moves: Vec<(usize, Coord)>,
    },
    EndTurn,
    /// One hex, the whole activated unit or squad.
    Move {
        to: Coord,
    },
    /// Lord Alexandrus' empty move: one hex back or sideways first.
    Sidestep {
        to: Coord,
    },
    /// Exactly three hexes straight to `to`, then a melee attack on `target`.
    Charge {
        unit: usize,
        to: Coord,
        target: usize,
    },
    Melee {
        unit: usize,
        target: usize,
    },
    /// A ranged attack with the ranged attack attribute.
    Shoot {
        unit: usize,
        target: usize,
    },
    /// Artillery fire at a hex.
    Fire {
        unit: usize,
        at: Coord,
        ammo: Ammo,
    },
    /// Engineers: a trench or an abatis on their hex.
    Dig {
        unit: usize,
        works: Works,
    },
    /// Infantry on an abatis removes it.
    ClearAbatis {
        unit: usize,
    },
    /// Order: see an enemy's class (Recon, or the special order in the area
    /// of influence).
    Inspect {
        target: usize,
    },
    /// Order: Restoring strength.
    Restore {
        unit: usize,
    },
    /// Order: Crippling.
    Cripple {
        target: usize,
    },
    /// Order: Fear.
    Frighten {
        target: usize,
    },
    /// Order: Pursuit, into the hex the melee target left, and attack again.
    Pursue,
    /// Order: Tactical retreat after a melee attack.
    Withdraw {
        to: Coord,
    },
    EndActivation,
    /// The defender's answer to a hit or to fire: retreat to a hex.
    Retreat {
        unit: usize,
        to: Coord,
    },
    /// The defender's answer: stay, taking the command check where one is due
    /// (after a passed check, staying without a counterattack).
    Stand {
        unit: usize,
    },
    /// The defender's answer after a passed check: strike back.
    Counterattack {
        unit: usize,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    Melee,
    Charge,
    Counter,
    Ranged,
    Artillery,
}

impl AttackKind {
    pub fn is_melee(self) -> bool {
        matches!(self, AttackKind::Melee | AttackKind::Charge | AttackKind::Counter)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckFor {
    /// To leave a hostile area of influence.
    Leave,
    /// To receive a commander order.
    Order,
    /// After a hit, to stay (and counterattack after a melee hit).
    Stand,
    /// On fire landing on it: passed, it may retreat.
    Fire,
    /// Against Crippling or Fear.
    Resist,
}

/// Something that happened. Most events are public; the few that are not
/// name their one reader in `to` (the referee protocol's audience key).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A side finished building. While the other still builds, the count
    /// goes to the builder only and the other learns just that it is done.
    ArmyBuilt {
        player: Seat,
        blocks: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        to: Option<Seat>,
    },
    BattleBegins {
        first: Seat,
        commanders: [Option<String>; 2],
    },
    TurnBegins {
        player: Seat,
        turn: u32,
    },
    /// A block activated among others of its type on its hex is named to
    /// its owner only; the other side is told the hex (`units` empty).
    Activated {
        player: Seat,
        units: Vec<usize>,
        at: Coord,
        order: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        to: Option<Seat>,
    },
    OrderGiven {
        player: Seat,
        order: Order,
        effective: bool,
    },
    /// A check on a block the other side has not identified goes out
    /// twice: with the discipline to its owner, without it to the other.
    /// `unit` is `None` for the side that was not told which block acts.
    CommandCheck {
        unit: Option<usize>,
        dice: [u8; 2],
        discipline: Option<i32>,
        passed: bool,
        check: CheckFor,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        to: Option<Seat>,
    },
    Moved {
        units: Vec<usize>,
        from: Coord,
        #[serde(rename = "dest")]
        to: Coord,
    },
    Revealed {
        unit: usize,
        class: String,
    },
    /// Fight rule 3: a ranged attack from a hex with more blocks of the
    /// shooter's type shows the hex and the shooter's card, not its block.
    ShotFrom {
        at: Coord,
        class: String,
    },
    /// A seat saw a class that stays hidden from the other.
    Inspected {
        by: Seat,
        unit: usize,
    },
    /// `attacker` is `None` for the side not shown which block shot (fight
    /// rule 3); then each side gets its own line.
    Attack {
        kind: AttackKind,
        attacker: Option<usize>,
        target: usize,
        dice: [u8; 2],
        attack: i32,
        defense: i32,
        hit: bool,
        critical: Option<Critical>,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        to: Option<Seat>,
    },
    Aimed {
        unit: usize,
        at: Coord,
        die: u8,
        markers: u8,
        need: u8,
        hit: bool,
    },
    Rerolled {
        unit: Option<usize>,
        why: Order,
        #[serde(skip_serializing_if = "Option::is_none", default)]
        to: Option<Seat>,
    },
    SizeLost {
        unit: usize,
        steps: u8,
    },
    SizeGained {
        unit: usize,
    },
    Destroyed {
        unit: usize,
        class: String,
        points: u32,
        /// Who scores the points (not an audience: destruction is public).
        #[serde(rename = "scorer")]
        to: Seat,
    },
    Retreated {
        unit: usize,
        from: Coord,
        #[serde(rename = "dest")]
        to: Coord,
    },
    Stood {
        unit: usize,
    },
    /// Failed the check but a fort, bunker or trench kept it in place.
    Held {
        unit: usize,
    },
    /// A mass march's step that would break the hex's limits, now that an
    /// earlier unit stayed: the unit stays too.
    MarchHalted {
        unit: usize,
        at: Coord,
    },
    TokenPlaced {
        at: Coord,
        token: Token,
    },
    TokenRemoved {
        at: Coord,
        token: Token,
    },
    MarkerPlaced {
        at: Coord,
        player: Seat,
        markers: u8,
    },
    MarkersCleared {
        at: Coord,
        player: Seat,
    },
    Crippled {
        unit: usize,
    },
    TurnEnded {
        player: Seat,
    },
    GameOver {
        winner: Option<Seat>,
        reason: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Critical {
    Success,
    Failure,
}

/// The unit or squad being activated and what it has done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activation {
    pub units: Vec<usize>,
    pub at: Coord,
    pub moved: u32,
    /// Terrain made it stop.
    pub stopped: bool,
    /// The command check to leave a hostile area of influence: `None` not
    /// yet taken.
    pub may_leave: Option<bool>,
    /// The order in force for this activation.
    pub order: Option<Order>,
    pub attacks: u32,
    pub attacks_allowed: u32,
    /// Entered an abatis, or on a strenuous march.
    pub no_attack: bool,
    /// The second activation of Inquisitor Dominic's special order.
    pub second: bool,
    /// A move or sidestep was made (the empty move must come first).
    pub acted: bool,
    /// The units attacked by the first of two shots.
    pub last_targets: Vec<usize>,
    /// Pursuit: the hex the melee target left, the target, and the unit
    /// that may follow it.
    pub pursuit: Option<(Coord, usize, usize)>,
    /// The unit that made a melee attack, for a tactical retreat.
    pub withdraw: Option<usize>,
    pub rerolled: bool,
    /// The unit that attacked first: in a squad only that one attacks again.
    #[serde(default)]
    pub attacker: Option<usize>,
    /// The kind of the last attack: Berserk's second attack follows a melee.
    #[serde(default)]
    pub last_kind: Option<AttackKind>,
    /// Activated among other blocks of its type on its hex: the other side
    /// was told the hex, not the block, until it moves (fight rule 3).
    #[serde(default)]
    pub veiled: bool,
}

/// A decision the defender owes before play goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Pending {
    /// Hit: retreat, or stand and take the command check.
    Hit {
        unit: usize,
        /// `None` in the view of a side not shown which block shot.
        attacker: Option<usize>,
        kind: AttackKind,
        critical: bool,
    },
    /// Must retreat: choose where.
    MustRetreat { unit: usize },
    /// Passed the check when fire landed: retreat or stay.
    FireEscape { unit: usize },
    /// Passed the check after a melee hit: counterattack or not (ruling 10).
    Counter { unit: usize, attacker: usize },
}

impl Pending {
    pub fn unit(&self) -> usize {
        match self {
            Pending::Hit { unit, .. }
            | Pending::MustRetreat { unit }
            | Pending::FireEscape { unit }
            | Pending::Counter { unit, .. } => *unit,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Both build behind the curtain, black first.
    Building,
    Battle,
    Over,
}

/// What the active side has used this turn.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnUse {
    pub activations: u32,
    pub artillery: bool,
    pub order: bool,
    pub double: bool,
    pub activated: Vec<usize>,
    /// Units that used a special ability this turn: Inquisitor Dominic's
    /// second activation may use one "only once".
    #[serde(default)]
    pub specials: Vec<usize>,
}

/// Dice from the seed, after any forced results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    seed: u64,
    rolled: u64,
    forced: VecDeque<u8>,
}

impl Dice {
    pub fn new(seed: u64, forced: &[u8]) -> Dice {
        Dice {
            seed,
            rolled: 0,
            forced: forced.iter().copied().collect(),
        }
    }

    /// One die: forced, else from the seed, and a replay's recorded die
    /// in place of either.
    pub fn roll(&mut self, chance: &mut Chance) -> u8 {
        let seeded = || match self.forced.pop_front() {
            Some(die) => u32::from(die),
            None => {
                self.rolled += 1;
                (sub_seed(self.seed, self.rolled) % 6) as u32 + 1
            }
        };
        chance.draw(1..=6, "die", seeded) as u8
    }

    pub fn two(&mut self, chance: &mut Chance) -> [u8; 2] {
        [self.roll(chance), self.roll(chance)]
    }
}

/// What a wargame starts from besides its seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub scenario: Scenario,
    /// Die results to use first, in order (the referee's `--dice`).
    pub dice: Vec<u8>,
}

impl Setup {
    /// A battle on `scenario`, with its commanders or without any (which
    /// clears the scenario's list of allowed commanders).
    pub fn with_commanders(scenario: &Scenario, commanders: bool) -> Setup {
        let mut scenario = scenario.clone();
        if !commanders {
            scenario.commanders = Some(Vec::new());
        }
        Setup {
            scenario,
            dice: Vec::new(),
        }
    }
}

impl Scenario {
    /// Whether a new battle has commanders unless the player says
    /// otherwise: a tutorial leaves them out ("During the first games we
    /// suggest that players play without the commanders").
    pub fn commanders_by_default(&self) -> bool {
        self.kind != super::scenario::ScenarioKind::Tutorial
    }
}

/// A whole game of Black & White.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wargame {
    pub scenario: Scenario,
    pub map: Map,
    pub seed: u64,
    pub dice: Dice,
    /// Every die's outcome, for the record.
    pub chance: Chance,
    pub phase: Phase,
    pub first: Seat,
    pub commanders: [Option<String>; 2],
    pub built: [bool; 2],
    pub units: Vec<Unit>,
    pub tokens: Vec<HexTokens>,
    /// Rounds count from 1; a round is a turn of each side.
    pub round: u32,
    pub active: Seat,
    pub used: TurnUse,
    pub activation: Option<Activation>,
    pub pending: VecDeque<Pending>,
    pub score: [u32; 2],
    pub works_laid: [usize; 2],
    pub outcome: Option<Outcome>,
    pub reason: Option<String>,
}
