//! `zecklab zgame`: the Zeckendorf game: strong solving, single positions, game lengths,
//! priority-rule play-outs, Player 2's strategy as a file, and play against perfect play.
//! Each subcommand's glue lives in its own module.

mod args;
mod black_hole;
pub(crate) mod common;
mod export;
pub(crate) mod family;
mod lab;
mod lengths;
mod opening;
mod ordered;
mod play;
mod position;
mod random_laws;
mod relatives;
mod scaling;
pub(crate) mod solve;
mod stats;
mod stored;

pub use position::answer as position_answer;
pub use stored::{store as store_at, POSITION_LIMIT};
mod strategy;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use zecklab_engines::TierEngine;
use zecklab_games::zgame::family::Recurrence;
use zecklab_games::zgame::Rule;
use zecklab_lab::ReplyChoice;

use crate::input;
use crate::output::Out;
use crate::prompt::First;
use args::*;

/// `--engine`: which machinery solves the tiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum EngineArg {
    Fast,
    Portable,
    Scalar,
}

impl EngineArg {
    /// The engine's name, as `--engine` takes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            EngineArg::Fast => "fast",
            EngineArg::Portable => "portable",
            EngineArg::Scalar => "scalar",
        }
    }
}

impl From<EngineArg> for TierEngine {
    fn from(engine: EngineArg) -> TierEngine {
        match engine {
            EngineArg::Fast => TierEngine::Fast,
            EngineArg::Portable => TierEngine::Portable,
            EngineArg::Scalar => TierEngine::Scalar,
        }
    }
}

#[derive(Args, Debug)]
pub struct ZgameArgs {
    #[command(subcommand)]
    command: ZgameCommand,
    /// The store of solved games (default: $ZECKLAB_STORE, else the user's data directory,
    /// e.g. ~/.local/share/zecklab).
    #[arg(long, value_name = "DIR", global = true)]
    store: Option<PathBuf>,
}

/// `zgame certificates --help`'s closing text, which states the reach of the solver built in.
fn certificates_help() -> String {
    use zecklab_lab::minimal::{MINIMAL_SOLVER, MINIMAL_TO};
    format!(
        "JSON, one line per n: {{\"n\",\"p_positions\",\"fastest\",\"slowest\",\"smallest\"}}: the game's \
P-positions (all reachable from the start), and the positions Player 2 must answer under each choice (see `zgame strategy \
--help`). Player 1 wins n = 2, which has no line. Up to n = 200. With --minimal, also \"minimal\": the fewest positions \
Player 2 must answer over all winning strategies, found by an exact 0-1 search (up to n = {MINIMAL_TO}, by the \
{MINIMAL_SOLVER} solver built in; null past it, with \"minimal_reason\"). A zecklab built with the cbc feature (and the \
CBC library: on Debian, coinor-libcbc-dev) searches with CBC, up to n = 60."
    )
}

#[derive(Subcommand, Debug)]
enum ZgameCommand {
    /// Solve every position of the game on N (and on each n up to --to): winner and remoteness of the start.
    #[command(after_help = solve::solve_help())]
    Solve(SolveArgs),
    /// The Sprague-Grundy values of every position of the game on N (and on each n up to --to):
    /// the start's, the largest, and how many positions have each.
    #[command(
        after_help = "JSON, one line per n: {\"n\",\"positions\",\"grundy_of_start\",\"max_grundy\",\"by_value\":[{\"value\",\"positions\"}],\"seconds\"} (and \"recurrence\", \"rules\" when named). \
The Grundy value of a position is the least non-negative integer that no child has (0 at the end); a sum of games is a loss for the player to move exactly when the Grundy values of its components have nim-sum 0 (see `zgame sum`)."
    )]
    Grundy(GrundyArgs),
    /// The sum of several Zeckendorf positions (each of any n): a move in one of them per turn,
    /// whoever cannot move loses. Its Grundy value, outcome and every winning move.
    #[command(
        after_help = "JSON: {\"components\":[{\"position\",\"n\",\"grundy\"}],\"grundy\",\"outcome\":\"win\"|\"loss\",\"winning_moves\":[{\"component\",\"move\",\"to\"}]} (components 1-based). \
Each component's game is solved whole for its Grundy values, so components are positions of games up to n = 250."
    )]
    Sum(SumArgs),
    /// Model a solve over MPI: its plan on each number of processes, and the time it would take
    /// with the stated throughput, bandwidth and latency.
    #[command(after_help = scaling::scaling_help())]
    Scaling(ScalingArgs),
    /// Which coalitions of P players win the game on N: players move in turn, whoever makes the
    /// last move wins, and a coalition wins when one of its members does.
    #[command(after_help = relatives::coalitions_help())]
    Coalitions(CoalitionsArgs),
    /// Solve the game on N, then check every position's stored value against its children's,
    /// found by the rules alone (not the solver's rank arithmetic).
    #[command(after_help = solve::check_help())]
    Check(CheckArgs),
    /// Exact game lengths over the whole position graph: shortest, longest, Theorem 1.3's bound,
    /// random play, the number of games, and the four deterministic games.
    #[command(
        after_help = "JSON: {\"n\",\"shortest\",\"longest\",\"bound\",\"bound_sharp\",\"random_mean\",\"random_variance\",\"random_p1_wins\",\"games\",\"combine_largest\",\"split_largest\",\"split_smallest\",\"combine_smallest\"}. \
random_* are f64 values of exact averages over the game graph, each child's mean and variance combined without \
cancellation (within 1e-13 relative of the exact rationals for every n to 45, a check of zecklab verify); games is an \
exact decimal string. The deterministic games: both players follow the same priority rule (see `zgame play-out --help`).\n\
--measure path|games names the random play the random fields describe: path (the default: a uniform choice among the \
legal moves each turn) or games (every complete game from n ones equally likely; n up to 250, the counts of games found modulo word-sized \
numbers and rebuilt exactly); with --reversed, the \
reversed game's own moves and complete games (its complete games are the game's read backwards, so its games measure \
is the game's). The JSON then adds \
\"measure\", \"mean_exact\" and \"variance_exact\" (reduced fractions \"p/q\"; for the path measure up to n = 50, \
absent beyond), and each distribution entry \"exact\" (its probability as \"p/q\", null where not exact) and, under \
games, \"games\" (the number of complete games of that length, a decimal string). Past the exact path law, \
--distribution --measure path adds \"probability_relative_error\": a proven bound on every probability's relative \
error (each a sum of positive products, its roundings counted move by move; about 1e-12 at n = 250)."
    )]
    Lengths(LengthsArgs),
    /// The law of the game's length under random play, for each n and measure, against the
    /// Gaussian conjecture.
    #[command(
        after_help = "Two random plays: path (each turn a uniform choice among the legal moves) and games (every complete \
game from n ones equally likely). Misère play has the same game graph, hence the same laws. One line per n and measure \
(both measures unless --measure names one). JSON: {\"n\",\"measure\",\"mean\",\"variance\",\
\"mean_over_n\",\"variance_over_n\",\"splits_mean_over_n\",\"splits_variance_over_n\",\"skewness\",\"excess_kurtosis\",\
\"kolmogorov\",\"p1_last_move\",\"exact\",\"bounds\"}. splits: the length less the shortest game's, n - Z(n) (Z(n) the \
terms of n's Zeckendorf form). kolmogorov: the largest distance between the law's distribution function and the normal \
one of the same mean and variance. Where the whole law is computed exactly (path to n = 50, games to n = 250) every \
figure comes from it (\"exact\": true, \"bounds\": null); beyond, the mean and the central moments come from a \
recursion over the positions tier by tier, each figure a value with a proven error bound, and \"bounds\" gives each \
figure's enclosure [low, high] (\"kolmogorov\": null). Both measures share one pass over the positions, the tiers dealt \
to the cores in turn. Memory: three neighbouring tiers on two cores (two on one core), 64 bytes a position under the path \
measure and 72 under the games measure: n = 500 takes 10.9 GB for both measures; at n = 600 the measures run one at a \
time (the path measure 18.5 GB, the games measure 20.8 GB, each on two cores). --checkpoint DIR saves the last \
finished tier now and then (at n = 600 up to 5.8 GB on disk under the path measure, 7.3 GB under the games one) and \
on Ctrl-C or SIGTERM (exit \
status 130 or 143), and the same command resumes from it."
    )]
    RandomLaws(RandomLawsArgs),
    /// Play out the game where each player follows a priority rule, without building the graph.
    #[command(after_help = "Rules (first available move wins):\n\
  combine-largest:  combine F(i-1)+F(i) for i largest first; then F1+F1; then split largest first\n\
  split-largest:    split largest first; then combine largest first; then F1+F1\n\
  split-smallest:   split smallest first; then F1+F1; then combine smallest first\n\
  combine-smallest: F1+F1; then combine smallest first; then split smallest first")]
    PlayOut(PlayOutArgs),
    /// Outcome, remoteness and every move (with the value it leads to) of one position, e.g. "1^3 2^2 5^7".
    #[command(
        after_help = "Positions: parts separated by spaces, '1^3 2^2 5^7', or the paper's braces, '{1^3 ∧ 2^2 ∧ 5^7}'. A part is a Fibonacci value with an optional count (VALUE^COUNT, COUNT >= 1; '5' means '5^1'); each value appears once, in any order. The answer solves every position of the game on n (the sum of the parts), so n is at most 500 (about a minute and 6 GiB at n = 500).
JSON: {\"position\",\"n\",\"outcome\",\"remoteness\",\"terminal\",\"moves\":[{\"move\",\"to\",\"outcome\",\"remoteness\",\"winning\"}]}."
    )]
    Position(PositionArgs),
    /// Write every position of the game on N (or only the P-positions) as CSV or Parquet, from the
    /// store when the game is stored, else solved first.
    #[command(
        after_help = "Columns: rank, c1 .. cT (how many of each Fibonacci part F1 = 1, F2 = 2, ...), outcome \
(win/loss for the player to move), remoteness (empty in CSV and null in Parquet when not computed). CSV has a header \
line; Parquet has one row group per million rows and no compression, and reads in pandas, polars, R and DuckDB. \
The file is written atomically (see docs/guide/conventions.md). JSON: {\"n\",\"rows\",\"format\",\"file\",\"source\",\"seconds\"}."
    )]
    Export(ExportArgs),
    /// Write Player 2's winning strategy for the game on N to FILE: Player 2's move in every
    /// position Player 2 can face while following it, whatever Player 1 plays.
    #[command(
        after_help = "The file is text, one position a line (see `zgame check-strategy --help`); it is written to a \
temporary file and renamed into place. Where Player 2 has several winning replies, --choose picks one: fastest (in \
every position, the winning reply of least remoteness: the game ends soonest), slowest (the winning reply of greatest \
remoteness: the game lasts longest), or smallest (the smallest of the strategies several greedy constructions build: \
fastest's, slowest's, replies that lead to positions the strategy already answers, and replies that leave Player 1 the \
fewest moves; so never larger than fastest's or slowest's, but not proven the smallest of all), or minimal (the \
smallest of all winning strategies, found by an exact 0-1 search; up to n = 40, or 60 built with the cbc feature). \
JSON: {\"n\",\"choose\",\"positions\",\"file\",\"seconds\"}."
    )]
    Strategy(StrategyArgs),
    /// The size of Player 2's strategy (the positions Player 2 must know) for each way of
    /// choosing among winning replies, for each n.
    #[command(
        after_help = certificates_help()
    )]
    Certificates(CertificatesArgs),
    /// Check a strategy file without the solver: play every Player 1 line against it.
    #[command(
        after_help = "File format (version 1): the line 'zecklab zgame strategy v1'; comment lines starting with '#'; \
'n N'; 'positions K'; K lines 'POSITION<TAB>MOVE' (the position in the paper's notation, parts smallest first as \
value^count, e.g. '1^3 2^2 5^7', and Player 2's move, e.g. '{F2 ∧ F2 -> F1 ∧ F3}'); and 'end'.\n\
Exit status: 0 when the strategy wins, 1 when some Player 1 line beats it (the line is printed), 2 when the file \
is not a readable strategy. JSON: {\"n\",\"entries\",\"wins\",\"player_one_positions\",\"answered_positions\",\
\"unreachable_entries\",\"longest_game\",\"failure\"}."
    )]
    CheckStrategy(CheckStrategyArgs),
    /// Test a rule as Player 2's strategy against every Player 1 line, for each n.
    #[command(after_help = "Rules: preferences tried in order, the first that finds a move deciding.\n\
  rule        = preference (',' preference)*\n\
  preference  = [condition '?'] pick\n\
  condition   = conjunction ('|' conjunction)*      any one conjunction holds\n\
  conjunction = guard ('&' guard)*                  every guard holds\n\
  pick        = ones                                1 ∧ 1 -> 2\n\
              | combine:largest | combine:smallest  among F(i-1) ∧ F(i) -> F(i+1), i >= 2, by i\n\
              | split:largest | split:smallest      among the splits of two F(i), i >= 2\n\
              | combine:I | split:I                 exactly index I\n\
              | first | last                        any move, first (last) in the move order\n\
  guard       = measure OP K                        OP one of >= <= > < = !=\n\
              | measure:odd | measure:even\n\
              | is:KIND | !is:KIND                  KIND one of ones, combine, split\n\
  measure     = [next.] quantity [%M]               next.: after the move; %M: modulo M, 2 to 9\n\
  quantity    = cI                                  the copies of F_I\n\
              | parts | oddparts | evenparts        parts (at odd, at even indices)\n\
              | max | min                           the largest, smallest index present\n\
              | holes | gap                         indices absent between min and max; the widest step\n\
              | combines | splits                   the legal combines (not 1 ∧ 1), the legal splits\n\
              | i | c@D                             the move's index (ones: 1); c_(i+D), -3 <= D <= 3\n\
The move order is ones, then combines by index, then splits by index. A pick names moves in its own order \
(combine:largest from the largest index down, first in the move order, last in reverse) and the preference plays the \
first of them for which its condition holds; a condition on the position alone holds for all of them or none. \
Examples: split:largest,combine:smallest,ones; c1:odd?ones,combine:largest; is:split&c@0>=3|next.c1:even?first. \
Spaces are ignored. A rule with no applicable preference where moves exist makes no move and loses. --rule-file FILE \
reads the rule from a file (for long rules, such as zgame rule-learn's).\n\
JSON, one line per n: {\"n\",\"rule\",\"wins\",\"decisions\",\"agreement\",\"first_bad\":{\"position\",\"depth\",\"rule_move\",\"winning_move\",\"end\"}|null,\"losing_line\":[positions]|null}: \
wins, whether Player 2 following the rule wins against every Player 1 line; decisions, the distinct Player 2-to-move \
positions reachable while Player 2 follows it (all of them, not pruned, end positions included: Player 2 to move at an \
end has lost); agreement, of those with a winning move, the share where the rule picks one; first_bad, the shallowest \
decision where it goes wrong, with \"end\": true when it is an end position, where no rule could move (only n = 2, \
which Player 1 wins by its one move: no rule is at fault there); losing_line, the positions of a line on which Player \
1 beats it, from the start to Player 1's last move. The solved table decides each decision: \
from the store when it holds the game, else solved (outcomes only). Up to n = 300 the positions are explored breadth \
first, and the first bad decision is a shallowest one; above, in one pass in rank order (every move goes to a higher \
rank) with two visited bits a position, and the first bad decision is the one of smallest rank, its line found back \
to the start through reached positions (up to n = 700: 47 billion positions, some 18 GB).")]
    #[command(group = clap::ArgGroup::new("the_rule").required(true).args(["rule", "rule_file"]))]
    RuleTest(RuleTestArgs),
    /// The winners of the black-hole game with the hole on F_M from every start with ONES pieces on
    /// F_1 and OUTER on F_(M-1) (the paper's configurations), one line each; or, with --pregame,
    /// of the pre-game that places the pieces, for each number of pieces.
    #[command(
        after_help = "JSON, one line per start: {\"m\",\"ones\",\"outer\",\"start\",\"winner\",\"remoteness\"}. \
Ranges are A..B (inclusive) or one number. With --pregame one-at-a-time --pieces A..B, one line per number of pieces: \
{\"m\",\"n\",\"reading\",\"winner\",\"player_one_ends\"}: the paper's pre-game, in which the players place the \
pieces in the outermost columns, is not fully described where it could be read, so this computes one reading of it, \
named in \"reading\": one piece a turn on F_1 or F_(M-1), Player 1 placing first, then the decomposition with Player 1 \
to move; player_one_ends counts the ways the placements can end that Player 1's decomposition wins."
    )]
    BlackHoleTable(BlackHoleTableArgs),
    /// Learn a rule for Player 2 that wins every n from 3 to TO: a decision tree over the position,
    /// the move and the position after it, grown on the decisions where it loses until it loses none.
    #[command(
        after_help = "Learning runs in rounds. Each round tests the current rule on every n from 3 to TO with the exact \
test of zgame rule-test; the Player 2 decisions on each line Player 1 wins join the examples, labelled by the solved \
table (a move is good when it leads to a P-position), and the tree is grown again on all of them (CART, Gini \
impurity, to purity). Once the rule wins every n, each test is replaced by one of its branches wherever the rule still \
wins every n. Four methods are tried (moves read first to last or last to first; labelled up to the first good move, \
or every move) and the smallest winning tree is kept. The rule is one preference: its tree's accepting paths joined \
by '|', then the pick first or last (see zgame rule-test --help for the language). It is then re-read from its text \
and tested by zgame rule-test's exact test up to 2 TO, to say how far past its range it wins.\n\
JSON, one object (with --curve, one per line, for each end m from 3 to TO, the examples carried from one m to the \
next): {\"to\",\"rule\",\"nodes\",\"depth\",\"wins_to\",\"first_loss\",\"converged\",\"rounds\",\"examples\",\
\"decisions\",\"nodes_per_decision\",\"features\",\"order\",\"labelling\",\"seconds\"}: wins_to, the largest m such \
that the rule wins every n from 3 to m (2: it loses n = 3); first_loss, the first n above TO it loses (null: none up \
to 2 TO); examples, the decisions learned from; decisions, the Player 2 positions it reaches over n = 3 to TO."
    )]
    RuleLearn(RuleLearnArgs),
    /// Search every rule up to a size for the longest run of wins from n = 3, and the best agreement.
    #[command(
        after_help = "The rules are built from the picks ones, combine:largest, combine:smallest, split:largest and \
split:smallest, each alone or behind one guard of c1:odd, c1:even, parts:odd, parts:even, c1>=2 (30 preferences), \
in every order without repeats, up to --size preferences (3: 25,260 rules). Each rule is tested on n = 3, 4, ... until \
it first loses; its agreement is measured on the game on --agreement-n. JSON: {\"size\",\"to\",\"picks\",\"guards\",\
\"searched\",\"agreement_n\",\"longest\":[{\"rule\",\"wins_through\",\"first_loss\",\"agreement\"}],\"best_agreement\":[...],\"seconds\"}."
    )]
    RuleSearch(RuleSearchArgs),
    /// The structure of the P-positions of the game on N: counts cut several ways, and how often
    /// each pick is a winning reply for Player 2.
    #[command(
        after_help = "JSON: {\"n\",\"positions\",\"p_positions\",\"by_parts\":[{\"parts\",\"positions\",\"p_positions\",\"p_fraction\"}],\
\"by_count\":[{\"index\",\"count\",...}],\"by_parts_parity\":[{\"odd\",...}],\"by_c1_parity\":[{\"odd\",...}],\
\"by_largest_part\":[{\"largest_index\",...}],\"decisions\",\"winning_replies\":[{\"pick\",\"applies\",\"wins\",\"share\"}],\"winning_moves\":[{\"move\",\"legal\",\"wins\",\"share\"}]}. \
The decisions are the positions with a winning move that Player 2 faces when Player 1 plays anything and Player 2 any \
winning move; for each pick, at how many it applies and at how many of those its move wins; for each move by kind \
and index (ones, combine:I, split:I), at how many it is legal and at how many it wins."
    )]
    PStructure(PStructureArgs),
    /// The game on N cut by remoteness and by number of parts: positions and P-positions at each
    /// remoteness and in each tier, and the deepest positions (those of greatest remoteness).
    #[command(
        after_help = "JSON: {\"n\",\"positions\",\"p_positions\",\"winner\",\"start_remoteness\",\"max_remoteness\",\
\"remoteness_histogram\":[{\"remoteness\",\"positions\",\"p_positions\"}],\"by_tier\":[{\"parts\",\"positions\",\"p_positions\"}],\
\"deepest\":[POSITION, ...],\"deepest_count\",\"length_laws\":[LAW, ...],\"source\"}. length_laws: the lines of zgame random-laws \
for n, both measures, up to n = 100 (empty beyond). The histogram lists only the remoteness values some position has; \
by_tier lists the tiers most parts first; deepest lists the first 20 positions of greatest remoteness by rank, deepest_count \
says how many there are. Values come from the store when it holds the game with remoteness (source \"store\"), else from a \
solve (\"solved\")."
    )]
    Stats(StatsArgs),
    /// The outcome of 1^m ∪ S (m ones and the parts S) for every m from 0 to M, and the least
    /// period the outcomes settle into.
    #[command(
        after_help = "S is a multiset of Fibonacci parts of at least 2 (--parts \"5\", --parts \"2 3 3\"), or every such S \
whose sum is at most K (--sum-to K). Each game on n = m + sum(S) is solved whole by the layered engine and read for \
every S, so a sweep costs the games to K + M once (m + sum(S) up to 1000). A period p of at most (M + 1) / 3 fits when \
the outcomes from the preperiod q to M repeat it (character m equals character m + p) and span at least 3 p; the \
least such p is reported with its least q.\n\
JSON, one line per S (by the sum of S, as each is finished): {\"parts\":[5],\"outcomes\":\"LLWW...\",\"preperiod\",\
\"period\",\"to\",\"seconds\"}: character m of outcomes is W when the player to move at 1^m ∪ S wins, L when it \
loses (m = 0 is S alone); period and preperiod are null where none fits; seconds, from the run's start to the line."
    )]
    Opening(OpeningArgs),
    /// Player 2's opening book: along every Player 1 line, every winning reply for Player 2's first
    /// D moves, for each n; or with --rule, whether a rule gives them for every n.
    #[command(
        after_help = "JSON, one line per n: {\"n\",\"depth\",\"lines\":[{\"plies\":[\"1^6\",\"1^4 2^1\"],\"replies\":[\"1^3 3^1\"]}]}: \
plies runs from the start to a position Player 2 faces (inclusive), replies lists every position a winning reply \
from it leads to; below D the book goes on from each reply. Each game is solved whole by the layered engine.\n\
With --rule, one line for each depth d from 1 to D: {\"depth\",\"from\",\"to\",\"period\",\"shapes\",\"rule\":[{\"position\",\
\"residue\",\"reply\",\"games\"}],\"periods\":[{\"period\",\"first_n\",\"position\",\"holds_from\"}],\"eventual\":[...],\
\"eventual_from\"}. A position near the start is its ones and a few larger parts, written with its ones as n less the \
rest (1^(n-5) 2^1 3^1); a rule of period p names, for each such position Player 2 faces in the books to depth d and \
each n mod p, one reply, and holds on a range of n when that reply wins in every game of the range where the books \
reach the position. period is the least p (up to 12) whose rule holds on the whole range (null: none), rule that \
rule; periods says, for each p, the least n by which no rule of p holds (null: one holds), a position where it \
breaks, and the least n from which one holds to the range's end; eventual is the rule of period 1 from \
eventual_from, the least such n, to the range's end."
    )]
    Book(BookArgs),
    /// The parity law: whether the complete games from the start of odd and of even length are
    /// equally many, by exact counts and by a pairing of the games.
    #[command(
        after_help = "A complete game is a sequence of moves from the start to a position with no move. The signed \
count is the number of games of even length less those of odd length. The pairing swaps a game's first occurrence \
of 1 + 2 -> 3 (made where the position has at least two ones) or of 1 + 1 -> 2 followed by 2 + 2 -> 1 + 3 for the \
other (both lead to the same position, in one move and in two): an involution that changes the length by one, so \
the signed count is that of the unpaired games, and where no game is unpaired the law holds. Exact counts (big \
integers for every position) up to n = 160; above, up to n = 700, the pairing alone (two bits a position), which \
decides the law where no game is unpaired (law null where some is).\n\
JSON, one line per n: {\"n\",\"law\",\"unpaired_exists\",\"games\",\"signed\",\"unpaired\",\"positions\",\
\"zero_positions\",\"zeros\",\"method\",\"seconds\"}: games, signed and unpaired as decimal strings (null past the \
counts); zero_positions, the positions whose own signed count is 0, listed in zeros with --zeros; method, \
\"counts\" or \"pairing\"."
    )]
    Parity(ParityArgs),
    /// Play the game on N against perfect play (type 'hint' for the winning moves).
    #[command(
        after_help = "Moves: the values of the two parts taken, joined by '+' or a space ('1+1', '2 2', '3+5'), the paper's notation ('F2 ∧ F2' or '{F2 ∧ F2 -> F1 ∧ F3}', braces both or neither), or the number of a move in the listed order. Also 'hint', 'help' and 'quit'. Lines are read one at a time, so a pipe works; if the input ends before the game does, the exit status is 2."
    )]
    Play(PlayArgs),
}

/// `--measure` of `zgame lengths`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MeasureArg {
    Path,
    Games,
}

impl From<MeasureArg> for zecklab_games::zgame::random::Measure {
    fn from(m: MeasureArg) -> Self {
        match m {
            MeasureArg::Path => zecklab_games::zgame::random::Measure::Path,
            MeasureArg::Games => zecklab_games::zgame::random::Measure::Games,
        }
    }
}

/// `--choose` of `zgame strategy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ChooseArg {
    Fastest,
    Slowest,
    Smallest,
    Minimal,
}

impl From<ChooseArg> for ReplyChoice {
    fn from(c: ChooseArg) -> ReplyChoice {
        match c {
            ChooseArg::Fastest => ReplyChoice::Fastest,
            ChooseArg::Slowest => ReplyChoice::Slowest,
            ChooseArg::Smallest => ReplyChoice::Smallest,
            ChooseArg::Minimal => ReplyChoice::Minimal,
        }
    }
}

pub fn run(args: ZgameArgs) -> anyhow::Result<ExitCode> {
    let mut out = Out::new();
    let status = match args.command {
        ZgameCommand::Solve(solve_args) => solve::run(&mut out, solve_args, args.store)?,
        ZgameCommand::Check(CheckArgs { at, n, no_remoteness, variant, misere, json }) => {
            let n = at.required(n)?;
            let store = stored::store(args.store).ok();
            let variant = variant.variant(misere)?;
            if variant.recurrence == Recurrence::FIBONACCI {
                solve::check(&mut out, n, !no_remoteness, store.as_ref(), &variant, json)?
            } else {
                family::check(&mut out, n, store.as_ref(), &variant, json)?
            }
        }
        ZgameCommand::Scaling(ScalingArgs {
            at,
            n,
            processes,
            throughput,
            bandwidth,
            latency,
            every,
            json,
            tiers_json,
        }) => {
            let n = at.required(n)?;
            let cluster = scaling::Cluster { throughput, bandwidth, latency };
            scaling::scaling(&mut out, n, &processes, cluster, every, json, tiers_json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Coalitions(CoalitionsArgs { at, n, to, players, variant, json }) => {
            let first = at.or(n).unwrap_or(1);
            let variant = variant.variant(false)?;
            if variant.named {
                family::coalitions(&mut out, first, to.unwrap_or(first), players, &variant, json)?;
            } else {
                relatives::coalitions(&mut out, first, to.unwrap_or(first), players, json)?;
            }
            ExitCode::SUCCESS
        }
        ZgameCommand::Grundy(GrundyArgs { at, n, to, variant, json }) => {
            let first = at.or(n).unwrap_or(1);
            family::grundy(&mut out, first, to.unwrap_or(first), &variant.variant(false)?, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Sum(SumArgs { positions, variant, json }) => {
            family::sum(&mut out, &positions, &variant.variant(false)?, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Position(position_args) => {
            position::run(&mut out, position_args, args.store)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Export(ExportArgs { at, n, format, out: path, p_positions, json }) => {
            let n = at.required(n)?;
            let store = stored::store(args.store).ok();
            export::export(&mut out, n, format, &path, p_positions, store.as_ref(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Lengths(lengths_args) => {
            lengths::run(&mut out, lengths_args)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::BlackHoleTable(BlackHoleTableArgs { m, ones, outer, pregame, pieces, json }) => {
            black_hole::table(
                &mut out,
                m,
                &ones,
                &outer,
                pregame.is_some().then_some(pieces.as_str()),
                json,
            )?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Opening(opening_args) => {
            opening::opening(&mut out, opening_args)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Parity(parity_args) => {
            opening::parity(&mut out, parity_args)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Book(book_args) => {
            opening::book(&mut out, book_args)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::RandomLaws(RandomLawsArgs {
            n,
            to,
            step,
            measure,
            checkpoint,
            checkpoint_every,
            json,
        }) => {
            let measures = match measure {
                Some(m) => vec![m.into()],
                None => vec![
                    zecklab_games::zgame::random::Measure::Path,
                    zecklab_games::zgame::random::Measure::Games,
                ],
            };
            let checkpoint = checkpoint.as_deref().map(|dir| random_laws::Checkpoint {
                dir,
                every: std::time::Duration::from_secs(checkpoint_every),
            });
            random_laws::random_laws(&mut out, n, to.unwrap_or(n), step, &measures, checkpoint, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::PlayOut(PlayOutArgs { at, n, p1, p2, table, json }) => {
            let n = at.required(n)?;
            let pairings = match (p1, p2) {
                (Some(p1), Some(p2)) if !table => vec![(p1, p2)],
                _ => Rule::ALL.iter().flat_map(|&a| Rule::ALL.map(|b| (a, b))).collect(),
            };
            lengths::run_play_out(&mut out, n, &pairings, table, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Strategy(StrategyArgs { at, n, out: path, choose, json }) => {
            let n = at.required(n)?;
            strategy::write_strategy(&mut out, n, &path, choose.into(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::RuleTest(RuleTestArgs { rule, rule_file, from, to, json }) => {
            let rule = match (rule, rule_file) {
                (Some(rule), _) => rule,
                (None, Some(file)) => lab::read_rule_file(&file)?,
                (None, None) => unreachable!("clap requires one of --rule and --rule-file"),
            };
            let store = stored::store(args.store).ok();
            lab::rule_test(&mut out, &rule, from.unwrap_or(1), to, store.as_ref(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::RuleLearn(RuleLearnArgs { to, max_nodes, curve, rule_out, json }) => {
            lab::rule_learn(&mut out, to, max_nodes, curve, rule_out.as_deref(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::RuleSearch(RuleSearchArgs { size, to, agreement_n, top, json }) => {
            lab::rule_search(&mut out, size, to, agreement_n, top, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Stats(StatsArgs { at, n, json }) => {
            let n = at.required(n)?;
            let store = stored::store(args.store).ok();
            stats::stats(&mut out, n, store.as_ref(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::PStructure(PStructureArgs { at, n, json }) => {
            let n = at.required(n)?;
            let store = stored::store(args.store).ok();
            lab::p_structure_of(&mut out, n, store.as_ref(), json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::Certificates(CertificatesArgs { at, n, to, minimal, json }) => {
            let first = at.or(n).unwrap_or(3);
            strategy::certificates(&mut out, first, to.unwrap_or(first), minimal, json)?;
            ExitCode::SUCCESS
        }
        ZgameCommand::CheckStrategy(CheckStrategyArgs { file, json }) => {
            strategy::check_strategy(&mut out, &file, json)?
        }
        ZgameCommand::Play(PlayArgs { at, n, first, ordered: true, .. }) => {
            return play::play_ordered(at.required(n)?, first)
        }
        ZgameCommand::Play(PlayArgs { at, n, first, variant, misere, .. }) => {
            return play::play(at.required(n)?, first, &variant.variant(misere)?)
        }
    };
    out.flush()?;
    Ok(status)
}
