import { afterEach, describe, expect, it } from 'vitest';
import { forgetPendingInvitation, invitationChatLinks, invitationLink, pendingInvitation, rememberInvitation } from './invitation.ts';

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

describe('invitationChatLinks', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'canShare');
  });

  it('writes the invitation for WhatsApp and Telegram where there is no share sheet', () => {
    expect('share' in navigator).toBe(false);
    const link = encodeURIComponent(`${window.location.origin}/unirse/654321`);
    const text = encodeURIComponent('Únete a mi quiniela «Los del barrio» con el código 654321');
    expect(invitationChatLinks('Los del barrio', 654321)).toEqual({
      whatsapp: `https://wa.me/?text=${text}%20${link}`,
      telegram: `https://t.me/share/url?url=${link}&text=${text}`,
    });
  });

  it('has none where the system share sheet takes the invitation', () => {
    Object.assign(navigator, { share: () => Promise.resolve(), canShare: () => true });
    expect(invitationChatLinks('Los del barrio', 654321)).toBeNull();
  });

  it('has them where the share sheet refuses the invitation', () => {
    Object.assign(navigator, { share: () => Promise.resolve(), canShare: () => false });
    expect(invitationChatLinks('Los del barrio', 654321)).not.toBeNull();
  });
});
