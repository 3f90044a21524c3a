import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
// The ES module build of the locale (antd/locale/zh_CN is CommonJS and pulls antd/lib copies).
import zhCN from 'antd/es/locale/zh_CN';
import { type DataRouter, RouterProvider } from 'react-router';
import { FeedbackProvider } from './feedback';
import { HttpUiBridge } from './HttpUiBridge';
import type { HttpClient } from './http-client';
import { usePrefersReducedMotion } from './reduced-motion';

interface Props {
  httpClient: Pick<HttpClient, 'setHttpUi'>;
  queryClient: QueryClient;
  router: DataRouter;
  theme: ThemeConfig;
}

/**
 * The provider tree of both SPAs: antd in Chinese with the app's theme, the http client bound to
 * antd and the router, TanStack Query, then the router itself. dayjs's Chinese locale (date
 * pickers) is registered by each SPA where its pickers live, not here in the first load. With
 * the system's reduced motion asked for, antd's motion is off.
 */
export function SpaRoot({ httpClient, queryClient, router, theme }: Props) {
  const reducedMotion = usePrefersReducedMotion();
  const themed = reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
  return (
    <ConfigProvider locale={zhCN} theme={themed}>
      <FeedbackProvider>
        <HttpUiBridge client={httpClient} router={router} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
