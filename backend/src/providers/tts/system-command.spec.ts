import { runCommand } from './system-command.js';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe(runCommand.name, () => {
  it("answers the command's output", async () => {
    expect((await runCommand('cat', [], { input: 'pages', timeoutMs: 10_000 })).toString()).toBe('pages');
  });

  it('stops a command that outlives its deadline and says so', async () => {
    await expect(runCommand('sleep', ['5'], { timeoutMs: 200 })).rejects.toThrow(
      'sleep was stopped (SIGKILL) after 200 ms or by the system',
    );
  });

  it('says what went wrong when the command fails', async () => {
    await expect(runCommand('sh', ['-c', 'echo broken >&2; exit 3'], { timeoutMs: 10_000 })).rejects.toThrow(
      'sh exited with status 3: broken',
    );
  });

  // A deadline left running would hold the process (a test worker, a server shutting down) for its length.
  it('leaves no deadline behind for a binary that is not installed', async () => {
    const before = timers();
    await expect(runCommand('/nonexistent/espeak-ng', ['--voices'], { timeoutMs: 60_000 })).rejects.toThrow(/ENOENT/);
    expect(timers()).toBe(before);
  });
});
