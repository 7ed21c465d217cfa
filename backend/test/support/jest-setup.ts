// Every Nest logger in a test file (queues and services built without an app too) keeps its lines for the
// test's failure report instead of printing them.
import { Logger } from '@nestjs/common';
import { TestLogger } from './test-logger.js';

Logger.overrideLogger(new TestLogger());
