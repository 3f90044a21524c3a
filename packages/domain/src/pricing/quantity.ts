/**
 * Quantity rules of the cart stepper and the add/edit calls. A goods row may carry a minimum
 * order quantity (起购), a step (中包装: the quantity must be a multiple of it) and a stock.
 * `validateQuantity` explains what is wrong in Chinese; `clampQuantity` is what the stepper
 * does with the same rule, and the two agree: a quantity is valid exactly when clamping it
 * leaves it unchanged (clamping gives 0 when nothing may be bought, and 0 is never valid).
 */
export interface QuantityRule {
  /** 起购数量, default 1. */
  min?: number;
  /** 中包装: quantities must be multiples of it, default 1. */
  step?: number;
  /** Units in stock; omitted means no stock limit. */
  stock?: number;
}

export type QuantityCheck = { ok: true } | { ok: false; messages: string[] };

export const quantityMessages = {
  positiveInteger: '数量必须为正整数',
  min: (min: number) => `起购数量为${min}`,
  step: (step: number) => `购买数量必须是${step}的整数倍（中包装）`,
  stock: (max: number) => `库存不足，最多可购买${max}`,
} as const;

export interface QuantityBounds {
  /** Smallest quantity that may be bought: the minimum rounded up to the step. */
  min: number;
  /** Largest quantity that may be bought, or Infinity without a stock limit; below `min` when none may. */
  max: number;
  step: number;
}

const positiveInt = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;

/** The stepper's bounds for a rule (the InputNumber's min, max and step). */
export function quantityBounds(rule: QuantityRule): QuantityBounds {
  const step = positiveInt(rule.step, 1);
  const min = Math.ceil(positiveInt(rule.min, 1) / step) * step;
  const stock = rule.stock === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(rule.stock));
  const max = Number.isFinite(stock) ? Math.floor(stock / step) * step : stock;
  return { min, max, step };
}

/** Whether anything at all may be bought under this rule. */
export const canBuyAny = (rule: QuantityRule): boolean => {
  const { min, max } = quantityBounds(rule);
  return max >= min;
};

/** Checks a requested quantity; every broken rule gives one Chinese message. */
export function validateQuantity(input: QuantityRule & { quantity: number }): QuantityCheck {
  return checkQuantityWithin(input.quantity, quantityBounds(input));
}

const OK: QuantityCheck = Object.freeze({ ok: true });

/** validateQuantity against bounds already computed (the cart prices hundreds of lines). */
export function checkQuantityWithin(quantity: number, { min, max, step }: QuantityBounds): QuantityCheck {
  if (!Number.isInteger(quantity) || quantity <= 0) {
    return { ok: false, messages: [quantityMessages.positiveInteger] };
  }
  if (quantity >= min && quantity <= max && quantity % step === 0) return OK;
  const messages: string[] = [];
  if (quantity < min) messages.push(quantityMessages.min(min));
  if (quantity % step !== 0) messages.push(quantityMessages.step(step));
  if (quantity > max) messages.push(quantityMessages.stock(Math.max(0, max)));
  return { ok: false, messages };
}

/**
 * The nearest quantity the stepper allows: rounded UP to the step, then held within the
 * minimum and the stock. Returns 0 when nothing may be bought (stock below the minimum).
 */
export function clampQuantity(quantity: number, rule: QuantityRule): number {
  const { min, max, step } = quantityBounds(rule);
  if (max < min) return 0;
  const wanted = Number.isFinite(quantity) ? Math.ceil(quantity / step) * step : min;
  return Math.min(max, Math.max(min, wanted));
}

/** The stepper's + and - buttons: one step up or down, clamped. */
export function stepQuantity(quantity: number, direction: 1 | -1, rule: QuantityRule): number {
  const { step } = quantityBounds(rule);
  const current = clampQuantity(quantity, rule);
  return clampQuantity(current + direction * step, rule);
}
