import { SpaRoot } from '@yaocai/web-client/react';
import { httpClient } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return <SpaRoot httpClient={httpClient} queryClient={queryClient} router={router} theme={theme} />;
}
