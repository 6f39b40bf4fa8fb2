import { PictureOutlined, SettingOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { Card, Carousel, Empty, Skeleton } from 'antd';
import { LinkButton } from '../../components/link-button';
import { LoadError } from '../../components/load-error';
import { hasFile, useFileUrls } from '../../lib/file-urls';
import { useEndpoint } from '../../lib/use-endpoint';

/** The seeded and recommended banner shape is 1200 x 400. */
const ASPECT = '3 / 1';

/** The newest banners (listBanners) as an auto-playing carousel, with "Manajer Banner" (-> /banner). */
export function BannerCarousel() {
  const banners = useEndpoint(
    API.listBanners,
    { query: { pageSize: 20, sort: '-id' } },
    { meta: { silent: true }, staleTime: 5 * 60_000 },
  );
  const slides = (banners.data?.data ?? []).filter((b) => hasFile(b.image));
  const imageUrl = useFileUrls(slides.map((b) => b.image));

  return (
    <Card
      title={
        <span>
          <PictureOutlined style={{ marginInlineEnd: 8 }} />
          Banner
        </span>
      }
      extra={
        <LinkButton to="/banner" size="small" icon={<SettingOutlined />}>
          Manajer Banner
        </LinkButton>
      }
      styles={{ body: { padding: 12 } }}
    >
      {banners.isError ? (
        <LoadError error={banners.error} onRetry={() => banners.refetch()} retrying={banners.isFetching} />
      ) : banners.isPending ? (
        <Skeleton.Node active style={{ width: '100%', height: 'auto', aspectRatio: ASPECT }} />
      ) : slides.length === 0 ? (
        <div style={{ aspectRatio: ASPECT, display: 'grid', placeItems: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Belum ada banner" />
        </div>
      ) : (
        <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={5000} draggable>
          {slides.map((b) => (
            <div key={b.id}>
              <figure
                style={{
                  position: 'relative',
                  margin: 0,
                  aspectRatio: ASPECT,
                  borderRadius: 8,
                  overflow: 'hidden',
                  background: '#e8edf5',
                }}
              >
                <img
                  src={imageUrl(b.image)}
                  alt={b.name}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  draggable={false}
                />
                <figcaption
                  style={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: 0,
                    padding: '20px 12px 22px',
                    fontSize: 13,
                    color: '#fff',
                    fontWeight: 600,
                    background: 'linear-gradient(transparent, rgba(0,0,0,0.6))',
                  }}
                >
                  {b.name}
                </figcaption>
              </figure>
            </div>
          ))}
        </Carousel>
      )}
    </Card>
  );
}
