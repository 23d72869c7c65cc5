import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const err = (message: string, code?: string, cause?: unknown) => Object.assign(new Error(message, { cause }), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it('knows a database that is down, restarting, crashed or cut off, also wrapped by the ORM', () => {
    expect(isDatabaseUnavailable(err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(err('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(err('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(err('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(err('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(err('Failed query: select 1', undefined, err('read ECONNRESET', 'ECONNRESET')))).toBe(true);
  });

  it('leaves the errors of the request or the code alone', () => {
    expect(isDatabaseUnavailable(err('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(err('value too long', '22001'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
