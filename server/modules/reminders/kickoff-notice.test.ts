import { describe, expect, it } from 'vitest';
import { formatMadridShortDateTime, kickoffNoticeText } from './kickoff-notice.ts';

const MINUTE = 60_000;
const kickoff = new Date('2026-11-28T20:00:00Z'); // 21:00 in Madrid (CET)
const facts = { homeTeam: 'Real Madrid', awayTeam: 'Barcelona', kickoff, hourBeforePending: true, atKickoffPending: true };
const before = (minutes: number) => new Date(kickoff.getTime() - minutes * MINUTE);

describe('formatMadridShortDateTime', () => {
  it('writes the day and time in Spain, in winter and in summer, whatever the process zone', () => {
    expect(formatMadridShortDateTime(kickoff)).toBe('sábado 28 nov., 21:00');
    expect(formatMadridShortDateTime(new Date('2027-05-23T16:30:00Z'))).toBe('domingo 23 may., 18:30');
    // 23:30 UTC on a Monday is already Tuesday in Madrid.
    expect(formatMadridShortDateTime(new Date('2026-09-14T23:30:00Z'))).toBe('martes 15 sept., 1:30');
  });
});

describe('kickoffNoticeText', () => {
  it('names the confirmed kick-off and both reminders still to come', () => {
    expect(kickoffNoticeText(facts, before(3 * 24 * 60))).toEqual({
      title: 'Hora confirmada',
      body: 'Real Madrid - Barcelona: sábado 28 nov., 21:00. Te avisaremos una hora antes y al empezar.',
    });
  });

  it('names only the reminders the user still has', () => {
    expect(kickoffNoticeText({ ...facts, atKickoffPending: false }, before(120))?.body).toBe(
      'Real Madrid - Barcelona: sábado 28 nov., 21:00. Te avisaremos una hora antes.',
    );
    expect(kickoffNoticeText({ ...facts, hourBeforePending: false }, before(120))?.body).toBe(
      'Real Madrid - Barcelona: sábado 28 nov., 21:00. Te avisaremos al empezar.',
    );
    expect(kickoffNoticeText({ ...facts, hourBeforePending: false, atKickoffPending: false }, before(120))?.body).toBe(
      'Real Madrid - Barcelona: sábado 28 nov., 21:00.',
    );
  });

  it('says the kick-off is less than an hour away instead of promising the hour-before reminder', () => {
    expect(kickoffNoticeText(facts, before(60))?.body).toBe(
      'Real Madrid - Barcelona: sábado 28 nov., 21:00. Te avisaremos una hora antes y al empezar.',
    );
    expect(kickoffNoticeText(facts, before(45))?.body).toBe(
      'Real Madrid - Barcelona: sábado 28 nov., 21:00. Empieza en menos de una hora. Te avisaremos al empezar.',
    );
  });

  it('says nothing once the match has kicked off', () => {
    expect(kickoffNoticeText(facts, kickoff)).toBeNull();
    expect(kickoffNoticeText(facts, before(-5))).toBeNull();
  });
});
