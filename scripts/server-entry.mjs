// The compiled server (scripts/build-server.mjs writes it): what `npm start`, the tests, the benchmarks and the
// deployment run, so no TypeScript is transpiled at start-up or on the request path.
export const serverEntry = 'dist/server/main.mjs';
/** Node's arguments to run it; the source map makes stack traces name the TypeScript sources. */
export const serverNodeArgs = ['--enable-source-maps', serverEntry];
