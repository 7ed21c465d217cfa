import { MESSAGES } from '@chapterwise/shared';
import { DataSource } from 'typeorm';
import { startSmtpCapture } from '../support/smtp-capture.js';
import { createTestApp } from '../support/test-app.js';

const message = {
  name: 'Sam Student',
  email: 'sam@example.com',
  subject: 'Chapter detection',
  message: 'My book shows one chapter only.',
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to support, replying to the sender', async () => {
    const smtp = await startSmtpCapture();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@chapterwise.test' } });
    try {
      const response = await t.http.post('/api/contact').send(message).expect(200);
      expect(response.body).toEqual({ message: MESSAGES.contactSent });
      const rows: Array<{ subject: string; mailed: number | boolean }> = await t.app
        .get(DataSource)
        .query('SELECT subject, mailed FROM contact_messages');
      expect(rows).toEqual([{ subject: 'Chapter detection', mailed: expect.anything() }]);
      expect(Boolean(Number(rows[0]!.mailed))).toBe(true);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual(['help@chapterwise.test']);
      expect(smtp.mails[0]!.raw).toMatch(/Reply-To: sam@example.com/i);
      expect(smtp.mails[0]!.raw).toContain('My book shows one chapter only.');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('requires every field, and limits one address to a few messages an hour', async () => {
    const t = await createTestApp();
    try {
      for (const field of ['name', 'email', 'subject', 'message'] as const) {
        const response = await t.http
          .post('/api/contact')
          .send({ ...message, [field]: '' })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION');
      }
      for (let i = 0; i < 5; i++) await t.http.post('/api/contact').send(message).expect(200);
      const limited = await t.http.post('/api/contact').send(message).expect(429);
      expect(limited.body.detail).toBe(MESSAGES.tooManyRequests);
    } finally {
      await t.close();
    }
  });
});
