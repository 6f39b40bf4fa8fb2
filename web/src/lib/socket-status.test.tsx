import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SocketStatusText, setSocketStatus } from './socket-status';

describe('SocketStatusText', () => {
  it("shows 'Menghubungkan ...' while connecting or reconnecting, nothing once connected", () => {
    render(<SocketStatusText />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => setSocketStatus('connecting'));
    expect(screen.getByRole('status').textContent).toContain('Menghubungkan ...');
    act(() => setSocketStatus('connected'));
    expect(screen.queryByRole('status')).toBeNull();
    // a dropped connection that the client retries
    act(() => setSocketStatus('connecting'));
    expect(screen.getByRole('status', { name: 'Menghubungkan ...' })).toBeTruthy();
    act(() => setSocketStatus('idle'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
