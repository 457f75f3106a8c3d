import { describe, expect, it } from 'vitest';
import type { ImportJob, ImportResultsSummary, ResultConflict } from '#contract/results';
import { formatKickoff } from '../../../lib/format-date.ts';
import {
  conflictText,
  importOutcomeText,
  lastImportText,
  pollText,
  sourceOriginText,
  sourceText,
} from './results-source-text.ts';

const summary = (over: Partial<ImportResultsSummary> = {}): ImportResultsSummary => ({
  source: 'https://datos.example.org/es.1.json',
  matchesSeen: 380,
  updated: 2,
  created: 0,
  unchanged: 378,
  results: 2,
  kickoffs: 0,
  unknownTeams: [],
  conflicts: [],
  changes: [],
  changesTruncated: false,
  ...over,
});
const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 1,
  status: 'succeeded',
  trigger: 'poll',
  source: 'https://datos.example.org/es.1.json',
  startedAt: '2026-11-21T11:59:00.000Z',
  finishedAt: '2026-11-21T12:00:00.000Z',
  progress: null,
  summary: summary(),
  error: null,
  ...over,
});

describe('the results source card’s texts', () => {
  it('name the source and who chose it', () => {
    expect(sourceText({ kind: 'none', location: null })).toBe('Ninguna');
    expect(sourceText({ kind: 'file', location: '/srv/es.1.json' })).toBe('Archivo del servidor: /srv/es.1.json');
    expect(sourceText({ kind: 'url', location: 'https://x.org/a.json' })).toBe('URL: https://x.org/a.json');
    expect(sourceOriginText({ kind: 'file', setBy: 'env', setAt: null })).toBe(
      'Configurada en el servidor (RESULTS_SOURCE).',
    );
    expect(sourceOriginText({ kind: 'none', setBy: null, setAt: null })).toMatch(/^No se lee ninguna fuente/);
    const at = '2026-11-21T12:00:00.000Z';
    expect(sourceOriginText({ kind: 'url', setBy: 'admin', setAt: at })).toBe(
      `Elegida por un administrador el ${formatKickoff(at, true)}.`,
    );
    expect(sourceOriginText({ kind: 'none', setBy: 'admin', setAt: at })).toMatch(
      /^Quitada por un administrador el .*solo recalcula/,
    );
  });

  it('tell how often it is read, never for no source', () => {
    expect(pollText(60, 'url')).toBe('Lectura automática: cada 60 minutos.');
    expect(pollText(1, 'file')).toBe('Lectura automática: cada 1 minuto.');
    expect(pollText(0, 'url')).toMatch(/desactivada/);
    expect(pollText(60, 'none')).toBe('Lectura automática: ninguna, no hay fuente.');
  });

  it('tell what the last import changed, its conflicts, or its error, and when', () => {
    expect(importOutcomeText(job())).toBe('2 partidos actualizados, 0 creados, 378 sin cambios');
    const conflict = {
      matchId: 1,
      competition: 'laliga-2026-27',
      round: 'Matchday 14',
      roundLabel: 'Jornada 14',
      homeTeamId: 1,
      awayTeamId: 2,
      home: 'A',
      away: 'B',
      kind: 'result' as const,
      kickoff: null,
    };
    const state = { status: 'finished' as const, scoreHome: 1, scoreAway: 0 };
    expect(
      importOutcomeText(
        job({
          summary: summary({
            updated: 1,
            created: 1,
            conflicts: [{ ...conflict, admin: { ...state, changedAt: '', changedBy: 'Ana' }, source: state }],
          }),
        }),
      ),
    ).toBe('1 partido actualizado, 1 creado, 378 sin cambios, 1 conflicto');
    expect(
      importOutcomeText(job({ status: 'failed', summary: null, error: 'No se pudo leer la fuente de resultados.' })),
    ).toBe('falló: No se pudo leer la fuente de resultados.');
    expect(lastImportText(null)).toBe('Nunca');
    expect(lastImportText(job({ trigger: 'update-all' }))).toBe(
      `${formatKickoff('2026-11-21T12:00:00.000Z', true)}, 2 partidos actualizados, 0 creados, 378 sin cambios (Actualizar Resultados: https://datos.example.org/es.1.json)`,
    );
  });

  it('tell each conflict with its round’s Spanish name: an admin’s result or kick-off kept, or a result not saved before kick-off', () => {
    const base = {
      matchId: 1,
      competition: 'laliga-2026-27',
      round: 'Matchday 14',
      roundLabel: 'Jornada 14',
      homeTeamId: 1,
      awayTeamId: 2,
      home: 'A',
      away: 'B',
    };
    const at = '2026-11-21T12:00:00.000Z';
    const finished = { status: 'finished' as const, scoreHome: 2, scoreAway: 1 };
    const result: ResultConflict = {
      ...base,
      kind: 'result',
      admin: { ...finished, changedAt: at, changedBy: 'Ana' },
      source: { ...finished, scoreHome: 0 },
      kickoff: null,
    };
    expect(conflictText(result)).toBe(
      `Jornada 14 · guardado 2 – 1 por Ana (${formatKickoff(at, true)}) · la fuente dice 0 – 1`,
    );
    expect(conflictText(result)).not.toContain('Matchday');

    const kept = { matchDate: '2026-11-29T20:00:00.000Z', kickoffConfirmed: true };
    const placeholder = { matchDate: '2026-11-29T11:00:00.000Z', kickoffConfirmed: false };
    const kickoff: ResultConflict = {
      ...base,
      kind: 'kickoff',
      admin: { status: 'scheduled', scoreHome: null, scoreAway: null, changedAt: at, changedBy: 'Ana' },
      source: { status: 'scheduled', scoreHome: null, scoreAway: null },
      kickoff: { kept, source: placeholder },
    };
    expect(conflictText(kickoff)).toBe(
      `Jornada 14 · hora guardada: ${formatKickoff(kept.matchDate, true)} por Ana (${formatKickoff(at, true)}) · la fuente dice ${formatKickoff(placeholder.matchDate, false)}`,
    );

    const early: ResultConflict = {
      ...base,
      kind: 'notStarted',
      admin: null,
      source: finished,
      kickoff: { kept: placeholder, source: placeholder },
    };
    expect(conflictText(early)).toBe(
      `Jornada 14 · la fuente dice 2 – 1, pero el partido no ha empezado (empieza ${formatKickoff(placeholder.matchDate, false)}): no se guardó`,
    );
  });
});
