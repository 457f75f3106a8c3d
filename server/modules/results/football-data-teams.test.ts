import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTeamResolver } from './football-data-teams.ts';

const shipped = (file: string) =>
  Object.keys(JSON.parse(readFileSync(new URL(`../../db/seed/data/${file}`, import.meta.url), 'utf8')) as object);

/**
 * Every team of the shipped data, by the names football-data.org may give it: its `name` first (the club's full name,
 * as its v4 answers write it), then the other spellings seen for it, then its `shortName`.
 */
const FOOTBALL_DATA_NAMES: Readonly<Record<string, readonly string[]>> = {
  // LaLiga 2026/27
  'Athletic Club': ['Athletic Club', 'Athletic Bilbao', 'Athletic'],
  'CA Osasuna': ['CA Osasuna', 'Osasuna'],
  'Club Atlético de Madrid': ['Club Atlético de Madrid', 'Atlético Madrid', 'Atlético de Madrid'],
  'Deportivo Alavés': ['Deportivo Alavés', 'Alavés'],
  'Elche CF': ['Elche CF', 'Elche'],
  'FC Barcelona': ['FC Barcelona', 'Barcelona'],
  'Getafe CF': ['Getafe CF', 'Getafe'],
  'Levante UD': ['Levante UD', 'Levante'],
  'Málaga CF': ['Málaga CF', 'Malaga CF', 'Málaga'],
  'RC Celta de Vigo': ['RC Celta de Vigo', 'Celta Vigo', 'Celta'],
  'RC Deportivo La Coruña': ['RC Deportivo La Coruña', 'Deportivo La Coruña', 'Deportivo La Coruna'],
  'RCD Espanyol de Barcelona': ['RCD Espanyol de Barcelona', 'Espanyol'],
  'Rayo Vallecano de Madrid': ['Rayo Vallecano de Madrid', 'Rayo Vallecano'],
  'Real Betis Balompié': ['Real Betis Balompié', 'Real Betis'],
  'Real Madrid CF': ['Real Madrid CF', 'Real Madrid'],
  'Real Racing Club de Santander': ['Real Racing Club de Santander', 'Racing Santander', 'Racing de Santander'],
  'Real Sociedad de Fútbol': ['Real Sociedad de Fútbol', 'Real Sociedad'],
  'Sevilla FC': ['Sevilla FC', 'Sevilla'],
  'Valencia CF': ['Valencia CF', 'Valencia'],
  'Villarreal CF': ['Villarreal CF', 'Villarreal'],
  // World Cup 2026
  Mexico: ['Mexico'],
  'South Africa': ['South Africa'],
  'South Korea': ['Korea Republic', 'South Korea'],
  'Czech Republic': ['Czechia', 'Czech Republic'],
  Canada: ['Canada'],
  'Bosnia & Herzegovina': ['Bosnia-Herzegovina', 'Bosnia and Herzegovina'],
  Qatar: ['Qatar'],
  Switzerland: ['Switzerland'],
  Brazil: ['Brazil'],
  Morocco: ['Morocco'],
  Haiti: ['Haiti'],
  Scotland: ['Scotland'],
  USA: ['United States', 'USA'],
  Paraguay: ['Paraguay'],
  Australia: ['Australia'],
  Turkey: ['Turkey', 'Türkiye'],
  Germany: ['Germany'],
  Curaçao: ['Curaçao', 'Curacao'],
  'Ivory Coast': ['Ivory Coast', "Côte d'Ivoire"],
  Ecuador: ['Ecuador'],
  Netherlands: ['Netherlands'],
  Japan: ['Japan'],
  Sweden: ['Sweden'],
  Tunisia: ['Tunisia'],
  Belgium: ['Belgium'],
  Egypt: ['Egypt'],
  Iran: ['Iran', 'IR Iran'],
  'New Zealand': ['New Zealand'],
  Spain: ['Spain'],
  'Cape Verde': ['Cape Verde Islands', 'Cape Verde'],
  'Saudi Arabia': ['Saudi Arabia'],
  Uruguay: ['Uruguay'],
  France: ['France'],
  Senegal: ['Senegal'],
  Iraq: ['Iraq'],
  Norway: ['Norway'],
  Argentina: ['Argentina'],
  Algeria: ['Algeria'],
  Austria: ['Austria'],
  Jordan: ['Jordan'],
  Portugal: ['Portugal'],
  'DR Congo': ['Congo DR', 'DR Congo'],
  Uzbekistan: ['Uzbekistan'],
  Colombia: ['Colombia'],
  England: ['England'],
  Croatia: ['Croatia'],
  Ghana: ['Ghana'],
  Panama: ['Panama'],
};

const clubs = shipped('clubs-es-laliga-2026-27.json');
const nations = shipped('teams-es.json');

describe("football-data.org's team names", () => {
  it('name every team of the shipped data, in the competition it plays', () => {
    expect(Object.keys(FOOTBALL_DATA_NAMES).sort()).toEqual([...clubs, ...nations].sort());
    for (const teams of [clubs, nations]) {
      const resolve = createTeamResolver(teams);
      for (const team of teams) {
        for (const name of FOOTBALL_DATA_NAMES[team]!) expect(resolve({ name }), name).toBe(team);
      }
    }
  });

  it('fall back on the short name, and resolve nothing that fits no team or more than one', () => {
    const resolve = createTeamResolver(clubs);
    expect(resolve({ name: 'Club Atletico de Madrid SAD', shortName: 'Atleti' })).toBe('Club Atlético de Madrid');
    expect(resolve({ name: 'R. Racing Club', shortName: 'Racing' })).toBe('Real Racing Club de Santander');
    expect(resolve({ name: 'Real Oviedo', shortName: 'Oviedo' })).toBeNull();
    // "Madrid" is three clubs; "Deportivo" two.
    expect(resolve({ name: 'Madrid' })).toBeNull();
    expect(resolve({ name: 'Deportivo' })).toBeNull();
    expect(resolve({ name: null, shortName: null })).toBeNull();
    expect(createTeamResolver(nations)({ name: 'South' })).toBeNull();
  });
});
