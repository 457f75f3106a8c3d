// The repetition gate (issue 39): `duplicates`, a command of the developers' machines and not a dependency, counts
// the pairs of places in the tree that share six or more lines; more than MAX_PAIRS fails, and so do more than
// MAX_PLAIN_PAIRS of those it does not mark boilerplate. A machine without the
// command skips the check and says so. Lower the limits when the count falls. They rose once, from 58/21 to 68/26,
// when issue 37's bonus questions, jugada and La Quiniela merged: their routes, tables and forms are written in the
// shape of the ones before them (docs/decisions/080-082); back to 62/24 with the web's reads in one shape (apiQuery)
// and issue 37's later parts adding none; 45/20 once the signed-in modules declared their routes through
// signedInRoutes and the e2e and reminder tests shared their set-up (issue 39 asks for fewer than 50).
//   node scripts/check-duplicates.mjs [--max N]   (--max tries another threshold, to see the gate fire)
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The most pairs the tree may hold (README, "Scripts", says it too). */
const MAX_PAIRS = 45;
/**
 * The most of them that `duplicates` does not mark boilerplate (alike in shape, mostly punctuation, keywords or a
 * shape the whole folder repeats: Drizzle tables, Fastify routes, message catalogues): the repetition worth a look.
 */
const MAX_PLAIN_PAIRS = 20;

const root = path.resolve(import.meta.dirname, '..');

/**
 * The pairs counted by `duplicates`' first line ("N pairs of places (…, M of those marked boilerplate)", or "no
 * duplicates (…)"), all and those not marked boilerplate; null when unreadable.
 */
function pairsOf(output) {
  const first = output.split('\n', 1)[0] ?? '';
  if (first.startsWith('no duplicates')) return { all: 0, plain: 0 };
  const counted = /^(\d+) pairs? of places/.exec(first);
  if (!counted) return null;
  const boilerplate = /(\d+) of those marked boilerplate/.exec(first);
  const all = Number(counted[1]);
  return { all, plain: all - (boilerplate ? Number(boilerplate[1]) : 0) };
}

function main() {
  const at = process.argv.indexOf('--max');
  const max = at === -1 ? MAX_PAIRS : Number(process.argv[at + 1]);
  if (!Number.isInteger(max) || max < 0) {
    console.error('duplicates: --max takes a whole number');
    return 1;
  }
  const run = spawnSync('duplicates', ['--seconds', '300'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.error && 'code' in run.error && run.error.code === 'ENOENT') {
    console.log('duplicates: skipped (command not found)');
    return 0;
  }
  if (run.error || run.status !== 0) {
    console.error(`duplicates: the command failed: ${run.error?.message ?? run.stderr}`);
    return 1;
  }
  const pairs = pairsOf(run.stdout);
  // A partial read counts fewer pairs than the tree holds: it proves nothing.
  const incomplete = run.stdout.split('\n').find((line) => line.startsWith('incomplete:'));
  if (pairs === null || incomplete) {
    console.error(`duplicates: no whole count (${incomplete ?? run.stdout.split('\n', 1)[0]})`);
    return 1;
  }
  if (pairs.all > max) {
    console.error(`duplicates: ${pairs.all} pairs, above the threshold of ${max}; \`duplicates --most 200\` lists them`);
    return 1;
  }
  if (pairs.plain > MAX_PLAIN_PAIRS) {
    console.error(
      `duplicates: ${pairs.plain} pairs not marked boilerplate, above the threshold of ${MAX_PLAIN_PAIRS}; \`duplicates --most 200 | grep -v boilerplate\` lists them`,
    );
    return 1;
  }
  console.log(`duplicates: ${pairs.all} pairs, threshold ${max}; ${pairs.plain} not marked boilerplate, threshold ${MAX_PLAIN_PAIRS}`);
  return 0;
}

process.exitCode = main();
