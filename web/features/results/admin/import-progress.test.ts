import { describe, expect, it } from 'vitest';
import { importProgressText } from './import-progress.ts';

describe('importProgressText', () => {
  it('counts the matches applied once the file has been read', () => {
    expect(importProgressText({ status: 'running', progress: { done: 120, total: 380 } })).toBe(
      'Importando… 120 de 380 partidos',
    );
    expect(importProgressText({ status: 'running', progress: null })).toBe('Importando…');
    expect(importProgressText(null)).toBe('Importando…');
  });
});
