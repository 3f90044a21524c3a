import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { HttpUiBridge } from '@yaocai/web-client/react';
import { RouterProvider } from 'react-router';
import { httpClient } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { theme } from './theme';

export function App() {
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
