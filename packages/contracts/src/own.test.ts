import { describe, expect, it } from 'vitest';
import { own } from './own.js';

describe('own', () => {
  const record: Record<string, number> = { name: 1, created_at: 2 };

  it('finds declared entries', () => {
    expect(own(record, 'name')).toBe(1);
  });

  it('finds nothing for names that only the prototype has', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) expect(own(record, key)).toBeUndefined();
  });
});
