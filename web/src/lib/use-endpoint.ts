import type { Endpoint, ReplyOf } from '@itms/contracts/endpoint';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type CallInput, call, endpointKey } from './api-client';

/** Reads one operation of the endpoint table through React Query: one fetcher, one cache key. */
export function useEndpoint<E extends Endpoint>(
  e: E,
  input: NoInfer<CallInput<E>>,
  options: Omit<UseQueryOptions<ReplyOf<E>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({
    queryKey: endpointKey(e, input),
    queryFn: ({ signal }) => call(e, input, { signal }),
    ...options,
  });
}
