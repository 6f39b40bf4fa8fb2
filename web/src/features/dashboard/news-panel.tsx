import { LinkOutlined, NotificationOutlined, SettingOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TNewsRow } from '@itms/contracts/master-data';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { LinkButton } from '../../components/link-button';
import { LoadError } from '../../components/load-error';
import { useFileUrl } from '../../lib/file-urls';
import { useEndpoint } from '../../lib/use-endpoint';

const columns: TableColumnsType<TNewsRow> = [
  {
    key: 'title',
    title: 'Judul',
    dataIndex: 'title',
    width: 200,
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  {
    key: 'news',
    title: 'Berita',
    dataIndex: 'news',
    render: (v: string) => (
      <Typography.Paragraph
        ellipsis={{ rows: 2, tooltip: { title: v, placement: 'topLeft' } }}
        style={{ margin: 0, minWidth: 220 }}
      >
        {v}
      </Typography.Paragraph>
    ),
  },
  { key: 'author', title: 'Penulis', dataIndex: 'author', width: 130 },
  {
    key: 'image',
    title: 'Link Gambar',
    width: 110,
    render: (_, r) => <ImageLink path={r.imageUrl} />,
  },
];

/** A news item's image opened in a new tab, through its signed link. */
function ImageLink({ path }: { path: string | null }) {
  const href = useFileUrl(path);
  return href ? (
    <a href={href} target="_blank" rel="noreferrer">
      <LinkOutlined /> Lihat
    </a>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

/** Berita (listNews, newest first, 5 per page) with "Manajer Berita" (-> /berita). */
export function NewsPanel() {
  const [page, setPage] = useState(1);
  const pageSize = PAGE_SIZES.dashboardNews.default;
  const news = useEndpoint(
    API.listNews,
    { query: { page, pageSize, sort: '-id' } },
    { meta: { silent: true }, placeholderData: keepPreviousData },
  );

  return (
    <Card
      title={
        <span>
          <NotificationOutlined style={{ marginInlineEnd: 8 }} />
          Berita
        </span>
      }
      extra={
        <LinkButton to="/berita" size="small" icon={<SettingOutlined />}>
          Manajer Berita
        </LinkButton>
      }
    >
      {news.isError ? (
        <LoadError error={news.error} onRetry={() => news.refetch()} retrying={news.isFetching} />
      ) : (
        <Table<TNewsRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={news.data?.data ?? []}
          loading={news.isFetching}
          pagination={{
            current: page,
            pageSize,
            total: news.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            size: 'small',
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'Tidak ada data' }}
        />
      )}
    </Card>
  );
}
