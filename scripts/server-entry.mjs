// The compiled server (scripts/build-server.mjs writes it): what `npm start`, the tests, the benchmarks and the
// deployment run, so no TypeScript is transpiled at start-up or on the request path.
export const serverEntry = 'dist/server/main.mjs';
/**
 * Node's arguments to run it: the source map makes stack traces name the TypeScript sources; V8's young generation
 * is held to 4 MB semi-spaces (16 by default), which keeps the embedded server under 300 MB through the 200-user load
 * test (docs/decisions/055-a-smaller-young-generation.md). A V8 heap size is read when the process starts, so it
 * is a flag here, not in server/main.ts. `npm start` and the systemd unit spell the same arguments
 * (scripts/server-entry.test.ts holds them together).
 */
export const serverNodeArgs = ['--enable-source-maps', '--max-semi-space-size=4', serverEntry];
