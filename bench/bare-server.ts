// The baselines of bench/api.ts: a bare node:http server that answers each path
// with the exact bytes the app answered, and does nothing else. Under the prefix in
// argv[4] it also sends the app's response headers (security, caching), so the app
// can be compared with a server sending the very same response too.
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface Captured {
  body: string;
  headers: Record<string, string>;
}

const sameResponsePrefix = process.argv[4]!;

const captured = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Captured>;
const responses = new Map(
  Object.entries(captured).map(([path, { body, headers }]) => [path, { body: Buffer.from(body), headers }]),
);

http
  .createServer((request, response) => {
    const url = request.url ?? '';
    const sameResponse = url.startsWith(sameResponsePrefix);
    const answer = responses.get(sameResponse ? url.slice(sameResponsePrefix.length) : url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    const headers = sameResponse ? answer.headers : { 'content-type': 'application/json; charset=utf-8' };
    response.writeHead(200, { ...headers, 'content-length': answer.body.length }).end(answer.body);
  })
  .listen(Number(process.argv[3]), '127.0.0.1');
