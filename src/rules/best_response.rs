//! What a best response to a known policy keeps, written once for the card
//! games whose only chance is who begins (tiles, bidding): the sequences of
//! actions the other side may have taken, each consistent with everything
//! this seat saw, weighed by the chance the policy gives each of them. The
//! other side's hidden state is its actions, so replaying a sequence gives
//! the view it had at each of them, and the policy's chances there.
//! `black-and-white exploit` (cli/exploit.rs) plays the best responses.

use super::{Game, Seat, other};

/// The other side's policy: each action it may take from a view, with its
/// chance.
pub trait Policy<G: Game>: Send + Sync {
    fn chances(&mut self, view: &G::View) -> Vec<(G::Action, f64)>;
}

/// A game whose other side can be imagined from one seat's view: all its
/// hidden state is the other side's actions.
pub trait Readable: Game {
    /// The game before any action, as the seat of `view` knows it began.
    fn imagined(view: &Self::View) -> Self;
    /// The seat of `view`.
    fn seat(view: &Self::View) -> Seat;
    /// The seat's own actions so far, in order.
    fn own_actions(view: &Self::View) -> Vec<Self::Action>;
    /// How many actions the other side has taken so far.
    fn their_count(view: &Self::View) -> usize;
    /// Whether the last of `theirs` fits what `view` saw of it (what it
    /// showed, and the result of its round once settled).
    fn fits(view: &Self::View, theirs: &[Self::Action]) -> bool;
}

/// One sequence of actions the other side may have taken, and its weight.
#[derive(Debug, Clone)]
pub struct World<G: Game> {
    pub theirs: Vec<G::Action>,
    pub weight: f64,
}

/// Every sequence of the other side's actions still believed, weights
/// summing to one: the likeliest `most` of them.
#[derive(Debug)]
pub struct Worlds<G: Game> {
    worlds: Vec<World<G>>,
    most: usize,
    /// Whether it lost track of the other side this game (no world left).
    lost: bool,
}

impl<G: Readable> Worlds<G> {
    pub fn new(most: usize) -> Self {
        Worlds {
            worlds: Vec::new(),
            most,
            lost: false,
        }
    }

    /// Whether no sequence kept explains what was seen: the true one was
    /// dropped among the least likely. Empty until the next game.
    pub fn lost(&self) -> bool {
        self.lost
    }

    pub fn iter(&self) -> impl Iterator<Item = &World<G>> {
        self.worlds.iter()
    }

    /// Brings the worlds up to the other side's actions `view` has seen:
    /// each grows by every action the policy may take that fits, its weight
    /// times that action's chance. Where the policy explains nothing seen
    /// (it is not the player at the table), every legal action counts alike;
    /// where nothing legal fits either, it is lost for the game.
    pub fn follow(&mut self, view: &G::View, policy: &mut impl Policy<G>) {
        let needed = G::their_count(view);
        let fresh = self.worlds.first().is_none_or(|w| w.theirs.len() > needed);
        if needed == 0 || fresh && !self.lost {
            self.worlds = vec![World {
                theirs: Vec::new(),
                weight: 1.0,
            }];
            self.lost = false;
        }
        if self.lost {
            return;
        }
        // A world's last action may be a lead seen only by what it showed;
        // once its round is settled, the result must fit it too.
        let worlds = std::mem::take(&mut self.worlds);
        self.keep(
            worlds
                .into_iter()
                .filter(|w| w.theirs.is_empty() || G::fits(view, &w.theirs))
                .collect(),
        );
        while !self.lost && self.worlds[0].theirs.len() < needed {
            let mut grown = self.grow(view, |game, them| policy.chances(&game.view(them)));
            if grown.is_empty() {
                grown = self.grow(view, |game, _| {
                    let actions = game.legal_actions();
                    let chance = 1.0 / actions.len().max(1) as f64;
                    actions.into_iter().map(|a| (a, chance)).collect()
                });
            }
            grown.sort_by(|a, b| b.weight.total_cmp(&a.weight));
            grown.truncate(self.most);
            self.keep(grown);
        }
    }

    /// Keeps `worlds`, their weights brought to sum to one; where none is
    /// left (the true sequence was among the least likely, dropped), it is
    /// lost for the game.
    fn keep(&mut self, mut worlds: Vec<World<G>>) {
        let total: f64 = worlds.iter().map(|w| w.weight).sum();
        if worlds.is_empty() || total <= 0.0 {
            self.worlds.clear();
            self.lost = true;
            return;
        }
        for w in &mut worlds {
            w.weight /= total;
        }
        self.worlds = worlds;
    }

    /// Every world one action longer, by `chances` of the other side's
    /// actions where it was to act, kept to those that fit.
    fn grow(
        &self,
        view: &G::View,
        mut chances: impl FnMut(&G, Seat) -> Vec<(G::Action, f64)>,
    ) -> Vec<World<G>> {
        let them = other(G::seat(view));
        let mut grown = Vec::new();
        for world in &self.worlds {
            let Some(game) = imagine(view, &world.theirs) else {
                continue;
            };
            for (action, chance) in chances(&game, them) {
                if chance <= 0.0 || game.check(them, &action).is_err() {
                    continue;
                }
                let mut theirs = world.theirs.clone();
                theirs.push(action);
                if G::fits(view, &theirs) {
                    grown.push(World {
                        theirs,
                        weight: world.weight * chance,
                    });
                }
            }
        }
        grown
    }
}

/// The game as it went if the other side took `theirs`, replayed from the
/// start up to where the known actions run out; `None` if they cannot
/// have been taken.
pub fn imagine<G: Readable>(view: &G::View, theirs: &[G::Action]) -> Option<G> {
    let me = G::seat(view);
    let mine = G::own_actions(view);
    let mut game = G::imagined(view);
    let mut plays: [std::slice::Iter<G::Action>; 2] = Default::default();
    plays[me] = mine.iter();
    plays[other(me)] = theirs.iter();
    while let Some(seat) = game.to_move() {
        let Some(action) = plays[seat].next() else { break };
        game.apply(seat, action.clone()).ok()?;
    }
    Some(game)
}
