import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

// Reads /proc on Linux; elsewhere asks `ps`.
export async function processGroupRss(groupId: number): Promise<number> {
  try {
    return await procGroupRss(groupId);
  } catch {
    return psGroupRss(groupId);
  }
}

export async function processRss(pid: number): Promise<number> {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function procGroupRss(groupId: number): Promise<number> {
  // The kernel's children lists: a few small reads where scanning all of /proc costs the event loop hundreds.
  const tree = await processTree(groupId).catch(() => null);
  if (tree) return (await Promise.all(tree.map((pid) => processRss(pid)))).reduce((sum, rss) => sum + rss, 0);
  const entries = await readdir('/proc');
  let total = 0;
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (pid) => {
        try {
          const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
          // Fields after the command name (which may contain spaces): state ppid pgrp ...
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (Number(fields[2]) !== groupId) return;
          const status = await readFile(`/proc/${pid}/status`, 'utf8');
          const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
          total += kb ? Number(kb) * 1024 : 0;
        } catch {
          // The process ended while we looked.
        }
      }),
  );
  return total;
}

async function processTree(pid: number): Promise<number[] | null> {
  const threads = await readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(
    threads.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => null)),
  );
  if (lists.every((list) => list === null)) return null;
  const children = lists.flatMap((list) => (list ?? '').split(' ').filter(Boolean).map(Number));
  const below = await Promise.all(
    children.map((child) =>
      processTree(child).then(
        (tree) => tree ?? [child],
        () => [child],
      ),
    ),
  );
  return [pid, ...below.flat()];
}

function psGroupRss(groupId: number): Promise<number> {
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'rss=', '-g', String(groupId)], { timeout: 5000 }, (error, stdout) => {
      if (error) return resolve(0);
      resolve(stdout.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0) * 1024, 0));
    });
  });
}
