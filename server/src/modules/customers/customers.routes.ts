import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { getCustomer, listCustomers } from './customers.queries';
import { createCustomer, deleteCustomer, updateCustomer } from './customers.service';

const M = MASTER_MESSAGES.customer;

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const customer = async (id: number) => {
    const row = await getCustomer(app.db, id);
    if (!row) throw notFound('Customer');
    return row;
  };

  route(app, API.listCustomers, async (req) => listCustomers(app.db, req.query));

  route(app, API.getCustomer, async (req) => customer(req.params.id));

  route(app, API.createCustomer, async (req) => {
    const id = await createCustomer(app.db, currentUser(req).id, req.body);
    return { message: M.created, data: await customer(id) };
  });

  route(app, API.updateCustomer, async (req) => {
    await updateCustomer(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: M.updated, data: await customer(req.params.id) };
  });

  route(app, API.deleteCustomer, async (req) => {
    await deleteCustomer(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
