import type { TestProject } from 'vitest/node';
import { prepareTemplate, testDatabaseKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function globalSetup(project: TestProject) {
  const started = Date.now();
  project.provide('databaseTemplate', await prepareTemplate());
  console.log(`[api tests] ${testDatabaseKind()} template ready in ${Date.now() - started} ms`);
}
