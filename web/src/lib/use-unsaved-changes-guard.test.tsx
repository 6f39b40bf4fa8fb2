import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { signIn } from '../test/render-app';
import { createQueryClient } from './query-client';
import { clearSignIn } from './storage';
import { UNSAVED_CHANGES, useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function FormPage() {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const { allowNavigation } = useUnsavedChangesGuard(value !== '');
  return (
    <div>
      <input aria-label="After" value={value} onChange={(e) => setValue(e.target.value)} />
      <Link to="/lain">Ke halaman lain</Link>
      <Link to="/form?page=2">Halaman 2</Link>
      <button
        type="button"
        onClick={() => {
          allowNavigation();
          navigate('/lain');
        }}
      >
        Simpan
      </button>
    </div>
  );
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', Component: FormPage },
      { path: '/lain', element: <h2>Halaman lain</h2> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('After'), { target: { value: text } });

afterEach(() => clearSignIn());

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    signIn('staff');
    const router = renderForm();
    fireEvent.click(screen.getByText('Ke halaman lain'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lain'));
  });

  it("asks before leaving typed input: 'Tetap di sini' keeps the form and the value, 'Tinggalkan' goes", async () => {
    signIn('staff');
    const router = renderForm();
    type('7');
    fireEvent.click(screen.getByText('Ke halaman lain'));
    expect(await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(router.state.blockers.values().next().value?.state).toBe('unblocked'));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('After') as HTMLInputElement).value).toBe('7');

    fireEvent.click(screen.getByText('Ke halaman lain'));
    await waitFor(() => expect(router.state.blockers.values().next().value?.state).toBe('blocked'));
    // the dialog of the first attempt may still be fading out: the newest one is last
    fireEvent.click((await screen.findAllByRole('button', { name: UNSAVED_CHANGES.leave })).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lain'));
  });

  it("blocks the browser's own leaving (beforeunload) only while there is unsaved input", () => {
    signIn('staff');
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    type('7');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('does not ask for a change of the query only, after a save, or once the session has ended', async () => {
    signIn('staff');
    const router = renderForm();
    type('7');
    fireEvent.click(screen.getByText('Halaman 2'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lain'));

    await router.navigate('/form');
    await screen.findByLabelText('After');
    type('8');
    clearSignIn();
    fireEvent.click(screen.getByText('Ke halaman lain'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lain'));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeNull();
  });
});
