import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { databaseOf, serverNodeArgsFor } from '../../scripts/server-entry.mjs';
import { fetchTransport, type Method } from './factories.ts';

/** The real server (compiled, as `npm start` runs it: tests/support/global-setup.ts builds it) as a child process, for tests that kill, restart or multiply it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A port nobody listens on now, as the system hands it out: a port picked at random could be a service's
 * (RabbitMQ's epmd holds 4369 on the CI machine), or another run's.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const serverEnv = { ...process.env, LOG_LEVEL: 'warn', SEED_DATA: 'false', AUTH_IP_MAX_PER_MINUTE: '100000', ...env, PORT: String(port) };
  const child = spawn(process.execPath, serverNodeArgsFor(databaseOf(serverEnv)), {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Passed through, and kept so that a server that refuses to start says why in the test's error.
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) {
      if (!child.stderr.closed) await once(child.stderr, 'close');
      throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) {
      // Not left behind: the caller never gets a handle to stop it.
      child.kill('SIGKILL');
      throw new Error('server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    stop(signal = 'SIGTERM') {
      // Killed by a signal, a process has no exit code but a signal code.
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      return exited;
    },
  };
}

/** A round-robin HTTP proxy in front of several instances, like a load balancer. */
export async function startRoundRobinProxy(targets: string[]): Promise<{ base: string; close(): Promise<void> }> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', targets[next++ % targets.length]);
    const upstream = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A JSON call to a server process, as a client makes it: the status, the `data` envelope and the whole body. */
export async function callServer<T>(
  server: ServerProcess,
  method: Method,
  url: string,
  body?: object,
  token?: string,
): Promise<{ status: number; data: T; body: any }> {
  const { status, json } = await fetchTransport(server.base)(method, url, body, token);
  return { status, data: json?.data as T, body: json };
}

export type SignedIn = { session: { accessToken: string }; userProfile: { id: number } };

export async function signInTo(server: ServerProcess, email: string, password: string): Promise<{ status: number; body: SignedIn }> {
  const res = await callServer<never>(server, 'POST', '/auth/signin', { email, password });
  return { status: res.status, body: res.body as SignedIn };
}
