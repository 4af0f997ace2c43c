import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';
import './accesibilidad.css';

dayjs.locale('es');

/** A slightly darker blue than antd's default so links and primary buttons meet WCAG AA on white. */
const BRAND_BLUE = '#1668dc';
/**
 * Secondary texts (breadcrumbs, descriptions' labels, step titles, hints) and placeholders darker than
 * antd's 45 % / 25 % black, so they reach 4.5:1 on white and on the layout's grey (axe-core, issue 14 §4).
 * Texts in the error, warning and success colours (objected amounts, state hints) one palette step darker
 * than the fills, for the same 4.5:1: red 7, gold 9, green 8.
 */
const THEME = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorErrorText: '#cf1322',
    colorWarningText: '#874d00',
    colorSuccessText: '#237804',
  },
  components: { Descriptions: { labelColor: 'rgba(0, 0, 0, 0.62)' } },
};

/**
 * Spanish Ant Design, the query cache and the router. Ant Design's `<App>` (notifications, modals)
 * is provided by the signed-in shell, which keeps it out of the /Login bundle.
 */
export function AppProviders() {
  return (
    <ConfigProvider locale={esES} theme={THEME}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
