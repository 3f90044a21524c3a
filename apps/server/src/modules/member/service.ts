import {
  beijingToday,
  buyingValidUntil,
  type CompanyStore,
  daysBetween,
  expiryWarningDays,
  formatAddress,
  type MemberCentre,
  ORDER_TABS,
  qualificationStatusNames,
  toYuan,
} from '@yaocai/domain';
import type { BuyerCtx } from '../../lib/context';
import { companyStoreUsers, memberHeadline } from '../account/store-users';
import { defaultAddressesOf } from '../address/service';
import { cartLineCounts } from '../cart/history';
import { favoriteList } from '../catalog/service';
import { unreadMessageCount } from '../message/service';
import { orderCountsByStatus, orderCountsOfUsers } from '../order/counts';
import { listOrders } from '../order/queries';
import { couponCounts } from '../promotion/service';
import { walletOf } from '../wallet/service';

/** The warning of a licence expiring in `days`: the smallest threshold reached, or expired. */
function warningOf(days: number | null): string | null {
  if (days === null) return null;
  if (days < 0) return '资质证件已过期，暂不能下单，请尽快上传新证件';
  const reached = expiryWarningDays.filter((t) => days <= t);
  if (reached.length === 0) return null;
  return days === 0 ? '资质证件今天到期，请尽快上传新证件' : `资质证件将在${days}天后到期，请及时上传新证件`;
}

/**
 * GET /api/user/center: the member centre's figures, each read by the service of the page it
 * links to (wallet, coupons, order list, favourites, messages), all at once.
 */
export async function memberCentre(ctx: BuyerCtx): Promise<MemberCentre> {
  const { db } = ctx;
  const { userId, standing } = ctx.actor;
  const [me, wallet, coupons, statusCounts, recent, favourites, unread] = await Promise.all([
    memberHeadline(db, userId),
    walletOf(ctx),
    couponCounts(ctx),
    orderCountsByStatus(db, userId),
    listOrders(db, userId, { page: 1, page_size: 5 }),
    favoriteList(ctx, 1, 6),
    unreadMessageCount(db, userId),
  ]);
  // The last day the company may buy on its required licences (null: none of them expires).
  const expiresOn = buyingValidUntil(standing.companyType, standing.licences);
  const daysLeft = expiresOn ? daysBetween(beijingToday(ctx.now), expiresOn) : null;
  const byStatus = new Map(statusCounts.map((r) => [r.status, Number(r.n)]));
  return {
    company: me?.company ?? '',
    store_name: me?.storeName ?? '',
    phone: me?.phone ?? '',
    rank: me?.rank ?? '',
    qualification: {
      status: standing.qualificationStatus,
      status_name: qualificationStatusNames[standing.qualificationStatus] ?? standing.qualificationStatus,
      expires_on: expiresOn,
      days_left: daysLeft,
      warning: standing.qualificationStatus === 'approved' ? warningOf(daysLeft) : null,
    },
    wallet: {
      balance: toYuan(wallet.balanceFen),
      credit_limit: toYuan(wallet.creditLimitFen),
      credit_available: toYuan(Math.max(0, wallet.creditLimitFen - wallet.creditUsedFen)),
    },
    coupons,
    points: me?.points ?? 0,
    orders: {
      tabs: ORDER_TABS.map((t) => ({
        key: t.key,
        label: t.label,
        count: t.statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0),
      })),
      recent: recent.list,
    },
    favourites: { total: favourites.total, list: favourites.list },
    messages: { unread },
  };
}

/**
 * GET /api/user/stores: every store of the company, each with its default address, cart and
 * order counts; switching to one is POST /api/user/switch_store (same company only).
 */
export async function companyStores(ctx: BuyerCtx): Promise<CompanyStore[]> {
  const { userId, companyId } = ctx.actor;
  const rows = await companyStoreUsers(ctx.db, companyId);
  const ids = rows.map((r) => r.id);
  const [defaults, cartLines, orders] = await Promise.all([
    defaultAddressesOf(ctx.db, ids),
    cartLineCounts(ctx.db, ids),
    orderCountsOfUsers(ctx.db, ids),
  ]);
  return rows.map((r) => {
    const a = defaults.find((d) => d.userId === r.id);
    return {
      id: r.id,
      store_name: r.storeName,
      phone: r.phone,
      contact: r.contact,
      is_current: r.id === userId,
      is_primary: r.isPrimary,
      address: a ? formatAddress(a) : '',
      cart_lines: cartLines.get(r.id) ?? 0,
      orders: orders.get(r.id) ?? 0,
    };
  });
}
