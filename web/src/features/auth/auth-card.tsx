import { PRODUCT_NAME } from '@itms/contracts/constants';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand';

/** Centered card with the ITMS mark, for the login and reset-password pages. */
export const authStyles = {
  title: { fontSize: 22, fontWeight: 600, margin: '0 0 4px', color: 'rgba(0, 0, 0, 0.88)' },
  hint: { margin: '0 0 20px', color: 'rgba(0, 0, 0, 0.55)' },
} as const;

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '24px 16px',
        boxSizing: 'border-box',
        background:
          'radial-gradient(circle at 15% 10%, #dbe7ff 0, transparent 45%), linear-gradient(160deg, #eef3fb 0%, #e2e9f5 100%)',
      }}
    >
      <div style={{ width: '100%', maxWidth: 400 }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            marginBottom: 20,
            justifyContent: 'center',
          }}
        >
          <BrandMark size={44} />
          <div style={{ lineHeight: 1.2 }}>
            <div style={{ fontWeight: 700, fontSize: 22, letterSpacing: 0.5, color: '#0f1f3d' }}>ITMS</div>
            <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)' }}>{PRODUCT_NAME}</div>
          </div>
        </div>
        {/* a plain panel: antd's Card would pull Tabs, Dropdown and Menu into the login page */}
        <div
          style={{
            background: '#fff',
            borderRadius: 12,
            border: '1px solid #e6e9f0',
            boxShadow: '0 8px 28px rgba(15, 31, 61, 0.08)',
            padding: 28,
          }}
        >
          {children}
        </div>
      </div>
    </main>
  );
}
