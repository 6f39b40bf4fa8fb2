import type { FormInstance } from 'antd';
import { isApiError } from './api-client';

/**
 * Puts the server's field messages (400 VALIDATION, 409 duplicates) on the form's fields.
 * Returns the names that got a message; empty when the error names no field of this form.
 */
export function applyFieldErrors(form: FormInstance, err: unknown, knownNames?: readonly string[]): string[] {
  if (!isApiError(err) || !err.fields?.length) return [];
  const names = new Set(knownNames ?? Object.keys(form.getFieldsValue(true) ?? {}));
  const byField = new Map<string, string[]>();
  for (const f of err.fields) {
    const name = f.field.split('.')[0] ?? f.field;
    if (!names.has(name)) continue;
    byField.set(name, [...new Set([...(byField.get(name) ?? []), f.message])]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return [...byField.keys()];
}
