import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;

describe('the hub’s code', () => {
  it('imports only Node, contracts and its own files: it runs as a process of its own, without the server', () => {
    // test/ is the hub's tests' harness (a test server, boxes, the namespace lab): never built nor shipped with the hub
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`),
    );
    const foreign = files.flatMap((file) =>
      [...readFileSync(path.join(here, file), 'utf8').matchAll(/^(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)]
        .map((match) => match[1])
        .filter((spec) => !spec.startsWith('node:') && spec !== '@gw/contracts' && !(spec.startsWith('.') && path.resolve(here, path.dirname(file), spec).startsWith(here)))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(foreign).toEqual([]);
  });
});
