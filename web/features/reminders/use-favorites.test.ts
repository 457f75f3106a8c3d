import { describe, expect, it } from 'vitest';
import { reminderMessages } from '#contract/reminders';
import { savedToast } from './use-favorites.ts';

describe('savedToast: what saving a favourite says about its reminders', () => {
  it('without push, says the reminders come while the app is open, and how to get them with it closed', () => {
    expect(savedToast('unsupported', 2, true, 2)).toEqual({
      message: `${reminderMessages.savedInPage} ${reminderMessages.inPageOnlyUnsupported}`,
      color: 'success',
    });
    expect(savedToast('refused', 2, true, 1).message).toBe(
      'Partido guardado. Te lo recordaremos mientras tengas la app abierta. Para recibirlos también con la app cerrada, ábrela en una ventana normal (no privada).',
    );
    expect(savedToast('failed', 2, true, 2).message).toBe(
      `${reminderMessages.savedInPage} ${reminderMessages.inPageOnlyRetry}`,
    );
  });

  it('without push, never speaks of a failure (the permission was granted and the reminders work in the page)', () => {
    for (const push of ['unsupported', 'refused', 'failed'] as const) {
      for (const confirmed of [true, false]) {
        const { message, color } = savedToast(push, 2, confirmed, confirmed ? 2 : 0);
        expect(message).not.toMatch(/no se pud|no se pued|error|fallo|denegad|bloquead|sin permiso/i);
        expect(color).toBe('success');
      }
    }
  });

  it('without push and a kick-off not confirmed, promises the in-page reminders once the time is known', () => {
    expect(savedToast('refused', 0, false, 0).message).toBe(
      `${reminderMessages.savedInPageKickoffUnconfirmed} ${reminderMessages.inPageOnlyRefused}`,
    );
  });

  it('without push and nothing left to remind, just says it is saved', () => {
    expect(savedToast('unsupported', 0, true, 0)).toEqual({ message: reminderMessages.saved, color: 'success' });
  });

  it('promises a reminder once the time is known for a kick-off not confirmed yet', () => {
    expect(savedToast('subscribed', 2, false, 0)).toEqual({
      message: 'Partido guardado. Te avisaremos cuando se confirme la hora del partido.',
      color: 'success',
    });
  });

  it('promises a reminder only when one was scheduled', () => {
    expect(savedToast('subscribed', 2, true, 2).message).toBe(reminderMessages.savedWithReminders);
    expect(savedToast('subscribed', 0, true, 0).message).toBe(reminderMessages.saved);
  });
});
