import { afterEach, describe, expect, it } from 'vitest';
import { forgetPendingInvitation, invitationLink, pendingInvitation, rememberInvitation } from './invitation.ts';

afterEach(() => sessionStorage.clear());

describe('pending invitation', () => {
  it('keeps a 6-digit code until it is forgotten', () => {
    rememberInvitation('123456');
    expect(pendingInvitation()).toBe('123456');
    expect(pendingInvitation()).toBe('123456');
    forgetPendingInvitation();
    expect(pendingInvitation()).toBeNull();
  });

  it('keeps an empty code for anything that is not 6 digits', () => {
    rememberInvitation('12345a');
    expect(pendingInvitation()).toBe('');
  });

  it('is null when no invitation was opened', () => {
    expect(pendingInvitation()).toBeNull();
  });
});

describe('invitationLink', () => {
  it('points at the join route of this origin', () => {
    expect(invitationLink(654321)).toBe(`${window.location.origin}/unirse/654321`);
  });
});
