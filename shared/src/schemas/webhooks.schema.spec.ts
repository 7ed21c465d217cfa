import { describe, expect, it } from 'vitest';
import { CreateWebhookRequestSchema, WebhookEventSchema } from './webhooks.schema.js';

describe('CreateWebhookRequestSchema', () => {
  it('trims the URL, drops its fragment and defaults to every event', () => {
    expect(CreateWebhookRequestSchema.parse({ url: '  https://hooks.example.com/in?x=1#part ' })).toEqual({
      url: 'https://hooks.example.com/in?x=1',
    });
    expect(
      CreateWebhookRequestSchema.parse({ url: 'https://h.example.com', events: ['book.failed', 'book.completed'] }),
    ).toEqual({ url: 'https://h.example.com', events: ['book.completed', 'book.failed'] });
  });

  it.each([
    ['', 'url is required'],
    ['hooks.example.com', 'Please enter a valid http:// or https:// URL'],
    ['javascript:alert(1)', 'Please enter a valid http:// or https:// URL'],
    ['file:///etc/passwd', 'Please enter a valid http:// or https:// URL'],
    ['https://me:pw@hooks.example.com', 'The URL must not contain a user name or password'],
  ])('refuses %j', (url, message) => {
    const result = CreateWebhookRequestSchema.safeParse({ url });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('needs at least one known event', () => {
    expect(CreateWebhookRequestSchema.safeParse({ url: 'https://h.example.com', events: [] }).success).toBe(false);
    expect(CreateWebhookRequestSchema.safeParse({ url: 'https://h.example.com', events: ['book.x'] }).success).toBe(
      false,
    );
  });
});

describe('WebhookEventSchema', () => {
  it('describes each event type with its own data', () => {
    const envelope = { id: 'e1', created_at: '2026-11-21T10:00:00.000Z' };
    expect(
      WebhookEventSchema.safeParse({
        ...envelope,
        type: 'book.completed',
        data: { book_id: 'b1', title: 'T', status: 'completed', total_pages: 3, chapter_count: 1 },
      }).success,
    ).toBe(true);
    expect(
      WebhookEventSchema.safeParse({
        ...envelope,
        type: 'book.failed',
        data: { book_id: 'b1', title: 'T', status: 'failed', total_pages: 0, chapter_count: 1 },
      }).success,
    ).toBe(false);
  });
});
