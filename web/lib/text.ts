/** Text as searches compare it (and file names are made from it): lower case, without accents. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
