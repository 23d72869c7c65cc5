export function accepting(port: number): Promise<boolean>;
export interface PrivatePostgres {
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  restart(options?: { downMs?: number }): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}
export function startPostgres(options?: { port?: number }): Promise<PrivatePostgres>;
export interface PrivateMosquitto {
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}
export function startPrivateMosquitto(options?: { port?: number; extra?: string[] }): Promise<PrivateMosquitto>;
