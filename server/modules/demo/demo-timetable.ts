/**
 * The demo's World Cup: the real tournament of the shipped file (every real score, in order, and the goals that made
 * it), on a timetable compressed to start a little after now (docs/decisions/067-a-season-in-ten-minutes.md). Pure:
 * the demo module reads the file and the clock.
 */
import { z } from 'zod';

const GoalSchema = z.object({ minute: z.string() });
const DemoMatchSchema = z.object({
  round: z.string(),
  date: z.string(),
  time: z.string(),
  team1: z.string(),
  team2: z.string(),
  score: z.object({
    ft: z.tuple([z.number().int(), z.number().int()]),
    et: z.tuple([z.number().int(), z.number().int()]).optional(),
  }),
  goals1: z.array(GoalSchema).default([]),
  goals2: z.array(GoalSchema).default([]),
});
const DemoFileSchema = z.object({ matches: z.array(DemoMatchSchema) });
type DemoMatch = z.infer<typeof DemoMatchSchema>;

/** A match of the replay: when it kicks off and ends, and its score as it went. */
export interface ReplayedMatch {
  round: string;
  team1: string;
  team2: string;
  /** The real match day's index (0: the first), whose matches share a slot of the timetable. */
  day: number;
  kickoff: Date;
  /** When the final whistle blows: the result is the real one from then on. */
  end: Date;
  /** The score after 90 minutes (what the quiniela scores), and after extra time when there was one. */
  ft: [number, number];
  et: [number, number] | null;
  /** The regular-time goals, in order, each at its instant of the replay. */
  goals: { at: Date; team: 1 | 2 }[];
}

export interface TimetableOptions {
  /** When the first match kicks off. */
  start: Date;
  /** How far apart two match days are; a day's matches kick off in its first half and last half a day. */
  dayMs: number;
}

/** "67" → 67, "90+2" → 92: a goal's minute, counted on. */
const minuteOf = ({ minute }: { minute: string }) =>
  minute
    .split('+')
    .map(Number)
    .reduce((sum, part) => sum + part, 0);
/**
 * Whether a goal was scored in the 90 minutes and their stoppage time: always, for a match that had no extra time
 * ("92" is then 90+2); in one that had, before its 91st minute or written "90+…".
 */
const inRegularTime = (match: DemoMatch, goal: { minute: string }) =>
  match.score.et === undefined || goal.minute.startsWith('90+') || Number(goal.minute.split('+')[0]) <= 90;

/** The real instant of a match ("2026-06-11", "13:00 UTC-6"), to keep each day's matches in their order. */
function realKickoff({ date, time }: Pick<DemoMatch, 'date' | 'time'>): number {
  const [, hours, minutes, sign, offset] = /^(\d{1,2}):(\d{2}) UTC([+-])(\d{1,2})$/.exec(time) ?? [];
  const offsetMinutes = (sign === '-' ? -1 : 1) * Number(offset ?? 0) * 60;
  return Date.parse(`${date}T00:00:00Z`) + (Number(hours) * 60 + Number(minutes) - offsetMinutes) * 60_000;
}

/** The replay of the shipped World Cup file on the compressed timetable. */
export function replayTimetable(file: unknown, { start, dayMs }: TimetableOptions): ReplayedMatch[] {
  const matches = DemoFileSchema.parse(file).matches.toSorted((a, b) => realKickoff(a) - realKickoff(b));
  const days = [...new Set(matches.map((match) => match.date))].sort();
  const halfDay = dayMs / 2;
  return matches.map((match) => {
    const day = days.indexOf(match.date);
    const ofDay = matches.filter((other) => other.date === match.date);
    const kickoff = new Date(start.getTime() + day * dayMs + (ofDay.indexOf(match) * halfDay) / ofDay.length);
    // Ninety minutes fill nine tenths of the match's time: its stoppage time the rest.
    const at = (minute: number) => new Date(kickoff.getTime() + (Math.min(minute, 95) / 100) * halfDay);
    const goals = [
      ...match.goals1.filter((goal) => inRegularTime(match, goal)).map((goal) => ({ minute: minuteOf(goal), team: 1 as const })),
      ...match.goals2.filter((goal) => inRegularTime(match, goal)).map((goal) => ({ minute: minuteOf(goal), team: 2 as const })),
    ]
      .sort((a, b) => a.minute - b.minute)
      .map(({ minute, team }) => ({ at: at(minute), team }));
    return {
      round: match.round,
      team1: match.team1,
      team2: match.team2,
      day,
      kickoff,
      end: new Date(kickoff.getTime() + halfDay),
      ft: match.score.ft,
      et: match.score.et ?? null,
      goals,
    };
  });
}

/** The score at `now` of a match under way: its regular-time goals so far. */
export function scoreAt(match: ReplayedMatch, now: Date): [number, number] {
  const scored = match.goals.filter((goal) => goal.at.getTime() <= now.getTime());
  return [scored.filter((goal) => goal.team === 1).length, scored.filter((goal) => goal.team === 2).length];
}
