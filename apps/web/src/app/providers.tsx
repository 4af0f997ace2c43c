import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

dayjs.locale('es');

/** Spanish Ant Design, the query cache and the router; antd's App gives notifications that outlive a page. */
export function AppProviders() {
  return (
    <ConfigProvider locale={esES} theme={{ token: { colorPrimary: '#1668dc' } }}>
      <AntApp notification={{ placement: 'topRight' }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
