import type { BuiltServer } from '../scripts/built-server.mjs';
import type { PrivateMosquitto, PrivatePostgres } from '../scripts/private-services.mjs';

export const ADMIN_PASSWORD: string;

/** Several API nodes on loopback: one PostgreSQL, one Mosquitto, one shared DATA_DIR. */
export interface Cluster {
  pg: PrivatePostgres;
  mosquitto: PrivateMosquitto;
  /** The DATA_DIR every node shares (uploads, firmware, exports), as a network mount would be. */
  dataDir: string;
  nodes: BuiltServer[];
  /** What every node's environment holds; each node adds its own MQTT_CLIENT_ID (and PORT). */
  env: Record<string, string>;
  restartNode(i: number): Promise<BuiltServer>;
  stop(): Promise<void>;
}
export function startCluster(options?: { nodes?: number; env?: Record<string, string>; pg?: PrivatePostgres; mosquitto?: PrivateMosquitto }): Promise<Cluster>;
export function metric(node: BuiltServer, name: string, labels?: string): Promise<number>;
export function waitForShares(cluster: Cluster, timeoutMs?: number): Promise<void>;
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
export function envelope<T = unknown>(node: BuiltServer, token: string, method: string, url: string, body?: unknown): Promise<Envelope<T>>;
export function api<T = unknown>(node: BuiltServer, token: string, method: string, url: string, body?: unknown): Promise<T>;
export function login(node: BuiltServer, username?: string, password?: string): Promise<string>;
