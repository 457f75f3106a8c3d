import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JornadaTable as JornadaTableAnswer, JornadaTableRow } from '#contract/jornada-table';
import type { Team } from '#contract/teams';
import { stubFetch } from '../../../lib/test-fetch.ts';
import { predictionKeys } from '../api.ts';
import { JornadaTable } from './jornada-table.tsx';

const fetchMock = stubFetch();
afterEach(cleanup);

const poolId = 3;
const userId = 7;
const teams: Team[] = [
  { id: 1, name: 'Sevilla', logoUrl: '/logos/clubs/sevilla.svg', isActive: true, confederationId: null },
  { id: 2, name: 'Real Betis', logoUrl: '/logos/clubs/real-betis.svg', isActive: true, confederationId: null },
  { id: 3, name: 'Real Madrid', logoUrl: '/logos/clubs/real-madrid.svg', isActive: true, confederationId: null },
  { id: 4, name: 'Celta de Vigo', logoUrl: '/logos/clubs/celta-de-vigo.svg', isActive: true, confederationId: null },
];
const teamsById = new Map(teams.map((team) => [team.id, team]));

const finished = {
  id: 11,
  homeTeamId: 1,
  awayTeamId: 2,
  matchDate: '2026-11-29T11:00:00.000Z',
  status: 'finished',
  scoreHome: 2,
  scoreAway: 1,
  kickedOff: true,
} as const;
const upcoming = {
  id: 12,
  homeTeamId: 3,
  awayTeamId: 4,
  matchDate: '2026-11-30T20:00:00.000Z',
  status: 'scheduled',
  scoreHome: null,
  scoreAway: null,
  kickedOff: false,
} as const;

const pick = (matchId: number, prediction: 'home' | 'draw' | 'away', points: number | null, more: object = {}) => ({
  matchId,
  prediction,
  scoreHome: null,
  scoreAway: null,
  joker: false,
  points,
  ...more,
});
const ana: JornadaTableRow = {
  position: 1,
  userId: 5,
  username: 'Ana',
  points: 6,
  picks: [pick(11, 'home', 6, { joker: true })],
};
const beto: JornadaTableRow = { position: 2, userId: 6, username: 'Beto', points: 0, picks: [pick(11, 'away', 0)] };
const me: JornadaTableRow = { position: 2, userId, username: 'Yo', points: 0, picks: [] };

function answer(overrides: Partial<JornadaTableAnswer>): JornadaTableAnswer {
  return {
    poolId,
    weekNumber: 14,
    mode: 'outcome',
    joker: true,
    matches: [finished, upcoming],
    total: 3,
    offset: 0,
    rows: [ana, beto, me],
    own: me,
    ...overrides,
  };
}

function renderTable(first: JornadaTableAnswer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(predictionKeys.jornadaTable(poolId, 14), { pages: [first], pageParams: [0] });
  return render(
    <QueryClientProvider client={queryClient}>
      <JornadaTable poolId={poolId} userId={userId} weekNumber={14} label="Jornada 14" teamsById={teamsById} />
    </QueryClientProvider>,
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const cellOf = (name: string, column: number) => {
  const row = bodyRows().find((r) => within(r).getByRole('rowheader').textContent?.includes(name));
  if (!row) throw new Error(`no row of ${name}`);
  return within(row).getAllByRole('cell')[column]!;
};

describe('La jornada en una tabla', () => {
  it('is a real table: a caption, the matches as column headers, the players in the ranking’s order as row headers', () => {
    renderTable(answer({}));
    const table = screen.getByRole('table', { name: 'La jornada en una tabla: Jornada 14' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col']);
    expect(headers[1]?.textContent).toContain('Sevilla contra Real Betis');
    // Short codes (the badges' three letters) and the result under them.
    expect(headers[1]?.textContent).toContain('SEV');
    expect(headers[1]?.textContent).toContain('RBE');
    expect(within(headers[1]!).getByTestId('jornada-table-result').textContent).toBe('2-1');
    expect(headers[2]?.textContent).toContain('Real Madrid contra Celta de Vigo, Sin empezar');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => [header.getAttribute('scope'), header.textContent])).toEqual([
      ['row', '1. Ana'],
      ['row', '2. Beto'],
      ['row', '2. Yo (tú)'],
    ]);
    // The viewer's row is marked, not only tinted.
    expect(bodyRows().map((row) => row.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    expect(screen.getAllByTestId('jornada-table-points').map((cell) => cell.textContent)).toEqual(['6', '0', '0']);
  });

  it('marks each pick right or wrong in words as well as colour, with its points and the comodín', () => {
    renderTable(answer({}));
    const anas = cellOf('Ana', 0);
    expect(anas.getAttribute('data-mark')).toBe('hit');
    expect(anas.textContent).toBe('1★, Comodín✓ 6, Acierto, 6 puntos');
    const betos = cellOf('Beto', 0);
    expect(betos.getAttribute('data-mark')).toBe('miss');
    expect(betos.textContent).toBe('2✗ 0, Fallo, 0 puntos');
    expect(cellOf('Yo', 0).textContent).toBe('—Sin pronóstico');
    expect(screen.getByRole('list', { name: 'Leyenda' }).textContent).toContain('Comodín (puntos ×2)');
  });

  it('shows no pick of a match that has not started, even one the answer carried', () => {
    renderTable(answer({ rows: [{ ...ana, picks: [...ana.picks, pick(12, 'draw', null)] }, beto, me] }));
    for (const name of ['Ana', 'Beto', 'Yo']) {
      const cell = cellOf(name, 1);
      expect(cell.textContent).toBe('Oculto hasta el inicio');
      expect(cell.getAttribute('data-mark')).toBeNull();
    }
  });

  it('writes an exact-score pick as its score and marks the exact result apart', () => {
    renderTable(
      answer({
        mode: 'exactScore',
        joker: false,
        rows: [
          { ...ana, picks: [pick(11, 'home', 3, { scoreHome: 2, scoreAway: 1 })] },
          { ...beto, picks: [pick(11, 'home', 1, { scoreHome: 1, scoreAway: 0 })] },
        ],
        own: null,
        total: 2,
      }),
    );
    expect(cellOf('Ana', 0).textContent).toBe('2-1✓✓ 3, Resultado exacto, 3 puntos');
    expect(cellOf('Beto', 0).textContent).toBe('1-0✓ 1, Acierto, 1 punto');
    expect(screen.getByRole('list', { name: 'Leyenda' }).textContent).not.toContain('Comodín');
  });

  it('shows the first page with "Mostrar más", the viewer’s row on top until its page comes, and then the rest', async () => {
    const others = Array.from({ length: 50 }, (_, index): JornadaTableRow => ({
      position: 1,
      userId: 100 + index,
      username: `Socio ${index}`,
      points: 0,
      picks: [],
    }));
    const last: JornadaTableRow = { ...me, position: 1 };
    renderTable(answer({ rows: others, total: 51, own: last }));
    expect(bodyRows()).toHaveLength(51);
    expect(within(bodyRows()[0]!).getByRole('rowheader').textContent).toBe('1. Yo (tú)');
    expect(screen.getByText('50 de 51 jugadores')).toBeTruthy();

    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ data: answer({ rows: [last], total: 51, offset: 50, own: last }) }), {
          status: 200,
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más' }));
    await waitFor(() => expect(screen.getByText('51 de 51 jugadores')).toBeTruthy());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/predictions/pool/3/results/table?weekNumber=14&offset=50');
    // Listed once, in its place at the end, which takes the focus; no more to show.
    const rows = bodyRows();
    expect(rows).toHaveLength(51);
    expect(within(rows.at(-1)!).getByRole('rowheader').textContent).toBe('1. Yo (tú)');
    expect(document.activeElement).toBe(within(rows.at(-1)!).getByRole('rowheader'));
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).toBeNull();
  });
});
