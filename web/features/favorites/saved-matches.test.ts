import { afterEach, describe, expect, it } from 'vitest';
import { parseSavedMatchIds, readSavedMatchIds, removeMatchId, saveMatchId } from './saved-matches.ts';

afterEach(() => localStorage.clear());

describe('parseSavedMatchIds', () => {
  it('reads a JSON array of match ids', () => {
    expect(parseSavedMatchIds('[3, 1, 3]')).toEqual([3, 1]);
  });

  it.each([null, '', '{"ids": [1]}', '[1, "dos"]', '[1,'])('reads %j as nothing saved', (raw) => {
    expect(parseSavedMatchIds(raw)).toEqual([]);
  });
});

describe('saving and removing', () => {
  it('keeps the ids under the spec key "savedMatches"', () => {
    saveMatchId(7);
    saveMatchId(9);
    saveMatchId(7);
    expect(localStorage.getItem('savedMatches')).toBe('[7,9]');
    removeMatchId(7);
    expect(localStorage.getItem('savedMatches')).toBe('[9]');
    expect([...readSavedMatchIds()]).toEqual([9]);
  });

  it('answers the same set while nothing changed', () => {
    saveMatchId(1);
    expect(readSavedMatchIds()).toBe(readSavedMatchIds());
  });
});
