import { QueryClient } from '@tanstack/react-query';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { invalidateTopics, reads, topics } from './topics.ts';

/**
 * The queries `source` defines without saying what they read: each object literal with a `queryFn` (a query's
 * options, whether given to `queryOptions`, `useQuery`, `useQueries` or `prefetchQuery`) must have a `meta`, which
 * the types hold to `reads(…)`'s shape. Answers `file:line` for each.
 */
function queriesWithoutTopics(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const named = (literal: ts.ObjectLiteralExpression, name: string) =>
    literal.properties.some((property) => property.name !== undefined && ts.isIdentifier(property.name) && property.name.text === name);
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && named(node, 'queryFn') && !named(node, 'meta')) {
      found.push(`${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The web app's own source files, by path from web/lib/ (tests set up their data as they please). */
const webSources: Record<string, string> = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('every query declares the topics it reads', () => {
  it('in the whole web app', () => {
    // The scan sees the app's queries: those of the pools and the rankings at least.
    expect(Object.keys(webSources)).toEqual(expect.arrayContaining(['../features/pools/api.ts', '../features/leaderboard/api.ts']));
    const missing = Object.entries(webSources).flatMap(([file, source]) => queriesWithoutTopics(file, source));
    expect(missing).toEqual([]);
  });

  it('and the scan reports one that does not', () => {
    const violation = `
      export const q = () => queryOptions({ queryKey: ['x'], queryFn: load, meta: reads(topics.matches) });
      export const useX = () => useQuery({ queryKey: ['y'], queryFn: async () => 1, enabled: true });
    `;
    expect(queriesWithoutTopics('web/features/x/api.ts', violation)).toEqual(['web/features/x/api.ts:3']);
  });
});

describe('invalidateTopics', () => {
  it('makes stale exactly the queries that read a changed topic', async () => {
    const queryClient = new QueryClient();
    const seed = (key: string, meta: ReturnType<typeof reads>) =>
      queryClient.prefetchQuery({ queryKey: [key], queryFn: () => key, meta, staleTime: Infinity });
    await seed('pool 1', reads(topics.pool(1), topics.standings));
    await seed('pool 2', reads(topics.pool(2), topics.standings));
    await seed('matches', reads(topics.matches));
    await seed('nothing', reads());

    await invalidateTopics(queryClient, [topics.pool(1)]);
    const stale = () =>
      queryClient
        .getQueryCache()
        .findAll({ stale: true })
        .map((query) => query.queryKey[0]);
    expect(stale()).toEqual(['pool 1']);

    await invalidateTopics(queryClient, [topics.standings]);
    expect(stale().sort()).toEqual(['pool 1', 'pool 2']);
  });
});
