import { API } from '@itms/contracts/api';
import { Col, ConfigProvider, Flex, Row, Typography } from 'antd';
import { LoadError } from '../../components/load-error';
import { NearViewport } from '../../components/near-viewport';
import { useRouteMeta } from '../../lib/route-meta';
import { getStoredUser } from '../../lib/storage';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { BannerCarousel } from './banner-carousel';
import { CounterCards } from './counter-cards';
import { GreetingCard } from './greeting-card';
import { LeaderboardPanel } from './leaderboard-panel';
import { NewsPanel } from './news-panel';
import { ProductivityPanel } from './productivity-panel';
import { RegionSummaryPanel } from './region-summary-panel';
import { TireAlertsCard } from './tire-alerts-card';

/** Narrower card padding below the desktop breakpoint: the tables need the width. */
const PHONE_CARD = { styles: { body: { padding: 12 }, header: { paddingInline: 12 } } };

/**
 * / (Dashboard): greeting and clock, the counters, banners, productivity, news, leaderboard and
 * this month's summary per region, and the "Ban Kritis" alert counts (refetched on 'tire-alerts').
 * Every query here is refetched when the shell invalidates the cache on 'new-notification', so the
 * numbers follow new checks without a reload (the counters also poll each minute, in case the socket
 * dropped). The panels mount as they come near the viewport.
 */
export default function DashboardPage() {
  const title = useRouteMeta()?.title ?? 'Dashboard';
  const counters = useEndpoint(
    API.getDashboardCounters,
    {},
    { meta: { silent: true }, staleTime: 0, refetchInterval: 60_000 },
  );
  const user = getStoredUser();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  return (
    <ConfigProvider card={isDesktop ? undefined : PHONE_CARD}>
      <Flex vertical gap={isDesktop ? 16 : 12}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          {title}
        </Typography.Title>
        <GreetingCard user={user} today={counters.data?.today} />
        {counters.isError ? (
          <LoadError
            error={counters.error}
            onRetry={() => counters.refetch()}
            retrying={counters.isFetching}
          />
        ) : null}
        <CounterCards counters={counters.data} failed={counters.isError} />
        <TireAlertsCard />
        <Row gutter={isDesktop ? [16, 16] : [12, 12]}>
          <Col xs={24} xl={10}>
            <Flex vertical gap={isDesktop ? 16 : 12}>
              <NearViewport minHeight={220}>
                <BannerCarousel />
              </NearViewport>
              <NearViewport minHeight={420}>
                <LeaderboardPanel />
              </NearViewport>
            </Flex>
          </Col>
          <Col xs={24} xl={14}>
            <NearViewport minHeight={700}>
              <ProductivityPanel />
            </NearViewport>
          </Col>
          <Col xs={24}>
            <NearViewport minHeight={500}>
              <NewsPanel />
            </NearViewport>
          </Col>
          <Col xs={24}>
            <NearViewport minHeight={420}>
              <RegionSummaryPanel />
            </NearViewport>
          </Col>
        </Row>
      </Flex>
    </ConfigProvider>
  );
}
