import { describe, expect, it } from 'vitest';
import { seasonImportSummary as imported } from '#tests/fixtures/import-summary';
import { updateAllMessage, type ResultConflict } from './results.ts';

const conflict = (matchId: number, kind: ResultConflict['kind']) => ({ matchId, kind }) as ResultConflict;

describe('what "Actualizar Resultados" says it did', () => {
  it('counts results as results, kick-off changes as times, and the pools whose standings moved', () => {
    expect(
      updateAllMessage({
        import: imported({ updated: 4, results: 3, kickoffs: 1 }),
        poolsRecomputed: 1,
        poolsUpdated: 0,
      }),
    ).toBe('3 resultados nuevos, 1 hora de inicio cambiada, ninguna clasificación cambia.');
    expect(
      updateAllMessage({ import: imported({ updated: 1, results: 1 }), poolsRecomputed: 4, poolsUpdated: 1 }),
    ).toBe('1 resultado nuevo, 1 quiniela actualizada.');
    expect(
      updateAllMessage({ import: imported({ updated: 2, kickoffs: 2 }), poolsRecomputed: 1, poolsUpdated: 0 }),
    ).toBe('2 horas de inicio cambiadas.');
    expect(updateAllMessage({ import: imported(), poolsRecomputed: 3, poolsUpdated: 0 })).toBe(
      'Sin resultados nuevos.',
    );
    // A repair pass that moved a pool says so even without new results.
    expect(updateAllMessage({ import: imported(), poolsRecomputed: 3, poolsUpdated: 2 })).toBe(
      'Sin resultados nuevos. 2 quinielas actualizadas.',
    );
  });

  it('tells the admin corrections kept (once a match) and the results not saved before kick-off', () => {
    const conflicts = [
      conflict(1, 'result'),
      conflict(1, 'kickoff'),
      conflict(2, 'kickoff'),
      conflict(3, 'notStarted'),
    ];
    expect(updateAllMessage({ import: imported({ conflicts }), poolsRecomputed: 1, poolsUpdated: 0 })).toBe(
      'Sin resultados nuevos. 2 partidos conservan la corrección de un administrador. 1 resultado no se guarda: su partido aún no ha empezado.',
    );
  });

  it('says so when there is no source to read', () => {
    expect(updateAllMessage({ import: null, poolsRecomputed: 1, poolsUpdated: 0 })).toBe(
      'No hay una fuente de resultados configurada. Clasificaciones recalculadas con los resultados guardados.',
    );
  });
});
