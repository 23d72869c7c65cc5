import type { Aedes } from 'aedes';
import client, { type Registry } from 'prom-client';

export interface BrokerMetrics {
  /** Refused box logins by reason: missing_credentials, client_id_mismatch, unknown_box, wrong_secret, scrapped. */
  authFailures: client.Counter<'reason'>;
}

/** The broker's Prometheus metrics on the server's /custom/api/metrics registry. */
export function brokerMetrics(aedes: Aedes, registry: Registry): BrokerMetrics {
  const authFailures = new client.Counter({
    name: 'mqtt_auth_failures_total',
    help: 'Refused MQTT logins by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'mqtt_connected_clients',
    help: 'Clients connected to the embedded MQTT broker',
    registers: [registry],
    collect() {
      this.set(aedes.connectedClients);
    },
  });
  return { authFailures };
}
