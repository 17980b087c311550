//! Hard's search over its activations. When it is to choose which block or
//! squad to activate next (or to end its turn), it takes the planner's best
//! few activations with their plans, and the next best plans of the best
//! one (where to move, what to strike), and plays each out in several
//! worlds consistent with its view: the enemy's hidden blocks given
//! classes they could still be (`knowledge`), the dice their own. In each
//! world the candidate's activation and plan are played, both sides play on
//! by the planner for three turns each, and the position is judged there.
//! The best two by their average are played out in as many worlds again,
//! and the better of them over all its worlds wins; Hard follows its plan
//! through the activation. Every candidate meets the same worlds, so that
//! luck does not decide between them. The rollouts are played a slice of
//! actions at a time, so that a table draws between slices.

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::knowledge::could_be;
use super::planner::{self, Plan, Playout, Ranked};
use super::scenario::Goal;
use super::state::*;
use super::view::View;
use crate::rules::{Considered, GameRng, Seat, Thought, other};

/// The planner's best activations tried (ending the turn is tried besides
/// when the planner would end it).
const CANDIDATES: usize = 3;
/// The runners-up plans of the planner's best activation tried besides
/// (with them scenarios 10 and 16 rose from 0.650 and 0.660 to 0.740 and
/// 0.755 against Normal; five activations instead, 0.725 and 0.720).
const PLANS: usize = 2;
/// The worlds each candidate is played out in (ten rather than six lifted
/// the scenarios where Hard was weakest, 200 games each against Normal:
/// 08 0.670 -> 0.750, 09 0.690 -> 0.775, 21 0.680 -> 0.705).
const WORLDS: usize = 10;
/// The best candidates after the first `WORLDS`, played out in
/// `FINAL_WORLDS` worlds more: the choice between them, the one that
/// matters most, is made over twice the worlds (scenario 10 rose from 0.695
/// to 0.770 against Normal, 200 games; 21 stayed, 0.705 and 0.700).
const FINALISTS: usize = 2;
const FINAL_WORLDS: usize = 10;
/// A rollout is judged when the seat's turn begins this many rounds on:
/// three turns of each side played out (longer horizons scored better
/// against Normal: one turn each 0.605 and 0.575 in scenarios 21 and 17,
/// two 0.675 and 0.645, three 0.685 and 0.695, 200 games each).
const ROUNDS: u32 = 3;
/// Or after this many actions, whichever comes first.
const ROLLOUT_ACTIONS: usize = 120;
/// What a won or lost battle is worth against the judged material.
const DECIDED: f64 = 1000.0;

/// A choice the search weighs: an activation and the plan it follows
/// (the moves and the attack), or the end of the turn.
struct Candidate {
    script: Vec<Action>,
    label: String,
}

impl Candidate {
    /// `activate`, then `plan`'s moves and attack.
    fn planned(activate: Action, plan: &Plan, label: &str) -> Candidate {
        let mut script = vec![activate];
        script.extend(plan.path.iter().map(|&to| Action::Move { to }));
        script.extend(plan.attack.clone());
        let mut label = label.to_string();
        if let Some(to) = plan.path.last() {
            label += &format!(", to ({}, {})", to.0, to.1);
        }
        if plan.attack.is_some() {
            label += ", and strike";
        }
        Candidate { script, label }
    }
}

/// The choices weighed: the planner's best few activations by their best
/// plans, the runners-up plans of its best, and the end of the turn when
/// the planner would end it.
fn candidates(game: &Wargame, seat: Seat, ranked: &[Ranked]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = ranked
        .iter()
        .take(CANDIDATES)
        .map(|r| Candidate::planned(r.action.clone(), &r.plan, &r.label(game)))
        .collect();
    if let Some(best) = ranked.first() {
        let mut trial = game.clone();
        trial.perform(
            seat,
            Action::Activate {
                units: best.plan.units.clone(),
                order: None,
            },
        );
        let others = trial
            .plans()
            .into_iter()
            .filter(|p| p.path != best.plan.path || p.attack != best.plan.attack)
            .take(PLANS);
        let label = best.label(game);
        for plan in others {
            out.push(Candidate::planned(
                planner::activation_for(game, seat, &plan),
                &plan,
                &label,
            ));
        }
    }
    if planner::picked(ranked) == Action::EndTurn {
        out.insert(
            0,
            Candidate {
                script: vec![Action::EndTurn],
                label: "end the turn".into(),
            },
        );
    }
    out
}

/// A search in progress for one choice.
pub struct Search {
    seat: Seat,
    candidates: Vec<Candidate>,
    worlds: Vec<Wargame>,
    totals: Vec<f64>,
    /// The worlds each candidate has been played out in so far.
    played: Vec<usize>,
    /// The rollouts to play, candidate and world, in order: every
    /// candidate in the first worlds, then the finalists in the rest.
    queue: VecDeque<(usize, usize)>,
    /// Whether the finalists' worlds are queued (or played).
    finals: bool,
    rollout: Option<Rollout>,
}

impl Search {
    /// The search for the view's seat among the activations the planner
    /// `ranked` in `game`, the view's; `None` when there is nothing to
    /// weigh: the planner's choice stands.
    pub fn new(view: &View, game: &Wargame, ranked: &[Ranked], rng: &mut GameRng) -> Option<Search> {
        let seat = view.player;
        let candidates = candidates(game, seat, ranked);
        if candidates.len() < 2 {
            return None;
        }
        let worlds = (0..WORLDS + FINAL_WORLDS).map(|_| world(view, rng)).collect();
        let queue = (0..candidates.len())
            .flat_map(|c| (0..WORLDS).map(move |w| (c, w)))
            .collect();
        Some(Search {
            seat,
            totals: vec![0.0; candidates.len()],
            played: vec![0; candidates.len()],
            candidates,
            worlds,
            queue,
            finals: false,
            rollout: None,
        })
    }

    /// Plays up to `actions` actions of rollouts; the choice (its actions
    /// in order) and its reasoning once the last rollout is judged.
    pub fn run(&mut self, mut actions: usize) -> Option<(Vec<Action>, Thought)> {
        loop {
            while let Some(&(candidate, world)) = self.queue.front() {
                let rollout = self.rollout.get_or_insert_with(|| {
                    Rollout::new(&self.worlds[world], self.seat, &self.candidates[candidate].script)
                });
                let value = rollout.play(&mut actions)?;
                self.totals[candidate] += value;
                self.played[candidate] += 1;
                self.rollout = None;
                self.queue.pop_front();
            }
            if self.finals {
                break;
            }
            self.finals = true;
            let mut order = self.ranking();
            order.truncate(FINALISTS);
            self.queue = order
                .into_iter()
                .flat_map(|c| (WORLDS..WORLDS + FINAL_WORLDS).map(move |w| (c, w)))
                .collect();
        }
        let best = self.ranking()[0];
        let options = self
            .candidates
            .iter()
            .enumerate()
            .map(|(c, candidate)| Considered {
                option: candidate.label.clone(),
                value: self.average(c),
            })
            .collect();
        let thought = Thought::ranked(
            format!(
                "each choice played out in {WORLDS} guesses at the hidden blocks and the dice, \
                 the best {FINALISTS} in {FINAL_WORLDS} more, three turns a side, and judged \
                 there (material, objectives, the result)"
            ),
            options,
            5,
        );
        Some((self.candidates[best].script.clone(), thought))
    }

    /// A candidate's average over the worlds it was played out in.
    fn average(&self, candidate: usize) -> f64 {
        self.totals[candidate] / self.played[candidate].max(1) as f64
    }

    /// The candidates best first: finalists (played out in more worlds)
    /// before the rest, then by average, the earlier on a tie.
    fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.candidates.len()).collect();
        order.sort_by(|&a, &b| {
            self.played[b]
                .cmp(&self.played[a])
                .then(self.average(b).total_cmp(&self.average(a)))
                .then(a.cmp(&b))
        });
        order
    }
}

/// A game consistent with `view`: each hidden enemy block a class it could
/// still be, drawn in turn, and dice of its own.
fn world(view: &View, rng: &mut GameRng) -> Wargame {
    let book = view.book();
    let mut guessed = view.clone();
    let mut hidden: Vec<usize> = (0..guessed.units.len())
        .filter(|&i| guessed.units[i].owner != view.player && guessed.units[i].class.is_none())
        .collect();
    hidden.shuffle(rng);
    for i in hidden {
        let options = could_be(&guessed, guessed.units[i].kind, book);
        if options.is_empty() {
            continue;
        }
        let card = options[rng.random_range(0..options.len())];
        guessed.units[i].class = Some(card.id.clone());
    }
    let mut game = Wargame::from_view(&guessed);
    game.dice = Dice::new(rng.random(), &[]);
    game
}

/// One candidate played out in one world.
struct Rollout {
    playout: Playout,
    seat: Seat,
    /// The round of the choice: the rollout ends when the seat's turn
    /// `ROUNDS` rounds on begins.
    round: u32,
}

impl Rollout {
    fn new(world: &Wargame, seat: Seat, script: &[Action]) -> Rollout {
        let mut game = world.clone();
        let round = game.round;
        for action in script {
            if game.whose_move() != Some(seat) || game.check_action(seat, action).is_err() {
                break;
            }
            game.perform(seat, action.clone());
        }
        Rollout {
            playout: Playout::new(game, ROLLOUT_ACTIONS),
            seat,
            round,
        }
    }

    /// Plays on while `actions` last; the judged position once the horizon
    /// is reached, the battle ends or the rollout is long enough.
    fn play(&mut self, actions: &mut usize) -> Option<f64> {
        let (seat, round) = (self.seat, self.round);
        let horizon = |game: &Wargame| {
            game.round >= round + ROUNDS
                && game.active == seat
                && game.activation.is_none()
                && game.pending.is_empty()
                && game.used == TurnUse::default()
        };
        self.playout
            .play(actions, horizon)
            .then(|| judge(&self.playout.game, seat))
    }
}

/// How good `game` is for `seat`: the result once decided; else the worth
/// of each side's standing blocks (cost by steps left), its victory points
/// and how near it is to its objective.
fn judge(game: &Wargame, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome {
        return match outcome.winner {
            Some(w) if w == seat => DECIDED,
            Some(_) => -DECIDED,
            None => 0.0,
        };
    }
    let side = |s: Seat| {
        let material: f64 = game
            .alive()
            .filter(|u| u.owner == s)
            .map(|u| {
                let card = u.card();
                f64::from(card.cost) * f64::from(u.size) / f64::from(card.size)
            })
            .sum();
        let held = match game.scenario.side(s).goal {
            Goal::Forts(n) => {
                let forts = game.map.forts();
                let held = forts.iter().filter(|&&f| game.owner_at(f) == Some(s)).count();
                held as f64 / f64::from(n.max(1))
            }
            Goal::Lead(n) => {
                let on = game
                    .alive()
                    .filter(|u| u.owner == s && u.at.is_some_and(|a| game.scenario.arrows.contains(&a)))
                    .count();
                on as f64 / f64::from(n.max(1))
            }
            Goal::Points(n) => f64::from(game.score[s]) / f64::from(n.max(1)),
        };
        material + f64::from(game.score[s]) * 0.5 + held * OBJECTIVE
    };
    side(seat) - side(other(seat))
}

/// What holding the whole objective is worth, in points of material.
const OBJECTIVE: f64 = 12.0;

/// Hard in battle: the search's seed, the view it is searching for, and
/// the rest of the plan it chose.
pub struct Searching {
    rng: GameRng,
    search: Option<(View, Search)>,
    following: VecDeque<Action>,
}

impl Searching {
    pub fn new(seed: u64) -> Searching {
        Searching {
            rng: GameRng::seed_from_u64(seed),
            search: None,
            following: VecDeque::new(),
        }
    }

    /// Thinks a slice about `view`, a choice of activation: the action once
    /// decided.
    pub fn think(&mut self, view: &View, slice: usize) -> Option<(Action, Thought)> {
        if self.search.as_ref().is_none_or(|(seen, _)| seen != view) {
            self.following.clear();
            let game = Wargame::from_view(view);
            let ranked = planner::ranked_activations(&game, view.player);
            let Some(search) = Search::new(view, &game, &ranked, &mut self.rng) else {
                self.search = None;
                return Some(planner::pick(&game, &ranked));
            };
            self.search = Some((view.clone(), search));
        }
        let (_, search) = self.search.as_mut().expect("just set");
        let (script, thought) = search.run(slice)?;
        self.search = None;
        self.following = script.into();
        let first = self
            .following
            .pop_front()
            .expect("a script begins with its choice");
        Some((first, thought))
    }

    /// The next step of the plan chosen for the activation under way, while
    /// it is still open to the view's seat; the planner takes over after.
    pub fn follow(&mut self, view: &View) -> Option<(Action, Thought)> {
        let next = self.following.pop_front()?;
        if Wargame::from_view(view).check_action(view.player, &next).is_err() {
            self.following.clear();
            return None;
        }
        let thought = Thought {
            belief: "the plan its search chose for this activation".into(),
            options: Vec::new(),
        };
        Some((next, thought))
    }
}
