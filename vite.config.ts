import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import { paths } from './web/lib/paths.ts';

/**
 * `@ionic/core/components/ion-*.js` carry no sideEffects hint, so without this
 * rolldown keeps every Ionic component `@ionic/react` references (about 85% of
 * the bundle). Components used only as raw tags must be defined by hand.
 */
const ionicComponentModule = /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]+\.js$/;

/**
 * @ionic/react builds a few wrappers (IonNav, IonPage, IonIcon, …) with calls
 * that lack a `/*@__PURE__*\/` mark, so those wrappers and their components
 * (ion-nav) were kept even unused. The factories only create components.
 */
const ionicWrapperFactories = ['createForwardRef', 'createReactComponent'];

/**
 * `ionicons/icons` is one module of 1,300 SVG data URLs. Tree-shaking keeps only the icons some screen uses, but
 * the module is one unit: the chunk it landed in (`start-up`, as the sign-in screen draws an icon) carried every
 * icon of every screen, about 19 kB. The app's imports of it become one module per icon instead, so each icon
 * goes with the chunks that draw it.
 */
const iconPrefix = '\0ionicon:';
const isIcon = (id: string) => id.startsWith(iconPrefix);

function ioniconsOnePerModule(): Plugin {
  const importOfIcons = /import\s*\{([^}]*)\}\s*from\s*['"]ionicons\/icons['"];?/g;
  const source = fileURLToPath(new URL('./node_modules/ionicons/icons/index.mjs', import.meta.url));
  let icons: Map<string, string> | undefined;
  const iconUrl = (name: string) => {
    icons ??= new Map(
      [...readFileSync(source, 'utf8').matchAll(/^export const (\w+) = ("[^"\n]*");?$/gm)].map(([, icon, url]) => [
        icon!,
        url!,
      ]),
    );
    return icons.get(name);
  };
  return {
    name: 'quiniela:ionicons-one-per-module',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(iconPrefix) ? id : null),
    load(id) {
      if (!id.startsWith(iconPrefix)) return null;
      const url = iconUrl(id.slice(iconPrefix.length));
      if (url === undefined) this.error(`ionicons has no icon ${id.slice(iconPrefix.length)} (${source})`);
      return `export default ${url};`;
    },
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('ionicons/icons')) return null;
      return code.replace(importOfIcons, (_statement, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [icon, local = icon] = name.split(/\s+as\s+/);
            return `import ${local} from '${iconPrefix}${icon}';`;
          })
          .join(' '),
      );
    },
  };
}

const apiServer = 'http://localhost:3000';

/**
 * zod's JIT probes for eval (new Function) when the first object schema is built, which the CSP forbids and Chrome
 * reports as a violation. Every import of zod in the web build gets web/lib/zod-jitless.ts instead, which turns the
 * JIT off and hands zod over: whichever chunk builds a schema first, the setting came before it.
 */
function zodJitless(): Plugin {
  const jitless = fileURLToPath(new URL('./web/lib/zod-jitless.ts', import.meta.url));
  return {
    name: 'quiniela:zod-jitless',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'zod' && importer !== jitless ? jitless : null),
  };
}

/**
 * zod's JSON Schema output (`toJSONSchema` and the processors every schema class links to): the server makes the
 * API's JSON Schema (its OpenAPI document); the web app never does, yet zod's classic schemas import it, so it was
 * about a fifth of the `tabs` chunk. In the web build each of its exports is a function that says where JSON
 * Schema comes from, should anything call it (tests/e2e/first-load-budget.spec.ts holds the budgets it buys).
 */
const zodJsonSchemaModule = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'quiniela:zod-without-json-schema',
    enforce: 'pre',
    load(id) {
      if (!zodJsonSchemaModule.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = [...source.matchAll(/^export (?:function|const) (\w+)|^export \{ \w+ as (\w+) \}/gm)].map(
        (match) => match[1] ?? match[2],
      );
      const unavailable = `() => { throw new Error('JSON Schema is made by the server, not in the web app (vite.config.ts)'); }`;
      return names.map((name) => `export const ${name} = ${unavailable};`).join('\n');
    },
  };
}

/**
 * The tabs' modules other screens share (the build's `tabs` chunk), and the tab shell with Inicio (its own). Not the
 * matches' admin screens nor a league's table (`league-table/`), nor the shared pieces no first screen draws (the
 * admin's sections, the dialogs' form fields, Resultados' feed status, the "Ver más" of the lists that page), which
 * load with their screens, nor TanStack's infinite queries, which only "La jornada en una tabla" and the bonus
 * questions' answers page with (0.3 kB gzip on every first screen).
 */
const tabsShared =
  /web[\\/](pages[\\/](match-list-tab\.tsx|tab-visibility\.ts|tabs-layout\.css)|features[\\/](matches[\\/](?!admin[\\/]|league-table[\\/])|reminders[\\/](?!notification-settings)|teams[\\/]api\.ts)|components[\\/](?!admin-section|more-button)|lib[\\/](?!feed-status|form-fields|paging))|[\\/]node_modules[\\/](zod|@tanstack)[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$)/;
const tabsShellModule = fileURLToPath(new URL('./web/pages/tabs-layout.tsx', import.meta.url));
/** The tabs' screens other than Inicio that open first most (issue 38): Mis Quinelas and a pool. */
const firstScreenModules = ['./web/pages/pools-page.tsx', './web/pages/pool-detail-page.tsx'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);
const contractModule = /[\\/]contract[\\/][^\\/]+\.ts$/;

/**
 * Whether the tabs load `id` with them: the tab shell imports it statically, or a module of the `tabs` chunk does,
 * directly or through contract modules (a contract module goes where its schemas are first needed).
 */
function importedByTheTabs(id: string, context: ChunkingContext): boolean {
  if (staticImportsOf(tabsShellModule, context).has(id)) return true;
  return (context.getModuleInfo(id)?.importers ?? []).some(
    (importer) => tabsShared.test(importer) || (contractModule.test(importer) && importedByTheTabs(importer, context)),
  );
}

/** Every module `root` imports statically, directly or not (what loads with it); found once per process (a build). */
const staticImports = new Map<string, Set<string>>();
function staticImportsOf(root: string, context: ChunkingContext): Set<string> {
  let found = staticImports.get(root);
  if (found) return found;
  found = new Set();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of context.getModuleInfo(id)?.importedIds ?? [])
      if (!found.has(imported)) {
        found.add(imported);
        pending.push(imported);
      }
  }
  staticImports.set(root, found);
  return found;
}

/**
 * The build's list of what a signed-in start in the tabs loads, which the server
 * names in those pages' `Link` header (server/plugins/web-static.ts reads it by this name).
 */
const TAB_PRELOADS_FILE = 'tab-preloads.json';

/** The service worker is an entry of its own, unhashed at /sw.js: browsers look for it at a fixed URL. */
const serviceWorkerEntry = 'sw';
const serviceWorkerFile = 'sw.js';

/** Public files that are not part of the app shell. */
const notPrecached = /(^|\/)LICENSE[^/]*$|\.(map|gz|br)$/;

function publicFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * Gives web/sw.ts the list of files to precache (the app shell): index.html,
 * every built asset and the public files, plus a version that changes with
 * any of their contents. It is written into sw.js itself, in place of the
 * `'__QUINIELA_PRECACHE_MANIFEST__'` string, so every build that changes the
 * shell changes sw.js, which is how browsers notice a new version. It edits
 * sw.js late (`generateBundle`, order 'post'): anything that derives files from
 * sw.js (compression) must run after it, e.g. in `writeBundle` or after the build.
 */
function serviceWorkerPrecache(): Plugin {
  const placeholder = /(["'`])__QUINIELA_PRECACHE_MANIFEST__\1/g;
  let publicDir = '';
  return {
    name: 'quiniela:sw-precache',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const worker = bundle[serviceWorkerFile];
        if (worker?.type !== 'chunk') this.error(`${serviceWorkerFile} is missing from the bundle`);
        if (worker.imports.length > 0) this.error(`${serviceWorkerFile} must import nothing at run time`);

        const files = new Map<string, string | Uint8Array>();
        for (const output of Object.values(bundle)) {
          // The preload list is the server's, not the app's.
          if ([serviceWorkerFile, TAB_PRELOADS_FILE].includes(output.fileName) || notPrecached.test(output.fileName))
            continue;
          files.set(output.fileName, output.type === 'chunk' ? output.code : output.source);
        }
        if (!files.has('index.html')) this.error('index.html is missing from the bundle');
        for (const file of publicDir ? publicFiles(publicDir) : []) {
          if (!notPrecached.test(file)) files.set(file, readFileSync(path.join(publicDir, file)));
        }

        const urls = [...files.keys()].sort();
        const hash = createHash('sha256');
        for (const url of urls)
          hash
            .update(url)
            .update('\0')
            .update(files.get(url) ?? '')
            .update('\0');
        const manifest = { version: hash.digest('hex').slice(0, 16), urls: urls.map((url) => `/${url}`) };

        const matches = worker.code.match(placeholder)?.length ?? 0;
        if (matches !== 1) this.error(`expected one precache placeholder in ${serviceWorkerFile}, found ${matches}`);
        worker.code = worker.code.replace(placeholder, () => JSON.stringify(JSON.stringify(manifest)));
      },
    },
  };
}

/**
 * On a signed-in start on a tab, web/main.tsx imports these at once, but only
 * once the entry has run: a phone then waits a round trip more for the tabs
 * (and their stylesheet). The server names them in a `Link` header of the page
 * instead, so they download alongside the entry. This writes the list: each
 * module's chunk and the chunks and CSS it imports, less what index.html loads
 * anyway, and where the tabs are (`tabsPath`: the pages at it and under it), so
 * the server needs nothing of the web app's code.
 */
const tabStartModules = [/web[\\/]pages[\\/]tabs-layout\.tsx$/, /web[\\/]lib[\\/]session-contract\.ts$/];

function tabPreloads(): Plugin {
  return {
    name: 'quiniela:tab-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const alreadyLoaded = new Set<string>();
      const collect = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
      };
      for (const chunk of chunks)
        if (chunk.isEntry && chunk.name !== serviceWorkerEntry) collect(chunk.fileName, alreadyLoaded);

      const scripts = new Set<string>();
      for (const module of tabStartModules) {
        const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => module.test(id)));
        if (!chunk) this.error(`no chunk holds ${module}: web/main.tsx and this list disagree`);
        collect(chunk.fileName, scripts);
      }
      const loaded = [...scripts].filter((fileName) => !alreadyLoaded.has(fileName));
      const styles = loaded.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]);
      this.emitFile({
        type: 'asset',
        fileName: TAB_PRELOADS_FILE,
        source: JSON.stringify({
          tabsPath: paths.tabs,
          scripts: loaded.map((file) => `/${file}`),
          styles: styles.map((file) => `/${file}`),
        }),
      });
    },
  };
}

/**
 * Bundles web/boot.ts into a classic script written inline in index.html's head, where index.html marks it (before
 * the stylesheet, which would hold an inline script back until it arrives), so it runs while the page is parsed,
 * before any chunk has downloaded (it asks for the match list on a signed-in start). The server reads the built
 * index.html and allows exactly its inline scripts by hash (server/plugins/web-static.ts), so any change here
 * is allowed with it, and nothing else inline ever is.
 */
function inlineBoot(): Plugin {
  const bootModule = fileURLToPath(new URL('./web/boot.ts', import.meta.url));
  let target: string | string[] = 'es2022';
  return {
    name: 'quiniela:inline-boot',
    configResolved(config) {
      if (config.build.target) target = config.build.target;
    },
    async transformIndexHtml(html) {
      const marker = '<!-- quiniela:boot -->';
      if (html.split(marker).length !== 2) throw new Error(`index.html must hold ${marker} once`);
      const { outputFiles } = await esbuild({
        entryPoints: [bootModule],
        bundle: true,
        minify: true,
        format: 'iife',
        platform: 'browser',
        target,
        write: false,
      });
      const code = outputFiles[0]?.text.trim() ?? '';
      if (code === '' || /<\/script|<!--/i.test(code)) throw new Error(`${bootModule} cannot be written inline`);
      return html.replace(marker, () => `<script>${code}</script>`);
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), zodJitless(), zodWithoutJsonSchema(), ioniconsOnePerModule(), inlineBoot(), tabPreloads(), serviceWorkerPrecache()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        [serviceWorkerEntry]: fileURLToPath(new URL('./web/sw.ts', import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === serviceWorkerEntry ? serviceWorkerFile : 'assets/[name]-[hash].js'),
        // Few, larger chunks: the app is served over HTTP/1.1 (six connections), where each chunk of a first
        // load costs a request slot, and a phone's time goes into round trips more than into bytes.
        codeSplitting: {
          groups: [
            // Everything a first load of any screen runs, but the entry itself (index.html's script) and the
            // service worker, which must stay self-contained.
            {
              name: 'start-up',
              tags: ['$initial'],
              test: (id: string) => !/web[\\/]sw\.ts$|index\.html/.test(id),
            },
            // The tabs' shared modules: the match list (with the teams' list), the shared components, zod and the
            // contract modules these use (the other screens' contract modules go with those screens, so Inicio does
            // not build their schemas). Not the "Avisos" dialog (an Ionic modal, loaded on its first tap): grouped
            // here, it would bring Ionic into the tabs' first load. The tab shell and Inicio (tabs-layout.tsx,
            // home-page.tsx) are the chunk web/main.tsx imports, so they stay out of this one (a group's module
            // imported on its own gets a chunk of a few bytes that re-exports it). Icons go with the tabs when the tabs,
            // Mis Quinelas or a pool's first screen draw them, and the other screens' icons make one chunk (not one
            // request per icon).
            {
              debugName: 'tabs and icons',
              name: (id: string, context: ChunkingContext) => {
                if (tabsShared.test(id)) return 'tabs';
                if (contractModule.test(id)) return importedByTheTabs(id, context) ? 'tabs' : null;
                if (!isIcon(id)) return null;
                // The few icons Mis Quinelas and a pool's card draw come with the tabs too: the icons chunk would
                // be a request of 3 kB for one or two of them.
                const firstScreens = firstScreenModules.some((page) => staticImportsOf(page, context).has(id));
                return firstScreens || importedByTheTabs(id, context) ? 'tabs' : 'icons';
              },
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id) => !ionicComponentModule.test(id),
        manualPureFunctions: ionicWrapperFactories,
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
      '/health': apiServer,
    },
  },
});
