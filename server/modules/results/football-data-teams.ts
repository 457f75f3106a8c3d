/**
 * football-data.org names teams its own way ("Real Madrid CF", "Korea Republic", "Atlético Madrid" as a short name);
 * the app knows them by their openfootball names (`teams.source_name`). A name is matched to one of a competition's
 * teams by its words (accents, punctuation and the words every club carries dropped), equal or one set inside the
 * other, and only when exactly one team fits; a few national teams go by another name altogether. The unit test holds
 * every team of the shipped data to its football-data.org names.
 */

/** Words that tell no club apart: legal forms ("CF", "RCD"), articles, "Club", "Balompié". */
const FILLER = new Set([
  'fc', 'cf', 'cd', 'ud', 'rc', 'rcd', 'ca', 'sd', 'sad', 'afc', 'club', 'de', 'del', 'la', 'el', 'and',
  'balompie', 'futbol', 'football',
]);

/** National teams football-data.org calls otherwise than openfootball does (its name → openfootball's). */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  'Korea Republic': 'South Korea',
  Czechia: 'Czech Republic',
  'United States': 'USA',
  "Côte d'Ivoire": 'Ivory Coast',
  Türkiye: 'Turkey',
};

/** The words of a name that tell it apart. */
export function nameWords(name: string): Set<string> {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER.has(word));
  return new Set(words);
}

const within = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size > 0 && [...a].every((word) => b.has(word));

/**
 * Resolves football-data.org team names to the openfootball names of `teams` (one competition's): its `name` first,
 * then its `shortName`; null when none fits exactly one team.
 */
export function createTeamResolver(teams: Iterable<string>) {
  const known = [...teams].map((sourceName) => ({ sourceName, words: nameWords(sourceName) }));
  const one = (name: string): string | null => {
    const alias = OTHER_NAMES[name] ?? name;
    if (known.some((team) => team.sourceName === alias)) return alias;
    const words = nameWords(alias);
    const same = known.filter((team) => team.words.size === words.size && within(team.words, words));
    if (same.length === 1) return same[0]!.sourceName;
    const overlapping = known.filter((team) => within(team.words, words) || within(words, team.words));
    return overlapping.length === 1 ? overlapping[0]!.sourceName : null;
  };
  return (team: { name?: string | null; shortName?: string | null }): string | null => {
    for (const name of [team.name, team.shortName]) {
      const found = name ? one(name) : null;
      if (found) return found;
    }
    return null;
  };
}
