import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in server answers to a request. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * A stand-in for a server on the internet (openfootball's files, football-data.org), on 127.0.0.1: tests never leave
 * the machine. `answer` decides each reply; every request is kept, to count what the app asked.
 */
export async function startLocalServer(answer: (request: { url: string; headers: IncomingHttpHeaders }) => Answer) {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const request = { url: req.url ?? '/', headers: req.headers };
    requests.push(request);
    const { status = 200, headers = {}, body } = answer(request);
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
