#!/usr/bin/env node
// evocube.mjs - the command-line interface of DESIGN.md (`npx evocube ...`), running the same
// wasm module as the page. Exit 0 ok/solved, 1 gave up or not solved, 2 bad input with
// "error: <specific message>" on stderr. An argument of "-" reads that value from stdin.
import { randomInt } from 'node:crypto';
import { loadCoreNode, loadOptimalCoreNode } from '../../web/lib/core-node.mjs';
import { EC, EvocubeError, MAX_ALG_CHARS, MAX_PARAMS_CHARS } from '../../web/lib/core.mjs';
import { partRows, partText, partsSummary } from '../../web/lib/evolved.mjs';
import { solveJson } from '../../web/lib/experiments/plan.mjs';
import { cubeOf, showHidden } from '../../web/lib/cube-text.mjs';
import { runBatch, BATCH_FLAGS } from './batch.mjs';
import { runReport } from './report.mjs';
import { UsageError, checkArgs, value, parseOptions, islandsOption, searchThreadsOption } from './options.mjs';
import { ensureTable } from './optimal-table.mjs';

const USAGE = `usage:
  evocube facelets "<alg>"                         54-char facelet string of solved+alg
  evocube validate <facelets>                      "ok", or exit 2 with the specific fault
  evocube scramble (--random-state | --moves N) [--seed N]
  evocube solve --solver NAME (--scramble "<alg>" | --facelets F) [--seed N]
                [--param key=value ...] [--islands K] [--threads N] [--progress] [--json]
                (--threads N: the optimal search's threads on its one table, default the
                machine's cores; the same solution for any N;
                --islands K: K islands on K worker threads, for a solver whose entry in
                \`evocube solvers\` says "islands": true; a solved run of a solver that
                evolves parts, e.g. macros, also prints them, "parts" in --json)
  evocube verify (--scramble "<alg>" | --facelets F) --solution "<alg>"
  evocube batch --solver NAME[,NAME...] (--random-state N [--seed-from S] | --file F | -)
                [--seeds a..b|a,b,...|cube] [--param key=value ...] [--sweep key=v1,v2,...]
                [--jobs K] [--islands K] [--threads N] [--shard i/n]
                [--out FILE] [--no-time] [--last-record] [--progress | --no-progress]
                one JSON line per solve (the solve --json object, no parts, with id, cube_index, cube),
                in a fixed order; --out resumes from the file's finished lines; summary on
                stderr; exit 0 all solved, 1 some gave up, 2 bad input (bad lines reported
                with their line number, the rest still runs), 130 interrupted (resumable)
  evocube report FILE... [--format md|csv|json] [--paper NAME] [--partial]
                one table from the shard files of one batch (files, patterns or a folder of
                *.jsonl): per solver and sweep value n, solved, mean with its 95% interval,
                median, quartiles, min/max of length, generations, time and each phase's
                length; --paper hugo-table7|hugo-integrity[:K]|twes-table1|... puts the
                paper's figures beside them (md, json); exit 1 when jobs are missing or held twice
                (named; --partial reports what is there), 2 bad input (file and line named)
  evocube solvers                                  the solvers and their params (JSON)
An argument given as "-" is read from standard input (its bytes as they are, one final line
break dropped; a NUL, control character or byte that is not UTF-8 is refused by name).`;

function startFacelets(core, opts) {
  if ((opts.scramble === undefined) === (opts.facelets === undefined)) {
    throw new UsageError('give exactly one of --scramble and --facelets');
  }
  // one rule for what is a facelet string (web/lib/cube-text.mjs), as the page and batch read it
  if (opts.scramble !== undefined) return cubeOf(core, value(opts.scramble, MAX_ALG_CHARS, 'scramble'));
  return cubeOf(core, value(opts.facelets, MAX_ALG_CHARS, 'facelet string'), { moves: false });
}

// `solve`: one solve, on this thread or on K island threads; the solution verified once more
// before it is printed. Returns the exit code.
async function solveCommand(core, rest) {
  const opts = parseOptions(rest, ['solver', 'scramble', 'facelets', 'seed', 'param', 'islands'], ['progress', 'json']);
  if (opts.solver === undefined) {
    throw new UsageError(`solve needs --solver NAME; the solvers are: ${core.solvers().map((s) => s.name).join(', ') || '(none)'}`);
  }
  const f = startFacelets(core, opts);
  const seed = opts.seed === undefined ? 1 : core.parseSeed(opts.seed);
  const params = opts.param.join(',');
  if (params.length > MAX_PARAMS_CHARS) throw new UsageError(`the params are longer than ${MAX_PARAMS_CHARS} characters`);
  const islands = islandsOption(opts);
  const t0 = performance.now();
  let onRecords = opts.progress ? (recs) => { for (const r of recs) process.stdout.write(`${JSON.stringify(r)}\n`); } : null;
  // TEST ONLY: EVOCUBE_TEST_EXHAUST_MEMORY=1 takes all of the core's free memory after
  // the first progress records, so the run's next allocation fails (tests/js/reliability)
  if (process.env.EVOCUBE_TEST_EXHAUST_MEMORY === '1') {
    const show = onRecords;
    let done = false;
    onRecords = (recs) => { if (show) show(recs); if (!done) { done = true; core.exhaustMemoryForTest(); } };
  }
  const request = { solver: opts.solver, facelets: f, seed, params };
  const res = islands === 1 ? core.run(request, { work: 1, onRecords }).result : await solveOnIslands(core, request, islands, opts.progress);
  const timeMs = Math.round((performance.now() - t0) * 10) / 10;
  if (res.solved) {
    // the core verified it already; check once more on the exact input before printing
    const v = core.verify(f, res.solution);
    if (!v.solved) throw new EvocubeError(EC.E_NOT_SOLVED, `internal error: the solver's solution does not solve the cube (${v.message})`);
  }
  if (opts.json) {
    // the core's `parts` (macro-ga's solving individual) last, as evocube_native prints them
    const extra = { ...(islands > 1 ? { islands, island: res.island, epochs: res.epochs } : {}), ...(res.parts ? { parts: res.parts } : {}) };
    console.log(JSON.stringify(solveJson(res, seed, timeMs, extra)));
  } else {
    console.log(res.solved ? res.solution : `gave up after ${res.generations} generations`);
    // what evolved, as the page lists it: the parts that simplify to the solution above
    if (res.solved && res.parts?.length) console.log(`what evolved: ${partsSummary(res.parts)}: ${partRows(res.parts).map(partText).join(', ')}`);
  }
  return res.solved ? 0 : 1;
}

async function main(argv) {
  checkArgs(argv);
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(USAGE);
    return cmd ? 0 : 2;
  }
  if (cmd === 'report') return runReport(rest); // reads lines only: no core
  const core = await loadCoreNode();
  switch (cmd) {
    case 'facelets': {
      if (rest.length !== 1) throw new UsageError('facelets takes one alg, e.g. evocube facelets "R U R\' U\'"');
      console.log(core.apply(value(rest[0], MAX_ALG_CHARS, 'alg')));
      return 0;
    }
    case 'validate': {
      if (rest.length !== 1) throw new UsageError('validate takes one facelet string');
      cubeOf(core, value(rest[0], MAX_ALG_CHARS, 'facelet string'), { moves: false });
      console.log('ok');
      return 0;
    }
    case 'scramble': {
      const opts = parseOptions(rest, ['moves', 'seed'], ['random-state']);
      const seed = opts.seed === undefined ? randomInt(0, 2 ** 32) : core.parseSeed(opts.seed);
      if (opts['random-state'] && opts.moves !== undefined) throw new UsageError('give --random-state or --moves, not both');
      if (opts['random-state']) {
        console.log(core.randomStateScramble(seed));
        return 0;
      }
      if (opts.moves === undefined) throw new UsageError('scramble needs --random-state or --moves N');
      if (!/^\d{1,5}$/.test(opts.moves) || Number(opts.moves) > 4000) throw new UsageError(`--moves must be a whole number from 0 to 4000 (got "${opts.moves.slice(0, 20)}")`);
      console.log(core.scrambleMoves(Number(opts.moves), seed));
      return 0;
    }
    case 'verify': {
      const opts = parseOptions(rest, ['scramble', 'facelets', 'solution']);
      if (opts.solution === undefined) throw new UsageError('verify needs --solution "<alg>"');
      const f = startFacelets(core, opts);
      const r = core.verify(f, value(opts.solution, MAX_ALG_CHARS, 'solution'));
      console.log(r.solved ? 'solved' : `not solved: ${r.message}`);
      return r.solved ? 0 : 1;
    }
    case 'solve': {
      const args = await withSearchThreads(rest);
      return solveCommand(await coreForSolvers(core, args), args);
    }
    case 'batch': {
      // a bare "-" (not an option's value) is the cube input on stdin
      const given = await withSearchThreads(rest);
      const args = given.flatMap((a, i) => (a === '-' && (i === 0 || !given[i - 1].startsWith('--') || BATCH_FLAGS.includes(given[i - 1].slice(2))) ? ['--file', '-'] : [a]));
      const parse = () => parseOptions(args, ['solver', 'file', 'random-state', 'seed-from', 'seeds', 'sweep', 'param', 'jobs', 'islands', 'shard', 'out'], BATCH_FLAGS, ['solver']);
      parse(); // bad options are refused before a table is loaded
      const c = await coreForSolvers(core, args);
      return runBatch(c, parse()); // with the threads param coreForSolvers may add
    }
    case 'solvers': {
      console.log(JSON.stringify(core.solvers(), null, 2));
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${String(cmd).slice(0, 40)}"; run evocube --help`);
  }
}

// --threads N (solve, batch): taken out of args and kept for coreForSolvers, which loads the
// optimal module made for N threads and gives its solvers `threads=N` (unless --param sets
// it). Only a solver with a `threads` param takes it: for another it is refused by name.
let searchThreads = null;
async function withSearchThreads(args) {
  const at = args.indexOf('--threads');
  if (at < 0) return args;
  if (args.indexOf('--threads', at + 1) >= 0) throw new UsageError('option --threads is given twice');
  searchThreads = searchThreadsOption(args[at + 1]);
  return [...args.slice(0, at), ...args.slice(at + 2)];
}

// The core that has every solver named by --solver in args: the main module, else the
// optimal search's module (web/gen/optimal.*: the main module's solvers and those that
// search over its table), with that table made held once for all of the command's solves
// (from the user's cache folder, else built there: optimal-table.mjs) at the level of the
// `table` param (--param table=N, else the solver's default). A name neither module has is
// left to the main core to refuse.
async function coreForSolvers(core, args) {
  const at = args.indexOf('--solver');
  const names = at >= 0 && typeof args[at + 1] === 'string' ? args[at + 1].split(',') : [];
  const listed = (c) => new Set(c.solvers().map((x) => x.name));
  if (names.every((n) => listed(core).has(n))) {
    if (searchThreads !== null) throw new UsageError(`--threads is for the optimal search's solvers (${names.join(', ')} ${names.length > 1 ? 'have' : 'has'} no threads param)`);
    return core;
  }
  const params = args.flatMap((a, i) => (a === '--param' ? String(args[i + 1] ?? '').split(',') : []));
  // the threads: --threads, else a threads= param, else the machine's cores
  const threadsParam = params.map((p) => /^threads=(\d+)$/.exec(p.trim())).find(Boolean);
  const threads = searchThreads ?? (threadsParam ? searchThreadsOption(threadsParam[1]) : searchThreadsOption(undefined));
  const opt = await loadOptimalCoreNode({ threads });
  if (!names.every((n) => listed(opt).has(n))) return core;
  const threaded = opt.solvers().filter((x) => names.includes(x.name)).every((x) => x.params.some((p) => p.key === 'threads'));
  if (searchThreads !== null && !threaded) throw new UsageError(`--threads is for the optimal search's solvers (not every one of ${names.join(', ')} has a threads param)`);
  if (threaded && !threadsParam) args.push('--param', `threads=${threads}`);
  const given = params.map((p) => /^table=(\d+)$/.exec(p.trim())).find(Boolean);
  const defaults = opt.solvers().filter((x) => names.includes(x.name)).flatMap((x) => x.params).find((p) => p.key === 'table');
  const level = given ? Number(given[1]) : defaults ? defaults.default : 0;
  if (!Number.isInteger(level) || level < 0 || level > 255) throw new UsageError(`table=${given[1]} is not a table level`);
  try {
    opt.tableBytes(level);
  } catch (e) {
    throw new UsageError(`table=${level}: ${e.message}`);
  }
  ensureTable(opt, level, { note: (t) => process.stderr.write(`${t}\n`), threads });
  return opt;
}

// K islands on K worker threads (scripts/cli/threads.mjs), coordinated by web/lib/islands.mjs; the
// progress records carry their island's index. Returns the shape of core.run's result.
async function solveOnIslands(core, request, islands, progress) {
  const { threadClient, islandsRun } = await import('./threads.mjs');
  // the core's own checks (solver, params, islands) here, before any thread starts
  core.createSolver(request.solver, request.facelets, request.seed, request.params, { island: 0, islands }).free();
  const clients = Array.from({ length: islands }, () => threadClient());
  try {
    await Promise.all(clients.map((c) => c.ready));
    const onProgress = progress ? (i, recs) => { for (const r of recs) process.stdout.write(`${JSON.stringify({ island: i, ...r })}\n`); } : null;
    return await islandsRun(clients, request, islands, onProgress);
  } finally {
    for (const c of clients) c.terminate();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || e instanceof EvocubeError) {
    // an invisible or bidi character an argument carried is named (<U+202E>), never written raw
    process.stderr.write(`error: ${showHidden(e.message)}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`error: internal failure: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 3;
  }
}
