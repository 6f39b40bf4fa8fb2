import { describe, expect, it } from 'vitest';
import { API, ERROR_STATUS, ERROR_TABLES } from './api';
import { type Endpoint, TAGS } from './endpoint';

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

  it('declares what every write makes stale, so that a new write cannot forget it (issue 36, item 3)', () => {
    const undeclared = operations
      .filter((e) => e.method !== 'GET' && e.invalidates === undefined)
      .map((e) => e.operationId);
    expect(undeclared).toEqual([]);
    // a read changes nothing: it may only say so
    const reads = operations.filter(
      (e) => e.method === 'GET' && e.invalidates !== undefined && e.invalidates !== 'nothing',
    );
    expect(reads.map((e) => e.operationId)).toEqual([]);
    // no resource names itself (it is implied) or twice
    const redundant = operations.filter(
      (e) =>
        Array.isArray(e.invalidates) &&
        (e.invalidates.includes(e.tag) || new Set(e.invalidates).size < e.invalidates.length),
    );
    expect(redundant.map((e) => e.operationId)).toEqual([]);
  });

  it('names every resource an operation belongs to, and no other', () => {
    expect(new Set(operations.map((e) => e.tag))).toEqual(new Set(TAGS));
  });
});
