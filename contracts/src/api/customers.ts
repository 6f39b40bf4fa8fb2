import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZCustomerBody,
  ZCustomerList,
  ZCustomerListQuery,
  ZCustomerReply,
  ZCustomerRow,
  ZDeletedReply,
  ZIdParams,
} from '../master-data';

/** Error codes of the customers operations beyond the generic ones. */
export const customersErrors = defineErrors({
  /** Projects still belong to the customer: it cannot be deleted. */
  CUSTOMER_IN_USE: 409,
});

const tag = 'customers';

export const customersEndpoints = defineEndpoints({
  listCustomers: {
    method: 'GET',
    path: '/customer',
    summary: 'Customers with their project count, paged; q matches the name.',
    tag,
    access: 'office',
    query: ZCustomerListQuery,
    reply: ZCustomerList,
  },
  getCustomer: {
    method: 'GET',
    path: '/customer/:id',
    summary: 'One customer with its project count.',
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZCustomerRow,
    errors: ['NOT_FOUND'],
  },
  createCustomer: {
    method: 'POST',
    path: '/customer',
    summary: 'Creates a customer.',
    tag,
    invalidates: [],
    access: 'office',
    body: ZCustomerBody,
    reply: ZCustomerReply,
    status: 201,
  },
  updateCustomer: {
    method: 'PUT',
    path: '/customer/:id',
    summary: 'Renames a customer.',
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZCustomerBody,
    reply: ZCustomerReply,
    errors: ['NOT_FOUND'],
  },
  deleteCustomer: {
    method: 'DELETE',
    path: '/customer/:id',
    summary: 'Deletes a customer that no project uses.',
    tag,
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'CUSTOMER_IN_USE'],
  },
});
