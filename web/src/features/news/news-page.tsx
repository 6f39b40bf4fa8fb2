import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TNewsBody, TNewsRow } from '@itms/contracts/master-data';
import { Form, Input, type TableColumnsType } from 'antd';
import { CrudPage } from '../../components/crud-page';
import { ImageUploadField } from '../../components/image-upload-field';
import { getStoredUser } from '../../lib/storage';

interface NewsFormValues {
  title?: string;
  news?: string;
  author?: string;
  imageUrl?: string | null;
}

/** The first `max` characters of a text, on a word boundary, with an ellipsis. */
export function truncate(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const columns: TableColumnsType<TNewsRow> = [
  { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
  { key: 'title', dataIndex: 'title', title: 'Judul', sorter: true, width: 260 },
  {
    key: 'news',
    dataIndex: 'news',
    title: 'Berita',
    // text only: news written by people is never rendered as HTML
    render: (v: string) => (
      <span title={v} style={{ display: 'block', minWidth: 240, maxWidth: 420, whiteSpace: 'normal' }}>
        {truncate(v)}
      </span>
    ),
  },
  { key: 'author', dataIndex: 'author', title: 'Penulis', sorter: true },
];

/** App news (spec section 2): ID, title, description, author; add and edit with an optional image; delete. */
export default function NewsPage() {
  return (
    <CrudPage<TNewsRow, NewsFormValues>
      resource={{
        list: API.listNews,
        get: API.getNews,
        create: API.createNews,
        update: API.updateNews,
        remove: API.deleteNews,
      }}
      noun="Berita"
      sizes={PAGE_SIZES.master}
      columns={columns}
      searchPlaceholder="Cari judul, isi atau penulis"
      addLabel="Tambah Berita"
      labelOf={(n) => n.title}
      modalWidth={640}
      initialValues={() => ({ author: getStoredUser()?.name ?? '' })}
      toValues={(n) => ({ title: n.title, news: n.news, author: n.author, imageUrl: n.imageUrl })}
      toBody={(v): TNewsBody => ({
        title: v.title?.trim() ?? '',
        news: v.news?.trim() ?? '',
        author: v.author?.trim() ?? '',
        imageUrl: v.imageUrl || null,
      })}
      renderFields={() => (
        <>
          <Form.Item
            name="title"
            label="Judul"
            rules={[{ required: true, whitespace: true, message: 'Judul berita wajib diisi' }]}
          >
            <Input maxLength={200} placeholder="Judul berita" />
          </Form.Item>
          <Form.Item
            name="news"
            label="Berita"
            rules={[{ required: true, whitespace: true, message: 'Isi berita wajib diisi' }]}
          >
            <Input.TextArea
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={20_000}
              placeholder="Isi berita"
            />
          </Form.Item>
          <Form.Item
            name="author"
            label="Penulis"
            rules={[{ required: true, whitespace: true, message: 'Penulis wajib diisi' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="imageUrl" label="Gambar">
            <ImageUploadField label="Gambar berita" width={200} height={112} removable />
          </Form.Item>
        </>
      )}
    />
  );
}
