import type { IsoDate } from '../time/beijing';

/**
 * What the eligibility rule needs to know of a logged-in buyer (one store of a company). Loaded
 * once per request into the request context's actor.
 */
export interface BuyerStanding {
  userId: number;
  companyId: number;
  /** The company's qualification review state: pending, approved or rejected. */
  qualificationStatus: string;
  /** The earliest expiry date among the company's approved licences; null when it has none. */
  qualificationExpiresOn: IsoDate | null;
  /** Business-scope class codes (jyfw) the company's licences grant. */
  businessScope: readonly string[];
  /** The purchase contract (电子采购合同) is signed. */
  contractSigned: boolean;
  /** The account (the store user or its company) was disabled by an operator. */
  disabled: boolean;
}
