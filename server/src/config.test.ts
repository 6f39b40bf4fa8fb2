import { IDEMPOTENCY_KEEP_DAYS } from '@itms/contracts/field';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('FIELD_MAX_AGE_DAYS', () => {
  it('defaults to 45 days and stays below the idempotency keys lifetime', () => {
    expect(loadConfig({}).fieldMaxAgeDays).toBe(45);
    expect(loadConfig({ FIELD_MAX_AGE_DAYS: String(IDEMPOTENCY_KEEP_DAYS - 1) }).fieldMaxAgeDays).toBe(
      IDEMPOTENCY_KEEP_DAYS - 1,
    );
    // a phone may resend an entry after its key is forgotten: the server must refuse it as too old
    expect(() => loadConfig({ FIELD_MAX_AGE_DAYS: String(IDEMPOTENCY_KEEP_DAYS) })).toThrow(ConfigError);
    expect(() => loadConfig({ FIELD_MAX_AGE_DAYS: '0' })).toThrow(ConfigError);
  });
});
