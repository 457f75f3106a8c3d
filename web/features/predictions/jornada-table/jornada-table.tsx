import { useInfiniteQuery } from '@tanstack/react-query';
import { lockClosedOutline } from 'ionicons/icons';
import { useEffect, useId, useRef } from 'react';
import {
  JOKER_SYMBOL,
  jornadaTableMessages as texts,
  pickCode,
  pickMark,
  pickMarkSymbols,
  type JornadaTableMatch,
  type JornadaTableRow,
  type TablePick,
} from '#contract/jornada-table';
import { plenoBucketLabel } from '#contract/la-quiniela';
import { teamInitials } from '#contract/team-initials';
import type { Team } from '#contract/teams';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { MoreButton } from '../../../components/more-button.tsx';
import { describeTeam } from '../../teams/api.ts';
import { jornadaTableQueries } from './api.ts';
import '../../../components/outline-button.css';
import '../../../components/visually-hidden.css';
import './jornada-table.css';

interface JornadaTableProps {
  poolId: number;
  userId: number;
  weekNumber: number;
  /** The jornada's name ("Jornada 14"). */
  label: string;
  teamsById: ReadonlyMap<number, Team>;
}

/**
 * "La jornada en una tabla": the players (rows, in the general ranking's order) against the jornada's matches
 * (columns), each cell a pick marked right or wrong with its points; a match still to start shows a lock and no
 * pick (the server sends none). The players come from the server a page at a time ("Mostrar más"); the caller's
 * own row is on top until its page arrives.
 */
export function JornadaTable({ poolId, userId, weekNumber, label, teamsById }: JornadaTableProps) {
  const table = useInfiniteQuery(jornadaTableQueries.table(poolId, userId, weekNumber));
  const captionId = useId();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  /** The first row "Mostrar más" added, focused once it is rendered (a keyboard or screen reader user goes on there). */
  const focusRow = useRef<number | null>(null);
  const rows = dedupe(table.data?.pages.flatMap((page) => page.rows) ?? []);

  useEffect(() => {
    if (focusRow.current === null || focusRow.current >= rows.length) return;
    bodyRef.current?.querySelectorAll<HTMLElement>('tr > th')[focusRow.current]?.focus();
    focusRow.current = null;
  }, [rows.length]);

  if (table.isPending) return <LoadingState text={texts.loading} />;
  if (table.isError && !table.data)
    return <ErrorState text={texts.loadFailed} error={table.error} onRetry={table.refetch} />;
  const pages = table.data.pages;
  const { matches, total, mode, joker } = pages[0]!;
  // A La Quiniela pool's cells: the Pleno's buckets (M-1), an acierto or not (no exact score).
  const boleto = mode === 'laQuiniela';
  const own = pages.at(-1)!.own;
  const ownPinned = own !== null && !rows.some((row) => row.userId === userId);
  if (total === 0) return <p className="jornada-table__message">{texts.empty}</p>;

  const showMore = () => {
    focusRow.current = rows.length;
    void table.fetchNextPage();
  };
  return (
    <div className="jornada-table" data-testid="jornada-table">
      {/* Focusable, so a keyboard scrolls it sideways; the page itself never does. */}
      <div className="jornada-table__scroller" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="jornada-table__table">
          <caption id={captionId} className="jornada-table__caption">
            <span className="jornada-table__caption-text">{texts.caption(label)}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="jornada-table__name">
                {texts.player}
              </th>
              {matches.map((match) => (
                <MatchHeader key={match.id} match={match} teamsById={teamsById} />
              ))}
              <th scope="col" className="jornada-table__total">
                {texts.total}
              </th>
            </tr>
          </thead>
          {ownPinned && (
            <tbody className="jornada-table__pinned">
              <PlayerRow row={own} matches={matches} own boleto={boleto} />
            </tbody>
          )}
          <tbody ref={bodyRef}>
            {rows.map((row) => (
              <PlayerRow key={row.userId} row={row} matches={matches} own={row.userId === userId} boleto={boleto} />
            ))}
          </tbody>
        </table>
      </div>
      <Legend exact={mode === 'exactScore'} joker={joker} />
      <p className="jornada-table__count" aria-live="polite">
        {texts.shown(rows.length, total)}
      </p>
      {table.isFetchNextPageError && <p className="jornada-table__message">{texts.loadMoreFailed}</p>}
      {table.hasNextPage && (
        <MoreButton label={texts.more} pending={table.isFetchingNextPage} onClick={showMore} testId="jornada-table-more" />
      )}
    </div>
  );
}

/** A player moved between two pages (a result came in between): listed once, where first seen. */
function dedupe(rows: readonly JornadaTableRow[]): JornadaTableRow[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.userId) && seen.add(row.userId));
}

function MatchHeader({ match, teamsById }: { match: JornadaTableMatch; teamsById: ReadonlyMap<number, Team> }) {
  const home = describeTeam(teamsById, match.homeTeamId);
  const away = describeTeam(teamsById, match.awayTeamId);
  const score = match.scoreHome !== null && match.scoreAway !== null ? `${match.scoreHome}-${match.scoreAway}` : null;
  const state = !match.kickedOff
    ? null
    : match.status === 'finished'
      ? null
      : match.status === 'live'
        ? texts.live
        : texts.startedWithoutResult;
  return (
    <th scope="col" className="jornada-table__match" data-match-id={match.id} title={`${home.name} – ${away.name}`}>
      <span className="visually-hidden">
        {home.name} contra {away.name}
        {!match.kickedOff && `, ${texts.notStarted}`}
      </span>
      {[home, away].map((team, index) => (
        <span key={index} className="jornada-table__team" aria-hidden="true">
          <img src={team.logoUrl} alt="" width={16} height={16} loading="lazy" decoding="async" />
          {teamInitials(team.name)}
        </span>
      ))}
      <span className="jornada-table__result" data-testid="jornada-table-result">
        {match.kickedOff ? (
          <>
            {score && <strong>{score}</strong>}
            {state && <span className="jornada-table__state">{state}</span>}
          </>
        ) : (
          <Icon src={lockClosedOutline} />
        )}
      </span>
    </th>
  );
}

function PlayerRow({
  row,
  matches,
  own,
  boleto,
}: {
  row: JornadaTableRow;
  matches: readonly JornadaTableMatch[];
  own: boolean;
  boleto: boolean;
}) {
  const picks = new Map(row.picks.map((pick) => [pick.matchId, pick]));
  return (
    <tr
      className={own ? 'jornada-table__own' : undefined}
      aria-current={own ? 'true' : undefined}
      data-user-id={row.userId}
    >
      <th scope="row" className="jornada-table__name" tabIndex={-1}>
        <span className="jornada-table__position">{row.position}.</span> {row.username}
        {own && <span className="jornada-table__you"> {texts.you}</span>}
      </th>
      {matches.map((match) => (
        <PickCell key={match.id} match={match} pick={picks.get(match.id)} boleto={boleto} />
      ))}
      <td className="jornada-table__total" data-testid="jornada-table-points">
        {row.points}
      </td>
    </tr>
  );
}

function PickCell({ match, pick, boleto }: { match: JornadaTableMatch; pick: TablePick | undefined; boleto: boolean }) {
  if (!match.kickedOff) {
    return (
      <td className="jornada-table__cell jornada-table__cell--locked">
        <Icon src={lockClosedOutline} />
        <span className="visually-hidden">{texts.hidden}</span>
      </td>
    );
  }
  if (!pick) {
    return (
      <td className="jornada-table__cell">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{texts.noPick}</span>
      </td>
    );
  }
  const mark = pickMark(pick, match, !boleto);
  return (
    <td className={`jornada-table__cell${mark ? ` jornada-table__cell--${mark}` : ''}`} data-mark={mark ?? undefined}>
      <strong className="jornada-table__pick">{pickCode(pick, boleto ? plenoBucketLabel : String)}</strong>
      {pick.joker && (
        <span className="jornada-table__joker">
          <span aria-hidden="true">{JOKER_SYMBOL}</span>
          <span className="visually-hidden">, {texts.joker}</span>
        </span>
      )}
      {mark && (
        <span className="jornada-table__mark">
          <span aria-hidden="true">
            {pickMarkSymbols[mark]} {pick.points}
          </span>
          <span className="visually-hidden">
            , {texts.marks[mark]}, {texts.points(pick.points ?? 0)}
          </span>
        </span>
      )}
    </td>
  );
}

function Legend({ exact, joker }: { exact: boolean; joker: boolean }) {
  const marks = exact ? (['exact', 'hit', 'miss'] as const) : (['hit', 'miss'] as const);
  return (
    <ul className="jornada-table__legend" aria-label={texts.legendTitle}>
      {marks.map((mark) => (
        <li key={mark}>
          <span className={`jornada-table__swatch jornada-table__cell--${mark}`} aria-hidden="true">
            {pickMarkSymbols[mark]}
          </span>{' '}
          {texts.marks[mark]}
        </li>
      ))}
      {joker && (
        <li>
          <span className="jornada-table__swatch" aria-hidden="true">
            {JOKER_SYMBOL}
          </span>{' '}
          {texts.legendJoker}
        </li>
      )}
      <li>
        <span className="jornada-table__swatch" aria-hidden="true">
          <Icon src={lockClosedOutline} />
        </span>{' '}
        {texts.legendHidden}
      </li>
    </ul>
  );
}
