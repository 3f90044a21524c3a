import { useMatches } from 'react-router';

// What a multi-step flow carries from one step to the next (registration, a store's
// registration, the password reset), and the route table's description of each step. The state
// lives in sessionStorage: a refresh keeps the step, another tab starts the flow over. The route
// guard (app/route-guard.ts) reads it before a step opens; the steps write it as they finish.

const keys = {
  /** Registration: the draft token of a verified phone (steps 2 and 3). */
  registerDraft: 'yc_register_register_token',
  /** A store's registration: the draft token of its verified phone (step 2). */
  storeDraft: 'yc_register_dd_token',
  /** A store's registration submitted: its success screen (step 3). */
  storeAdded: 'yc_register_dd_done',
  /** Password reset: the token of the verified phone (step 2). */
  resetToken: 'yc_forget_token',
  /** Password reset done: its success screen (step 3). */
  passwordReset: 'yc_forget_done',
} as const;

export type FlowStateName = keyof typeof keys;

type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const flowState = {
  /** The value an earlier step kept, '' when there is none. */
  get: (name: FlowStateName, storage: FlowStorage = sessionStorage) => storage.getItem(keys[name]) ?? '',
  set: (name: FlowStateName, value = '1', storage: FlowStorage = sessionStorage) =>
    storage.setItem(keys[name], value),
  clear: (name: FlowStateName, storage: FlowStorage = sessionStorage) => storage.removeItem(keys[name]),
};

/**
 * What a step needs before it may open: state an earlier step kept, or what the address of a
 * checkout step carries (the cart lines to verify, the order to pay).
 */
export type FlowRequirement = FlowStateName | 'cartSelection' | 'orderId';

/** One step of a multi-step flow, as the route table describes it. */
export interface FlowStep {
  flow: 'register' | 'register_dd' | 'forget' | 'checkout';
  /** Which step this route is (a page serving several steps reads it here, not from the path). */
  step: number;
  /** Where the flow starts: a step opened without what it `requires` sends the buyer there. */
  start: string;
  requires?: FlowRequirement;
}

/** The flow step of the current route (routes.tsx puts the route's entry in `handle`). */
export function useFlowStep(): FlowStep | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { flow?: FlowStep } | undefined;
    if (handle?.flow) return handle.flow;
  }
  return undefined;
}
