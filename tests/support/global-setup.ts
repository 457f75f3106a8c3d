import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate, testDatabaseKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function globalSetup(project: TestProject) {
  // The tests that start the real server as a process run the compiled one, as `npm start` does.
  const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs', 'server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
  const started = Date.now();
  const template = await prepareTemplate();
  project.provide('databaseTemplate', template);
  console.log(`[api tests] ${testDatabaseKind()} template ready in ${Date.now() - started} ms`);
  return () => dropTemplate(template);
}
