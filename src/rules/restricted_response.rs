//! One round of a card game solved as a restricted Nash response (Johanson,
//! Zinkevich and Bowling 2007): the other side plays as the computer's
//! model of it predicts with a fixed chance, and otherwise as a free player
//! who answers the computer's strategy as well as it can. The computer's
//! mixed strategy for the round is what regret matching converges to: it
//! exploits the model only as far as it trusts it, and a player who reads
//! it gains little. Bidding's and tiles' Hard solve each round with it.

/// The other side as the free player: the kinds it may be (a pool, a hand),
/// each with its chance, and what each of its options is worth to the
/// computer.
pub struct Free {
    /// Each kind's chance; they sum to one.
    pub weights: Vec<f64>,
    /// How many options each kind has.
    pub options: Vec<usize>,
    /// For each kind, the computer's payoff by its option `b` and the
    /// kind's `i`-th: `payoffs[k][b * options[k] + i]`.
    pub payoffs: Vec<Vec<f64>>,
}

/// Regret matching on the round (regrets floored at zero, later steps
/// weighed more in the average). The computer's option `b` is worth
/// `fixed[b]` against the model with chance `trust`, and with the rest its
/// payoff against the free player, who chooses knowing its kind and
/// `groups[b]` (what it is shown of the computer's option: the card's
/// colour, say; every option in one group when it is shown nothing). The
/// computer's average strategy, in its options' order.
pub fn solve(fixed: &[f64], trust: f64, steps: usize, free: &Free, groups: &[usize]) -> Vec<f64> {
    let n = fixed.len();
    let group_count = groups.iter().max().map_or(1, |g| g + 1);
    let row = |k: usize, b: usize| {
        let m = free.options[k];
        &free.payoffs[k][b * m..(b + 1) * m]
    };
    let mut mine = vec![0.0; n];
    let mut theirs: Vec<Vec<Vec<f64>>> = free
        .options
        .iter()
        .map(|&m| vec![vec![0.0; m]; group_count])
        .collect();
    let mut average = vec![0.0; n];
    for step in 1..=steps {
        let sigma = matched(&mine);
        let tau: Vec<Vec<Vec<f64>>> = theirs
            .iter()
            .map(|r| r.iter().map(|g| matched(g)).collect())
            .collect();
        let values: Vec<f64> = (0..n)
            .map(|b| {
                let against_free: f64 = (0..free.weights.len())
                    .map(|k| free.weights[k] * dot(row(k, b), &tau[k][groups[b]]))
                    .sum();
                trust * fixed[b] + (1.0 - trust) * against_free
            })
            .collect();
        let expected = dot(&values, &sigma);
        for b in 0..n {
            mine[b] = (mine[b] + values[b] - expected).max(0.0);
            average[b] += step as f64 * sigma[b];
        }
        for (k, regrets) in theirs.iter_mut().enumerate() {
            for (g, regret) in regrets.iter_mut().enumerate() {
                // Their gain is the computer's loss: minus its payoff, its
                // options weighed by its strategy (a constant added to every
                // gain would not move a regret).
                let mut gains = vec![0.0; regret.len()];
                for b in (0..n).filter(|&b| groups[b] == g && sigma[b] > 0.0) {
                    for (gain, u) in gains.iter_mut().zip(row(k, b)) {
                        *gain -= sigma[b] * u;
                    }
                }
                let expected = dot(&gains, &tau[k][g]);
                for (r, gain) in regret.iter_mut().zip(gains) {
                    *r = (*r + gain - expected).max(0.0);
                }
            }
        }
    }
    let total: f64 = average.iter().sum();
    average.iter().map(|a| a / total).collect()
}

/// `strategy` without the options played less often than `floor` (what is
/// left of them is the solve not having converged, not a choice), the rest
/// scaled to sum to one, as (index, chance); a strategy spread thinner
/// than the floor everywhere keeps its likeliest.
pub fn above_floor(strategy: &[f64], floor: f64) -> Vec<(usize, f64)> {
    let floor = floor.min(strategy.iter().copied().fold(0.0, f64::max));
    let kept: f64 = strategy.iter().filter(|&&c| c >= floor).sum();
    strategy
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c >= floor)
        .map(|(i, &c)| (i, c / kept))
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The strategy regret matching plays for these regrets: in proportion to
/// them, or evenly when none is positive.
fn matched(regrets: &[f64]) -> Vec<f64> {
    let total: f64 = regrets.iter().sum();
    if total > 0.0 {
        regrets.iter().map(|r| r / total).collect()
    } else {
        vec![1.0 / regrets.len().max(1) as f64; regrets.len()]
    }
}
