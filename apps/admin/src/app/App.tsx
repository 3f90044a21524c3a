import { readableTokens } from '@yaocai/web-client/brand';
import { SpaRoot } from '@yaocai/web-client/react';
// dayjs in Chinese for the console's many date pickers.
import 'dayjs/locale/zh-cn';
import { httpClient } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import '@yaocai/web-client/readable-tags.css';
import './admin.css';

// The shop's green and readable secondary text (WCAG AA), as on every console screen.
const theme = { token: readableTokens };

/** Operator console: providers and the router. */
export function App() {
  return <SpaRoot httpClient={httpClient} queryClient={queryClient} router={router} theme={theme} />;
}
