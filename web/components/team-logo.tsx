import { DEFAULT_TEAM_LOGO } from '#contract/teams';
import type { SyntheticEvent } from 'react';

interface TeamLogoProps {
  name: string;
  logoUrl: string;
  size: number;
}

/** Falls back to the default ball when a logo file is missing, instead of a broken image. */
function showDefaultLogo(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_TEAM_LOGO)) image.src = DEFAULT_TEAM_LOGO;
}

export function TeamLogo({ name, logoUrl, size }: TeamLogoProps) {
  return (
    <img
      className="team-logo"
      src={logoUrl}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={showDefaultLogo}
    />
  );
}

interface TeamColumnProps {
  team: { name: string; logoUrl: string };
  size: number;
  /** The card's class: the column is its `__team`, the name its `__team-name` (match-card.css, …). */
  block: string;
}

/** A team as a match's card shows it on its side: the logo above the name. */
export function TeamColumn({ team, size, block }: TeamColumnProps) {
  return (
    <div className={`${block}__team`}>
      <TeamLogo name={team.name} logoUrl={team.logoUrl} size={size} />
      <span className={`${block}__team-name`}>{team.name}</span>
    </div>
  );
}
