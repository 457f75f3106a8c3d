import { describe, expect, it, vi } from 'vitest';

// Kick-offs are shown in the device's time zone; pin it before the formatters are built.
vi.stubEnv('TZ', 'Europe/Madrid');
const { formatKickoff } = await import('./format-date.ts');

describe('formatKickoff', () => {
  it('writes a confirmed kick-off in long-form Spanish with the local time', () => {
    expect(formatKickoff('2026-11-22T20:00:00.000Z', true)).toBe('domingo, 22 de noviembre de 2026, 21:00');
  });

  it('follows summer time', () => {
    expect(formatKickoff('2026-08-15T17:30:00Z', true)).toBe('sábado, 15 de agosto de 2026, 19:30');
  });

  it('shows only the day when the kick-off time is not confirmed yet', () => {
    expect(formatKickoff('2026-11-22T11:00:00.000Z', false)).toBe(
      'domingo, 22 de noviembre de 2026 · hora por confirmar',
    );
  });
});
