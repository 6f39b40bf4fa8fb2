import { MASTER_MESSAGES, ZCustomerBody, ZCustomerListQuery, ZIdParams } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getCustomer, listCustomers } from './customers.queries';
import { createCustomer, deleteCustomer, updateCustomer } from './customers.service';

const M = MASTER_MESSAGES.customer;

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customer'];
  const config = { roles: OFFICE };

  app.get('/customer', { config, schema: { tags, querystring: ZCustomerListQuery } }, async (req) =>
    listCustomers(app.db, req.query),
  );

  app.get('/customer/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    const row = await getCustomer(app.db, req.params.id);
    if (!row) throw notFound('Customer');
    return row;
  });

  app.post('/customer', { config, schema: { tags, body: ZCustomerBody } }, async (req, reply) => {
    const id = await createCustomer(app.db, currentUser(req).id, req.body);
    reply.status(201);
    return { message: M.created, data: await getCustomer(app.db, id) };
  });

  app.put(
    '/customer/:id',
    { config, schema: { tags, params: ZIdParams, body: ZCustomerBody } },
    async (req) => {
      await updateCustomer(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: M.updated, data: await getCustomer(app.db, req.params.id) };
    },
  );

  app.delete('/customer/:id', { config, schema: { tags, params: ZIdParams } }, async (req) => {
    await deleteCustomer(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
