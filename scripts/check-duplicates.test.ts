import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-duplicates.mjs');
const source = readFileSync(script, 'utf8');
const threshold = Number(/const MAX_PAIRS = (\d+);/.exec(source)![1]);
const plainThreshold = Number(/const MAX_PLAIN_PAIRS = (\d+);/.exec(source)![1]);

/** The gate run with a stand-in `duplicates` that prints `output` (none on PATH when undefined). */
function gate(output: string | undefined, args: string[] = []) {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'duplicates-'));
  if (output !== undefined) {
    const command = path.join(bin, 'duplicates');
    writeFileSync(command, `#!${process.execPath}\nprocess.stdout.write(${JSON.stringify(`${output}\n`)});\n`);
    chmodSync(command, 0o755);
  }
  const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { ...process.env, PATH: bin } });
  return { status: run.status, text: run.stdout + run.stderr };
}
const counted = (pairs: number, boilerplate = pairs) =>
  `${pairs} pairs of places (600 files read), each sharing runs of 6 or more identical or same-shape lines (${pairs} by shape alone, ${boilerplate} of those marked boilerplate)\nD1 a.ts:1-6 ~ b.ts:1-6`;

describe('the repetition gate (scripts/check-duplicates.mjs)', () => {
  it('passes at the threshold and fails one pair above it', () => {
    expect(gate(counted(threshold))).toEqual({
      status: 0,
      text: `duplicates: ${threshold} pairs, threshold ${threshold}; 0 not marked boilerplate, threshold ${plainThreshold}\n`,
    });
    const above = gate(counted(threshold + 1));
    expect(above.status).toBe(1);
    expect(above.text).toContain(`${threshold + 1} pairs, above the threshold of ${threshold}`);
    expect(gate(counted(40), ['--max', '39']).status).toBe(1);
    expect(gate('no duplicates (600 files read)').status).toBe(0);
  });

  it('fails above the threshold of pairs not marked boilerplate, whatever the whole count', () => {
    const atPlain = gate(counted(plainThreshold + 10, 10));
    expect(atPlain.status).toBe(0);
    const abovePlain = gate(counted(plainThreshold + 10, 9));
    expect(abovePlain.status).toBe(1);
    expect(abovePlain.text).toContain(`${plainThreshold + 1} pairs not marked boilerplate, above the threshold of ${plainThreshold}`);
  });

  it('fails on a partial or unreadable count, which proves nothing', () => {
    expect(gate(`${counted(1)}\nincomplete: time: 20 s ran out`).status).toBe(1);
    expect(gate('something else').status).toBe(1);
  });

  it('skips, and says so, where the command does not exist', () => {
    expect(gate(undefined)).toEqual({ status: 0, text: 'duplicates: skipped (command not found)\n' });
  });

  it('states the thresholds the README gives', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`more than ${threshold} pairs`);
    expect(readme).toContain(`more than ${plainThreshold} not marked boilerplate`);
  });
});
