import { loadConfig } from '../config/app-config.js';
import { configurationWarnings, modeLine, whereLine } from './startup-summary.js';

const DATA_DIR = '/tmp/chapterwise-startup-summary';

describe('start-up summary', () => {
  it('names the public URL and, listening on every interface, the addresses on this network', () => {
    const config = loadConfig({ DATA_DIR, PORT: '3000' });
    expect(whereLine(config, ['192.168.1.20'])).toBe(
      'ChapterWise is up on http://localhost:3000 (on this network also http://192.168.1.20:3000)',
    );
    const loopbackOnly = loadConfig({ DATA_DIR, PORT: '3000', HOST: '127.0.0.1' });
    expect(whereLine(loopbackOnly, ['192.168.1.20'])).toBe('ChapterWise is up on http://localhost:3000');
  });

  it('says the embedded mode in one line', () => {
    const config = loadConfig({ DATA_DIR });
    expect(modeLine(config)).toBe(
      `Database: SQLite ${DATA_DIR}/chapterwise.sqlite · Jobs: in this process · Files: disk ${DATA_DIR}/files · ` +
        'Study engine: offline (extractive, no network)',
    );
  });

  it('says the scaled mode without a password, key or user name', () => {
    const config = loadConfig({
      DATA_DIR,
      DATABASE_URL: 'mysql://chapterwise:db-secret@db.internal:3306/chapterwise',
      REDIS_URL: 'redis://:redis-secret@cache.internal:6379',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'books',
      S3_ENDPOINT: 'http://minio:9000',
      S3_SECRET_ACCESS_KEY: 's3-secret',
      LLM_BASE_URL: 'https://llm-user:llm-secret@api.example.com/v1',
      LLM_API_KEY: 'sk-secret',
      LLM_MODEL: 'gpt-4o-mini',
    });
    const line = modeLine(config);
    expect(line).toBe(
      'Database: MySQL db.internal:3306/chapterwise · Jobs: BullMQ on Redis cache.internal:6379 · ' +
        'Files: S3 bucket books at minio:9000 · Study engine: model gpt-4o-mini at api.example.com/v1',
    );
    expect(line).not.toMatch(/secret|llm-user|chapterwise:/);
  });

  it('warns a production server about a missing public URL and mail, and a development one about nothing', () => {
    const production = loadConfig({ DATA_DIR, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PORT: '8080' });
    expect(configurationWarnings(production)).toEqual([
      'APP_URL is not set: e-mails and payment returns link to http://localhost:8080',
      'SMTP_URL is not set: password-reset codes cannot be sent',
    ]);
    const configured = loadConfig({
      DATA_DIR,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      APP_URL: 'https://study.example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(configurationWarnings(configured)).toEqual([]);
    expect(configurationWarnings(loadConfig({ DATA_DIR }))).toEqual([]);
  });
});
