import { scoreAt, type ReplayedMatch } from './demo-timetable.ts';

/** Where a demo serves the World Cup as football-data.org would (its FOOTBALL_DATA_URL). */
export const DEMO_FEED_PATH = '/api/demo/football-data/v4';

const goals = ([home, away]: readonly [number, number] | [null, null]) => ({ home, away });

/**
 * What football-data.org would answer for the World Cup at `now` of the replay (`GET /v4/competitions/WC/matches`, in
 * its v4 format): TIMED before a kick-off, IN_PLAY with the goals so far, FINISHED with the real result (after extra
 * time: its `regularTime`, the 90 minutes the quiniela scores). The demo's results arrive through it as a real
 * source's do: the poller reads it, the importer applies it (docs/decisions/067).
 */
export function demoFeed(timetable: readonly ReplayedMatch[], now: Date) {
  return {
    filters: { season: '2026' },
    competition: { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'CUP' },
    resultSet: { count: timetable.length },
    matches: timetable.map((match, index) => {
      const at = now.getTime();
      const status = at < match.kickoff.getTime() ? 'TIMED' : at < match.end.getTime() ? 'IN_PLAY' : 'FINISHED';
      const score =
        status === 'TIMED'
          ? { winner: null, duration: 'REGULAR', fullTime: goals([null, null]), halfTime: goals([null, null]) }
          : status === 'IN_PLAY'
            ? { winner: null, duration: 'REGULAR', fullTime: goals(scoreAt(match, now)), halfTime: goals([null, null]) }
            : match.et === null
              ? { winner: null, duration: 'REGULAR', fullTime: goals(match.ft), halfTime: goals([null, null]) }
              : {
                  winner: null,
                  duration: 'EXTRA_TIME',
                  fullTime: goals(match.et),
                  halfTime: goals([null, null]),
                  regularTime: goals(match.ft),
                };
      return {
        id: index + 1,
        utcDate: match.kickoff.toISOString(),
        status,
        stage: match.round,
        homeTeam: { id: null, name: match.team1, shortName: match.team1, tla: null },
        awayTeam: { id: null, name: match.team2, shortName: match.team2, tla: null },
        score,
      };
    }),
  };
}
