import type { ThemeConfig } from 'antd';
import { BRAND_COLOR } from '../components/brand';

/** Height of the sticky top bar; what sticks under it starts here. */
export const TOP_BAR_HEIGHT = 60;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorBgLayout: '#f3f5f9',
    // antd's secondary text (0.45) and placeholders (0.25) fall below the 4.5:1 contrast of WCAG AA
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorErrorText: '#cf1322',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      headerHeight: TOP_BAR_HEIGHT,
      headerPadding: '0 16px',
    },
    Menu: {
      itemBorderRadius: 8,
      itemMarginInline: 8,
      itemHeight: 38,
      groupTitleFontSize: 11,
      // the default (#8c8c8c) misses the 4.5:1 contrast that small text needs
      groupTitleColor: 'rgba(0, 0, 0, 0.65)',
      itemSelectedBg: '#e8effc',
      itemSelectedColor: BRAND_COLOR,
    },
  },
};
