/**
 * Generated club badges. Real crests are trademarks that no open licence covers, so each club gets a
 * plain shield in a colour derived from its name, with a three-letter abbreviation.
 *
 * Regenerate with: node --import tsx scripts/generate-club-badges.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { teamInitials } from '#contract/team-initials';
import { clubSlug, clubTeamRows } from '#server/db/seed/teams-data';

/** Badge colour: a hue from the name's FNV-1a hash, dark enough for white text (≥ 4.5:1). */
export function clubColour(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hslToHex(hash % 360, 0.6, 0.3);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);
}

/** The badge SVG of a club: `name` is its full name (the accessible title), `shortName` gives the letters. */
export function clubBadgeSvg(name: string, shortName: string): string {
  const colour = clubColour(name);
  const initials = escapeXml(teamInitials(shortName));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">',
    `  <title>${escapeXml(name)}</title>`,
    `  <path d="M32 3 L58 11 V30 C58 45 47 55 32 61 C17 55 6 45 6 30 V11 Z" fill="${colour}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"/>`,
    `  <text x="32" y="33" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="18" font-weight="700" text-anchor="middle" dominant-baseline="middle">${initials}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clubsFile = new URL('../server/db/seed/data/clubs-es-laliga-2026-27.json', import.meta.url);
  const outDir = new URL('../web/public/logos/clubs/', import.meta.url);
  mkdirSync(outDir, { recursive: true });
  for (const club of clubTeamRows(JSON.parse(readFileSync(clubsFile, 'utf8')))) {
    const file = new URL(`${clubSlug(club.name)}.svg`, outDir);
    writeFileSync(file, clubBadgeSvg(club.sourceName, club.name));
    console.log(`${file.pathname}`);
  }
}
