/** The registration draft token lives in sessionStorage, so a refresh keeps the buyer's step. */
export type RegisterVariant = 'register' | 'dd';

const key = (variant: RegisterVariant) => `yc_register_${variant}_token`;

export const draftStore = {
  get: (variant: RegisterVariant) => sessionStorage.getItem(key(variant)) ?? '',
  set: (variant: RegisterVariant, token: string) => sessionStorage.setItem(key(variant), token),
  clear: (variant: RegisterVariant) => sessionStorage.removeItem(key(variant)),
};
