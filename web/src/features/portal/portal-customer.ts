import { useSearchParams } from 'react-router';
import { getStoredUser } from '../../lib/storage';

/**
 * Whose fleet the portal shows: a customer account its own (the server knows whose); the office
 * the customer named by `?customer_id=`, which every portal link carries on (`search`).
 */
export function usePortalCustomer() {
  const [params] = useSearchParams();
  const own = getStoredUser()?.role === 'customer';
  const raw = Number(params.get('customer_id'));
  const customerId = !own && Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return {
    own,
    customerId,
    /** Someone to show: the customer's own account, or the office with a customer chosen. */
    ready: own || customerId !== undefined,
    search: customerId ? `?customer_id=${customerId}` : '',
  };
}
