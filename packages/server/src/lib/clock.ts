/** The server's notion of now; tests move it to check expiries and lockouts without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
