import { describe, expect, it } from 'vitest';
import { formatHandledDate, normalizePlate, parseHandledDate, ZUnitBody } from './master-data';
import { ZRegisterBody, ZRole } from './users';

describe('handled date', () => {
  it('reads dd/mm/yy, dd/mm/yyyy and yyyy-mm-dd and refuses dates that do not exist', () => {
    expect(parseHandledDate('05/03/25')).toBe('2025-03-05');
    expect(parseHandledDate('5/3/2025')).toBe('2025-03-05');
    expect(parseHandledDate('2025-03-05')).toBe('2025-03-05');
    expect(parseHandledDate('29/02/24')).toBe('2024-02-29');
    expect(parseHandledDate('29/02/25')).toBeNull();
    expect(parseHandledDate('2025-13-01')).toBeNull();
    expect(parseHandledDate('kemarin')).toBeNull();
    expect(formatHandledDate('2025-03-05')).toBe('05/03/25');
    expect(formatHandledDate(null)).toBe('');
  });
});

describe('unit form', () => {
  it('upper-cases the plate and defaults plan_project and status', () => {
    const unit = ZUnitBody.parse({
      plate_number: ' b  9001   tr',
      unit_type: 'tronton',
      project_id: '3',
      tonnage: '7,5',
      handled_date: '01/02/25',
    });
    expect(unit).toEqual({
      plate_number: 'B 9001 TR',
      unit_type: 'TRONTON',
      project_id: 3,
      plan_project: '-',
      tonnage: 7.5,
      handled_date: '2025-02-01',
      status: 'active',
    });
    expect(normalizePlate('ab 1')).toBe('AB 1');
  });

  it('treats empty form values as missing, not as zero', () => {
    const res = ZUnitBody.safeParse({
      plate_number: 'B 1',
      unit_type: 'CDD',
      project_id: '',
      tonnage: '',
      handled_date: '',
    });
    expect(res.success).toBe(false);
    const messages = Object.fromEntries(res.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      project_id: 'Project wajib dipilih',
      tonnage: 'Tonase wajib diisi',
      handled_date: 'Tanggal handle wajib diisi',
    });
  });
});

describe('roles', () => {
  it('maps the wizard choices 1 to 5 and the labels to the five roles', () => {
    expect(
      [1, '2', '3', '4', 'Admin', 'Tire Man', 'tireman', 'staff', 'Workshop', '5', 'Pelanggan'].map((r) =>
        ZRole.parse(r),
      ),
    ).toEqual([
      'admin',
      'staff',
      'tire-man',
      'workshop',
      'admin',
      'tire-man',
      'tire-man',
      'staff',
      'workshop',
      'customer',
      'customer',
    ]);
    expect(ZRole.safeParse('6').success).toBe(false);
  });

  it('registers with photo and signature defaulting to "-"', () => {
    const body = ZRegisterBody.parse({
      name: 'A',
      email: 'A@B.CO',
      phone: '0812345678',
      password: 'rahasia123',
      nik: 12345,
      role: 3,
    });
    expect(body).toMatchObject({
      email: 'a@b.co',
      nik: '12345',
      role: 'tire-man',
      photo: '-',
      signature: '-',
    });
  });
});

describe('registration messages', () => {
  it('gives one message per empty field', () => {
    const res = ZRegisterBody.safeParse({ name: '', email: '', phone: '', password: '', nik: '', role: '' });
    expect(res.success).toBe(false);
    const byField = new Map<string, string[]>();
    for (const i of res.error!.issues)
      byField.set(String(i.path[0]), [...(byField.get(String(i.path[0])) ?? []), i.message]);
    expect(Object.fromEntries(byField)).toEqual({
      name: ['Nama wajib diisi'],
      email: ['Email wajib diisi'],
      phone: ['Nomor HP wajib diisi'],
      password: ['Password minimal 10 karakter'],
      nik: ['NIK wajib diisi'],
      role: ['Role harus admin, staff, tire-man, workshop atau pelanggan'],
    });
  });
});
