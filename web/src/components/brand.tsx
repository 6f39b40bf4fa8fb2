export const BRAND_COLOR = '#1554c0';

/** The ITMS mark: a tire in a rounded square. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={BRAND_COLOR} />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#fff" strokeWidth="7" strokeDasharray="5 3" />
      <circle cx="32" cy="32" r="7" fill="#fff" />
    </svg>
  );
}

export function SiderBrand() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '14px 16px 10px' }}>
      <BrandMark size={34} />
      <div style={{ lineHeight: 1.15 }}>
        <div style={{ fontWeight: 700, fontSize: 17, letterSpacing: 0.5, color: '#0f1f3d' }}>ITMS</div>
        <div style={{ fontSize: 11, color: 'rgba(0,0,0,0.65)' }}>Tire Management</div>
      </div>
    </div>
  );
}
