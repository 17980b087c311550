//! The printed material of the wargame as data: the 18 unit cards, the six
//! commanders, the terrain and tokens with their effects, and the aiming
//! table. The numbers the rulebook leaves out are ours (docs/wargame-data.md);
//! they live in `assets/wargame/*.ron`, compiled in so that the referee and
//! the tests read them without Bevy, and loaded as assets by the table.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// Black.
    Thargaton,
    /// White.
    Vesania,
}

impl Faction {
    /// Player 0 leads black Thargaton, player 1 white Vesania.
    pub fn of_seat(seat: usize) -> Faction {
        if seat == 0 {
            Faction::Thargaton
        } else {
            Faction::Vesania
        }
    }
}

/// What the enemy sees of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    Infantry,
    Cavalry,
    Artillery,
}

/// The mark above the type symbol on a block's face. Each class has its own
/// among the classes of its type, so that a player tells a block at a
/// glance; the enemy's hidden blocks show the type symbol alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Emblem {
    /// Nothing above the type: the regular units.
    Plain,
    Dot,
    Pair,
    Ring,
    Bar,
    Spike,
    Diamond,
    Crown,
    Tower,
}

/// A unit card's special ability, as a rule the engine applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Regular infantry: one activation moves every such unit 1 hex; these
    /// units never attack.
    MassMarch,
    /// Line infantry: shoots inside a hostile area of influence and adds its
    /// ranged attack to its melee attack.
    Volley,
    /// Marksmen: a unit that did not move shoots 3 hexes away.
    LongShot,
    /// Engineers: a unit that did not move builds a trench or an abatis.
    Engineer,
    /// Moves through swamp.
    SwampWalker,
    /// Charges with this bonus to its attack.
    Charge(i32),
    /// Special artillery: regular, incendiary or smoke ammunition.
    SpecialAmmo,
    /// Attacks after a full move.
    AttackAfterFullMove,
    /// A unit that did not move fires at its target twice.
    FireTwice,
    /// Defence this much lower against ranged attacks and artillery fire.
    ExposedToShot(i32),
    /// Defence this much higher against cavalry.
    BraceAgainstCavalry(i32),
    /// Order of the Scorpio: fires without aiming at 1-3 hexes in sight, and
    /// may move before firing.
    Skirmisher,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitCard {
    /// The class id used in saves, scenarios and the protocol.
    pub id: String,
    pub name: String,
    pub faction: Faction,
    pub kind: UnitType,
    pub emblem: Emblem,
    /// A command check passes at or under this on 2d6.
    pub discipline: i32,
    pub melee: i32,
    pub ranged: Option<i32>,
    pub defense: i32,
    /// Army points, and the victory points the enemy gets for destroying it.
    pub cost: u32,
    /// Dots on the block: the size it starts with, 1 to 4.
    pub size: u8,
    pub abilities: Vec<Ability>,
}

impl UnitCard {
    pub fn has(&self, ability: Ability) -> bool {
        self.abilities.contains(&ability)
    }

    pub fn charge_bonus(&self) -> Option<i32> {
        self.abilities.iter().find_map(|a| match a {
            Ability::Charge(bonus) => Some(*bonus),
            _ => None,
        })
    }

    /// Regular infantry and artillery never make melee attacks or
    /// counterattacks (ruling 9).
    pub fn fights_in_melee(&self) -> bool {
        self.kind != UnitType::Artillery && !self.has(Ability::MassMarch)
    }
}

/// A commander's order, as a rule the engine applies. Order 1 of every
/// commander is its special order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Discipline +1.
    DisciplineBoost,
    /// One failed aiming roll is rolled again.
    AimingReroll,
    /// One critical failure is rolled again.
    CriticalFailureReroll,
    /// A unit activated this turn is activated again (not artillery; no
    /// special ability the second time).
    DoubleActivation,
    /// The class of an enemy in the unit's area of influence is shown.
    RevealInInfluence,
    /// One failed ranged attack is rolled again.
    RangedReroll,
    /// Melee attack +1.
    Motivation,
    /// A critical success deals two steps.
    FinishThem,
    /// Cavalry takes no damage from a counterattack.
    Dodge,
    /// Infantry and cavalry move one more hex and do not attack.
    StrenuousMarch,
    /// Defence +1 against the counterattack.
    Defense,
    /// Before the activation, one hex back or sideways.
    EmptyMove,
    /// The unit gives itself up to hit its melee target.
    ForTheQueen,
    /// The class of an enemy in sight 2-3 hexes away is shown.
    Recon,
    /// The unit attacks after a full move.
    PowerSurge,
    /// The unit gains one size.
    RestoringStrength,
    /// After a melee target retreats, follow it and attack again.
    Pursuit,
    /// After a melee attack, the unit retreats.
    TacticalRetreat,
    /// Infantry makes two melee attacks.
    Berserk,
    /// An enemy in the area of influence is not activated next turn unless it
    /// passes a command check.
    Crippling,
    /// A unit destroyed by a counterattack strikes once more first.
    TillDeath,
    /// Ranged attack +1.
    SteadyAim,
    /// An enemy in the area of influence retreats unless it passes a command
    /// check.
    Fear,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Commander {
    pub id: String,
    pub name: String,
    pub faction: Faction,
    /// Orders 1 to 4; order 1 is the special order.
    pub orders: [Order; 4],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Plain,
    Forest,
    Hill,
    Swamp,
    Mountains,
    Stream,
    River,
    Fort,
    Bunker,
    Bridge,
}

impl Terrain {
    pub const ALL: [Terrain; 10] = [
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Hill,
        Terrain::Swamp,
        Terrain::Mountains,
        Terrain::Stream,
        Terrain::River,
        Terrain::Fort,
        Terrain::Bunker,
        Terrain::Bridge,
    ];

    /// The letter a scenario map uses for it.
    pub fn letter(self) -> char {
        match self {
            Terrain::Plain => '.',
            Terrain::Forest => 'f',
            Terrain::Hill => 'h',
            Terrain::Swamp => 's',
            Terrain::Mountains => 'm',
            Terrain::Stream => '~',
            Terrain::River => 'r',
            Terrain::Fort => 'F',
            Terrain::Bunker => 'B',
            Terrain::Bridge => '=',
        }
    }

    pub fn from_letter(letter: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.letter() == letter)
    }
}

/// Tokens laid on a hex during play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    Trench,
    Abatis,
    Fire,
    Smoke,
}

/// What a terrain or a token does to the units on it and to sight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ground {
    /// The unit types that may enter.
    pub enter: Vec<UnitType>,
    /// The unit types that must stop on entering.
    pub stop: Vec<UnitType>,
    pub blocks_sight: bool,
    /// Added to the defence of a unit on it.
    pub defense: i32,
    /// Added to the melee attack of a unit attacking a unit on it.
    pub melee_against: i32,
    /// Added to the ranged attack of a unit on it.
    pub ranged: i32,
    /// A unit on it is forced to retreat only by a critical success.
    pub holds: bool,
}

impl Ground {
    pub fn allows(&self, kind: UnitType) -> bool {
        self.enter.contains(&kind)
    }

    pub fn stops(&self, kind: UnitType) -> bool {
        self.stop.contains(&kind)
    }
}

/// The die result aiming needs at a range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Aim {
    pub range: u32,
    /// The lowest result on one die that hits.
    pub need: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainBook {
    pub terrain: Vec<(Terrain, Ground)>,
    pub tokens: Vec<(Token, Ground)>,
    pub aiming: Vec<Aim>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArmyRules {
    /// The most blocks of one class an army may hold.
    pub most_of_a_class: usize,
    /// The most blocks an army may hold (the box has 24 a side).
    pub most_blocks: usize,
    /// The most trenches and abatis one side may lay.
    pub most_works: usize,
    /// The most aiming markers on one hex of one side.
    pub most_markers: u8,
}

/// Every card, table and limit of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rulebook {
    pub units: Vec<UnitCard>,
    pub commanders: Vec<Commander>,
    pub terrain: TerrainBook,
    pub army: ArmyRules,
}

pub const UNITS_RON: &str = include_str!("../../../../assets/wargame/units.ron");
pub const COMMANDERS_RON: &str = include_str!("../../../../assets/wargame/commanders.ron");
pub const TERRAIN_RON: &str = include_str!("../../../../assets/wargame/terrain.ron");
pub const ARMY_RON: &str = include_str!("../../../../assets/wargame/army.ron");

impl Rulebook {
    /// Reads the four data files; the text says which file and where.
    pub fn parse(units: &str, commanders: &str, terrain: &str, army: &str) -> Result<Rulebook, String> {
        fn read<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, String> {
            ron::from_str(text).map_err(|e| format!("assets/wargame/{name}: {e}"))
        }
        let book = Rulebook {
            units: read("units.ron", units)?,
            commanders: read("commanders.ron", commanders)?,
            terrain: read("terrain.ron", terrain)?,
            army: read("army.ron", army)?,
        };
        book.validate()?;
        Ok(book)
    }

    /// The shipped rulebook, read once.
    pub fn get() -> &'static Rulebook {
        static BOOK: OnceLock<Rulebook> = OnceLock::new();
        BOOK.get_or_init(|| {
            Rulebook::parse(UNITS_RON, COMMANDERS_RON, TERRAIN_RON, ARMY_RON)
                .unwrap_or_else(|e| panic!("the compiled-in wargame data is broken: {e}"))
        })
    }

    /// A short fingerprint of every number in the data (not of the files'
    /// spacing or comments): a replay keeps the one it was played with, to
    /// say so when changed data makes it unplayable.
    pub fn fingerprint(&self) -> String {
        let text = serde_json::to_string(self).expect("the rulebook serializes");
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("{hash:016x}")
    }

    fn validate(&self) -> Result<(), String> {
        for faction in [Faction::Thargaton, Faction::Vesania] {
            let units = self.units.iter().filter(|u| u.faction == faction).count();
            let commanders = self.commanders.iter().filter(|c| c.faction == faction).count();
            if units != 9 || commanders != 3 {
                return Err(format!(
                    "{faction:?} has {units} unit cards and {commanders} commanders; the box has 9 and 3"
                ));
            }
        }
        for unit in &self.units {
            if !(1..=4).contains(&unit.size) {
                return Err(format!("unit {}: size {} is not 1 to 4", unit.id, unit.size));
            }
        }
        for (i, a) in self.units.iter().enumerate() {
            if let Some(b) = self.units[..i]
                .iter()
                .find(|b| (b.kind, b.emblem) == (a.kind, a.emblem))
            {
                return Err(format!(
                    "units.ron: {} and {} would look alike on the board (both {:?} with the emblem {:?}): give one another emblem",
                    b.id, a.id, a.kind, a.emblem
                ));
            }
        }
        for terrain in Terrain::ALL {
            if !self.terrain.terrain.iter().any(|(t, _)| *t == terrain) {
                return Err(format!("terrain.ron: no entry for {terrain:?}"));
            }
        }
        for token in [Token::Trench, Token::Abatis, Token::Fire, Token::Smoke] {
            if !self.terrain.tokens.iter().any(|(t, _)| *t == token) {
                return Err(format!("terrain.ron: no entry for the {token:?} token"));
            }
        }
        for range in 2..=4 {
            if self.aim_need(range).is_none() {
                return Err(format!("terrain.ron: the aiming table has no range {range}"));
            }
        }
        Ok(())
    }

    /// The card with this class id in this book alone: what an army of a
    /// battle on this book may buy.
    pub fn own_unit(&self, id: &str) -> Option<&UnitCard> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn own_commander(&self, id: &str) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.id == id)
    }

    pub fn ground(&self, terrain: Terrain) -> &Ground {
        &self
            .terrain
            .terrain
            .iter()
            .find(|(t, _)| *t == terrain)
            .expect("validated: every terrain has an entry")
            .1
    }

    pub fn token(&self, token: Token) -> &Ground {
        &self
            .terrain
            .tokens
            .iter()
            .find(|(t, _)| *t == token)
            .expect("validated: every token has an entry")
            .1
    }

    /// The die result aiming needs at `range`, if artillery may fire there.
    pub fn aim_need(&self, range: u32) -> Option<u8> {
        self.terrain
            .aiming
            .iter()
            .find(|a| a.range == range)
            .map(|a| a.need)
    }
}
