import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useRouteMeta } from '../lib/route-meta';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';

/** What a list shows while its first page loads (spec section 4). */
export const LOADING = 'Mengambil Data ...';

/** The white panel a screen sits in; tighter on phones. */
export function PageCard({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  return <Card styles={{ body: { padding: isDesktop ? 24 : 14 } }}>{children}</Card>;
}

/** Width of a filter select in a list toolbar: two share a phone row. */
export const FILTER_STYLE = { flex: '1 1 150px', maxWidth: 260, minWidth: 0 } as const;

/** The screen's title (level 2, from the route table unless given) with its buttons on the right. */
export function PageHeading({ title, extra }: { title?: string; extra?: ReactNode }) {
  const meta = useRouteMeta();
  return (
    <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title ?? meta?.title}
      </Typography.Title>
      {extra ? (
        <Flex wrap gap={8}>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
