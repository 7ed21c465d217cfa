import { WebhookReceiver } from '../../../test/fakes/webhook-receiver.js';
import { PinnedHttpWebhookSender, type HostResolver } from './pinned-http-webhook-sender.adapter.js';
import { WebhookTargetError } from './webhook-sender.port.js';

// Generous where an answer is expected: a loaded 2-core machine can take seconds to answer on loopback.
const development = { timeoutMs: 10_000, requireHttps: false, allowLoopback: true };
const production = { timeoutMs: 2000, requireHttps: true, allowLoopback: false };

/** A DNS server that answers whatever the test says, for any name. */
const resolvingTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const request = (url: string) => ({ url, headers: { 'X-Test': 'yes' }, body: '{"hello":"world"}' });

describe(PinnedHttpWebhookSender.name, () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('POSTs the body as JSON with the given headers and reports the status and duration', async () => {
    const sender = new PinnedHttpWebhookSender(development);
    const result = await sender.send(request(`${receiver.url}?source=test`));
    expect(result).toEqual({ statusCode: 200, error: null, durationMs: expect.any(Number), permanent: false });
    const [received] = receiver.requests;
    expect(received).toMatchObject({
      method: 'POST',
      path: '/hooks/chapterwise?source=test',
      body: '{"hello":"world"}',
    });
    expect(received!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': '17',
      'x-test': 'yes',
      'user-agent': expect.stringMatching(/^ChapterWise-Webhooks\//),
      host: `127.0.0.1:${receiver.port}`,
    });
  });

  it('connects to the address it checked while keeping the URL host name in the Host header', async () => {
    const lookups: string[] = [];
    const sender = new PinnedHttpWebhookSender({
      ...development,
      resolve: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const result = await sender.send(request(`http://hooks.example.test:${receiver.port}/in`));
    expect(result.statusCode).toBe(200);
    expect(lookups).toEqual(['hooks.example.test']);
    expect(receiver.requests[0]!.headers.host).toBe(`hooks.example.test:${receiver.port}`);
  });

  it('does not follow redirects', async () => {
    receiver.answerNext((response) => {
      response.writeHead(302, { Location: '/elsewhere' }).end();
    });
    const result = await new PinnedHttpWebhookSender(development).send(request(receiver.url));
    expect(result).toMatchObject({ statusCode: 302, error: 'Answered 302: redirects are not followed' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.requests).toHaveLength(1);
  });

  it('reports a non-2xx answer and a dropped connection as retryable errors', async () => {
    receiver.answerNext(500, 'reset');
    const sender = new PinnedHttpWebhookSender(development);
    expect(await sender.send(request(receiver.url))).toMatchObject({
      statusCode: 500,
      error: 'Answered 500; a 2xx status is expected',
      permanent: false,
    });
    expect(await sender.send(request(receiver.url))).toMatchObject({
      statusCode: null,
      error: 'The connection was closed before an answer',
      permanent: false,
    });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.answerNext(() => new Promise<void>(() => {}));
    const sender = new PinnedHttpWebhookSender({ ...development, timeoutMs: 300 });
    const started = Date.now();
    const result = await sender.send(request(receiver.url));
    expect(result).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s', permanent: false });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('counts a DNS lookup that hangs against the same time limit', async () => {
    const sender = new PinnedHttpWebhookSender({
      ...development,
      timeoutMs: 200,
      resolve: () => new Promise(() => {}),
    });
    expect(await sender.send(request('http://slow-dns.example.test/'))).toMatchObject({
      statusCode: null,
      error: 'No answer within 0.2 s',
    });
  });

  it('reports a refused connection', async () => {
    const port = receiver.port;
    await receiver.close();
    const result = await new PinnedHttpWebhookSender(development).send(request(`http://127.0.0.1:${port}/`));
    expect(result).toMatchObject({ statusCode: null, error: 'Connection refused', permanent: false });
    receiver = await WebhookReceiver.start();
  });

  describe('in production', () => {
    it('refuses plain http', async () => {
      const sender = new PinnedHttpWebhookSender({ ...production, resolve: resolvingTo('93.184.216.34') });
      await expect(sender.checkTarget('http://hooks.example.com/')).rejects.toThrow('Webhook URLs must use https');
      expect(await sender.send(request('http://hooks.example.com/'))).toMatchObject({
        statusCode: null,
        error: 'Webhook URLs must use https',
        permanent: true,
      });
    });

    it.each([
      ['https://127.0.0.1/', '127.0.0.1 is a loopback address'],
      ['https://[::1]/', '::1 is a loopback address'],
      ['https://[::ffff:127.0.0.1]/', 'is a loopback address'],
      ['https://0.0.0.0/', '0.0.0.0 is an unspecified address'],
      ['https://10.1.2.3/', '10.1.2.3 is a private network address'],
      ['https://172.20.0.5/', 'a private network address'],
      ['https://192.168.1.1/', 'a private network address'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['https://[fd00::1]/', 'a private network address'],
      ['https://[fe80::1]/', 'a link-local address'],
      ['https://2130706433/', '127.0.0.1 is a loopback address'],
      ['https://0x7f.1/', '127.0.0.1 is a loopback address'],
    ])('refuses %s', async (url, reason) => {
      const sender = new PinnedHttpWebhookSender(production);
      await expect(sender.checkTarget(url)).rejects.toThrow(reason);
      await expect(sender.checkTarget(url)).rejects.toBeInstanceOf(WebhookTargetError);
      expect(await sender.send(request(url))).toMatchObject({ statusCode: null, permanent: true });
    });

    it('refuses a host name that resolves to loopback, including the real localhost', async () => {
      const sender = new PinnedHttpWebhookSender({ ...production, resolve: resolvingTo('127.0.0.1') });
      await expect(sender.checkTarget('https://hooks.example.com/')).rejects.toThrow(
        'The host hooks.example.com resolves to a loopback address; webhooks can only be sent to public internet addresses',
      );
      await expect(new PinnedHttpWebhookSender(production).checkTarget('https://localhost/')).rejects.toThrow(
        'The host localhost resolves to a loopback address',
      );
    });

    it('refuses a host name when any of its addresses is internal (one public answer is not enough)', async () => {
      const sender = new PinnedHttpWebhookSender({
        ...production,
        resolve: resolvingTo('93.184.216.34', '::ffff:10.0.0.7'),
      });
      await expect(sender.checkTarget('https://mixed.example.com/')).rejects.toThrow('a private network address');
    });

    it('checks again on every send, so a name that re-resolves to loopback (DNS rebinding) is never reached', async () => {
      let answer = '93.184.216.34';
      const sender = new PinnedHttpWebhookSender({
        ...production,
        requireHttps: false,
        resolve: async () => [{ address: answer, family: 4 }],
      });
      await expect(sender.checkTarget('http://rebind.example.com/')).resolves.toBeUndefined();
      answer = '127.0.0.1';
      const result = await sender.send(request(`http://rebind.example.com:${receiver.port}/hooks/chapterwise`));
      expect(result).toMatchObject({ statusCode: null, permanent: true });
      expect(result.error).toContain('resolves to a loopback address');
      expect(receiver.requests).toHaveLength(0);
    });

    it('refuses a name that does not resolve', async () => {
      const sender = new PinnedHttpWebhookSender({
        ...production,
        resolve: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        },
      });
      await expect(sender.checkTarget('https://nowhere.example.com/')).rejects.toThrow(
        'The host nowhere.example.com could not be resolved',
      );
    });

    it('accepts a public address', async () => {
      const sender = new PinnedHttpWebhookSender({
        ...production,
        resolve: resolvingTo('93.184.216.34', '2606:2800::1'),
      });
      await expect(sender.checkTarget('https://hooks.example.com/in')).resolves.toBeUndefined();
      await expect(sender.checkTarget('https://93.184.216.34/in')).resolves.toBeUndefined();
    });
  });

  it('outside production still refuses private and link-local targets', async () => {
    const sender = new PinnedHttpWebhookSender(development);
    await expect(sender.checkTarget('http://192.168.1.1/')).rejects.toThrow('a private network address');
    await expect(sender.checkTarget('http://169.254.169.254/')).rejects.toThrow('a link-local address');
    await expect(sender.checkTarget('http://localhost:9/')).resolves.toBeUndefined();
  });
});
