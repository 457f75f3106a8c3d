// The baseline of bench/live.ts: a bare node:http server-sent events fan-out. Every GET opens a stream (a first
// event at once, as the app's "ready"); a POST to /fire writes one event to every open stream. Nothing else: no
// authentication, no database, no notification channel.
import http from 'node:http';

const streams = new Set<http.ServerResponse>();

http
  .createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/fire') {
      const frame = `data: ${JSON.stringify({ kind: 'match', at: Date.now() })}\n\n`;
      for (const stream of streams) stream.write(frame);
      response.writeHead(204).end();
      return;
    }
    if (request.url === '/health') {
      response.writeHead(200).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    response.write(`data: ${JSON.stringify({ kind: 'ready' })}\n\n`);
    streams.add(response);
    request.on('close', () => streams.delete(response));
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
