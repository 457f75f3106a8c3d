/*
 * What the match list asks the API for: start-up (web/main.tsx) asks for it
 * before any screen's code has loaded (the screens' routes: web/lib/paths.ts).
 */

export const MATCHES_PATH = '/api/matches';
export const TEAMS_PATH = '/api/teams';
