import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render-app';
import { ApiError, api, buildUrl, fileUrl, setUnauthorizedHandler } from './api-client';
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
  it('sends the stored access_token header and a JSON body to /api', async () => {
    saveSignIn('tok-123', 'sess-1', user);
    const { calls } = mockApi({ 'POST /api/unit': () => ({ status: 201, body: { id: 7 } }) });
    const reply = await api.post<{ id: number }>('/unit', { plate_number: 'B 1234 XY' });
    expect(reply).toEqual({ id: 7 });
    expect(calls[0].headers.access_token).toBe('tok-123');
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].body).toEqual({ plate_number: 'B 1234 XY' });
  });

  it('sends no token on public calls', async () => {
    saveSignIn('tok-123', 'sess-1', user);
    const { calls } = mockApi({ 'POST /api/tire-man/login': () => ({ body: {} }) });
    await api.post('/tire-man/login', { email: 'a@b.c', password: 'x' }, { auth: false });
    expect(calls[0].headers.access_token).toBeUndefined();
  });

  it('throws an ApiError carrying the server error shape', async () => {
    mockApi({
      'POST /api/unit': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Data tidak valid',
          fields: [{ field: 'plate_number', message: 'No. Body wajib diisi' }],
        },
      }),
    });
    const err = await api.post('/unit', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Data tidak valid',
      fields: [{ field: 'plate_number', message: 'No. Body wajib diisi' }],
    });
  });

  it('reports a 401 of a protected call to the unauthorized handler, not of a public one', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const unauthorized = () => ({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sesi berakhir, silakan login kembali' },
    });
    mockApi({ 'GET /api/tire-check/today': unauthorized, 'POST /api/tire-man/login': unauthorized });
    saveSignIn('tok-old', 'sess-1', user);

    await expect(api.get('/tire-check/today')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0].message).toBe('Sesi berakhir, silakan login kembali');

    await expect(api.post('/tire-man/login', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a NETWORK ApiError with an Indonesian message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Tidak dapat terhubung ke server',
    });
  });

  it('builds query strings without empty values, and file URLs', () => {
    expect(buildUrl('/tire', { page: 2, q: '', status: ['INSTALLED', 'SPARE'], x: undefined })).toBe(
      '/api/tire?page=2&status=INSTALLED&status=SPARE',
    );
    expect(fileUrl('uploads/a.png')).toBe('/files/uploads/a.png');
    expect(fileUrl('-')).toBeUndefined();
  });
});
