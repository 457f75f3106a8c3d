import {
  bonusLimits,
  type BonusAnswer,
  type BonusAnswerType,
  type BonusCorrect,
  type BonusKind,
  type BonusTemplate,
} from '#contract/index';
import { leagueTable, type TableMatch } from '../matches/league-table.ts';

/**
 * The rules of the bonus questions (docs/decisions/080-bonus-questions.md), pure: what a question's answer looks
 * like, what a template's right answer is from the stored matches (by the one league table, decision 076), and what
 * an answer earns.
 */

export function answerTypeOf(kind: BonusKind, choices: readonly string[] | null): BonusAnswerType {
  switch (kind) {
    case 'champion':
    case 'jornada-leader':
      return 'team';
    case 'relegated':
      return 'teams';
    case 'jornada-goals':
      return 'number';
    case 'free':
      return choices ? 'choice' : 'text';
  }
}

/** Free text as compared: trimmed, one space between words, no case, no accents ("Mbappé " = "mbappe"). */
export const normaliseText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('es');

/**
 * The answer kept for a question (only the part its type reads), or a reason it is not one: `teams` are the
 * competition's, `choices` a free question's possible answers.
 */
export function cleanAnswer(
  type: BonusAnswerType,
  answer: BonusAnswer,
  teams: ReadonlySet<number>,
  choices: readonly string[] | null,
): { answer: BonusAnswer } | { error: 'team' | 'teams' | 'number' | 'choice' | 'text' } {
  switch (type) {
    case 'team': {
      const [teamId] = answer.teamIds ?? [];
      return answer.teamIds?.length === 1 && teamId !== undefined && teams.has(teamId)
        ? { answer: { teamIds: [teamId] } }
        : { error: 'team' };
    }
    case 'teams': {
      const ids = answer.teamIds ?? [];
      return ids.length === bonusLimits.relegated &&
        new Set(ids).size === ids.length &&
        ids.every((id) => teams.has(id))
        ? { answer: { teamIds: [...ids].sort((a, b) => a - b) } }
        : { error: 'teams' };
    }
    case 'number':
      return answer.number === undefined ? { error: 'number' } : { answer: { number: answer.number } };
    case 'choice':
      return answer.text !== undefined && choices?.includes(answer.text)
        ? { answer: { text: answer.text } }
        : { error: 'choice' };
    case 'text':
      return answer.text === undefined ? { error: 'text' } : { answer: { text: answer.text } };
  }
}

/** Whether a template needs a match of jornada `weekNumber` of its competition to be settled. */
const neededBy =
  (kind: BonusTemplate, weekNumber: number | null) =>
  (match: { weekNumber: number }): boolean =>
    kind === 'jornada-leader'
      ? match.weekNumber <= (weekNumber ?? 0)
      : kind === 'jornada-goals'
        ? match.weekNumber === (weekNumber ?? 0)
        : true;

/** A match counts for the table: finished with both scores (league-table.ts's rule). */
const played = (match: TableMatch) =>
  match.status === 'finished' && match.scoreHome !== null && match.scoreAway !== null;

/**
 * A template's right answer from the competition's stored matches, or null while the data it needs is not complete:
 * every match of the competition (champion, relegated), every match up to jornada N (jornada-leader: the table after
 * round N), every match of jornada N (jornada-goals: their goals). A result corrected later gives a new answer.
 */
export function settleTemplate(
  kind: BonusTemplate,
  weekNumber: number | null,
  matches: readonly TableMatch[],
  teamNames: ReadonlyMap<number, string>,
): BonusCorrect | null {
  const week = weekNumber ?? 0;
  const needed = matches.filter(neededBy(kind, weekNumber));
  if (needed.length === 0 || !needed.every(played)) return null;
  switch (kind) {
    case 'champion':
      return {
        teamIds: leagueTable(matches, teamNames)
          .rows.slice(0, 1)
          .map((row) => row.teamId),
      };
    case 'relegated':
      return {
        teamIds: leagueTable(matches, teamNames)
          .rows.slice(-bonusLimits.relegated)
          .map((row) => row.teamId)
          .sort((a, b) => a - b),
      };
    case 'jornada-leader':
      return {
        teamIds: leagueTable(matches, teamNames, week)
          .rows.slice(0, 1)
          .map((row) => row.teamId),
      };
    case 'jornada-goals':
      return { number: needed.reduce((sum, m) => sum + (m.scoreHome ?? 0) + (m.scoreAway ?? 0), 0) };
  }
}

/**
 * What an answer earns once its question is settled: the question's points for a right answer; for "relegated",
 * the points for each team right (0 to 3 times them); for the goals, the exact number only; for a free question,
 * an answer equal to one of the accepted texts (`normaliseText`).
 */
export function scoreAnswer(kind: BonusKind, points: number, correct: BonusCorrect, answer: BonusAnswer): number {
  switch (kind) {
    case 'relegated': {
      const right = new Set(correct.teamIds ?? []);
      return points * (answer.teamIds ?? []).filter((id) => right.has(id)).length;
    }
    case 'champion':
    case 'jornada-leader':
      return answer.teamIds?.[0] !== undefined && answer.teamIds[0] === correct.teamIds?.[0] ? points : 0;
    case 'jornada-goals':
      return answer.number !== undefined && answer.number === correct.number ? points : 0;
    case 'free': {
      const accepted = new Set((correct.texts ?? []).map(normaliseText));
      return answer.text !== undefined && accepted.has(normaliseText(answer.text)) ? points : 0;
    }
  }
}

/**
 * The last kick-off of the matches a template needs (a template closes before it, so that nobody answers once the
 * data can decide it); null when the competition has none of them.
 */
export function lastNeededKickoff(
  kind: BonusTemplate,
  weekNumber: number | null,
  fixtures: readonly { weekNumber: number; matchDate: Date }[],
): Date | null {
  const needed = fixtures.filter(neededBy(kind, weekNumber));
  if (needed.length === 0) return null;
  return new Date(Math.max(...needed.map((m) => m.matchDate.getTime())));
}
