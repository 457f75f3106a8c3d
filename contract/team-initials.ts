// Words left out of a team's initials: "Celta de Vigo" → CVI, not CDV.
const MINOR_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y']);

/**
 * A team's three letters, TV-style: "Sevilla" → SEV, "Real Madrid" → RMA, "Real Sociedad" → RSO. The club badges
 * carry them (scripts/generate-club-badges.ts) and "La jornada en una tabla" heads its columns with them. A module of
 * its own, apart from teams.ts: only the table's screen needs it, not every first load.
 */
export function teamInitials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !MINOR_WORDS.has(word.toLowerCase()));
  const [first = '', second = ''] = words;
  let letters: string;
  if (words.length === 1) letters = first.slice(0, 3);
  else if (words.length === 2) letters = first.charAt(0) + second.slice(0, 2);
  else
    letters = words
      .map((word) => word.charAt(0))
      .join('')
      .slice(0, 3);
  return letters.toLocaleUpperCase('es');
}
