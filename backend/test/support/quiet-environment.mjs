// Jest's node environment plus the server log of each test (test/support/test-logger.ts): kept quietly while
// the test passes, printed under the test's name when it or one of its hooks fails.
import { TestEnvironment } from 'jest-environment-node';

function fullName(test) {
  const names = [];
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
  return names.join(' › ');
}

export default class QuietEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__serverLog = [];
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
