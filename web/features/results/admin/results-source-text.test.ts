import { describe, expect, it, vi } from 'vitest';
import type { ImportJob, ImportResultsSummary, ResultConflict } from '#contract/results';
import { formatKickoff } from '../../../lib/format-date.ts';
import {
  conflictText,
  importOutcomeText,
  lastImportText,
  scheduleText,
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
/** The match of the conflicts here: LaLiga's, of its round 14. */
const conflictingMatch = {
  matchId: 1,
  competition: 'laliga-2026-27',
  round: 'Matchday 14',
  roundLabel: 'Jornada 14',
  homeTeamId: 1,
  awayTeamId: 2,
  home: 'A',
  away: 'B',
};
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
    expect(sourceText({ kind: 'openfootball', location: 'openfootball' })).toBe(
      'openfootball: los archivos públicos de LaLiga 2026/27 y el Mundial 2026',
    );
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

  it('tell what the last import changed, its conflicts, or its error, and when', () => {
    expect(importOutcomeText(job())).toBe('2 partidos actualizados, 0 creados, 378 sin cambios');
    const conflict = { ...conflictingMatch, kind: 'result' as const, kickoff: null };
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
    const at = '2026-11-21T12:00:00.000Z';
    const finished = { status: 'finished' as const, scoreHome: 2, scoreAway: 1 };
    const result: ResultConflict = {
      ...conflictingMatch,
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
      ...conflictingMatch,
      kind: 'kickoff',
      admin: { status: 'scheduled', scoreHome: null, scoreAway: null, changedAt: at, changedBy: 'Ana' },
      source: { status: 'scheduled', scoreHome: null, scoreAway: null },
      kickoff: { kept, source: placeholder },
    };
    expect(conflictText(kickoff)).toBe(
      `Jornada 14 · hora guardada: ${formatKickoff(kept.matchDate, true)} por Ana (${formatKickoff(at, true)}) · la fuente dice ${formatKickoff(placeholder.matchDate, false)}`,
    );

    const early: ResultConflict = {
      ...conflictingMatch,
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

describe('the poller’s plan', () => {
  // Times are the device's: pinned to Madrid's here.
  vi.stubEnv('TZ', 'Europe/Madrid');
  const now = Date.parse('2026-11-29T22:30:00Z');
  const intervals = { pollMinutes: 60, livePollSeconds: 300 };
  it('says how often it reads now and when next', () => {
    expect(scheduleText({ mode: 'live', nextPullAt: '2026-11-29T22:35:00Z' }, intervals, now)).toBe(
      'Lectura automática: cada 5 min, hay un partido empezado sin resultado; la próxima a las 23:35.',
    );
    expect(scheduleText({ mode: 'near', nextPullAt: '2026-11-29T23:10:00Z' }, intervals, now)).toBe(
      'Lectura automática: cada hora, hay partidos cerca; la próxima el 30 nov. a las 0:10.',
    );
    expect(scheduleText({ mode: 'idle', nextPullAt: '2026-12-13T11:00:00Z' }, intervals, now)).toBe(
      'Lectura automática: en pausa, ningún partido cerca; se reanuda el 13 dic. a las 12:00.',
    );
    expect(scheduleText({ mode: 'off', nextPullAt: null }, intervals, now)).toBe('Lectura automática: ninguna, no hay fuente.');
    expect(scheduleText({ mode: 'off', nextPullAt: null }, { pollMinutes: 0, livePollSeconds: 300 }, now)).toBe(
      'Lectura automática: desactivada (solo al pulsar «Actualizar Resultados»).',
    );
  });
});
