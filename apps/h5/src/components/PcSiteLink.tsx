/** The PC site's address for where the buyer is; the PC site then stops offering the mobile one. */
export const PC_SITE_CHOSEN_KEY = 'yaocai.pcSiteChosen';

export function PcSiteLink({ to = '/' }: { to?: string }) {
  return (
    <a className="m-link" href={to} onClick={() => localStorage.setItem(PC_SITE_CHOSEN_KEY, '1')}>
      电脑版
    </a>
  );
}
