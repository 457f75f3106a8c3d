import { describe, expect, it } from 'vitest';
import { connectionNotice, describeSavedAt } from './connection-status.ts';

// Local times: the text follows the device's clock, whatever its time zone.
const now = new Date(2026, 10, 21, 21, 30).getTime();
const thisEvening = new Date(2026, 10, 21, 20, 5).getTime();
const yesterday = new Date(2026, 10, 20, 9, 45).getTime();

describe('describeSavedAt', () => {
  it('gives the time alone for an answer saved today', () => {
    expect(describeSavedAt(thisEvening, now)).toBe('de las 20:05');
  });

  it('adds the day for an answer saved earlier', () => {
    expect(describeSavedAt(yesterday, now)).toBe('del 20 nov, 09:45');
  });
});

describe('connectionNotice', () => {
  it('says nothing while online with fresh answers', () => {
    expect(connectionNotice({ online: true, staleSince: null }, now)).toBeNull();
  });

  it('says the device is offline', () => {
    expect(connectionNotice({ online: false, staleSince: null }, now)).toBe('Sin conexión');
  });

  it('marks cached answers as such, with when they were saved', () => {
    expect(connectionNotice({ online: false, staleSince: thisEvening }, now)).toBe(
      'Sin conexión · mostrando datos guardados de las 20:05',
    );
  });

  it('marks cached answers when the device is online but the server did not answer', () => {
    expect(connectionNotice({ online: true, staleSince: yesterday }, now)).toBe(
      'Servidor no disponible · datos guardados del 20 nov, 09:45',
    );
  });
});
