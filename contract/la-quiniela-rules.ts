/**
 * "Modo La Quiniela"'s lines in the "Reglas" section and the create form (docs/decisions/082-modo-la-quiniela.md): a
 * module of its own, importing nothing, so that the screens that show them take no more of the contract with them.
 */
export const laQuinielaRuleLines = [
  'Cada jornada es un boleto de 15 partidos que elige el organizador: 1X2 en los 14 primeros.',
  'Un acierto por cada signo acertado; el Pleno al 15 (los goles de cada equipo: 0, 1, 2 o M) suma uno más solo con los 14 acertados.',
  'La tabla de cada boleto dice quién hizo 15, 14, 13, 12, 11 y 10 aciertos.',
];
