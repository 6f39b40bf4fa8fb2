import { Card, Typography } from 'antd';
import { useRouteMeta } from '../lib/route-meta';

/** An empty page with only its title: /form, which the spec leaves empty (section 2 route table). */
export default function ScreenPlaceholder() {
  const meta = useRouteMeta();
  return (
    <Card>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
        {meta?.title ?? 'Halaman'}
      </Typography.Title>
    </Card>
  );
}
