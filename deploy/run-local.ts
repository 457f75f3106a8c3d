/**
 * The production recipe of docs/deploy.md without systemd: a self-signed certificate for `localhost`, nginx from
 * deploy/nginx/quiniela.conf (TLS, HTTP/2, two upstreams) with its own prefix, pid and logs in a temporary folder
 * (never /etc/nginx), and two app instances on one PostgreSQL. For trying the recipe on a workstation, and for
 * tests/deploy/recipe.spec.ts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/quiniela node --import tsx deploy/run-local.ts
 *
 * then open https://localhost:8443 (accept the certificate). Ctrl-C stops everything. Options: --https-port,
 * --http-port (8443, 8080), --app-ports 3001,3002. Other variables (ADMIN_EMAIL, VAPID_SUBJECT…) pass through to
 * the instances, as /etc/quiniela/quiniela.env does for the systemd units.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync, closeSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverNodeArgsFor } from '../scripts/server-entry.mjs';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const siteTemplatePath = path.join(repoRoot, 'deploy/nginx/quiniela.conf');

/** The values the site template's {{...}} placeholders take (docs/deploy.md fills the same ones with sed). */
export interface SiteValues {
  SERVER_NAME: string;
  /** Where HTTP redirects to: the host name, with `:port` when HTTPS is not on 443. */
  PUBLIC_HOST: string;
  HTTP_PORT: string;
  HTTPS_PORT: string;
  APP_PORT_1: string;
  APP_PORT_2: string;
  SSL_CERTIFICATE: string;
  SSL_CERTIFICATE_KEY: string;
  LOG_DIR: string;
}

/** The site file for these values; a placeholder left unfilled (or a value missing) is an error. */
export function renderSite(template: string, values: SiteValues, { ipv6 = true } = {}): string {
  let site = template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`${siteTemplatePath}: no value for ${placeholder}`);
    return value;
  });
  // docs/deploy.md checks the installed file with `grep -c '{{'`: nothing may be left, comments included.
  if (site.includes('{{')) throw new Error(`${siteTemplatePath}: '{{' left after filling the placeholders`);
  // A machine without IPv6 cannot bind [::]: only there are those listen lines dropped.
  if (!ipv6) site = site.replace(/^\s*listen \[::\]:.*\n/gm, '');
  return site;
}

/** Where nginx is: $NGINX, then the PATH, then Debian's /usr/sbin/nginx (not on a normal user's PATH); null if nowhere. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX, ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')), '/usr/sbin/nginx'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? null;
}

async function canBindIpv6(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port: 0, host: '::1', ipv6Only: true }, () => probe.close(() => resolve(true)));
  });
}

/** A self-signed certificate for `serverName` (what docs/deploy.md does for a test host), valid 30 days. */
export async function selfSignedCertificate(dir: string, serverName: string): Promise<{ cert: string; key: string }> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30',
    '-subj', `/CN=${serverName}`, '-addext', `subjectAltName=DNS:${serverName}`,
    '-keyout', key, '-out', cert,
  ]);
  await chmod(key, 0o600);
  return { cert, key };
}

export interface AppInstance {
  port: number;
  child: ChildProcess;
  /** Stops the instance (SIGTERM: it drains in-flight requests) and resolves with its exit code. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

export interface LocalStack {
  /** https://<serverName>:<httpsPort> */
  origin: string;
  httpsPort: number;
  httpPort: number;
  /** The temporary folder: certificate, nginx prefix, conf, pid and logs. */
  dir: string;
  certificate: string;
  accessLog: string;
  instances: AppInstance[];
  /** Everything stopped (nginx, instances) and the folder removed; safe to call twice. */
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  databaseUrl: string;
  httpsPort?: number;
  httpPort?: number;
  appPorts?: [number, number];
  serverName?: string;
  /** Extra variables for the instances (ADMIN_EMAIL…); by default the caller's environment passes through. */
  env?: Record<string, string>;
  /** Keep the folder after stop() (its logs), e.g. to read them after a failure. */
  keepDir?: boolean;
  healthTimeoutMs?: number;
}

function startInstance(port: number, env: NodeJS.ProcessEnv, logFile: string): AppInstance {
  const log = openSync(logFile, 'a');
  // What `systemctl start quiniela@<port>` runs (deploy/systemd/quiniela@.service).
  const child = spawn(process.execPath, serverNodeArgsFor('postgres'), {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = once(child, 'exit').then(() => child.exitCode);
  return {
    port,
    child,
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      return child.exitCode;
    },
  };
}

async function waitForHealth(instances: AppInstance[], logDir: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const instance of instances) {
    for (;;) {
      if (instance.child.exitCode !== null) {
        const log = await readFile(path.join(logDir, `instance-${instance.port}.log`), 'utf8').catch(() => '');
        throw new Error(`the instance on port ${instance.port} exited with ${instance.child.exitCode}:\n${log}`);
      }
      try {
        if ((await fetch(`http://127.0.0.1:${instance.port}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the instance on port ${instance.port} was not healthy after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function stopNginx(nginx: string, prefix: string, conf: string, pidFile: string): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!pid) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // Graceful: finishes the requests it is serving. Then, if it lingers, the master's fast shutdown.
  await run(nginx, ['-p', prefix, '-c', conf, '-s', 'quit']).catch(() => process.kill(pid, 'SIGQUIT'));
  for (let i = 0; alive() && i < 50; i += 1) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGTERM');
}

/** Starts the stack and waits until nginx answers GET /health over HTTPS. On any failure, stops what it started. */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx not found (apt-get install nginx, or set NGINX=/path/to/nginx)');
  const serverName = options.serverName ?? 'localhost';
  const httpsPort = options.httpsPort ?? 8443;
  const httpPort = options.httpPort ?? 8080;
  const [port1, port2] = options.appPorts ?? [3001, 3002];
  // The instances run the compiled server and serve the built web app, as `npm start` does.
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the app did not build');
  const origin = `https://${serverName}${httpsPort === 443 ? '' : `:${httpsPort}`}`;

  const dir = await mkdtemp(path.join(os.tmpdir(), 'quiniela-stack-'));
  // nginx's workers (user nobody when started as root) must reach the temp folders below.
  await chmod(dir, 0o755);
  const logDir = path.join(dir, 'logs');
  await mkdir(logDir);
  const conf = path.join(dir, 'nginx.conf');
  const pidFile = path.join(dir, 'nginx.pid');
  let instances: AppInstance[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopNginx(nginx, dir, conf, pidFile).catch(() => undefined);
    await Promise.all(instances.map((instance) => instance.stop()));
    if (!options.keepDir) await rm(dir, { recursive: true, force: true });
  };

  try {
    const { cert, key } = await selfSignedCertificate(dir, serverName);
    const site = renderSite(
      await readFile(siteTemplatePath, 'utf8'),
      {
        SERVER_NAME: serverName,
        PUBLIC_HOST: new URL(origin).host,
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        APP_PORT_1: String(port1),
        APP_PORT_2: String(port2),
        SSL_CERTIFICATE: cert,
        SSL_CERTIFICATE_KEY: key,
        LOG_DIR: logDir,
      },
      { ipv6: await canBindIpv6() },
    );
    await writeFile(path.join(dir, 'quiniela.conf'), site);
    // What Debian's /etc/nginx/nginx.conf provides around a site, with every path in this folder.
    await writeFile(
      conf,
      [
        `pid ${pidFile};`,
        `error_log ${logDir}/error.log warn;`,
        // docs/deploy.md's main-context settings ("Live streams"), so the recipe's limits are what is tested.
        'worker_processes 1;',
        'worker_rlimit_nofile 32768;',
        'events { worker_connections 16384; }',
        'http {',
        `  access_log ${logDir}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`),
        `  include ${path.join(dir, 'quiniela.conf')};`,
        '}',
        '',
      ].join('\n'),
    );

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // docs/deploy.md's production values, for this host name and port.
      TRUST_PROXY: '127.0.0.1',
      WEBAUTHN_RP_ID: serverName,
      WEBAUTHN_ORIGINS: origin,
      ...options.env,
      DATABASE_URL: options.databaseUrl,
    };
    instances = [port1, port2].map((port) => startInstance(port, env, path.join(logDir, `instance-${port}.log`)));
    // Without `daemon off`: nginx forks into the background, as under systemd, and is stopped by its pid file.
    await run(nginx, ['-p', dir, '-c', conf, '-e', path.join(logDir, 'error.log')]).catch(async (error: Error & { stderr?: string }) => {
      const log = await readFile(path.join(logDir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start: ${error.stderr ?? error.message}\n${log}`);
    });
    await waitForHealth(instances, logDir, options.healthTimeoutMs ?? 90_000);

    return { origin, httpsPort, httpPort, dir, certificate: cert, accessLog: path.join(logDir, 'quiniela.access.log'), instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i] ?? '', process.argv[i + 1] ?? '');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL=postgres://… (two instances need PostgreSQL: docs/deploy.md)');
  const appPorts = (args.get('--app-ports') ?? '3001,3002').split(',').map(Number) as [number, number];
  const stack = await startLocalStack({
    databaseUrl,
    httpsPort: Number(args.get('--https-port') ?? 8443),
    httpPort: Number(args.get('--http-port') ?? 8080),
    appPorts,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    keepDir: true,
  });
  console.log(`Quiniela on ${stack.origin} (self-signed certificate ${stack.certificate}); logs in ${stack.dir}/logs. Ctrl-C stops it.`);
  const shutdown = () => void stack.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
