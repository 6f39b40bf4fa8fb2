import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('reports health with the database driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.driver });
  });

  it('publishes OpenAPI docs generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/tire-man/login'].post.requestBody).toBeDefined();
    // an operation of the endpoint table: id, summary, reply schema and its documented errors
    const health = doc.paths['/api/health'].get;
    expect(health.operationId).toBe('getHealth');
    expect(health.summary).toMatch(/database/);
    expect(health.responses['200'].content['application/json'].schema.required).toEqual([
      'status',
      'database',
    ]);
    expect(Object.keys(health.responses)).toEqual(['200', '500']);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('lists every configuration problem at once', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', APP_TIMEZONE: 'Mars/Base', DATABASE_URL: 'mysql://x', STORAGE_DRIVER: 's3' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const fields = (err as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['PORT', 'APP_TIMEZONE', 'DATABASE_URL']));
  });

  it('sends session-clear to the sockets of a user whose session ends', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (live.app.server.address() as { port: number }).port;
      const token = await live.login(FX.staff2.email);
      const socket = connect(`http://127.0.0.1:${port}`, { auth: { token }, transports: ['websocket'] });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const cleared = new Promise((resolve) => socket.on('session-clear', resolve));
      const out = await live.app.inject({
        method: 'POST',
        url: '/api/tire-man-logout',
        headers: { access_token: token },
      });
      expect(out.statusCode).toBe(200);
      await expect(cleared).resolves.toEqual({ reason: 'logout' });
      socket.close();

      // a socket with a bad token is refused
      const bad = connect(`http://127.0.0.1:${port}`, { auth: { token: 'nope' }, transports: ['websocket'] });
      const error = await new Promise<Error>((resolve) => bad.on('connect_error', resolve));
      expect(error.message).toBe('unauthorized');
      bad.close();
    } finally {
      await live.close();
    }
  });
});
