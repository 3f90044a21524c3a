import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { type DataRouter, RouterProvider } from 'react-router';
import { HttpUiBridge } from './HttpUiBridge';
import type { HttpClient } from './http-client';

interface Props {
  httpClient: Pick<HttpClient, 'setHttpUi'>;
  queryClient: QueryClient;
  router: DataRouter;
  theme: ThemeConfig;
}

/**
 * The provider tree of both SPAs: antd in Chinese with the app's theme, the http client bound to
 * antd and the router, TanStack Query, then the router itself.
 */
export function SpaRoot({ httpClient, queryClient, router, theme }: Props) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp>
        <HttpUiBridge client={httpClient} router={router} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
