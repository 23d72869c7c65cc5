// The small Node programs bench/vpn.mjs runs inside its network namespaces (`node -e`, CommonJS, no files): a
// machine tool's services on the LAN behind the box, and the engineer's side — a prober, a stream reader and a
// bulk sender. Each speaks in JSON lines on stdout, with Date.now() stamps the bench compares with its own (one
// machine, one clock).

/**
 * The machine tool: TCP 8193 answers a line naming it, then a numbered line every 5 ms while the connection lasts
 * (fine enough to time a cut to a few ms); TCP 5001 is a sink that counts what it receives until the sender ends,
 * answers the count and closes. Prints `{"ready":true}` once both listen.
 */
export const LAN_SERVICES = String.raw`
const net = require('node:net');
const name = process.argv[1];
let waiting = 2;
const listening = () => { if (--waiting === 0) process.stdout.write(JSON.stringify({ ready: true }) + '\n'); };
net.createServer((socket) => {
  socket.on('error', () => {});
  socket.setNoDelay(true);
  socket.write(name + '\n');
  let n = 0;
  const tick = setInterval(() => socket.write(name + ' ' + ++n + '\n'), 5);
  socket.on('close', () => clearInterval(tick));
}).listen(8193, '0.0.0.0', listening);
net.createServer((socket) => {
  let bytes = 0;
  socket.on('error', () => {});
  socket.on('data', (chunk) => (bytes += chunk.length));
  socket.on('end', () => socket.end(bytes + '\n'));
}).listen(5001, '0.0.0.0', listening);
`;

/**
 * Opens a new TCP connection to host:port every `every` ms (a dropped SYN is only retried after a second, so a
 * fresh attempt is what notices a rule going in) and prints `{"at": <ms>}` when the first byte of any arrives,
 * or `{"at": null}` after `giveUp` ms; `{"started": <ms>}` first. Exits after its answer.
 */
export const PROBE = String.raw`
const net = require('node:net');
const [host, port, every, giveUp] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3]), Number(process.argv[4])];
const say = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const sockets = new Set();
let done = false;
const finish = (at) => {
  if (done) return;
  done = true;
  say({ at });
  for (const socket of sockets) socket.destroy();
  process.exit(0);
};
const attempt = () => {
  const socket = net.connect({ host, port });
  sockets.add(socket);
  socket.on('data', () => finish(Date.now()));
  socket.on('error', () => sockets.delete(socket));
  socket.on('close', () => sockets.delete(socket));
};
say({ started: Date.now() });
attempt();
setInterval(attempt, every);
setTimeout(() => finish(null), giveUp);
`;

/** Holds one TCP connection to host:port open and prints `{"at": <ms>, "bytes": n}` for every chunk that arrives. */
export const STREAM = String.raw`
const net = require('node:net');
const socket = net.connect({ host: process.argv[1], port: Number(process.argv[2]) });
socket.on('data', (chunk) => process.stdout.write(JSON.stringify({ at: Date.now(), bytes: chunk.length }) + '\n'));
socket.on('error', () => {});
`;

/**
 * Sends 64 KiB writes to host:port as fast as the connection takes them for `seconds`, ends, waits for the sink's
 * count, and prints `{"sent", "received", "ms"}`: ms from connected to the count read (every byte delivered).
 */
export const SOURCE = String.raw`
const net = require('node:net');
const [host, port, seconds] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
const block = Buffer.alloc(64 * 1024, 120);
const socket = net.connect({ host, port });
let sent = 0, began = 0, answer = '';
socket.on('connect', () => {
  began = Date.now();
  const stopAt = began + seconds * 1000;
  const pump = () => {
    while (Date.now() < stopAt) {
      sent += block.length;
      if (!socket.write(block)) return socket.once('drain', pump);
    }
    socket.end();
  };
  pump();
});
socket.setEncoding('utf8');
socket.on('data', (data) => (answer += data));
socket.on('end', () => {
  process.stdout.write(JSON.stringify({ sent, received: Number(answer.trim()), ms: Date.now() - began }) + '\n');
  process.exit(0);
});
socket.on('error', (error) => { process.stdout.write(JSON.stringify({ error: error.message }) + '\n'); process.exit(1); });
`;
