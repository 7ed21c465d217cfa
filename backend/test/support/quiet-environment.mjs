// Jest's node environment plus the server log of each test (test/support/test-logger.ts): kept quietly while
// the test passes, printed under the test's name when it or one of its hooks fails. It also names a test
// file that leaves sockets, timers or processes open, which would otherwise hold its worker at the end.
import { createHook } from 'node:async_hooks';
import { relative } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/**
 * How long a test file's handles may take to close after it ends: a socket's FIN, a child's exit, and two
 * libraries' timers that outlive a close by up to 30 s (BullMQ's stalled-job check after a Redis restart,
 * puppeteer's wait for a page in a browser closed under it).
 */
const LINGER_LIMIT_MS = 40_000;

/** With TEST_HANDLE_STACKS=1, where each timer, socket and process was made, to show what a file left open. */
const madeAt = new Map();
if (process.env.TEST_HANDLE_STACKS === '1') {
  createHook({
    init(id, type, _trigger, resource) {
      if (type !== 'Timeout' && !type.endsWith('WRAP')) return;
      madeAt.set(id, {
        kind: kindOf(type),
        resource,
        stack: new Error().stack
          .split('\n')
          .filter((line) => !/\(?node:/.test(line))
          .slice(2, 12)
          .join('\n'),
      });
    },
    destroy(id) {
      madeAt.delete(id);
    },
  }).enable();
}

/** 'PIPEWRAP' (async hooks) and 'PipeWrap' (active resources) are the same kind; so are TCP sockets. */
function kindOf(type) {
  return type.toLowerCase().replace(/(socket)?wrap$/, '');
}

function fullName(test) {
  const names = [];
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
  return names.join(' › ');
}

export default class QuietEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__serverLog = [];
    this.testPath = context.testPath;
    // The worker's standard streams are made on first use (process.stdin by an ESM import of node:process,
    // process.stderr by the first warning printed, such as VM modules' in the first file). They never hold the
    // worker open: made here, they belong to the baseline rather than to whichever file touches them first.
    void process.stdin;
    void process.stdout;
    void process.stderr;
    this.resourcesBefore = process.getActiveResourcesInfo();
  }

  async teardown() {
    await super.teardown();
    // Waiting here for what is still closing lets the worker exit at once after its last file; what stays
    // open is named with its file, where Jest would only say at the end that a worker "has been force exited".
    const started = Date.now();
    let left = this.leftOpen();
    while (left.length > 0 && Date.now() - started < LINGER_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      left = this.leftOpen();
    }
    if (left.length === 0) return;
    const where = [...madeAt.values()]
      .filter(({ kind, resource }) => left.some((open) => kindOf(open) === kind) && resource.hasRef?.() !== false)
      .filter(({ resource }) => !resource._destroyed)
      .map(({ kind, stack }) => `  ${kind} made\n${stack}`);
    process.stderr.write(
      `\n${relative(process.cwd(), this.testPath)} left open after ${LINGER_LIMIT_MS / 1000} s: ${left.join(', ')}\n` +
        (where.length > 0 ? `${where.join('\n')}\n` : '(run with TEST_HANDLE_STACKS=1 to see where they were made)\n'),
    );
  }

  /** The kinds of resource open now that were not open when the file started. */
  leftOpen() {
    const left = process.getActiveResourcesInfo();
    for (const kind of this.resourcesBefore) {
      const at = left.indexOf(kind);
      if (at >= 0) left.splice(at, 1);
    }
    return left;
  }

  flush(title) {
    const log = this.global.__serverLog;
    if (!log || log.length === 0) return;
    process.stderr.write(
      `\n--- server log of ${title} (${log.length} lines) ---\n${log.join('\n')}\n--- end of server log ---\n`,
    );
    log.length = 0;
  }

  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__serverLog.length = 0;
    else if (event.name === 'test_done' && event.test.errors.length > 0)
      this.flush(`failing test "${fullName(event.test)}"`);
    else if (event.name === 'hook_failure')
      this.flush(`failing ${event.hook.type} hook in "${fullName(event.hook.parent)}"`);
  }
}
