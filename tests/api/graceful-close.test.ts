import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { messages } from '#contract/index';
import { createTestApp } from '../support/test-app.ts';

// A rolling restart through nginx: the proxy may have opened a connection to this instance, and written a POST on
// it, just as the instance began to stop (server/lib/drain-connections.ts). Cutting that connection, or answering
// it 503, made nginx answer 502/503 to a write it may not send again.
it('answers a write sent on a connection accepted just before the instance began to close, not 503 and not cut', async () => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;

  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  const ended = once(socket, 'close');

  const closing = t.app.close();
  // The request comes a moment after the close began, as a proxy's bytes on their way do.
  await sleep(300);
  const body = JSON.stringify({ name: 'Reinicio', email: `reinicio-${Date.now()}@example.com`, password: 'clave-reinicio' });
  socket.write(
    `POST /auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await ended;
  await closing;
  await t.close();

  expect(answer.split('\r\n', 1)[0]).toBe('HTTP/1.1 201 Created');
});

// Before it stops accepting, a stopping instance leaves: a proxy's reads get a 503 it passes to another instance
// (so nginx stops sending here), writes are still answered, and the listener closes once connections stop coming.
// Closing it at once reset the connections the kernel had queued and Node not yet accepted: nginx answered 502.
it('a stopping instance answers new reads 503 with Retry-After and writes as before, then closes once no connection comes', async () => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const closing = t.app.close().then(() => performance.now());
  await sleep(20);
  const read = await fetch(`${base}/health`);
  expect(read.status).toBe(503);
  expect(read.headers.get('retry-after')).toBe('1');
  expect(await read.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: messages.serviceUnavailable });

  const body = JSON.stringify({ name: 'Saliendo', email: `saliendo-${Date.now()}@example.com`, password: 'clave-saliendo' });
  // The 503 came with Connection: close, so the write opens a connection of its own.
  const writeSent = performance.now();
  const write = await fetch(`${base}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(write.status).toBe(201);
  // Still listening while connections come: closed a moment (200 ms) after the last one.
  expect((await closing) - writeSent).toBeGreaterThanOrEqual(180);
  await expect(fetch(`${base}/health`)).rejects.toThrow();
  await t.close();
});
