import { describe, expect, it } from 'vitest';
import { reminderMessages } from '#contract/reminders';
import { savedToast } from './use-favorites.ts';

describe('savedToast: what saving a favourite says about its reminders', () => {
  it('says reminders are not available on this device, and why, when push cannot work here', () => {
    expect(savedToast('unsupported', 2, true)).toEqual({ message: reminderMessages.pushUnsupported, color: 'warning' });
    expect(savedToast('refused', 2, true)).toEqual({ message: reminderMessages.pushRefused, color: 'warning' });
    expect(savedToast('failed', 2, true)).toEqual({ message: reminderMessages.setupFailed, color: 'warning' });
  });

  it('promises a reminder once the time is known for a kick-off not confirmed yet', () => {
    expect(savedToast('subscribed', 2, false)).toEqual({
      message: 'Partido guardado. Te avisaremos cuando se confirme la hora del partido.',
      color: 'success',
    });
  });

  it('promises a reminder only when one was scheduled', () => {
    expect(savedToast('subscribed', 2, true).message).toBe(reminderMessages.savedWithReminders);
    expect(savedToast('subscribed', 0, true).message).toBe(reminderMessages.saved);
  });
});
