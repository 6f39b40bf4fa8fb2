import { describe, expect, it } from 'vitest';
import { auditChanges, auditSentences, entityText, fieldLabel, valueText } from './audit-text';

const line = (o: Partial<Parameters<typeof auditSentences>[1]>) => ({
  action: 'update',
  entity: 'tire',
  entityId: '12',
  entityName: 'GT2615K3470',
  before: null,
  after: null,
  ...o,
});

describe('Log Audit in words', () => {
  it('says who changed which field of which tire, from what to what', () => {
    const l = line({
      action: 'measure',
      before: { groove_1: 12, groove_2: 11.5, pressure: 110 },
      after: { groove_1: 10, groove_2: 11.5, pressure: 105, tire_check_id: 7 },
    });
    expect(auditSentences('Dewi EDP', l)).toEqual([
      'Dewi EDP mengubah RTD 1 ban GT2615K3470 dari 12 menjadi 10',
      'Dewi EDP mengubah tekanan ban GT2615K3470 dari 110 menjadi 105',
    ]);
  });

  it('labels fields in Indonesian, numbers and empty values in words', () => {
    expect(fieldLabel('groove_4')).toBe('RTD 4');
    expect(fieldLabel('reference_psi')).toBe('tekanan acuan');
    expect(fieldLabel('some_new_field')).toBe('some new field');
    expect(valueText(11.5)).toBe('11,5');
    expect(valueText(null)).toBe('(kosong)');
    expect(valueText('-')).toBe('(kosong)');
    expect(
      auditSentences(
        'Admin',
        line({
          entity: 'tire-size-pressure',
          entityId: '11.00-20',
          entityName: '11.00-20',
          before: { reference_psi: null },
          after: { reference_psi: 110 },
        }),
      ),
    ).toEqual(['Admin mengubah tekanan acuan size 11.00-20 dari (kosong) menjadi 110']);
  });

  it('names the entity by its key, or its id once it is gone', () => {
    expect(entityText({ entity: 'unit', entityId: '3', entityName: 'B 9001 TR' })).toBe('unit B 9001 TR');
    expect(entityText({ entity: 'tire', entityId: '9', entityName: null })).toBe('ban #9');
  });

  it('one sentence for a creation, a deletion or a validation', () => {
    expect(auditSentences('Admin', line({ action: 'tire.create', after: { serial_number: 'X' } }))).toEqual([
      'Admin membuat ban GT2615K3470',
    ]);
    expect(auditSentences('Admin', line({ action: 'delete', entity: 'unit', entityName: 'B 1 A' }))).toEqual([
      'Admin menghapus unit B 1 A',
    ]);
    expect(
      auditSentences(
        'Dewi',
        line({ action: 'validate', entity: 'tire-check', entityId: '5', entityName: 'B 9001 TR' }),
      ),
    ).toEqual(['Dewi memvalidasi pengecekan B 9001 TR']);
  });

  it('compares only the fields both sides hold, flattening nested ones', () => {
    expect(auditChanges({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 }, d: 4 })).toEqual([
      { field: 'b.c', before: 2, after: 3 },
    ]);
    expect(auditChanges({ a: 1, gone: 2 }, { a: 1 })).toEqual([]);
  });
});
