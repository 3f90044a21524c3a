import { flowState } from '../../../lib/flow-state';

/** The registration draft token (flow state, so a refresh keeps the buyer's step). */
export type RegisterVariant = 'register' | 'dd';

const draftOf = { register: 'registerDraft', dd: 'storeDraft' } as const;

export const draftStore = {
  get: (variant: RegisterVariant) => flowState.get(draftOf[variant]),
  set: (variant: RegisterVariant, token: string) => flowState.set(draftOf[variant], token),
  clear: (variant: RegisterVariant) => flowState.clear(draftOf[variant]),
};
