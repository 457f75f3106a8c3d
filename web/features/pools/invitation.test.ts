import { afterEach, describe, expect, it } from 'vitest';
import { invitationLink, rememberInvitation, takePendingInvitation } from './invitation.ts';

afterEach(() => sessionStorage.clear());

describe('pending invitation', () => {
  it('keeps a 6-digit code until it is taken once', () => {
    rememberInvitation('123456');
    expect(takePendingInvitation()).toBe('123456');
    expect(takePendingInvitation()).toBeNull();
  });

  it('keeps an empty code for anything that is not 6 digits', () => {
    rememberInvitation('12345a');
    expect(takePendingInvitation()).toBe('');
  });

  it('is null when no invitation was opened', () => {
    expect(takePendingInvitation()).toBeNull();
  });
});

describe('invitationLink', () => {
  it('points at the join route of this origin', () => {
    expect(invitationLink(654321)).toBe(`${window.location.origin}/unirse/654321`);
  });
});
