import { describe, expect, it } from 'vitest';
import { PushSubscriptionBodySchema, planReminders, reminderId, reminderText } from './reminders.ts';

const kickoff = new Date('2026-11-28T20:00:00Z');

describe('planReminders', () => {
  it('plans one reminder an hour before kick-off and one at kick-off, ids matchId*1000+1 and +2', () => {
    const plan = planReminders(42, kickoff, new Date('2026-11-27T10:00:00Z'));
    expect(plan).toEqual([
      { id: 42_001, matchId: 42, slot: 1, minutesBefore: 60, dueAt: new Date('2026-11-28T19:00:00Z') },
      { id: 42_002, matchId: 42, slot: 2, minutesBefore: 0, dueAt: kickoff },
    ]);
  });

  it('keeps only the reminders still in the future', () => {
    expect(planReminders(42, kickoff, new Date('2026-11-28T19:30:00Z')).map((r) => r.id)).toEqual([42_002]);
    expect(planReminders(42, kickoff, new Date('2026-11-28T19:00:00Z')).map((r) => r.id)).toEqual([42_002]);
    expect(planReminders(42, kickoff, kickoff)).toEqual([]);
    expect(planReminders(42, kickoff, new Date('2026-11-29T00:00:00Z'))).toEqual([]);
  });
});

describe('reminderId', () => {
  it('is the match id times 1000 plus the slot', () => {
    expect(reminderId(7, 1)).toBe(7001);
    expect(reminderId(7, 2)).toBe(7002);
  });
});

describe('reminderText', () => {
  it('names both teams and says when the match starts', () => {
    expect(reminderText(1, 'Real Betis', 'Sevilla')).toEqual({
      title: 'Real Betis vs Sevilla',
      body: 'El partido empieza en una hora.',
    });
    expect(reminderText(2, 'Real Betis', 'Sevilla').body).toBe('¡El partido empieza ahora!');
  });
});

describe('PushSubscriptionBodySchema', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

  it('takes what PushSubscription.toJSON() gives', () => {
    const body = { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys };
    expect(PushSubscriptionBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://push.example.com/x', keys }],
    ['a non-URL endpoint', { endpoint: 'javascript:alert(1)', keys }],
    ['a short p256dh key', { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: 'BAAA' } }],
    [
      'a compressed p256dh key',
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: `A${'A'.repeat(86)}` } },
    ],
    [
      'an auth secret of the wrong size',
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'A'.repeat(30) } },
    ],
    ['no keys', { endpoint: 'https://push.example.com/x' }],
  ])('refuses %s', (_label, body) => {
    expect(PushSubscriptionBodySchema.safeParse(body).success).toBe(false);
  });
});
