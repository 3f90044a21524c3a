import { alert } from '../lib/dialog';
import { setHttpUi } from '../lib/http';
import { toast } from '../lib/toast';

interface RouterLike {
  navigate(to: string): unknown;
  state: { location: { pathname: string; search: string } };
}

/** The error catalogue's toasts and alerts on the phone, navigation by the router. */
export function bindHttpUi(router: RouterLike) {
  setHttpUi({
    toast,
    alert: (title, text) => void alert(text, title),
    timeout: (text) => void alert(text, undefined, '刷新').then(() => window.location.reload()),
    navigate: (to) => void router.navigate(to),
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
}
