import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API } from './api';
import type { Endpoint } from './endpoint';
import { INT4_MAX, readNumber, zId } from './numeric';

interface JsonSchema {
  type?: string | string[];
  maximum?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

type Path = (string | number)[];
interface NumberField {
  path: Path;
  integer: boolean;
  min?: number;
  max?: number;
}

/** Every number field of an input schema, as its path (an array's first item stands for all). */
function numericPaths(s: JsonSchema | undefined, path: Path = [], depth = 0): NumberField[] {
  if (!s || depth > 6) return [];
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const here =
    types.includes('number') || types.includes('integer')
      ? [{ path, integer: types.includes('integer'), min: s.minimum, max: s.maximum }]
      : [];
  const nested = [
    ...Object.entries(s.properties ?? {}).flatMap(([k, p]) => numericPaths(p, [...path, k], depth + 1)),
    ...(s.items ? numericPaths(s.items, [...path, 0], depth + 1) : []),
    ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((a) =>
      numericPaths(a, path, depth + 1),
    ),
  ];
  return [...here, ...nested];
}

/** `{}` with `value` at `path` (arrays where the path has an index). */
function placed(path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [placed(rest, value)] : { [head!]: placed(rest, value) };
}

const samePath = (a: readonly PropertyKey[], b: Path) =>
  a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

const inputs = (e: Endpoint) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = e[part];
    if (!schema) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return numericPaths(json).map((field) => ({ part, schema, ...field }));
  });

describe('numbers in requests', () => {
  it('reads a number or decimal digits, and nothing else', () => {
    expect(readNumber(12)).toBe(12);
    expect(readNumber(' 12 ')).toBe(12);
    expect(readNumber('-3.5')).toBe(-3.5);
    for (const v of [true, false, [1], {}, '', ' ', '1e3', '0x1F', 'NaN', 'Infinity', '١٢٣', '12abc']) {
      expect(readNumber(v)).toBe(v);
    }
    expect(zId('Unit tidak valid').safeParse(true).success).toBe(false);
    expect(zId('Unit tidak valid').safeParse('2147483648').success).toBe(false);
    expect(zId('Unit tidak valid').safeParse('7').data).toBe(7);
  });

  const fields = Object.values(API as Record<string, Endpoint>).flatMap((e) =>
    inputs(e).map((i) => ({ ...i, name: `${e.operationId} ${i.part}.${i.path.join('.')}` })),
  );

  it('walks every operation of the endpoint table', () => {
    expect(fields.length).toBeGreaterThan(100);
  });

  it('refuses true, [1], {} and text that is not decimal digits in every number field', () => {
    const coerced: string[] = [];
    for (const f of fields) {
      for (const value of [true, [1], { n: 1 }, '1e3', '0x10', ' ']) {
        const result = f.schema.safeParse(placed(f.path, value));
        const refused = !result.success && result.error.issues.some((i) => samePath(i.path, f.path));
        if (!refused) coerced.push(`${f.name} = ${JSON.stringify(value)}`);
      }
    }
    expect(coerced).toEqual([]);
  });

  // rupiah amounts are bigint columns; everything else that is whole fits an int4 column
  const BIGINT_FIELDS = new Set(['purchase_price', 'retread_cost']);

  it('bounds every whole number by its column, so that no value reaches SQL out of range', () => {
    const unbounded = fields
      .filter((f) => f.integer && !BIGINT_FIELDS.has(String(f.path.at(-1))))
      .filter(
        (f) => f.max === undefined || f.max > INT4_MAX || (f.min !== undefined && f.min < -INT4_MAX - 1),
      )
      .map((f) => f.name);
    expect(unbounded).toEqual([]);
  });

  it('takes the digits a form body or a query string sends in every number field', () => {
    const refused: string[] = [];
    for (const f of fields) {
      const result = f.schema.safeParse(placed(f.path, '7'));
      const typeIssue = result.error?.issues.find(
        (i) => samePath(i.path, f.path) && i.code === 'invalid_type',
      );
      if (typeIssue) refused.push(f.name);
    }
    expect(refused).toEqual([]);
  });
});
