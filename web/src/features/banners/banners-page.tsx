import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TBannerBody, TBannerRow } from '@itms/contracts/master-data';
import { Form, Input, type TableColumnsType } from 'antd';
import { CrudPage } from '../../components/crud-page';
import { ImageUploadField } from '../../components/image-upload-field';
import { ImageZoom } from '../../components/image-zoom';

interface BannerFormValues {
  name?: string;
  image?: string | null;
}

const columns: TableColumnsType<TBannerRow> = [
  { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
  { key: 'name', dataIndex: 'name', title: 'Nama Banner', sorter: true },
  {
    key: 'image',
    dataIndex: 'image',
    title: 'Gambar',
    render: (path: string, row) => (
      <ImageZoom path={path} alt={`Banner ${row.name}`} width={128} height={64} />
    ),
  },
];

/** App banners (spec section 2): ID, name, image; add and edit with an image upload; delete. */
export default function BannersPage() {
  return (
    <CrudPage<TBannerRow, BannerFormValues>
      resource={{
        list: API.listBanners,
        get: API.getBanner,
        create: API.createBanner,
        update: API.updateBanner,
        remove: API.deleteBanner,
      }}
      noun="Banner"
      sizes={PAGE_SIZES.master}
      columns={columns}
      searchPlaceholder="Cari nama banner"
      addLabel="Tambah Banner"
      labelOf={(b) => b.name}
      toValues={(b) => ({ name: b.name, image: b.image })}
      toBody={(v): TBannerBody => ({ name: v.name?.trim() ?? '', image: v.image ?? '' })}
      renderFields={() => (
        <>
          <Form.Item
            name="name"
            label="Nama Banner"
            rules={[{ required: true, whitespace: true, message: 'Nama banner wajib diisi' }]}
          >
            <Input maxLength={120} placeholder="Judul banner" />
          </Form.Item>
          <Form.Item
            name="image"
            label="Gambar"
            rules={[{ required: true, message: 'Gambar banner wajib diisi' }]}
            extra="Tampil di carousel dashboard; ukuran ideal 1200 x 400 piksel."
          >
            <ImageUploadField label="Gambar banner" width={240} height={80} />
          </Form.Item>
        </>
      )}
    />
  );
}
