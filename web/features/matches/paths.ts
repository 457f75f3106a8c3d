/** The match list's API paths: also asked for by web/boot.ts, which must not load the rest of this feature. */
export const MATCHES_PATH = '/api/matches';
export const TEAMS_PATH = '/api/teams';
