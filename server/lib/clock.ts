/** The server's notion of "now", injected so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
