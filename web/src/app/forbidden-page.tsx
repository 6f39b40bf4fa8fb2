import type { Role } from '@itms/contracts/enums';
import { Result } from 'antd';
import { LinkButton } from '../components/link-button';
import { homeLinkOf } from '../lib/route-meta';

/** A screen the signed-in role may not open (e.g. Tire Man admin for staff), with the way home. */
export function ForbiddenPage({ role }: { role: Role }) {
  const home = homeLinkOf(role);
  return (
    <Result
      status="403"
      title="Akses ditolak"
      subTitle="Anda tidak memiliki akses ke halaman ini."
      extra={
        <LinkButton to={home.to} type="primary">
          {home.label}
        </LinkButton>
      }
    />
  );
}
