import { describe, expect, it } from 'vitest';
import { closingDelay, createSseParser, reconnectDelay, retryAfterDelay, type SseEvent } from './sse.ts';

describe('the server-sent events parser', () => {
  it('gives each complete frame once, whatever the chunks, skipping comments', () => {
    const events: SseEvent[] = [];
    const push = createSseParser((event) => events.push(event));
    push('event: pool\ndata: {"kind":"re');
    expect(events).toEqual([]);
    push('ady","poolId":1}\n');
    push('\n: ping\n\nevent: pool\r\ndata: a\r\ndata: b\r\n\r\ndata:plain\n\n');
    expect(events).toEqual([
      { event: 'pool', data: '{"kind":"ready","poolId":1}' },
      { event: 'pool', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ]);
  });
});

describe('the reconnection back-off', () => {
  it('waits up to 1 s, doubling up to 30 s', () => {
    const longest = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => reconnectDelay(failures, longest))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('draws each wait between half of it and all of it, so a restart’s phones come back spread out', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(6, () => 0)).toBe(15000);
    expect(reconnectDelay(6, () => 0.5)).toBe(22500);
  });

  it('waits a refusal’s Retry-After, spread over a quarter more, and nothing without one', () => {
    expect(retryAfterDelay('30', () => 0)).toBe(30000);
    expect(retryAfterDelay('30', () => 1)).toBe(37500);
    expect(retryAfterDelay(null)).toBeNull();
    expect(retryAfterDelay('mañana')).toBeNull();
  });

  it('after the server’s `closing`, waits a moment at random within the window it gave', () => {
    expect(closingDelay(25_000, () => 0)).toBe(0);
    expect(closingDelay(25_000, () => 0.5)).toBe(12_500);
    expect(closingDelay(25_000, () => 1)).toBe(25_000);
  });
});
