import { MOBILE_OFFER_DISMISSED_KEY } from '@yaocai/web-client/mobile-site';

/** 电脑版: the PC site, which then stops offering the mobile one. */
export function PcSiteLink({ to = '/' }: { to?: string }) {
  return (
    <a className="m-link" href={to} onClick={() => localStorage.setItem(MOBILE_OFFER_DISMISSED_KEY, '1')}>
      电脑版
    </a>
  );
}
