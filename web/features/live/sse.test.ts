import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, type SseEvent } from './sse.ts';

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
  it('waits 1 s, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
