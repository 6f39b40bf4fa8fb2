import { describe, expect, it } from 'vitest';
import { API, ERROR_STATUS, ERROR_TABLES } from './api';
import type { Endpoint } from './endpoint';

const operations: Endpoint[] = Object.values(API);

describe('the endpoint table', () => {
  it('declares each error code once, and every code an operation lists', () => {
    const codes = ERROR_TABLES.flatMap((t) => Object.keys(t));
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    const unknown = operations.flatMap((e) =>
      (e.errors ?? []).filter((c) => !(c in ERROR_STATUS)).map((c) => `${e.operationId}: ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it('keys each operation by its operationId, with one method and path per operation', () => {
    for (const [key, e] of Object.entries(API)) expect(e.operationId).toBe(key);
    const routes = operations.map((e) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });
});
