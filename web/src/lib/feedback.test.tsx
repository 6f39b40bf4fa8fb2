import { act, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { FeedbackBridge, showApiError, showErrorDialog } from './feedback';

function mountBridge() {
  render(
    <App>
      <FeedbackBridge />
    </App>,
  );
}

describe('error dialog', () => {
  it('shows Oops... with the error text and the footer "Periksa data lalu coba lagi; bila tetap gagal, hubungi admin."', async () => {
    mountBridge();
    act(() => {
      showApiError(new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'Unit tidak ditemukan' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Unit tidak ditemukan')).toBeTruthy();
    expect(
      within(dialog).getByText('Periksa data lalu coba lagi; bila tetap gagal, hubungi admin.'),
    ).toBeTruthy();
  });

  it('lists field messages of a validation error', async () => {
    mountBridge();
    act(() => {
      showApiError(
        new ApiError({
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Data tidak valid',
          fields: [{ field: 'pressure', message: 'PSI maksimal 200' }],
        }),
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Data tidak valid: PSI maksimal 200')).toBeTruthy();
  });

  it('takes a specific footer, or none', async () => {
    mountBridge();
    act(() => {
      showErrorDialog({ text: 'Gagal', footer: 'Update Active Tire Failed' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Update Active Tire Failed')).toBeTruthy();
    expect(
      within(dialog).queryByText('Periksa data lalu coba lagi; bila tetap gagal, hubungi admin.'),
    ).toBeNull();
  });
});
