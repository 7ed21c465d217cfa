import { spawn } from 'node:child_process';

export interface CommandOptions {
  input?: Uint8Array | string;
  timeoutMs: number;
}

export function runCommand(binary: string, args: string[], options: CommandOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    // Our own deadline rather than spawn's `timeout`, whose timer outlives a binary that never started.
    const deadline = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    const settle = () => clearTimeout(deadline);
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    // The process may exit before reading all input; its exit status carries the real error.
    child.stdin.on('error', () => undefined);
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('close', (code, signal) => {
      settle();
      if (code === 0) resolve(Buffer.concat(stdout));
      else if (signal)
        reject(new Error(`${binary} was stopped (${signal}) after ${options.timeoutMs} ms or by the system`));
      else reject(new Error(`${binary} exited with status ${code}: ${stderr.trim().slice(0, 500)}`));
    });
    child.stdin.end(options.input ?? '');
  });
}

export async function commandRuns(binary: string, args: string[]): Promise<boolean> {
  try {
    await runCommand(binary, args, { timeoutMs: 10_000 });
    return true;
  } catch {
    return false;
  }
}
