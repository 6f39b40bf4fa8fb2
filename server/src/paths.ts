import path from 'node:path';

// The server package's root. This file sits one level below it both as source (src/paths.ts) and
// in the built bundle (dist/server.mjs), so every path that leaves the code starts here.
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
