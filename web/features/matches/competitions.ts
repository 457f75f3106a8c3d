/** Display names of the competitions the app ships or the admin enters; any other key is shown as it is. */
const COMPETITION_LABELS: Record<string, string> = {
  'laliga-2026-27': 'LaLiga 2026/27',
  'worldcup-2026': 'Mundial 2026',
  manual: 'Partidos añadidos a mano',
};

export const competitionLabel = (key: string) => COMPETITION_LABELS[key] ?? key;
