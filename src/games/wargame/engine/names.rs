//! The words the table, the panels and the log use for the rulebook's data.

use super::data::{Ability, Order, Terrain, Token, UnitType};
use super::state::{Ammo, AttackKind, CheckFor, Works};

impl UnitType {
    pub fn label(self) -> &'static str {
        match self {
            UnitType::Infantry => "infantry",
            UnitType::Cavalry => "cavalry",
            UnitType::Artillery => "artillery",
        }
    }
}

impl Terrain {
    pub fn label(self) -> &'static str {
        match self {
            Terrain::Plain => "plain",
            Terrain::Forest => "forest",
            Terrain::Hill => "hill",
            Terrain::Swamp => "swamp",
            Terrain::Mountains => "mountains",
            Terrain::Stream => "stream",
            Terrain::River => "river",
            Terrain::Fort => "fort",
            Terrain::Bunker => "bunker",
            Terrain::Bridge => "bridge",
        }
    }
}

impl Token {
    pub fn label(self) -> &'static str {
        match self {
            Token::Trench => "trench",
            Token::Abatis => "abatis",
            Token::Fire => "fire",
            Token::Smoke => "smoke",
        }
    }
}

impl Ammo {
    pub fn label(self) -> &'static str {
        match self {
            Ammo::Regular => "regular shot",
            Ammo::Incendiary => "incendiary",
            Ammo::Smoke => "smoke bomb",
        }
    }
}

impl Works {
    pub fn label(self) -> &'static str {
        match self {
            Works::Trench => "trench",
            Works::Abatis => "abatis",
        }
    }
}

impl AttackKind {
    pub fn label(self) -> &'static str {
        match self {
            AttackKind::Melee => "Melee",
            AttackKind::Charge => "Charge",
            AttackKind::Counter => "Counterattack",
            AttackKind::Ranged => "Ranged",
            AttackKind::Artillery => "Artillery",
        }
    }

    /// The attribute the attack adds to the dice.
    pub fn attribute(self) -> &'static str {
        match self {
            AttackKind::Ranged | AttackKind::Artillery => "ranged",
            _ => "melee",
        }
    }
}

impl CheckFor {
    pub fn label(self) -> &'static str {
        match self {
            CheckFor::Leave => "to leave the enemy's area of influence",
            CheckFor::Order => "to receive the order",
            CheckFor::Stand => "to stand",
            CheckFor::Fire => "under fire",
            CheckFor::Resist => "to resist",
        }
    }
}

impl Order {
    pub fn name(self) -> &'static str {
        match self {
            Order::DisciplineBoost => "Discipline",
            Order::AimingReroll => "Aiming reroll",
            Order::CriticalFailureReroll => "Second chance",
            Order::DoubleActivation => "Double activation",
            Order::RevealInInfluence => "Unmask",
            Order::RangedReroll => "Ranged reroll",
            Order::Motivation => "Motivation",
            Order::FinishThem => "Finish them!",
            Order::Dodge => "Dodge",
            Order::StrenuousMarch => "Strenuous march",
            Order::Defense => "Defense",
            Order::EmptyMove => "Empty move",
            Order::ForTheQueen => "For the Queen!",
            Order::Recon => "Recon",
            Order::PowerSurge => "Power surge",
            Order::RestoringStrength => "Restoring strength",
            Order::Pursuit => "Pursuit",
            Order::TacticalRetreat => "Tactical retreat",
            Order::Berserk => "Berserk",
            Order::Crippling => "Crippling",
            Order::TillDeath => "Till death",
            Order::SteadyAim => "Steady aim",
            Order::Fear => "Fear",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Order::DisciplineBoost => "discipline +1 for this activation",
            Order::AimingReroll => "a failed aiming roll is rolled again",
            Order::CriticalFailureReroll => "a critical failure is rolled again",
            Order::DoubleActivation => "a unit already activated this turn acts again",
            Order::RevealInInfluence => "see the class of an adjacent enemy",
            Order::RangedReroll => "a failed ranged attack is rolled again",
            Order::Motivation => "melee attack +1",
            Order::FinishThem => "a critical success deals two steps",
            Order::Dodge => "cavalry takes no damage from a counterattack",
            Order::StrenuousMarch => "one hex further, no attack",
            Order::Defense => "defense +1 against the counterattack",
            Order::EmptyMove => "first one hex back or sideways",
            Order::ForTheQueen => "the unit gives itself up to hit its melee target",
            Order::Recon => "see the class of an enemy 2-3 hexes away in sight",
            Order::PowerSurge => "attack after a full move",
            Order::RestoringStrength => "the unit regains one step",
            Order::Pursuit => "follow a retreating melee target and attack again",
            Order::TacticalRetreat => "retreat one hex after a melee attack",
            Order::Berserk => "infantry makes two melee attacks",
            Order::Crippling => "an adjacent enemy may not act next turn",
            Order::TillDeath => "a unit destroyed by a counterattack strikes first",
            Order::SteadyAim => "ranged attack +1",
            Order::Fear => "an adjacent enemy retreats unless it passes a check",
        }
    }
}

impl Ability {
    pub fn describe(self) -> String {
        match self {
            Ability::MassMarch => "mass march: all move a hex in one activation; never attack".into(),
            Ability::Volley => "volley: shoots in the enemy's area, ranged adds to melee".into(),
            Ability::LongShot => "long shot: 3 hexes when it did not move".into(),
            Ability::Engineer => "engineers: dig a trench or build an abatis".into(),
            Ability::SwampWalker => "crosses swamp".into(),
            Ability::Charge(n) => format!("charge +{n}"),
            Ability::SpecialAmmo => "incendiary and smoke ammunition".into(),
            Ability::AttackAfterFullMove => "attacks after a full move".into(),
            Ability::FireTwice => "fires twice when it did not move".into(),
            Ability::ExposedToShot(n) => format!("defense −{n} against shots"),
            Ability::BraceAgainstCavalry(n) => format!("defense +{n} against cavalry"),
            Ability::Skirmisher => "moves, then fires 1-3 hexes without aiming".into(),
        }
    }
}

/// "1 block", "3 blocks": a count with its noun in the right number.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "a trench", "an abatis".
pub fn with_article(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}
