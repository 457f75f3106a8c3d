import {
  FOOTBALL_DATA_SOURCE,
  type FeedSource,
  type ImportResultsSummary,
  type ResultsSource,
} from '#contract/index';
import type { MatchesRepository } from '../matches/matches.repository.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import type { FootballDataClient } from './football-data-client.ts';
import { FOOTBALL_DATA_COMPETITIONS, parseFootballData } from './football-data.ts';
import { importWithChanges, mergeSummaries } from './import-changes.ts';
import { COMPETITION_BY_NAME, competitionOf, type CompetitionKey } from './openfootball.ts';
import { readPublicUrl } from './public-url-source.ts';
import type { ResultsImporter } from './results-importer.ts';
import type { ResultsSourceSetting } from './results-source-setting.ts';
import { readResultsSource } from './results-source.ts';

/**
 * One place results are read from at every pull: the results source (openfootball's files, a file or a URL) and
 * football-data.org when it is configured. Each pull of a feed is recorded on its own, as `source`.
 */
export interface Feed {
  /** What its pulls are recorded as (`import_jobs.source`): "openfootball", "football-data", the file or URL. */
  source: string;
  /** Its changes' source in a match's history, and which feed's word wins (import-precedence.ts). */
  feed: FeedSource;
  /** What people read it as ("openfootball", "football-data.org"): `feedLabel(source)` unless it says otherwise. */
  label?: string;
  /** The competitions it may bring: the poller follows their fixtures. */
  competitions: CompetitionKey[];
  /** Reads everything first, then imports it: a feed that cannot be read changes nothing. */
  pull(): Promise<ImportResultsSummary>;
}

interface Deps {
  setting: Pick<ResultsSourceSetting, 'current'>;
  importer: Pick<ResultsImporter, 'importFile' | 'importReports'>;
  matches: Pick<MatchesRepository, 'listByCompetition'>;
  teams: Pick<TeamsRepository, 'idsBySourceName'>;
  /**
   * football-data.org and the competitions' codes to read there; null without FOOTBALL_DATA_TOKEN. `label`: what it is
   * called when it is not football-data.org itself (a demo's replay of it).
   */
  footballData: { client: Pick<FootballDataClient, 'get'>; codes: readonly string[]; label?: string | undefined } | null;
}

const EVERY_COMPETITION = [...new Set(Object.values(COMPETITION_BY_NAME))];

export function createResultsFeeds({ setting, importer, matches, teams, footballData }: Deps) {
  /** The results source's feed: openfootball files, each of a competition the file names. */
  const sourceFeed = (source: ResultsSource & { location: string }): Feed => {
    const feed: FeedSource = source.kind === 'openfootball' ? 'openfootball' : 'import';
    // A URL an admin chose is read as their imports are (public addresses only, checked at every connection); what
    // the operator named (RESULTS_SOURCE, OPENFOOTBALL_BASE_URL) is read as it is.
    const read = source.setBy === 'admin' && source.kind === 'url' ? readPublicUrl : readResultsSource;
    return {
      source: source.location,
      feed,
      // openfootball's files are the shipped competitions'; another file is of one of them too, or is refused.
      competitions: EVERY_COMPETITION,
      async pull() {
        const files = await Promise.all(source.files.map(async (file) => ({ file, data: await read(file) })));
        const competitions = files.map(({ data }) => competitionOf(data));
        const summaries = [];
        for (const [index, { file, data }] of files.entries()) {
          summaries.push(
            await importWithChanges(matches, competitions[index]!, () => importer.importFile(data, file, { feed })),
          );
        }
        return mergeSummaries(source.location, summaries);
      },
    };
  };

  /** football-data.org: each competition's matches of its season, joined to the stored ones. */
  const footballDataFeed = ({ client, codes, label }: NonNullable<Deps['footballData']>): Feed => ({
    source: FOOTBALL_DATA_SOURCE,
    feed: 'football-data',
    ...(label === undefined ? {} : { label }),
    competitions: codes.map((code) => FOOTBALL_DATA_COMPETITIONS[code]!.competition),
    async pull() {
      const answers = [];
      for (const code of codes) {
        const { competition, season } = FOOTBALL_DATA_COMPETITIONS[code]!;
        answers.push({ competition, answer: await client.get(`/competitions/${code}/matches?season=${season}`) });
      }
      const names = new Map([...(await teams.idsBySourceName())].map(([name, id]) => [id, name]));
      const summaries = [];
      for (const { competition, answer } of answers) {
        const stored = await matches.listByCompetition(competition);
        const playing = stored.flatMap((m) => [names.get(m.homeTeamId), names.get(m.awayTeamId)]);
        const parsed = parseFootballData(
          answer,
          competition,
          new Set(playing.filter((name): name is string => name !== undefined)),
        );
        summaries.push(
          await importWithChanges(matches, competition, () =>
            importer.importReports({ competition, ...parsed }, FOOTBALL_DATA_SOURCE, { feed: 'football-data' }),
          ),
        );
      }
      return mergeSummaries(FOOTBALL_DATA_SOURCE, summaries);
    },
  });

  return {
    /** The feeds of this moment: the source chosen now (none: no feed) and football-data.org when configured. */
    async current(): Promise<Feed[]> {
      const source = await setting.current();
      return [
        ...(source.location === null ? [] : [sourceFeed({ ...source, location: source.location })]),
        ...(footballData ? [footballDataFeed(footballData)] : []),
      ];
    },
  };
}

export type ResultsFeeds = ReturnType<typeof createResultsFeeds>;
