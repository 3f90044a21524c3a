import type { BuyerStanding, PermissionCode } from '@yaocai/domain';
import type { Db } from '../db/client';

// The request context every service takes first: who acts (a visitor, a buyer with its standing,
// or an operator), on which database, and when. Services never read the session or the clock on
// their own; tests set `app.clock` to move time.

export interface VisitorActor {
  kind: 'visitor';
}

export interface BuyerActor {
  kind: 'buyer';
  userId: number;
  companyId: number;
  standing: BuyerStanding;
}

export interface OperatorActor {
  kind: 'operator';
  operatorId: number;
  /** The operator's user name (the audit log keeps it beside the id). */
  username: string;
  permissions: readonly PermissionCode[];
}

export type Actor = VisitorActor | BuyerActor | OperatorActor;

export interface Ctx<A extends Actor = Actor> {
  db: Db;
  actor: A;
  /** The request's instant: every "now" and "today" of the request derives from it. */
  now: Date;
}

export type BuyerCtx = Ctx<BuyerActor>;
export type OperatorCtx = Ctx<OperatorActor>;
/** A visitor or a buyer: catalogue reads, where the viewer decides what is shown. */
export type ViewerCtx = Ctx<VisitorActor | BuyerActor>;

export const visitorActor: VisitorActor = { kind: 'visitor' };

/** The application clock; tests replace `now` to move time. */
export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });

/** A context for work no request started (sweepers, seeds, provider callbacks). */
export function systemCtx(db: Db, clock: Clock): Ctx<VisitorActor> {
  return { db, actor: visitorActor, now: clock.now() };
}
