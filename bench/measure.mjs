// Helpers the benchmarks share.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds a process has used so far (Linux /proc), or NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds used so far by every process whose command is `comm` (Linux /proc; e.g. 'postgres': the server's
 * backends, which are not our children), or NaN elsewhere. Processes that ended between two readings drop out,
 * so read it around a window in which they live (a pool's connections).
 */
export function cpuSecondsOf(comm) {
  let dirs;
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return Number.NaN;
  }
  let total = 0;
  for (const d of dirs) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== comm) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Keys sorted, so two bodies compare by content rather than by key order. */
export const canonical = (body) =>
  JSON.stringify(body, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y))) : v));

/**
 * One slice of load: autocannon on `url` for `seconds`, refusing errors and non-2xx answers; with a `sink`, adds
 * the slice's requests, seconds, latencies and the CPU time process `pid` spent on them.
 */
export async function measureSlice(autocannon, { url, connections, seconds, headers, pid, sink }) {
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on('response', (_client, _status, _bytes, ms) => sink?.latencies.push(ms));
  const cpu0 = cpuSeconds(pid);
  const r = await instance;
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  if (sink) {
    sink.requests += r.requests.total;
    sink.seconds += r.duration;
    sink.cpu += cpuSeconds(pid) - cpu0;
  }
}

/** A numeric command-line option `--name N`, or the fallback. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** A session token of `username` on the server at `url` (the login captcha off); throws with the answer otherwise. */
export async function loginToken(url, username, password) {
  const login = await fetch(`${url}/custom/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.json());
  if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.data.token;
}
