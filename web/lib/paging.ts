/**
 * The offset of the next page of a list the server pages by offset (decision 078: "La jornada en una tabla", the
 * bonus questions' answers): after `count` rows from `offset` of `total`, or undefined when there is none.
 */
export const nextOffset = (offset: number, count: number, total: number): number | undefined =>
  count > 0 && offset + count < total ? offset + count : undefined;
