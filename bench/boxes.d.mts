import type { Socket } from 'node:net';

export function secretOf(i: number): string;
export function gatewayOf(i: number): string;
export function rssMiB(pid: number): number;
export interface BenchDatabase {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}
export function benchDatabase(target: { dataDir?: string; url?: string }): Promise<BenchDatabase>;
export function freshDatabase(serverUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }>;
export function seedBoxes(target: string | { dataDir?: string; url?: string }, boxes: number, machines?: number): Promise<void>;
export function fanucMessage(n: number, machines?: number, values?: number, options?: { ts?: number; runstatus?: number }): Buffer;
export interface BoxConnection {
  socket: Socket;
  publish(topic: string, payload: Buffer | string): Promise<void>;
  close(): void;
}
export function connectBox(i: number, port: number, options?: { will?: boolean; keepalive?: number; onClose?: () => void }): Promise<BoxConnection>;
export interface PublishRun {
  acked: number;
  seconds: number;
}
export function publishFor(options: { port: number; boxes: number; seconds: number; window?: number; machines?: number; values?: number; first?: number }): Promise<PublishRun>;
