import { Spin } from 'antd';
import type { ReactNode } from 'react';

/** Centered loading state for whole-page waits ('Validasi kredensial ...'). */
export function FullPageSpin({ text }: { text?: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        minHeight: '60vh',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        color: 'rgba(0, 0, 0, 0.55)',
      }}
    >
      <Spin size="large" />
      {text ? <div>{text}</div> : null}
    </div>
  );
}
