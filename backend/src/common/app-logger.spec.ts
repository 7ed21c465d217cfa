import { AppLogger, type AppLogLevel } from './app-logger.js';

function printed(level: AppLogLevel, write: (logger: AppLogger) => void): string {
  const out: string[] = [];
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array) => out.push(String(chunk)) > 0) as typeof stream.write;
  }
  try {
    write(new AppLogger(level));
  } finally {
    streams.forEach((stream, index) => (stream.write = writes[index]!));
  }
  return out.join('');
}

describe(AppLogger.name, () => {
  const startUp = (logger: AppLogger) => {
    logger.log('Mapped {/api/books, GET} route', 'RouterExplorer');
    logger.log('BooksModule dependencies initialized', 'InstanceLoader');
    logger.log('ChapterWise is up on http://localhost:3000', 'ChapterWise');
    logger.warn('Speech is unavailable', 'Audio');
  };

  it("keeps Nest's module and route lines out of the default log, and the server's own lines and warnings in", () => {
    const log = printed('info', startUp);
    expect(log).not.toContain('Mapped');
    expect(log).not.toContain('dependencies initialized');
    expect(log).toContain('ChapterWise is up on http://localhost:3000');
    expect(log).toContain('Speech is unavailable');
  });

  it('prints the route table at LOG_LEVEL=debug', () => {
    const log = printed('debug', startUp);
    expect(log).toContain('Mapped {/api/books, GET} route');
    expect(log).toContain('BooksModule dependencies initialized');
  });

  it('prints warnings and errors only at LOG_LEVEL=warn', () => {
    const log = printed('warn', startUp);
    expect(log).not.toContain('ChapterWise is up');
    expect(log).toContain('Speech is unavailable');
  });
});
