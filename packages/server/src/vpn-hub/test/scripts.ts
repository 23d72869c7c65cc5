/**
 * Two small Node programs the namespace harness runs inside namespaces (`node -e`, CommonJS, no files needed):
 * a machine tool, and an agent that opens connections from where it runs. Plain JavaScript strings, because a
 * function's source after TypeScript's transform may call helpers that do not exist in a bare `node -e`.
 */

/**
 * A machine tool: TCP port 8193 (like a CNC's data port) answers a line naming the machine, then a numbered line
 * every 50 ms while the connection lasts; HTTP port 80 (like an HMI) a page naming it; UDP 8193 only listens.
 * It prints one line per thing that reached it (`tcp 10.9.0.2`, `http …`, `udp …`) and `ready` once listening.
 * It listens on the address given after its name (several machine tools then share one LAN namespace), else on all.
 */
export const MACHINE_SCRIPT = String.raw`
const net = require('node:net'), http = require('node:http'), dgram = require('node:dgram');
const name = process.argv[1];
const host = process.argv[2] || '0.0.0.0';
const say = (line) => process.stdout.write(line + '\n');
let waiting = 3;
const listening = () => { if (--waiting === 0) say('ready'); };
net.createServer((socket) => {
  say('tcp ' + socket.remoteAddress);
  socket.on('error', () => {});
  socket.write(name + '\n');
  let n = 0;
  const tick = setInterval(() => socket.write(name + ' ' + ++n + '\n'), 50);
  socket.on('close', () => clearInterval(tick));
}).listen(8193, host, listening);
http.createServer((req, res) => {
  say('http ' + req.socket.remoteAddress);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end('<h1>' + name + '</h1>\n');
}).listen(80, host, listening);
const udp = dgram.createSocket('udp4');
udp.on('message', (message, from) => say('udp ' + from.address));
udp.bind(8193, host, listening);
`;

/**
 * An agent that acts from its namespace on JSON commands, one a line on stdin, answering JSON lines on stdout
 * with the command's id: `tcp`/`http` (the first line or page, or null after `timeout` ms), `stream` (a TCP
 * connection kept open: each line it receives, with the time), `udp` (send a datagram to each of `hosts` every
 * `every` ms until `stop`), `close` (end a stream).
 */
export const AGENT_SCRIPT = String.raw`
const net = require('node:net'), http = require('node:http'), dgram = require('node:dgram'), readline = require('node:readline');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const open = new Map();
readline.createInterface({ input: process.stdin }).on('line', (text) => {
  const c = JSON.parse(text);
  if (c.op === 'tcp') {
    const socket = net.connect({ host: c.host, port: c.port });
    let done = false;
    const end = (line) => { if (done) return; done = true; socket.destroy(); send({ id: c.id, line }); };
    socket.setTimeout(c.timeout, () => end(null));
    socket.on('error', () => end(null));
    socket.on('data', (data) => end(String(data).split('\n')[0]));
  } else if (c.op === 'http') {
    let done = false;
    const end = (line) => { if (done) return; done = true; send({ id: c.id, line }); };
    const request = http.get({ host: c.host, port: c.port, path: '/', timeout: c.timeout, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (data) => (body += data));
      response.on('end', () => end(body.trim()));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => end(null));
  } else if (c.op === 'stream') {
    const socket = net.connect({ host: c.host, port: c.port });
    open.set(c.id, { stop: () => socket.destroy() });
    socket.setEncoding('utf8');
    let rest = '';
    socket.on('data', (data) => {
      const lines = (rest + data).split('\n');
      rest = lines.pop();
      for (const line of lines) send({ id: c.id, line, at: Date.now() });
    });
    socket.on('error', () => {});
  } else if (c.op === 'udp') {
    const socket = dgram.createSocket('udp4');
    let sent = 0;
    const timer = setInterval(() => { for (const host of c.hosts) { sent++; socket.send('x', c.port, host); } }, c.every);
    open.set(c.id, { stop: () => { clearInterval(timer); socket.close(); return sent; } });
    send({ id: c.id, line: 'sending' });
  } else if (c.op === 'stop') {
    const sent = open.get(c.target)?.stop();
    open.delete(c.target);
    send({ id: c.id, line: String(sent ?? '') });
  }
});
send({ id: 0, line: 'ready' });
`;
