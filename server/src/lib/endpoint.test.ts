import { defineEndpoints } from '@itms/contracts/endpoint';
import { zTimestamp } from '@itms/contracts/timestamp';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler, route } from './endpoint';

const ops = defineEndpoints({
  getThing: {
    method: 'GET',
    path: '/thing/:id',
    summary: 'A thing.',
    tag: 'system',
    access: 'public',
    params: z.object({ id: z.coerce.number() }),
    reply: z.object({ id: z.number(), name: z.string(), at: zTimestamp }),
  },
});

async function appWith(strict: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(strict));
  route(app, ops.getThing, async (req) => ({
    id: req.params.id,
    name: 'ban',
    at: new Date('2026-11-25T01:02:03.000Z'),
    password_hash: 'secret',
  }));
  await app.ready();
  return app;
}

describe('endpoint replies', () => {
  it('sends only what the schema names, with timestamps as ISO strings', async () => {
    const app = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/thing/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'ban', at: '2026-11-25T01:02:03.000Z' });
    await app.close();
  });

  it('fails the request in strict mode when the handler returns a field the schema lacks', async () => {
    const app = await appWith(true);
    const res = await app.inject({ method: 'GET', url: '/thing/7' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});
