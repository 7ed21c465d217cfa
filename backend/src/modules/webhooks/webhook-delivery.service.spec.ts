import { retryDelayMs } from './webhook-delivery.service.js';

describe(retryDelayMs.name, () => {
  it('waits base, 4x, 16x and 64x base between tries, within 10% jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(30_000, attempt, middle))).toEqual([
      30_000, 120_000, 480_000, 1_920_000,
    ]);
    expect(retryDelayMs(30_000, 1, () => 0)).toBe(27_000);
    expect(retryDelayMs(30_000, 1, () => 1)).toBe(33_000);
  });
});
