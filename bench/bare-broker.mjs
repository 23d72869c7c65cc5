// The bare baseline of the MQTT benchmarks: Aedes with its defaults on a TCP port, every login accepted, no
// database; `data/+/v1` taken by an in-process subscriber that does nothing (a pass-through: what the
// broker costs without the platform's ingest). Prints "ready" once listening.  node bench/bare-broker.mjs <port>
import net from 'node:net';
import { Aedes } from 'aedes';

const aedes = await Aedes.createBroker();
aedes.subscribe('data/+/v1', (_packet, done) => done(), () => undefined);
const server = net.createServer(aedes.handle);
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => aedes.close(() => server.close(() => process.exit(0))));
