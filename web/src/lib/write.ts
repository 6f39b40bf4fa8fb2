// Issue 36, item 3: what a write makes stale is declared once, on its operation in the endpoint
// table (`invalidates`, contracts/src/endpoint.ts); the web refreshes from that declaration here,
// after every write, instead of each screen listing what to reload.
import type { Endpoint, ReplyOf, Tag } from '@itms/contracts/endpoint';
import {
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallInput, call, isApiError } from './api-client';

/** The resources a write makes stale: its own and the ones it declares. */
export function staleAfter(e: Endpoint): readonly Tag[] {
  if (e.invalidates === 'nothing') return [];
  return [e.tag, ...(e.invalidates ?? [])];
}

/**
 * Whether a write's outcome leaves the cached reads stale: it succeeded (no error), or it was
 * refused because the data changed meanwhile (409: someone else validated or deleted it first).
 * Any other failure changed nothing.
 */
export const leftStale = (error: unknown): boolean =>
  error === null || error === undefined || (isApiError(error) && error.status === 409);

/** Refreshes (the prefix `[tag]` of) every resource the given writes make stale, each once. */
export function invalidateAfter(queryClient: QueryClient, writes: readonly Endpoint[]): Promise<unknown> {
  const tags = new Set(writes.flatMap(staleAfter));
  return Promise.all([...tags].map((tag) => queryClient.invalidateQueries({ queryKey: [tag] })));
}

/** `call` that adds each operation it sent to `written` once its outcome left the reads stale. */
export function recordingCall(written: Endpoint[]): typeof call {
  return ((e: Endpoint, input: never, options?: Parameters<typeof call>[2]) =>
    call(e, input, options).then(
      (reply) => {
        written.push(e);
        return reply;
      },
      (err: unknown) => {
        if (leftStale(err)) written.push(e);
        throw err;
      },
    )) as typeof call;
}

/**
 * React Query's useMutation for one write of the endpoint table: `input` turns the mutation's
 * variables into the operation's params and body. When it settles (after the caller's own
 * onSettled), what the operation declares stale is refreshed, unless it failed without changing
 * anything. The refresh is not awaited: the caller says 'Sukses' and closes its dialog as soon
 * as the server answers, instead of after every list on the screen has loaded again (on a busy
 * server that took seconds, and a deleted record's open detail showed 'Oops...' meanwhile).
 */
export function useWrite<E extends Endpoint, V = void>(
  e: E,
  input: (vars: V) => NoInfer<CallInput<E>>,
  options: Omit<UseMutationOptions<ReplyOf<E>, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<ReplyOf<E>, Error, V>({
    ...options,
    mutationFn: (vars) => call(e, input(vars)),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      if (leftStale(args[1])) void invalidateAfter(queryClient, [e]);
    },
  });
}
