/*
 * descriptor.c - solver "hugo"'s descriptor (solver.h): its params with their ranges and the
 * paper's values, its presets, phase names and goals, and its phases' exact optima (phase 1's
 * block, over the block it solved and over all 12 locations). The workflow the descriptor's
 * create, step and destroy run is hugo.c's; what each param and preset changes against the
 * paper: docs/hugo.md.
 */
#include <stdio.h>

#include "core/cube.h"
#include "core/util.h"
#include "search/optima.h"
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
     "location)"},
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

/* each phase's goal for people (solver.h: goals) */
static const char *const phase_goals[3] = {"build a 2x2x3 block", "reduce to the two free faces' turns",
                                           "solve with the two free faces' turns"};
_Static_assert(EC_COUNT(phase_goals) == EC_COUNT(hg_phase_names), "one goal per phase");

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

const ec_solver_impl ec_solver_hugo = {
    .name = "hugo",
    .title = "HuGO! - human strategy (2x2x3 block, two-generator) genetic optimizer (Borschbach & Grelle 2009)",
    .label = "HuGO! human-strategy genetic algorithm",
    .short_label = "HuGO!",
    .work_unit = "generation",
    .fitness = "matching sticker pairs minus the moves that reach them (per phase)",
    .better = EC_HIGHER_IS_BETTER,
    .phases = hg_phase_names,
    .nphases = EC_COUNT(hg_phase_names),
    .goals = phase_goals,
    .records = EC_RECORDS_POPULATION,
    .params = params,
    .nparams = EC_COUNT(params),
    .presets = presets,
    .npresets = EC_COUNT(presets),
    .create = hg_create,
    .step = hg_step,
    .destroy = hg_destroy,
    .phase_optimum = hugo_phase_optimum,
    .migrant_context = hg_migrant_context,
    .export_migrants = hg_export_migrants,
    .import_migrants = hg_import_migrants,
};
