import { beforeAll, describe, expect, it } from 'vitest';
import type { CloseCalendarLink, Match, Pool, SignInResponse } from '#contract/index';
import { signUnsubscribe } from '#server/modules/mail/unsubscribe-tokens';
import { unique } from '#tests/support/factories';
import { testAppPerFile } from '#tests/support/test-app';

/**
 * The calendar of a pool's closes (docs/decisions/077-a-calendar-of-the-closes.md): a member's own signed address,
 * the calendar at it (one event per jornada at its first close, in UTC, moved with a kick-off and its SEQUENCE
 * raised), and the address refused once it opens nothing, or when it was never signed.
 */
const now = new Date('2026-11-26T12:00:00Z');
const t = testAppPerFile({ clock: () => now });
let admin: SignInResponse;
let owner: SignInResponse;
let player: SignInResponse;
let pool: Pool;
let jornada14: Match;

/** A competition of the test's own, two jornadas of it, and a pool that closes picks 15 minutes before kick-off. */
beforeAll(async () => {
  [admin, owner, player] = await Promise.all([t.createUser({ role: 'admin' }), t.createUser(), t.createUser()]);
  const competition = `Calendario ${unique()}`;
  const match = (weekNumber: number, matchDate: string, round = `Matchday ${weekNumber}`) =>
    t.api.match(admin, { competition, weekNumber, round, matchDate });
  await match(13, '2026-11-22T15:00:00Z');
  jornada14 = await match(14, '2026-11-28T20:00:00Z');
  await match(14, '2026-11-29T17:30:00Z');
  await match(14, '2026-11-30T20:00:00Z');
  pool = await t.api.pool(owner, {
    name: 'Los del barrio; peña, 2026',
    competition,
    fromWeek: 13,
    players: [player],
    options: { editUntilKickoff: false, closeMinutesBefore: 15, creatorPlays: false, lateJoiners: 'zero' },
  });
});

const linkOf = async (who: SignInResponse, poolId = pool.id) => {
  const res = await t.as(who, 'GET', `/api/pools/${poolId}/calendar`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CloseCalendarLink }>().data;
};
/** What a calendar app fetches: the address without any session. */
const fetchCalendar = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
/** The calendar's lines, unfolded (RFC 5545 §3.1), and its events as property maps. */
function eventsOf(text: string): Map<string, string>[] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const events: Map<string, string>[] = [];
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') events.push(new Map());
    else if (events.length > 0 && line !== 'END:VEVENT' && line !== 'END:VCALENDAR' && line !== '') {
      const colon = line.indexOf(':');
      events.at(-1)!.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return events;
}

describe('the calendar of closes', () => {
  it('hands each member, and the creator, their own address, over https and webcal', async () => {
    const mine = await linkOf(player);
    expect(mine.url).toMatch(new RegExp(`^http://localhost:3000/api/calendar/${player.userProfile.id}\\.${pool.id}\\.[A-Za-z0-9_-]{22}\\.ics$`));
    expect(mine.webcalUrl).toBe(mine.url.replace(/^http:/, 'webcal:'));
    expect((await linkOf(owner)).url).not.toBe(mine.url);
  });

  it('refuses the address without a session (401), to a stranger (403) and of a pool that does not exist (404)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/pools/${pool.id}/calendar` });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await t.as(await t.createUser(), 'GET', `/api/pools/${pool.id}/calendar`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    expect(stranger.body).not.toContain('/api/calendar/');
    expect((await t.as(player, 'GET', '/api/pools/999999/calendar')).statusCode).toBe(404);
  });

  it('has one event per jornada at its first close, in UTC, with the first match and a stable UID', async () => {
    const res = await fetchCalendar((await linkOf(player)).url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const events = eventsOf(res.body);
    expect(events.map((e) => [e.get('UID'), e.get('DTSTART'), e.get('SUMMARY'), e.get('SEQUENCE')])).toEqual([
      [`cierre-${pool.id}-13@localhost:3000`, '20261122T144500Z', 'Cierre: Jornada 13 · Los del barrio\\; peña\\, 2026', '0'],
      [`cierre-${pool.id}-14@localhost:3000`, '20261128T194500Z', 'Cierre: Jornada 14 · Los del barrio\\; peña\\, 2026', '0'],
    ]);
    expect(events[1]!.get('DESCRIPTION')).toContain('Primer partido: ');
    expect(events[1]!.get('URL')).toBe(`http://localhost:3000/tabs/pool/${pool.id}?seccion=predecir`);
    // Every member reads the same calendar.
    expect((await fetchCalendar((await linkOf(owner)).url)).body).toBe(res.body);
    // A calendar app holding it is told nothing changed.
    const again = await fetchCalendar((await linkOf(player)).url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('moves a jornada’s event with its first kick-off, and raises its SEQUENCE and LAST-MODIFIED', async () => {
    const { url } = await linkOf(player);
    const before = await fetchCalendar(url);
    await t.api.updateMatch(admin, jornada14, { matchDate: '2026-11-28T18:00:00Z', kickoffConfirmed: false });
    const after = await fetchCalendar(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const [, moved] = eventsOf(after.body);
    const [, was] = eventsOf(before.body);
    expect(moved!.get('UID')).toBe(was!.get('UID'));
    expect(moved!.get('DTSTART')).toBe('20261128T174500Z');
    expect(moved!.get('SEQUENCE')).toBe('1');
    expect(moved!.get('LAST-MODIFIED')! > was!.get('LAST-MODIFIED')!).toBe(true);
    expect(moved!.get('DTSTAMP')).toBe(moved!.get('LAST-MODIFIED'));
    expect(moved!.get('SUMMARY')).toContain('(hora por confirmar)');
    // The other jornada's event is as it was.
    expect(eventsOf(after.body)[0]).toEqual(eventsOf(before.body)[0]);
  });

  it('stops opening for a removed member (410), and for everyone once the pool is deleted', async () => {
    const leaving = await t.createUser();
    const doomed = await t.api.pool(owner, { players: [leaving, player] });
    const leavingUrl = (await linkOf(leaving, doomed.id)).url;
    expect((await fetchCalendar(leavingUrl)).statusCode).toBe(200);
    await t.api.call(owner, 'DELETE', `/api/pools/${doomed.id}/participants/${leaving.userProfile.id}`);
    const removed = await fetchCalendar(leavingUrl);
    expect(removed.statusCode).toBe(410);
    expect(removed.json()).toMatchObject({ statusCode: 410, error: 'Gone', message: expect.stringContaining('ya no está disponible') });

    const playerUrl = (await linkOf(player, doomed.id)).url;
    await t.api.call(owner, 'DELETE', `/api/pools/${doomed.id}`);
    expect((await fetchCalendar(playerUrl)).statusCode).toBe(410);
  });

  it('refuses an address this server did not sign with a 404: a forged signature, another user or pool, an unsubscribe token', async () => {
    const { url } = await linkOf(player);
    const token = new URL(url).pathname.replace(/^\/api\/calendar\//, '').replace(/\.ics$/, '');
    const signature = token.split('.')[2]!;
    const unsubscribe = signUnsubscribe(await t.app.services.unsubscribeKeys.get(), { userId: player.userProfile.id, poolId: pool.id, kind: 'missing-picks' });
    const forged = [
      `${owner.userProfile.id}.${pool.id}.${signature}`,
      `${player.userProfile.id}.${pool.id + 1}.${signature}`,
      `${player.userProfile.id}.${pool.id}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      unsubscribe,
      unsubscribe.replace('.m.', '.'),
      'nada',
    ];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${bad}.ics` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Este enlace de calendario no es válido.' });
    }
  });
});
