import { config } from 'zod';

// zod probes `new Function` for its fast path when it builds an object schema: the CSP
// (script-src 'self', no eval) refuses it and the browser reports a violation. The interpreted
// mode needs no eval. main.tsx imports this module first, before any module that builds a schema.
config({ jitless: true });
