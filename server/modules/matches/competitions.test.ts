import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { competitionNameOf } from '#contract/index';
import { COMPETITION_BY_NAME, competitionOf } from '../results/openfootball.ts';

const shippedFile = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(new URL(`../../db/seed/data/${name}`, import.meta.url), 'utf8'));

describe('the names of the competitions the app ships', () => {
  it('give every competition the importer knows the season its data file names', () => {
    for (const [sourceName, key] of Object.entries(COMPETITION_BY_NAME)) {
      const { season, displayName } = competitionNameOf(key);
      expect(season, key).not.toBeNull();
      expect(sourceName.endsWith(` ${season}`), `${sourceName} / ${season}`).toBe(true);
      expect(displayName).not.toBe(key);
    }
  });

  it('cover the shipped files', async () => {
    for (const file of ['laliga-2026-27.json', 'worldcup-2026.json']) {
      expect(competitionNameOf(competitionOf(await shippedFile(file))).season).not.toBeNull();
    }
  });
});
