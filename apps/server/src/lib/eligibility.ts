import {
  type BuyerEligibility,
  buyerEligibility,
  type EligibilityActor,
  type PriceVisibility,
  type Refusal,
  spendRefusal,
  visitorEligibilityActor,
} from '@yaocai/domain';
import type { BuyerCtx, Ctx } from './context';
import { AppError, contractNotSigned, notLoggedIn } from './errors';

// The request's half of the eligibility rule (packages/domain/src/eligibility), computed once per
// request context: every goods of the request is then judged with `goodsEligibility`.

const cache = new WeakMap<Ctx, BuyerEligibility>();

const actorOf = (ctx: Ctx): EligibilityActor =>
  ctx.actor.kind === 'buyer' ? { kind: 'buyer', standing: ctx.actor.standing } : visitorEligibilityActor;

/** The actor's eligibility at the request's instant (operators see goods as visitors). */
export function eligibilityOf(ctx: Ctx): BuyerEligibility {
  let hit = cache.get(ctx);
  if (!hit) {
    hit = buyerEligibility(actorOf(ctx), ctx.now);
    cache.set(ctx, hit);
  }
  return hit;
}

/** The wire's price_visibility of the buyer-level price verdict (a goods' 控销 control aside). */
export const priceVisibilityOf = (e: BuyerEligibility): Exclude<PriceVisibility, 'controlled'> =>
  e.price === null ? 'visible' : e.price.code === 'login' ? 'login' : 'pending';

/** The HTTP refusal of a verdict: 401 to log in, 459 for the contract, 403 otherwise. */
export function refusalError(r: Refusal): AppError {
  if (r.code === 'login') return notLoggedIn();
  if (r.code === 'contract') return contractNotSigned();
  return new AppError(403, r.message);
}

/**
 * Refuses a buyer who may not spend (a disabled company: 403, in Chinese). Every money path calls
 * it before it moves money, points or coupons; the standing it reads is loaded from the database
 * for each request, so a session opened before the disabling is refused at once.
 */
export function assertMaySpend(ctx: BuyerCtx): void {
  const refused = spendRefusal(actorOf(ctx));
  if (refused) throw refusalError(refused);
}
