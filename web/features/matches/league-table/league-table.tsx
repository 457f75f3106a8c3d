import { useMemo } from 'react';
import { leagueTableMessages, type LeagueTable as LeagueTableData, type LeagueTableRow } from '#contract/league-table';
import type { Team } from '#contract/teams';
import { TeamLogo } from '../../../components/team-logo.tsx';
import { describeTeam } from '../../teams/api.ts';
import '../../../components/visually-hidden.css';
import './league-table.css';

/** A column: its short heading on screen, its whole name for screen readers; `narrow` ones leave a phone's layout. */
interface Column {
  short: string;
  long: string;
  value: (row: LeagueTableRow) => number;
  narrow?: 'hidden';
}

const COLUMNS: readonly Column[] = [
  { short: 'PJ', long: 'Partidos jugados', value: (row) => row.played },
  { short: 'G', long: 'Ganados', value: (row) => row.won },
  { short: 'E', long: 'Empatados', value: (row) => row.drawn },
  { short: 'P', long: 'Perdidos', value: (row) => row.lost },
  { short: 'GF', long: 'Goles a favor', value: (row) => row.goalsFor, narrow: 'hidden' },
  { short: 'GC', long: 'Goles en contra', value: (row) => row.goalsAgainst, narrow: 'hidden' },
  { short: 'DG', long: 'Diferencia de goles', value: (row) => row.goalDifference },
  { short: 'Pts', long: 'Puntos', value: (row) => row.points },
];

const cellClass = (column: Column) =>
  `league-table__number${column.narrow === 'hidden' ? ' league-table__wide-only' : ''}`;

/** "+3", "0", "−2": a goal difference reads as one. */
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

/** Heading text: the abbreviation on screen, the whole word read out. */
function Heading({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{long}</span>
    </>
  );
}

/**
 * A league's table: place, team (logo and name), PJ, G, E, P, GF and GC (only where there is room; a screen reader
 * reads them everywhere), DG and points, under a caption saying which results it counts.
 */
export function LeagueTable({ table, teams }: { table: LeagueTableData; teams: readonly Team[] }) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  const lastRound = table.lastWeekCounted === null ? null : `Jornada ${table.lastWeekCounted}`;
  return (
    // Focusable so keyboard users can scroll the table (axe: scrollable-region-focusable), as the match list is.
    <section className="league-table__region" aria-label={leagueTableMessages.regionLabel} tabIndex={0}>
      <table className="league-table" data-testid="league-table">
        {/* The toolbar's title may be cut short on a phone: the competition is named here too. */}
        <caption className="league-table__caption">
          <strong className="league-table__competition">{table.displayName}</strong>
          {leagueTableMessages.countedFrom(table.matchesCounted, lastRound)}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="league-table__position">
              <Heading short="#" long="Posición" />
            </th>
            <th scope="col" className="league-table__team">
              Equipo
            </th>
            {COLUMNS.map((column) => (
              <th key={column.short} scope="col" className={cellClass(column)}>
                <Heading short={column.short} long={column.long} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => {
            const team = describeTeam(teamsById, row.teamId);
            return (
              <tr key={row.teamId} data-testid="league-table-row">
                <td className="league-table__position">{row.position}</td>
                <th scope="row" className="league-table__team">
                  <span className="league-table__team-cell">
                    {/* The name beside it says who it is: the logo is not read out a second time. */}
                    <TeamLogo name="" logoUrl={team.logoUrl} size={24} />
                    <span className="league-table__team-name">{team.name}</span>
                  </span>
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.short} className={cellClass(column)}>
                    {column.short === 'DG' ? signed(column.value(row)) : column.value(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="league-table__note">{leagueTableMessages.tieBreaks}</p>
    </section>
  );
}
