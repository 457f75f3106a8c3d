// The baseline of bench/api.ts: a bare node:http server that answers each path
// with the exact bytes the app answered, and does nothing else.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const responses = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>;
const bodies = new Map(Object.entries(responses).map(([path, body]) => [path, Buffer.from(body)]));

http
  .createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
  })
  .listen(Number(process.argv[3]), '127.0.0.1');
