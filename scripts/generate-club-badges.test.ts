import { describe, expect, it } from 'vitest';
import clubs from '../server/db/seed/data/clubs-es-laliga-2026-27.json' with { type: 'json' };
import { teamInitials } from '#contract/team-initials';
import { clubBadgeSvg, clubColour } from './generate-club-badges.ts';

/** WCAG contrast ratio of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const linear = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  return 1.05 / (luminance + 0.05);
}

describe('club badges', () => {
  it('abbreviate names TV-style, distinctly for every LaLiga club', () => {
    expect(teamInitials('Sevilla')).toBe('SEV');
    expect(teamInitials('Real Madrid')).toBe('RMA');
    expect(teamInitials('Celta de Vigo')).toBe('CVI');
    expect(teamInitials('Málaga')).toBe('MÁL');
    const initials = Object.values(clubs).map((club) => teamInitials(club.shortNameEs));
    expect(new Set(initials).size).toBe(20);
  });

  it('use a stable colour on which white text is readable (WCAG AA)', () => {
    expect(clubColour('Sevilla FC')).toBe(clubColour('Sevilla FC'));
    for (const name of Object.keys(clubs)) {
      expect(contrastWithWhite(clubColour(name)), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are sized, titled and escaped SVG', () => {
    const svg = clubBadgeSvg('Club <Test> & "Co"', 'Test');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64" width="64" height="64" role="img">/);
    expect(svg).toContain('<title>Club &#60;Test&#62; &#38; &#34;Co&#34;</title>');
    expect(svg).toContain('>TES</text>');
  });
});
