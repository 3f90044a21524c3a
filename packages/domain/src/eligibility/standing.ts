import type { Licence } from '../compliance/licences';

/**
 * What the eligibility rule needs to know of a logged-in buyer (one store of a company). Loaded
 * once per request into the request context's actor.
 */
export interface BuyerStanding {
  userId: number;
  companyId: number;
  /** The company's qualification review state: pending, approved or rejected. */
  qualificationStatus: string;
  /** The company's type (pharmacy, chain, clinic, other): which licences it must hold. */
  companyType: string;
  /** The company's approved licences (the qualification engine reads scope and expiry from them). */
  licences: readonly Licence[];
  /**
   * The business scope the reviewer confirmed for the company (核定经营范围): a cap on what its
   * licences grant. The scope it may buy in today is the part of this its valid licences grant.
   */
  businessScope: readonly string[];
  /** The purchase contract (电子采购合同) is signed. */
  contractSigned: boolean;
  /** The account (the store user or its company) was disabled by an operator. */
  disabled: boolean;
  /** Where the company is registered (companies.province, city): 控销 controls read it. */
  province: string;
  city: string;
}
