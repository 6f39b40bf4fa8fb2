import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignatureBox } from './signature-box';

// issue 36, item 2: the office sees which it is: signed on site, absent with a reason, or missing
describe('SignatureBox of the PIC', () => {
  it("shows 'PIC tidak di tempat' with the tire man's reason instead of 'Belum ditandatangani'", () => {
    render(<SignatureBox label="TTD PIC" path="-" absentReason="PIC sedang cuti" />);
    expect(screen.getByRole('img', { name: 'TTD PIC: PIC tidak di tempat' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'TTD PIC' }).textContent).toContain(
      'PIC tidak di tempat: PIC sedang cuti',
    );
    expect(screen.queryByText('Belum ditandatangani')).toBeNull();
  });

  it("without a reason an unsigned PIC stays 'Belum ditandatangani'", () => {
    render(<SignatureBox label="TTD PIC" path="-" absentReason={null} />);
    expect(screen.getByRole('img', { name: 'TTD PIC: belum ditandatangani' })).toBeTruthy();
    expect(screen.queryByText(/PIC tidak di tempat/)).toBeNull();
  });
});
