/*
 * hugo.c - HuGO!, the Human strategy based Genetic Optimizer (Borschbach & Grelle 2009,
 * sections 3 and 4), behind the stepped solver API. One unit of work = one generation of
 * one population; exactly one progress record per generation.
 *
 * Workflow (paper 3.3, Fig. 6), each phase skipped when its goal already holds:
 *   1 "2x2x3 block": 12 populations, one per block location, kept in a store. A round gives
 *     every location in turn generations1 generations (resuming its stored population); after
 *     the 12th, the best individual that solves a block (highest fitness, i.e. shortest) is
 *     taken; if none does, another round follows ("increases linearly": each round adds
 *     generations1 per location).
 *   2 "two-generator": one population, fitness = the chosen block's 16 pairs + 1 for being in
 *     the two-generator group of the two free faces (goal 17); the block may break on the way.
 *     Rounds of generations2 until the goal is reached at a round's end.
 *   3 "two-gen solve": one population whose genes are the 6 turns of the two free faces,
 *     fitness = all 48 pairs (goal 48). Rounds grow progressively: round r runs
 *     r * generations3 generations (growth3=0 makes them linear).
 * The composed solution is simplified and verified by ec__finish (solver.c).
 *
 * Unspecified in the paper, decided here (all documented in the report too):
 *  - Individuals keep a fixed length l: the optimization operator (one pass over consecutive
 *    gene pairs: a pair on one face becomes one turn, e.g. F F -> F2, or vanishes, F F' ->
 *    nothing) compacts the genome and the freed tail is refilled with random genes. The
 *    best prefix only gets shorter, so fitness can only improve.
 *  - Fitness = (best pair count over the prefixes of 1..l genes) - (first prefix length
 *    reaching it), as 3.2.2 describes ("best fitness and step number stored"). Evaluation
 *    stops at the goal (no later prefix can beat it).
 *  - SUS weights are fitness - (worst fitness) + 1 (fitness can be negative); "two selection
 *    points" is read as two equally spaced pointers per spin, each spin giving one pair of
 *    parents (param susPointers; more than 2 pointers shuffle the pool before pairing).
 *  - The elite (best individual) is copied unchanged; the other n-1 places are filled by
 *    pairs of children (crossover with probability p_c, else copies), then mutated. An odd
 *    last parent is copied. Mutation may redraw the same gene (the paper: "a random integer
 *    between 0 and 17"); in phase 3 it draws from the 6 allowed turns.
 *  - A phase's "test at the end of the set generations" uses the best goal-reaching
 *    individual seen during the phase (a found solution is never lost to selection noise).
 *  - In phase 1 the paper picks "the solution containing the best fitness" and tests it;
 *    taken literally a short non-solving individual could hide a solving one forever, so the
 *    best *solving* individual over the 12 populations is taken (ties: lower location).
 *  - When phase 1 is skipped and several blocks are already solved, a location whose
 *    two-generator test also holds is preferred (then phase 2 is skipped too), else the first.
 *  - Blocks of equal fitness at phase 1's end (the paper: "the solution containing the best
 *    fitness is selected"; ties unspecified): the same rule as the skip above, a block that
 *    already leaves the cube in its location's two-generator group first, then the lowest
 *    location (blockTie=1, default; blockTie=0 takes the lowest location, the earlier
 *    reading). It decides short scrambles: `F B' R` took the block B F' at a location
 *    needing a 5-turn phase 2 (15 turns in all) and now takes R' B, whose cube is F (3).
 *    All 5,832 three-turn sequences with the defaults: 2.55 turns (blockTie=0: 3.00; the
 *    paper's 2.945; optimal 2.531); 300 four-turn ones at Table 6's settings: 4.95 (6.0-6.2;
 *    the paper's 4.924). It skips more of phase 2 than the paper did (phase 2 averages 0.00
 *    turns on three-turn sequences against Table 5's 0.202): the paper's tie rule, whatever
 *    it was, is not this one.
 *  - The paper rotates the cube so every population works on the same spatial edge; here each
 *    location has its own pair tables instead (the same search, without re-orienting).
 *  - "Progressively" (phase 3) is not defined. Table 7's phase-3 totals (250,000 to
 *    1,100,000) are all multiples of 50,000 but only one (1,050,000) is a sum 1+2+..+r of
 *    them, and its phase-2 totals (5,000 to 280,000: 1, 4, 35 and 56 rounds) are no sums
 *    1+2+..+r either: the program that made Table 7 ran equal rounds, the total growing
 *    linearly. Chosen (default growth3=0): every phase-3 round runs generations3. growth3=1
 *    (round r runs r x generations3, the budget itself growing) is the earlier reading, kept
 *    in preset=literal.
 *  - The paper's final operator (cancel consecutive same-face turns until nothing changes) is
 *    applied to each phase's moves; the composed solution then goes through ec__finish's
 *    simplification, which also merges commuting opposite faces (U D U' -> D), so a reported
 *    length can be shorter than the paper's operator alone would give.
 *  - The paper never gives up; here maxGenerations (all phases together) ends a run with
 *    EC_GAVE_UP so the page never hangs.
 *  - Fitness scale: the text says "calculating the fitness and subtracting the number of
 *    needed steps" without a scale between the two; the authors' program weighs pairs by
 *    10 / 100 / 10 (preset=program). Chosen for phase 1 by the published figures jointly
 *    (docs/BENCHMARKS.md, section papers): pairWeight1=3 (default), pairs count three steps.
 *    With 1 (the literal scale, preset=literal) a prefix one pair short of the block but two
 *    turns shorter outscores the block, blocks are found by accident (~480,000 phase-1
 *    generations on random states, Table 7's program ~10,800) and are 13.8-13.9 turns; with
 *    3, 12.2-13.5 turns in ~31,000-42,000 generations; with 10, 15.2 turns in ~8,000. Table
 *    7's 10.8-turn blocks are reproduced by none (the nearest is 3). Phases 2 and 3 keep
 *    pairWeight (1, the text): their goal is a cliff (membership; the solved cube) that no
 *    scale turns into a slope, and the program's 100 / 10 measured no fewer generations.
 *  - With pairWeight 1 a phase goal is first reached by an individual that selection does
 *    not favour: a prefix one pair short of the goal but two turns shorter scores higher than
 *    one at the goal, so the goal-reaching individual can be lost again. Phases end on the kept
 *    best goal-reaching individual ever seen in the phase (the "test at the end" above), not
 *    on the population. (How often the population's best holds the goal in phase 3:
 *    docs/BENCHMARKS.md, section hugo.)
 *
 * Presets: performance (the paper's 200/5000/50000 generations with the readings chosen
 * above; 30 random states: 39.5 turns, median 39.5, IQR 36-43, phases 12.6 / 6.6 / 20.4,
 * median 317,000 generations), literal (the same generations read literally: pairWeight1=1,
 * growth3=1, blockTie=0, the performance preset before the readings were chosen by the
 * published figures), integrity300 (Table 5, test 3), program (the performance settings as
 * the authors' own program runs them: population=51, mutation=0.03, pair weights 10/100/10,
 * rawSelection=1, eliteParent=1, maxBlockTurns=20, growth3=0; not modelled: it compares the
 * locations' current elites at a round's end, and its shallow-copy bug that restarts round
 * 1's populations), short (opt-in changes beyond the paper, listed below), fast (the
 * performance settings with short's plan and its phase-2/3 rounds, without short's 80-round
 * phase 1: plan=1, planRounds=3, pairWeight2=3, pairWeight3=3, generations2=1000,
 * generations3=10000; a watchable HuGO!, not the paper's: figures in docs/BENCHMARKS.md,
 * section papers, "HuGO! speed"). firstBlock=1 (end
 * phase 1 at the first location holding a block) is opt-in, kept for comparison. The evidence
 * behind these choices, the measurements and what was tried and dropped: docs/BENCHMARKS.md,
 * sections hugo and papers.
 * Opt-in departures from the paper's workflow (the paper's presets leave them off):
 *  - restart1=r: in phase 1 a location whose best block has not improved for r of its rounds
 *    starts again from a new random population; its best block so far is kept (the paper
 *    resumes every location's stored population, never restarting it);
 *  - candidates2=k: phase 2 runs, one after the other, from the best blocks of the k best
 *    locations (best first), and the block whose phases 1 + 2 are shortest is kept (ties: the
 *    shorter block); phase 3 runs once, from it. The paper takes the single best block; phase
 *    1's choice ignores what phases 2-3 cost from it, and the paper notes that a long phase 2
 *    makes phase 3 longer (4.2). Costs k phase-2 runs;
 *  - extraRounds2=k: phase 2 runs k more rounds after its goal first holds at a round's end,
 *    keeping the shortest (the paper ends the phase there).
 *  - plan=1 (plan.c, with the exact tables of c/search/twogen_optima.c): the workflow's
 *    choices are made by exact distances of the last two phases, and phases 2-3 are scored
 *    by those tables, while the GA still evolves every move:
 *    . phase 1's end takes, of every location's blocks (its kept best and up to 8 distinct
 *      goal-reaching prefixes of at most its fewest turns + 1 seen on the way), the one of
 *      least block turns + exact reduction + exact two-generator solve (the least over the
 *      reductions at most planSlack turns longer than the shortest), not the shortest block;
 *    . phases 2 and 3 run in the chosen block's frame (the cube rotated so the free faces are
 *      U and R; moves are mapped back), with the paper's fitness shape, weight x score -
 *      steps, on a score of 40 - a distance bound instead of the pairs: phase 2 the
 *      reduction tables' bound (0 only when reduced), phase 3 the <U,R> tables' bound (0 only
 *      when solved). The pairs give no slope towards either goal; a bound does;
 *    . phase 2 keeps its distinct goal-reaching prefixes of at most the fewest turns + 1 (up
 *      to 64) and ends on the one of least turns + exact <U,R> solve, not the shortest;
 *    . a phase-2 or phase-3 round that ends without the goal restarts the population (its
 *      kept best stays): the bound has plateaus where a population can stall;
 *    . planRounds=r: a phase-2 or phase-3 round that ends with the goal but with a result
 *      more than planSlack turns above the exact optimum from the phase's start (phase 2:
 *      the least reduction + solve; phase 3: the <U,R> distance) is followed by another
 *      round from a new population (kept results stay), up to r rounds. The paper ends a
 *      phase at its first goal-reaching round; here the exact optimum says when a phase's
 *      result is worth another round.
 *    Costs: the tables (4.4 MB with the block tables, built on first use, about 0.4 s of CPU
 *    natively on a loaded machine; shared by all solvers), about 240 KB per solver for the
 *    kept prefixes (13 hg_plan records), a few milliseconds of exact searches per solve, and a
 *    scored generation costs more than a pair-counted one (the bounds are read per prefix;
 *    phase 3's from the <U,R> coordinates each prefix record carries, ec__ur_key, phase 2's
 *    from the state: its tables, 2.4 MB, are read at random, mostly cache misses).
 * preset=short = performance + pairWeight1=3, minRounds1=80, restart1=5, length=26, growth3=0,
 * plan=1, pairWeight2=3, pairWeight3=3, generations2=1000, generations3=10000 (candidates2
 * and extraRounds2 are opt-in params, not in the preset):
 *  - pairWeight1=3 (phase 1 only): pairs weigh more than steps, so blocks are found on
 *    purpose rather than by accident (the text's pairs - steps lets a short prefix with few
 *    pairs outscore a long one that solves the block);
 *  - minRounds1=80: the 12 locations keep evolving that many rounds before the block is
 *    taken;
 *  - restart1=5 (above);
 *  - length=26: 26 genes instead of 30;
 *  - growth3=0: equal phase-3 rounds, as Table 7's totals suggest;
 *  - plan=1, planRounds=3 (above) with weights 3 on the phases' scores; with the bounds as
 *    their score the phases reach their goals within a few hundred to a few thousand
 *    generations, so their rounds are 1,000 and 10,000 generations instead of 5,000 and
 *    50,000 (the same lengths on 12 states, half the CPU).
 * The figures for the preset (60 random states, against the preset before plan in the same
 * run) and its parts: docs/BENCHMARKS.md, section hugo. The exact shortest block
 * (c/search/optima.h) shows phase 1 is where HuGO! loses most moves (section optima).
 * The published figures against the chosen readings (docs/BENCHMARKS.md, section papers,
 * `npm run bench -- papers`): within the paper's range or two standard errors: Table 7's
 * phase 3 (19.2 against 19.0 turns, 6 scrambles x 10 seeds), Section 4.3's median (39.5) and
 * upper quartile (43), both integrity means (all 5,832 three-turn sequences 2.55 against
 * 2.945; 300 four-turn ones 4.51 against 4.924). Missed: Table 7's mean, 39.5 +- 1.4 against
 * 36.3 (one run per scramble in the paper, which with this solver's spread scatters by about
 * +-4.6), its phase 1 (13.0 against 10.8 turns; no reading tried reaches it) and phase 2 (7.5
 * against 6.5); Section 4.3's lower quartile (36, bootstrap 34-39, against about 33); the
 * phase-1 generations (~31,000 run against the program's 10,800). Speed: median wasm CPU per
 * random-state solve 0.51-0.59 of the literal reading's (three passes, median 0.523: 4.63 s
 * against 8.86 s on 30 states), not the 1/4 asked for: phase 1 fell from ~190,000 to
 * ~31,000 generations and a phase-2 generation costs about 0.8 of what it did, but phases 2
 * and 3, now ~90% of the generations, wait for an accidental hit of a cliff-shaped goal
 * (Table 7: 110,000 and 800,000 generations): phase 2 for the hit itself (1-56 rounds; its
 * round's end adds 3%), phase 3 also for its round's end (23% of its generations, and Table
 * 7's totals are whole rounds); no reading of the text shortens that.
 *
 * Costs: per generation in wasm about 13 us in phase 1, 11 us in phase 2 (less once its
 * population has converged) and 18 us in phase 3 (9-15 us natively; figures:
 * docs/BENCHMARKS.md, section hugo-gen);
 * memory: two generation buffers of population x (length + 1) 32-byte prefix records per
 * population (13 populations in phase 1: ~1.3 MB at 50 x 30).
 * Islands (evocube.h, "islands"; params epoch, default 1000, and migrants, default 5): the
 * best genomes of the population at work move only to an island at the same phase, block
 * location and phase start (hugo_context); they replace the last individuals of the next
 * generation, never the elite. In phase 1 every island works the same location at the same
 * generation, so migrants flow; after it, islands that chose other blocks race each other
 * (the first to solve, at an epoch's end, wins). Phase 1's 12 locations are not split
 * across islands by default: splitBlocks=1 (opt-in) gives island i the locations i, i+K, ...
 * (mod 12), so phase 1 takes 1/K of the generations, and each island picks the best block
 * of its own locations (no barrier: the islands never wait for each other; the cost is a
 * block chosen from 12/K locations instead of 12).
 * Speed (no effect on results): 16-byte packed states (hg.h), incremental pair masks (a
 * turn moves the bits of pairs it carries whole and re-tests only the rest), children reuse
 * the stored prefix records of the parent they share the longest prefix with, a merge table
 * for the optimization operator, mutation gaps drawn directly (one draw per mutation); in
 * phases 1-2 no pair count for a prefix that cannot beat a best of 15 (its block not solved),
 * and phase 2 evaluates two individuals at a time (generation.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "core/cube.h"
#include "core/util.h"
#include "solvers/hugo/hg.h"
#include "solver/solver.h"

static const ec_param_def params[] = {
    {"population", 50, 2, 1000, 1, "individuals per population (paper: 50)"},
    {"length", 30, 2, 100, 1, "genes (turns) per individual (paper: 30)"},
    {"generations1", 10, 1, 1e9, 1, "generations per block location per round of phase 1 (paper: 10; performance 200)"},
    {"generations2", 50, 1, 1e9, 1, "generations per round of phase 2, two-generator transform (paper: 50; performance 5000)"},
    {"generations3", 50, 1, 1e9, 1, "generations of the first round of phase 3, two-generator solve (paper: 50; performance 50000)"},
    {"growth1", 0, 0, 1, 1, "phase 1 round budgets: 0 every round the same (total grows linearly, paper), 1 round r runs r x generations1", "linear|progressive"},
    {"growth2", 0, 0, 1, 1, "phase 2 round budgets: 0 linear (paper), 1 progressive", "linear|progressive"},
    {"growth3", 0, 0, 1, 1, "phase 3 round budgets: 0 every round generations3 (Table 7's totals), 1 round r runs r x generations3 (a reading of 'progressively')", "linear|progressive"},
    {"crossover", 0.6, 0, 1, 0, "crossover probability p_c per pair of parents (paper: 0.6)"},
    {"mutation", 0, 0, 1, 0, "mutation probability p_m per gene; 0 means 1/length (paper)"},
    {"susPointers", 2, 1, 1000, 1, "equally spaced SUS pointers per spin of the wheel (paper: two selection points)"},
    {"maxGenerations", 20000000, 1, 1e12, 1, "give up after this many generations over all phases (not in the paper)"},
    {"pairWeight", 1, 1, 1000, 1, "fitness = pairWeight x pairs - prefix length (paper: 1)"},
    {"pairWeight1", 3, 0, 1000, 1, "phase 1's pairWeight (0: pairWeight; 3 the chosen reading, 1 the literal text, 10 the authors' program)"},
    {"pairWeight2", 0, 0, 1000, 1, "phase 2's pairWeight (0: pairWeight; opt-in)"},
    {"pairWeight3", 0, 0, 1000, 1, "phase 3's pairWeight (0: pairWeight; opt-in)"},
    {"minRounds1", 1, 1, 1e6, 1, "phase 1 runs at least this many rounds before taking the shortest block (paper: 1; opt-in)"},
    {"firstBlock", 0, 0, 1, 1, "1: end phase 1 at the first location that solves its block (opt-in, not the paper's default)"},
    {"rawSelection", 0, 0, 1, 1, "1: SUS on the raw fitness (negative counts 0), as the authors' program; 0: fitness - worst + 1"},
    {"eliteParent", 0, 0, 1, 1, "1: the elite is also the first parent of the first crossover pair (the authors' program)"},
    {"maxBlockTurns", 0, 0, 100, 1, "phase 1 accepts only blocks of at most this many turns (0: any; the authors' program: 20)"},
    {"extraRounds2", 0, 0, 1e6, 1, "phase 2 runs this many more rounds after its goal is first reached, keeping the shortest (paper: 0; opt-in)"},
    {"restart1", 0, 0, 1e6, 1, "phase 1: a location whose best block has not improved for this many of its rounds starts again from a new random population, keeping its best block (0: never, paper; opt-in)"},
    {"candidates2", 1, 1, 12, 1, "phase 2 runs from the blocks of this many locations (best first) and keeps the block whose phases 1+2 are shortest (paper: 1; opt-in)"},
    {"blockTie", 1, 0, 1, 1, "phase 1, blocks of equal fitness: 0 the lowest location, 1 first a block that is already in its two-generator group (phase 2 skipped)"},
    {"plan", 0, 0, 1, 1, "1: phase 1 takes the block of least turns + exact reduction + exact two-generator solve, phase 2 keeps the goal-reaching individual of least turns + exact solve (opt-in; preset short)"},
    {"planSlack", 1, 0, 3, 1, "plan: reductions up to this many turns longer than the shortest are costed"},
    {"planNodes", 2000000, 1000, 1e9, 1, "plan: node budget of each exact search"},
    {"planRounds", 1, 1, 100, 1, "plan: phases 2 and 3 run up to this many rounds (each after the first from a new population) until their kept result is within planSlack turns of the exact optimum from their start"},
    {"splitBlocks", 0, 0, 1, 1, "islands: 1 splits phase 1's 12 block locations across the islands (island i: i, i+K, ...; opt-in)"},
    EC_ISLAND_PARAMS(1000, 5),
};

_Static_assert(sizeof params / sizeof params[0] <= EC_MAX_PARAMS, "hugo has more params than EC_MAX_PARAMS");

static const ec_preset presets[] = {
    {"performance", "generations1=200,generations2=5000,generations3=50000,maxGenerations=200000000",
     "the paper's performance and human-competition settings (200/5000/50000 generations)"},
    {"literal", "generations1=200,generations2=5000,generations3=50000,maxGenerations=200000000,pairWeight1=1,growth3=1,blockTie=0",
     "the performance settings read literally (pairs - steps in phase 1 too, phase-3 rounds growing, ties to the lowest "
     "location): the default before the readings were chosen by the published figures"},
    {"short",
     "generations1=200,generations2=1000,generations3=10000,maxGenerations=200000000,pairWeight1=3,pairWeight2=3,pairWeight3=3,"
     "minRounds1=80,restart1=5,length=26,growth3=0,plan=1,planRounds=3",
     "performance plus opt-in changes that shorten solutions (phase 1 pairs first, 80 rounds, stagnant locations "
     "restarted; 26 genes; equal phase-3 rounds; the block and reduction chosen by exact distances, phases 2-3 scored by "
     "distance bounds); not the paper's"},
    {"fast",
     "generations1=200,generations2=1000,generations3=10000,maxGenerations=200000000,plan=1,planRounds=3,pairWeight2=3,pairWeight3=3",
     "the performance settings with the plan (the block and reduction chosen by exact distances, phases 2-3 scored by "
     "distance bounds): about a fifth of performance's CPU and shorter solutions; not the paper's"},
    {"integrity300", "generations1=10,generations2=300,generations3=50",
     "the paper's best integrity-test configuration (Table 5, test 3: 10/300/50)"},
    {"program",
     "generations1=200,generations2=5000,generations3=50000,maxGenerations=200000000,population=51,mutation=0.03,"
     "pairWeight1=10,pairWeight2=100,pairWeight3=10,rawSelection=1,eliteParent=1,maxBlockTurns=20,growth3=0",
     "the performance settings as the authors' own program runs them (pair weights 10/100/10, raw-fitness SUS, "
     "elite + 50, blocks of at most 20 turns, equal phase-3 rounds)"},
};

static const char *const phase_names[3] = {"2x2x3 block", "two-generator", "two-gen solve"};
/* each phase's goal for people (solver.h: goals) */
static const char *const phase_goals[3] = {"build a 2x2x3 block", "reduce to the two free faces' turns",
                                           "solve with the two free faces' turns"};
_Static_assert(EC_COUNT(phase_goals) == EC_COUNT(phase_names), "one goal per phase");

/* phase_optimum (solver.h): phase 1's exact optimum for the block it solved (the first
 * location whose block holds at its end) and over all 12 locations; the other phases have none */
static int hugo_phase_optimum(const ec_solver *h, int phase, const ec_cube *at, int nodes, ec_json *j)
{
    if (phase != 0) return 0;
    const ec_phase_result *p = &h->phases[phase];
    ec_cube end = *at;
    ec_cube_moves(&end, p->moves, p->n);
    int loc = -1, where = -1, len = 0, rc = EC_E_STATE;
    for (int l = 0; l < 12 && loc < 0; l++)
        if (ec_optimum_block(&end, l, 1, &len, NULL) == EC_OK && len == 0) loc = l;
    if (loc >= 0) rc = ec_optimum_block(at, loc, nodes, &len, NULL);
    ec__optimum_json(j, "optimum", "bound", rc, len);
    if (loc >= 0) {
        ec__json_key(j, "of", 0);
        ec__json_str(j, ec__edge_name[loc]);
    }
    rc = ec_optimum_block(at, -1, nodes, &len, &where);
    ec__optimum_json(j, "best", "bestBound", rc, len);
    if (rc == EC_OK) {
        ec__json_key(j, "bestAt", 0);
        ec__json_str(j, ec__edge_name[where]);
    }
    return rc < 0 && rc != EC_E_STATE && rc != EC_E_GROUP ? rc : 1;
}

typedef struct hugo {
    hg_gaconf cf;
    ec_rng rng;
    int64_t g1, g2, g3;
    int grow[3], first_block, weight[3], min_rounds1, max_block, extra2, block_tie;
    int extra_left; /* rounds phase 2 still runs after reaching its goal (extraRounds2) */
    int64_t max_gens, total, evals;
    int phase; /* 0..2 working, 3 done */
    int round;
    int64_t left; /* generations left in the current segment */
    /* phase 1 */
    hg_pop *store[HG_LOCS];
    hg_task task1[HG_LOCS];
    int loc;
    int restart1, stag_fit[HG_LOCS], stag_round[HG_LOCS]; /* restart1: each location's best and the round it last improved */
    int own; /* the block locations this island works in phase 1, a bit each (all 12 unless split) */
    /* phases 2 and 3 */
    hg_pop *pop;
    hg_task task;
    int chosen; /* block location */
    ec_bcube at[4]; /* state before each phase, and at the end */
    uint8_t mv[3][HG_MAXLEN];
    int nmv[3];
    int64_t pgens[3];
    /* candidates2 > 1: the phase-1 blocks phase 2 is run from, and what it gave from each */
    struct {
        int loc, n1, n2;
        uint8_t mv1[HG_MAXLEN], mv2[HG_MAXLEN];
    } cand[HG_LOCS];
    int ncand, ci, max_cand;
    int plan, plan_slack, plan_rounds; /* plan.c: the joint choice */
    int plan_opt; /* plan, phases 2-3: the exact optimum from the phase's start (reduction + solve; solve) */
    int64_t plan_nodes;
    hg_plan pl;
    hg_plan *pl1; /* plan, phase 1: each location's kept blocks (HG_LOCS of them) */
    uint8_t unview[18]; /* plan, phases 2-3: the move each of the block frame's moves is */
    ec_progress rec;
    int named; /* what rec.phase_name says: 1 + location in phase 1, 1 + HG_LOCS + phase after (0: nothing yet) */
} hugo;

static int64_t budget(int64_t g, int grow, int round) { return grow ? g * round : g; }

static void task_init(hg_task *t, int weight, const ec_bcube *start, const hg_pairset *ps, int member, int goal, int f1, int f2)
{
    t->start = *start;
    t->ps = ps;
    t->member = member;
    t->goal = goal;
    t->weight = weight;
    t->score = NULL;
    t->ur_keyed = 0;
    t->nalleles = 0;
    for (int g = 0; g < 18; g++) {
        int face = hg_gene_move[g] / 3;
        if (f1 < 0 || face == f1 || face == f2) t->alleles[t->nalleles++] = (uint8_t)g;
    }
}

/* the phase's moves, from a genome prefix (genes -> cleaned evocube codes) */
static void set_phase_moves(hugo *s, int ph, const uint8_t *genes, int n)
{
    uint8_t tmp[HG_MAXLEN];
    memcpy(tmp, genes, (size_t)n);
    n = hg_optimize_full(tmp, n);
    for (int i = 0; i < n; i++) s->mv[ph][i] = hg_gene_move[tmp[i]];
    s->nmv[ph] = n;
    s->at[ph + 1] = s->at[ph];
    for (int i = 0; i < n; i++) ec__bcube_move(&s->at[ph + 1], s->mv[ph][i]);
}

static int start_phase(hugo *s, int ph);

/* load candidate block i as phase 1's result (its location and moves) */
static void load_cand(hugo *s, int i)
{
    s->chosen = s->cand[i].loc;
    s->nmv[0] = s->cand[i].n1;
    memcpy(s->mv[0], s->cand[i].mv1, (size_t)s->cand[i].n1);
    s->at[1] = s->at[0];
    for (int k = 0; k < s->nmv[0]; k++) ec__bcube_move(&s->at[1], s->mv[0][k]);
}

/* phase 2 is done (mv[1], at[2] set): with candidate blocks, note what it gave and go on with
 * the next block, or, after the last, keep the one whose phases 1+2 are shortest (ties: the
 * earlier, i.e. the shorter block) and enter phase 3 */
static int phase2_done(hugo *s)
{
    if (s->ncand > 1) {
        s->cand[s->ci].n2 = s->nmv[1];
        memcpy(s->cand[s->ci].mv2, s->mv[1], (size_t)s->nmv[1]);
        if (++s->ci < s->ncand) {
            load_cand(s, s->ci);
            return start_phase(s, 1);
        }
        int b = 0;
        for (int i = 1; i < s->ncand; i++)
            if (s->cand[i].n1 + s->cand[i].n2 < s->cand[b].n1 + s->cand[b].n2) b = i;
        load_cand(s, b);
        s->nmv[1] = s->cand[b].n2;
        memcpy(s->mv[1], s->cand[b].mv2, (size_t)s->nmv[1]);
        s->at[2] = s->at[1];
        for (int k = 0; k < s->nmv[1]; k++) ec__bcube_move(&s->at[2], s->mv[1][k]);
    }
    return start_phase(s, 2);
}

/* the first location from `from` on that this island works (HG_LOCS: none left) */
static int next_loc(const hugo *s, int from)
{
    while (from < HG_LOCS && !(s->own >> from & 1)) from++;
    return from;
}

static int finish(ec_solver *h, hugo *s)
{
    for (int ph = 0; ph < 3; ph++) {
        int rc = ec__add_phase(h, phase_names[ph], s->mv[ph], s->nmv[ph], s->pgens[ph]);
        if (rc) return rc;
    }
    s->phase = 3;
    return ec__finish(h);
}

/* enter phase ph (skipping it when its goal holds); returns EC_RUNNING or EC_DONE */
static int start_phase(hugo *s, int ph)
{
    s->phase = ph;
    s->round = 1;
    s->extra_left = ph == 1 ? s->extra2 : 0;
    const ec_bcube *x = &s->at[ph];
    if (ph == 0) {
        int pick = -1;
        for (int loc = 0; loc < HG_LOCS; loc++)
            if (hg_block_solved(x, loc) && (pick < 0 || (hg_twogen(x, loc) && !hg_twogen(x, pick)))) pick = loc;
        if (pick >= 0) {
            s->chosen = pick;
            s->nmv[0] = 0;
            s->at[1] = *x;
            return start_phase(s, 1);
        }
        if (s->plan) {
            if (!(s->pl1 = calloc(HG_LOCS, sizeof *s->pl1))) return EC_E_NOMEM;
            for (int loc = 0; loc < HG_LOCS; loc++) hg_plan_reset(&s->pl1[loc], s->plan_nodes, HG_PLAN_KEEP1);
        }
        for (int loc = next_loc(s, 0); loc < HG_LOCS; loc = next_loc(s, loc + 1)) {
            task_init(&s->task1[loc], s->weight[0], x, hg_block_pairs(loc), -1, hg_block_pairs(loc)->max, -1, -1);
            s->store[loc] = hg_pop_new(&s->cf, &s->task1[loc], &s->rng);
            if (!s->store[loc]) return EC_E_NOMEM;
        }
        s->loc = next_loc(s, 0);
        s->left = budget(s->g1, s->grow[0], 1);
        return EC_RUNNING;
    }
    int f1, f2;
    hg_loc_faces(s->chosen, &f1, &f2);
    if (ph == 1) {
        if (hg_twogen(x, s->chosen)) {
            s->nmv[1] = 0;
            s->at[2] = *x;
            return phase2_done(s);
        }
        const hg_pairset *ps = hg_block_pairs(s->chosen);
        if (s->plan) { /* in the block's frame, scored by the reduction bound (plan.c) */
            ec_bcube v;
            int rc = hg_plan_frame(x, s->chosen, &v, s->unview);
            if (rc) return rc;
            task_init(&s->task, s->weight[1], &v, ps, -1, HG_PLAN_FAR, -1, -1);
            s->task.score = hg_plan_rscore;
            hg_plan_reset(&s->pl, s->plan_nodes, HG_PLAN_KEEP);
            int red, solve;
            s->plan_opt = hg_plan_cost(x, s->chosen, s->plan_slack, s->plan_nodes, &red, &solve);
            if (s->plan_opt < 0) return s->plan_opt;
        } else {
            task_init(&s->task, s->weight[1], x, ps, s->chosen, ps->max + 1, -1, -1);
        }
        s->left = budget(s->g2, s->grow[1], 1);
    } else if (ph == 2) {
        ec_cube c;
        ec__bcube_to_cube(x, &c);
        if (ec_cube_is_solved(&c)) {
            s->nmv[2] = 0;
            s->at[3] = *x;
            return EC_DONE;
        }
        if (s->plan) { /* in the block's frame, scored by the <U,R> distance bound (plan.c) */
            ec_bcube v;
            int rc = hg_plan_frame(x, s->chosen, &v, s->unview);
            if (rc) return rc;
            task_init(&s->task, s->weight[2], &v, hg_cube_pairs(), -1, HG_PLAN_FAR, 0, 1);
            s->task.score = hg_plan_score;
            s->task.ur_keyed = 1; /* its alleles are U and R turns (f1, f2 = 0, 1 above) */
            if ((s->plan_opt = hg_plan_solve(&v, s->plan_nodes)) < 0) return s->plan_opt;
        } else {
            task_init(&s->task, s->weight[2], x, hg_cube_pairs(), -1, hg_cube_pairs()->max, f1, f2);
        }
        s->left = budget(s->g3, s->grow[2], 1);
    }
    hg_pop_free(s->pop);
    s->pop = hg_pop_new(&s->cf, &s->task, &s->rng);
    return s->pop ? EC_RUNNING : EC_E_NOMEM;
}

/* a restart: *pp becomes a new random population that inherits only the kept best goal-reaching
 * individual (0, or EC_E_NOMEM) */
static int renew(hugo *s, hg_pop **pp, const hg_gaconf *cf, const hg_task *t)
{
    hg_pop *q = hg_pop_new(cf, t, &s->rng);
    if (!q) return EC_E_NOMEM;
    q->hof_fit = (*pp)->hof_fit;
    q->hof_n = (*pp)->hof_n;
    if (q->hof_n > 0) memcpy(q->hof, (*pp)->hof, (size_t)q->hof_n);
    hg_pop_free(*pp);
    *pp = q;
    return 0;
}

/* 1 when location loc's kept block (its population's best goal-reaching prefix) leaves the
 * cube in loc's two-generator group, so phase 2 would be skipped */
static int block_twogen(const hugo *s, int loc)
{
    const hg_pop *q = s->store[loc];
    ec_bcube x = s->at[0];
    for (int i = 0; i < q->hof_n; i++) ec__bcube_move(&x, hg_gene_move[q->hof[i]]);
    return hg_twogen(&x, loc);
}

/* 1 when location a's kept block ranks before location b's (b < 0: none yet) at phase 1's
 * end: a usable block (found, within maxBlockTurns), higher fitness, then (blockTie) one that
 * leaves the cube in its two-generator group; equal ones keep the earlier (lower) location */
static int block_before(const hugo *s, int a, int b)
{
    const hg_pop *q = s->store[a];
    if (!q || q->hof_n < 0 || (s->max_block && q->hof_n > s->max_block)) return 0;
    if (b < 0) return 1;
    const hg_pop *r = s->store[b];
    if (q->hof_fit != r->hof_fit) return q->hof_fit > r->hof_fit;
    return s->block_tie && block_twogen(s, a) && !block_twogen(s, b);
}

/* the end of a segment (a location's share of a round, or a round): EC_RUNNING or EC_DONE */
static int end_segment(hugo *s)
{
    if (s->phase == 0) {
        hg_pop *p = s->store[s->loc];
        if (s->restart1) {
            int fit = p->hof_n < 0 ? INT_MIN : p->hof_fit;
            if (s->round == 1 || fit > s->stag_fit[s->loc]) {
                s->stag_fit[s->loc] = fit;
                s->stag_round[s->loc] = s->round;
            } else if (s->round - s->stag_round[s->loc] >= s->restart1) { /* stagnant: restart, keeping the best block */
                if (renew(s, &s->store[s->loc], &s->cf, &s->task1[s->loc])) return EC_E_NOMEM;
                p = s->store[s->loc];
                s->stag_round[s->loc] = s->round;
            }
        }
        if (s->first_block && p->hof_n >= 0 && (!s->max_block || p->hof_n <= s->max_block)) {
            s->chosen = s->loc;
        } else if ((s->loc = next_loc(s, s->loc + 1)) < HG_LOCS) {
            s->left = budget(s->g1, s->grow[0], s->round);
            return EC_RUNNING;
        } else {
            int best = -1;
            for (int loc = 0; loc < HG_LOCS; loc++)
                if (block_before(s, loc, best)) best = loc;
            if (best < 0 || s->round < s->min_rounds1) {
                s->round++;
                s->loc = next_loc(s, 0);
                s->left = budget(s->g1, s->grow[0], s->round);
                return EC_RUNNING;
            }
            s->chosen = best;
            if (s->plan) { /* plan.c: the block of least joint cost, among all the kept ones */
                int n, b = hg_plan_block(&s->at[0], s->store, s->pl1, s->max_block, s->plan_slack, s->plan_nodes, s->mv[0], &n);
                if (b < 0) return b;
                s->chosen = b;
                memcpy(s->store[b]->hof, s->mv[0], (size_t)n); /* the block phase 2 starts from */
                s->store[b]->hof_n = n;
            }
            /* candidates2: the best blocks of up to max_cand locations, in block_before's order (the
             * first is `best`, the block phase 2 starts from) */
            s->ncand = s->ci = 0;
            for (int taken = 0; s->max_cand > 1 && s->ncand < s->max_cand; s->ncand++) {
                int b = -1;
                for (int loc = 0; loc < HG_LOCS; loc++)
                    if (!(taken >> loc & 1) && block_before(s, loc, b)) b = loc;
                if (b < 0) break;
                taken |= 1 << b;
                set_phase_moves(s, 0, s->store[b]->hof, s->store[b]->hof_n);
                s->cand[s->ncand].loc = b;
                s->cand[s->ncand].n1 = s->nmv[0];
                memcpy(s->cand[s->ncand].mv1, s->mv[0], (size_t)s->nmv[0]);
            }
        }
        set_phase_moves(s, 0, s->store[s->chosen]->hof, s->store[s->chosen]->hof_n);
        for (int loc = 0; loc < HG_LOCS; loc++) {
            hg_pop_free(s->store[loc]);
            s->store[loc] = NULL;
        }
        return start_phase(s, 1);
    }
    if (s->plan && s->pop->hof_n >= 0 && s->round < s->plan_rounds && hg_plan_far(s->phase == 1 ? &s->pl : NULL, s->pop, s->plan_opt + s->plan_slack)) {
        if (renew(s, &s->pop, &s->cf, &s->task)) return EC_E_NOMEM; /* plan: another round from a new population */
        s->round++;
        s->left = budget(s->phase == 1 ? s->g2 : s->g3, s->grow[s->phase], s->round);
        return EC_RUNNING;
    }
    if (s->pop->hof_n < 0 || s->extra_left-- > 0) {
        /* plan: a round without the goal is a stuck population (a plateau of the bound): start anew */
        if (s->plan && s->pop->hof_n < 0 && renew(s, &s->pop, &s->cf, &s->task)) return EC_E_NOMEM;
        s->round++;
        s->left = budget(s->phase == 1 ? s->g2 : s->g3, s->grow[s->phase], s->round);
        return EC_RUNNING;
    }
    if (s->plan) { /* back from the block's frame; phase 2: the kept least turns + exact solve */
        const int kept = s->phase == 1 ? hg_plan_pick(&s->pl) : -1;
        const uint8_t *src = kept >= 0 ? s->pl.kept[kept].genes : s->pop->hof;
        int n = kept >= 0 ? s->pl.kept[kept].n : s->pop->hof_n;
        uint8_t g[HG_MAXLEN];
        for (int i = 0; i < n; i++) g[i] = hg_move_gene[s->unview[hg_gene_move[src[i]]]];
        set_phase_moves(s, s->phase, g, n);
    } else {
        set_phase_moves(s, s->phase, s->pop->hof, s->pop->hof_n);
    }
    if (s->phase == 2) return EC_DONE;
    return phase2_done(s);
}

static void emit(ec_solver *h, hugo *s, const hg_pop *p, const hg_genstats *gs)
{
    ec_progress *r = &s->rec;
    r->gen = s->total;
    r->phase = s->phase;
    int named = s->phase == 0 ? 1 + s->loc : 1 + HG_LOCS + s->phase; /* (hgs) formatted only when it changes */
    if (named != s->named && s->phase == 0)
        snprintf(r->phase_name, sizeof r->phase_name, "%s %s", phase_names[0], hg_loc_block_name(s->loc));
    else if (named != s->named)
        snprintf(r->phase_name, sizeof r->phase_name, "%s", phase_names[s->phase]);
    s->named = named;
    r->best = gs->best_fit;
    r->mean = (double)gs->sum_fit / p->n;
    r->diversity = gs->diversity;
    ec__progress_pop_fit(r, gs->fit, gs->order, p->n, 1);
    r->evaluations = s->evals;
    int n = 0;
    for (int ph = 0; ph < s->phase; ph++)
        for (int i = 0; i < s->nmv[ph] && n < EC_PROGRESS_MOVES; i++) r->moves[n++] = s->mv[ph][i];
    const int unview = s->plan && s->phase >= 1;
    for (int i = 0; i < gs->best_steps && n < EC_PROGRESS_MOVES; i++) {
        int mv = hg_gene_move[gs->best_genes[i]];
        r->moves[n++] = unview ? s->unview[mv] : (uint8_t)mv;
    }
    r->n_moves = n;
    r->best_length = n;
    ec__emit(h, r);
}

static int hugo_step(ec_solver *h, void *state, int work)
{
    hugo *s = state;
    if (s->phase == 3) return finish(h, s);
    for (int w = 0; w < work; w++) {
        if (s->total >= s->max_gens) return EC_GAVE_UP;
        hg_pop *p = s->phase == 0 ? s->store[s->loc] : s->pop;
        const hg_task *t = s->phase == 0 ? &s->task1[s->loc] : &s->task;
        hg_genstats gs;
        hg_pop_generation(p, &s->cf, t, &s->rng, &gs);
        if (s->plan && s->phase < 2) hg_plan_observe(s->phase ? &s->pl : &s->pl1[s->loc], p, t);
        s->total++;
        s->evals += p->n;
        s->pgens[s->phase]++;
        emit(h, s, p, &gs);
        if (--s->left > 0) continue;
        int rc = end_segment(s);
        if (rc == EC_DONE) return finish(h, s);
        if (rc != EC_RUNNING) return rc;
    }
    return EC_RUNNING;
}

/* ------------------------------------------------------------------ islands */

/* Migrants (evocube.h, "islands"): genomes of the population at work, `length` genes each.
 * A genome means something only from its phase's start state and for its task, so the
 * context is the phase, the block location (the current one in phase 1, the chosen one
 * after) and a hash of the phase's start state: islands that chose other blocks, or are in
 * other phases, keep their own. */
static hg_pop *working_pop(hugo *s) { return s->phase == 0 ? s->store[s->loc] : s->phase < 3 ? s->pop : NULL; }
static const hg_task *working_task(hugo *s) { return s->phase == 0 ? &s->task1[s->loc] : &s->task; }

static uint64_t hugo_context(void *state)
{
    hugo *s = state;
    if (s->phase >= 3) return 0;
    const ec_bcube *x = &s->at[s->phase];
    uint64_t hsh = 1469598103934665603ull;
    for (int i = 0; i < 8; i++) hsh = (hsh ^ x->c[i]) * 1099511628211ull;
    for (int i = 0; i < 12; i++) hsh = (hsh ^ x->e[i]) * 1099511628211ull;
    int loc = s->phase == 0 ? s->loc : s->chosen;
    return hsh << 16 | (uint64_t)loc << 8 | (uint64_t)(s->phase + 1);
}

/* the best `count` genomes of the last evaluated generation (none before the first) */
static int hugo_export(void *state, int count, uint8_t *buf, int size, int *n)
{
    hugo *s = state;
    hg_pop *p = working_pop(s);
    *n = 0;
    if (!p || p->gens == 0) return 0;
    int k = count < p->n ? count : p->n;
    if (k * p->len > size) return EC_E_BUFFER;
    for (int i = 0; i < k; i++) memcpy(buf + i * p->len, p->prev.g + (size_t)p->order[i] * p->len, (size_t)p->len);
    *n = k;
    return k * p->len;
}

/* the migrants replace the last individuals of the next generation (never the elite in slot
 * 0) and are evaluated from scratch (no parent) */
static int hugo_import(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize)
{
    (void)h;
    hugo *s = state;
    hg_pop *p = working_pop(s);
    if (!p) return 0;
    if ((int64_t)count * p->len != size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "%d hugo migrants of %d genes need %lld payload bytes, not %d", count, p->len,
                       (long long)count * p->len, size);
    const hg_task *t = working_task(s);
    for (int i = 0; i < size; i++) {
        int ok = 0;
        for (int a = 0; a < t->nalleles; a++) ok |= buf[i] == t->alleles[a];
        if (!ok)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "hugo migrant gene at payload byte %d (%d) is not a gene of this phase", i,
                           buf[i]);
    }
    int k = count < p->n - 1 ? count : p->n - 1;
    for (int i = 0; i < k; i++) {
        int slot = p->n - 1 - i;
        memcpy(p->cur.g + (size_t)slot * p->len, buf + (size_t)i * p->len, (size_t)p->len);
        p->cur.par[2 * slot] = p->cur.par[2 * slot + 1] = -1;
    }
    return k;
}

static void hugo_destroy(void *state)
{
    hugo *s = state;
    if (!s) return;
    for (int loc = 0; loc < HG_LOCS; loc++) hg_pop_free(s->store[loc]);
    hg_pop_free(s->pop);
    free(s->pl1);
    free(s);
}

void hg_init(void) { hg__twogen_init(); /* which builds the core's and pairs' tables first */ }

static int hugo_create(ec_solver *h, void **state)
{
    hg_init();
    hugo *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    hg_gaconf_init(&s->cf, (int)ec__param(h, "population"), (int)ec__param(h, "length"), ec__param(h, "crossover"),
                   ec__param(h, "mutation"), (int)ec__param(h, "susPointers"));
    s->cf.raw_sus = (int)ec__param(h, "rawSelection");
    s->cf.elite_parent = (int)ec__param(h, "eliteParent");
    s->extra2 = (int)ec__param(h, "extraRounds2");
    s->g1 = (int64_t)ec__param(h, "generations1");
    s->g2 = (int64_t)ec__param(h, "generations2");
    s->g3 = (int64_t)ec__param(h, "generations3");
    s->grow[0] = (int)ec__param(h, "growth1");
    s->grow[1] = (int)ec__param(h, "growth2");
    s->grow[2] = (int)ec__param(h, "growth3");
    s->max_gens = (int64_t)ec__param(h, "maxGenerations");
    s->first_block = (int)ec__param(h, "firstBlock");
    s->block_tie = (int)ec__param(h, "blockTie");
    for (int ph = 0; ph < 3; ph++) {
        static const char *const names[3] = {"pairWeight1", "pairWeight2", "pairWeight3"};
        int w = (int)ec__param(h, names[ph]);
        s->weight[ph] = w ? w : (int)ec__param(h, "pairWeight");
    }
    s->min_rounds1 = (int)ec__param(h, "minRounds1");
    s->max_block = (int)ec__param(h, "maxBlockTurns");
    s->max_cand = (int)ec__param(h, "candidates2");
    s->restart1 = (int)ec__param(h, "restart1");
    s->plan = (int)ec__param(h, "plan");
    s->plan_slack = (int)ec__param(h, "planSlack");
    s->plan_nodes = (int64_t)ec__param(h, "planNodes");
    s->plan_rounds = (int)ec__param(h, "planRounds");
    s->own = (1 << HG_LOCS) - 1;
    if (h->islands > 1 && ec__param(h, "splitBlocks")) { /* island i: the locations i, i+K, ... (mod 12) */
        int k = h->islands < HG_LOCS ? h->islands : HG_LOCS;
        s->own = 0;
        for (int loc = h->island % k; loc < HG_LOCS; loc += k) s->own |= 1 << loc;
    }
    ec_rng_seed(&s->rng, h->seed);
    ec__bcube_from_cube(&h->start, &s->at[0]);
    int rc = start_phase(s, 0);
    if (rc == EC_DONE) {
        s->phase = 3; /* every goal already holds: the first step finishes */
        rc = EC_RUNNING;
    }
    if (rc != EC_RUNNING) {
        hugo_destroy(s);
        return rc;
    }
    *state = s;
    return EC_OK;
}

const ec_solver_impl ec_solver_hugo = {
    .name = "hugo",
    .title = "HuGO! - human strategy (2x2x3 block, two-generator) genetic optimizer (Borschbach & Grelle 2009)",
    .label = "HuGO! human-strategy genetic algorithm",
    .short_label = "HuGO!",
    .work_unit = "generation",
    .fitness = "matching sticker pairs minus the moves that reach them (per phase)",
    .better = EC_HIGHER_IS_BETTER,
    .phases = phase_names,
    .nphases = EC_COUNT(phase_names),
    .goals = phase_goals,
    .records = EC_RECORDS_POPULATION,
    .params = params,
    .nparams = EC_COUNT(params),
    .presets = presets,
    .npresets = EC_COUNT(presets),
    .create = hugo_create,
    .step = hugo_step,
    .destroy = hugo_destroy,
    .phase_optimum = hugo_phase_optimum,
    .migrant_context = hugo_context,
    .export_migrants = hugo_export,
    .import_migrants = hugo_import,
};
