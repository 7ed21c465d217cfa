import type { ChildProcess } from 'node:child_process';

export interface ClusterProcess {
  child: ChildProcess;
  dataDir: string;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export interface S3Server {
  env: Record<string, string>;
  objectKeys: () => string[];
  close: () => Promise<void>;
}

export interface Cluster {
  api: ClusterProcess;
  workers: ClusterProcess[];
  databaseUrl: string;
  startWorker: (dataDir?: string) => Promise<ClusterProcess>;
  dataDirs: () => string[];
  setPlan: (userId: string, plan: 'free' | 'pro' | 'premium') => Promise<void>;
  stop: () => Promise<void>;
}

export interface ApiClient {
  call: (
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; expect?: number[] },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many routes: each test reads what it asserts
  ) => Promise<{ status: number; body: any }>;
  register: () => Promise<{ token: string; id: string }>;
  upload: (token: string, pdf: Buffer, name: string) => Promise<{ id: string; status: string }>;
  book: (token: string, id: string) => Promise<{ id: string; status: string; error: string | null }>;
}

export function startS3Server(): Promise<S3Server>;
export function filesUnder(dir: string): string[];
export function freePort(): Promise<number>;
export function startCluster(options: {
  databaseUrl: string;
  redisUrl: string;
  storageEnv?: Record<string, string>;
  workers?: number;
  sharedDataDir?: boolean;
  env?: Record<string, string>;
}): Promise<Cluster>;
export function bookPdf(seed: number, chapters?: number, pagesPerChapter?: number): Promise<Buffer>;
export function apiClient(baseUrl: string): ApiClient;
