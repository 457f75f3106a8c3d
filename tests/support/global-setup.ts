import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate, testDatabaseKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function globalSetup(project: TestProject) {
  const started = Date.now();
  const template = await prepareTemplate();
  project.provide('databaseTemplate', template);
  console.log(`[api tests] ${testDatabaseKind()} template ready in ${Date.now() - started} ms`);
  return () => dropTemplate(template);
}
