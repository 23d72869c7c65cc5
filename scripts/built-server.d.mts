export function freePort(): Promise<number>;
export interface BuiltServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  startMs: number;
  output(): string;
  kill(): Promise<void>;
  stop(options?: { keepData?: boolean }): Promise<{ code: number | null; ms: number }>;
}
export function startBuiltServer(options?: { env?: Record<string, string>; dataDir?: string; port?: number; nodeArgs?: string[]; healthyWithinMs?: number }): Promise<BuiltServer>;
