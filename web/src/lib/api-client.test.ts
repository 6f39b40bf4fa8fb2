import { API } from '@itms/contracts/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, replyTo } from '../test/render-app';
import { ApiError, buildUrl, call, setUnauthorizedHandler } from './api-client';
import { saveSignIn } from './storage';

const user = {
  id: 2,
  name: 'Dewi',
  email: 'edp@itms.local',
  role: 'staff' as const,
  phone: '-',
  photo: '-',
  signature: '-',
  department: 'EDP',
};

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('api client', () => {
  it("sends the stored access_token header and a JSON body to the operation's path", async () => {
    saveSignIn('tok-123', 'sess-1', user);
    const created = {
      message: 'Customer ditambahkan',
      data: { id: 7, name: 'PT Maju', createdAt: '2026-11-25T00:00:00.000Z', projectCount: 0 },
    };
    const { calls } = mockApi([replyTo(API.createCustomer, () => ({ status: 201, body: created }))]);
    const reply = await call(API.createCustomer, { body: { name: 'PT Maju' } });
    expect(reply).toEqual(created);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/customer' });
    expect(calls[0].headers.access_token).toBe('tok-123');
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].body).toEqual({ name: 'PT Maju' });
  });

  it('sends no token on public calls', async () => {
    saveSignIn('tok-123', 'sess-1', user);
    const { calls } = mockApi([replyTo(API.loginUser, () => ({ status: 401 }))]);
    await call(API.loginUser, { body: { email: 'a@b.c', password: 'x' } }).catch(() => {});
    expect(calls[0].headers.access_token).toBeUndefined();
  });

  it('throws an ApiError carrying the server error shape', async () => {
    mockApi([
      replyTo(API.createCustomer, () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Data tidak valid',
          fields: [{ field: 'name', message: 'Nama customer wajib diisi' }],
        },
      })),
    ]);
    const err = await call(API.createCustomer, { body: { name: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Data tidak valid',
      fields: [{ field: 'name', message: 'Nama customer wajib diisi' }],
    });
  });

  it('reports a 401 of a protected call to the unauthorized handler, not of a public one', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const unauthorized = () => ({
      status: 401,
      body: {
        statusCode: 401,
        code: 'UNAUTHORIZED' as const,
        message: 'Sesi berakhir, silakan login kembali',
      },
    });
    mockApi([replyTo(API.countTireChecksToday, unauthorized), replyTo(API.loginUser, unauthorized)]);
    saveSignIn('tok-old', 'sess-1', user);

    await expect(call(API.countTireChecksToday, {})).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0].message).toBe('Sesi berakhir, silakan login kembali');

    await expect(call(API.loginUser, { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a NETWORK ApiError with an Indonesian message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(API.getHealth, {})).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Tidak dapat terhubung ke server',
    });
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/tire', { page: 2, q: '', status: ['INSTALLED', 'SPARE'], x: undefined })).toBe(
      '/api/tire?page=2&status=INSTALLED&status=SPARE',
    );
  });
});
