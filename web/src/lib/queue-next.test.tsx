import { API } from '@itms/contracts/api';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render-app';
import { FeedbackBridge } from './feedback';
import { firstOfQueue, QUEUE_DONE_MESSAGE, useQueueNext } from './queue-next';

afterEach(() => vi.unstubAllGlobals());

/** The BKB queue answering rows of `ids` (only their ids matter here), or failing; records what was asked. */
function queue(ids: number[] | 'fail') {
  return mockApi([
    {
      endpoint: API.listPendingMismatches,
      handler: () =>
        ids === 'fail'
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Server sedang bermasalah' } }
          : { body: { data: ids.map((id) => ({ id })), total: ids.length, page: 1, pageSize: 1 } },
    },
  ]);
}

describe('firstOfQueue', () => {
  it("asks page 1 of one row with the URL's search, filters and order and the list's own filters", async () => {
    const { calls } = queue([31]);
    const params = new URLSearchParams('q=B 99&tireman_id=4&order=oldest&page=3&pageSize=50&view=queue');
    expect(await firstOfQueue(API.listPendingMismatches, params, { status: 'edp' })).toBe(31);
    const asked = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      status: 'edp',
      q: 'B 99',
      tireman_id: '4',
      order: 'oldest',
      page: '1',
      pageSize: '1',
    });
  });

  it('answers null when the filtered queue is empty', async () => {
    queue([]);
    expect(await firstOfQueue(API.listPendingMismatches, new URLSearchParams('age=3d'))).toBeNull();
  });
});

describe('useQueueNext', () => {
  const setup = () => {
    const open = vi.fn();
    const leave = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <App>
        <FeedbackBridge />
        <MemoryRouter initialEntries={['/mismatch?region_id=2&order=oldest']}>{children}</MemoryRouter>
      </App>
    );
    const { result } = renderHook(() => useQueueNext({ endpoint: API.listPendingMismatches, open, leave }), {
      wrapper,
    });
    return { result, open, leave };
  };

  it('opens the first item of the same filtered queue', async () => {
    const { calls } = queue([12, 13]);
    const { result, open, leave } = setup();
    await act(() => result.current.openNext());
    expect(open).toHaveBeenCalledWith(12);
    expect(leave).not.toHaveBeenCalled();
    expect(calls[0]!.url).toContain('region_id=2');
    expect(result.current.going).toBe(false);
  });

  it("says 'Antrean selesai' and goes back to the list when nothing is left", async () => {
    queue([]);
    const { result, open, leave } = setup();
    await act(() => result.current.openNext());
    expect(open).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByText(QUEUE_DONE_MESSAGE)).toBeTruthy());
  });

  it('goes back to the list when the queue cannot be read', async () => {
    queue('fail');
    const { result, open, leave } = setup();
    await act(() => result.current.openNext());
    expect(open).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledOnce();
  });
});
