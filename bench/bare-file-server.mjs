// The bare baseline of bench/rollout.mjs: a plain node:http static file server answering every GET with one file
// (whatever the path and query), streamed from disk with its length. Prints "ready" once listening.
//   node bench/bare-file-server.mjs <port> <file>
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const size = statSync(file).size;
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
  createReadStream(file).pipe(res);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
