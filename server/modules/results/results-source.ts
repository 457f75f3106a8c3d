import { readFile } from 'node:fs/promises';
import { HttpStatusError } from './public-url-source.ts';

const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** Reads an openfootball JSON file from a path or an http(s) URL (the operator's: RESULTS_SOURCE, the CLI's). */
export async function readResultsSource(location: string, timeoutMs = 15_000): Promise<unknown> {
  if (/^https?:\/\//i.test(location)) {
    const response = await fetch(location, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new HttpStatusError(location, response.status);
    const text = await response.text();
    if (text.length > MAX_SOURCE_BYTES) throw new Error(`${location} is larger than ${MAX_SOURCE_BYTES} bytes`);
    return JSON.parse(text) as unknown;
  }
  return JSON.parse(await readFile(location, 'utf8')) as unknown;
}
