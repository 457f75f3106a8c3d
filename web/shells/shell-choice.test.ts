import { describe, expect, it } from 'vitest';
import { isTabsPath, nextShell } from './shell-choice.ts';

describe('nextShell', () => {
  it('shows the screens outside the tabs on the plain shell, whoever is signed in', () => {
    for (const path of ['/login', '/register', '/unirse/123456', '/', '/home', '/tabsx']) {
      expect(nextShell('plain', path, true)).toBe('plain');
      expect(nextShell('ionic', path, true)).toBe('plain');
      expect(nextShell('ionic', path, false)).toBe('plain');
    }
  });

  it('opens the Ionic shell for a signed-in user entering the tabs', () => {
    expect(nextShell('plain', '/tabs/home', true)).toBe('ionic');
    expect(nextShell('plain', '/tabs', true)).toBe('ionic');
  });

  it('keeps a signed-out visitor of the tabs on the plain shell, which sends them to sign in', () => {
    expect(nextShell('plain', '/tabs/quinelas', false)).toBe('plain');
  });

  it('keeps the Ionic shell when the session ends on a tab, until its route leaves for /login', () => {
    expect(nextShell('ionic', '/tabs/quinelas', false)).toBe('ionic');
  });
});

describe('isTabsPath', () => {
  it('matches /tabs and what lies under it only', () => {
    expect(isTabsPath('/tabs')).toBe(true);
    expect(isTabsPath('/tabs/pool/3')).toBe(true);
    expect(isTabsPath('/tabsx')).toBe(false);
    expect(isTabsPath('/login')).toBe(false);
  });
});
