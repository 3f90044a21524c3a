import { z } from 'zod';
import {
  CART_FILTER_ALL,
  CART_MAX_LINES,
  CART_MAX_LINES_PER_REQUEST,
  CART_MAX_QUANTITY,
} from '../cart/limits';
import { codeNumber, optionalRecordId, PG_INT_MAX, recordId } from './input';

/**
 * Cart contracts (spec sections 3 and 7; money in yuan with two decimals). Request bodies arrive
 * form-encoded with qs nesting or as JSON, so numbers are coerced. Prices sent by the client are
 * accepted for compatibility and ignored: the server prices everything.
 */

const id = (label: string) => recordId(`${label}格式不正确`);
const optionalId = optionalRecordId;

/** A quantity as typed: a positive whole number. */
export const cartQuantity = z.coerce
  .number({ error: '数量必须为正整数' })
  .int({ error: '数量必须为正整数' })
  .positive({ error: '数量必须为正整数' })
  .max(CART_MAX_QUANTITY, { error: '数量超出上限' });

/** Cart line (add), spec section 3. type 3 = combination package: goods_id is the package id. */
export const cartAddLine = z.strictObject({
  goods_id: id('商品'),
  number: cartQuantity,
  /** Ignored: the server prices every line. */
  price: z.unknown().optional(),
  ck_id: optionalId,
  goods_price_id: optionalId,
  ladder_price_id: optionalId,
  goods_manjian_id: optionalId,
  is_yj: z.coerce.number().int().min(0).max(1).default(0),
  /** Near-expiry flag carried from the detail page's query; accepted and not stored. */
  is_jxq: z.coerce.number().int().min(0).max(1).optional(),
  type: z.coerce
    .number()
    .int()
    .min(1)
    .max(3)
    .pipe(z.union([z.literal(1), z.literal(3)]))
    .default(1),
});
export type CartAddLine = z.infer<typeof cartAddLine>;

export const cartAddBody = z.strictObject({
  params: z
    .array(cartAddLine, { error: '请选择要加入购物车的商品' })
    .min(1, { error: '请选择要加入购物车的商品' })
    .max(CART_MAX_LINES_PER_REQUEST, { error: `一次最多加入${CART_MAX_LINES_PER_REQUEST}种商品` }),
});

const lineIds = z
  .array(id('购物车商品'), { error: '请选择购物车商品' })
  .min(1, { error: '请选择购物车商品' })
  .max(CART_MAX_LINES, { error: `一次最多选择${CART_MAX_LINES}件商品` });

export const cartEditBody = z.strictObject({
  params: z.strictObject({ number: cartQuantity }),
  new: codeNumber.optional(),
});
export const cartIdsBody = z.strictObject({ ids: lineIds, new: codeNumber.optional() });
export const cartSelectBody = z.strictObject({
  ids: lineIds,
  is_selected: z.coerce
    .number()
    .int()
    .min(0)
    .max(1)
    .pipe(z.union([z.literal(0), z.literal(1)])),
});
export const cartCopyBody = z.strictObject({
  ids: lineIds,
  other_user_ids: z
    .array(id('门店'), { error: '请选择要复制到的门店' })
    .min(1, { error: '请选择要复制到的门店' })
    .max(50, { error: '门店数量过多' }),
});
export const cartNextHintBody = z.strictObject({ ids: lineIds.optional() });
export const cartListQuery = z.object({
  filters: z.coerce.number().int().min(0).max(PG_INT_MAX).default(CART_FILTER_ALL),
  new: codeNumber.optional(),
});

// ---- responses ----

const yuan = z.number();
/**
 * A figure that reveals goods prices: null when the eligibility rule hides prices from the buyer
 * (qualifications pending, account disabled); the cart state then says why in `price_tip`.
 */
const price = z.number().nullable();

export const cartLadderTier = z.object({ number: z.number().int(), price: yuan });

export const cartGoods = z.object({
  id: z.number().int(),
  name: z.string(),
  sccj: z.string(),
  ypgg: z.string(),
  goods_image: z.array(z.object({ list: z.string() })),
  /** Stock in the line's warehouse. */
  number: z.number().int(),
  bzdw: z.string(),
  ladder_price_type: z.number().int(),
  is_free_shipping: z.boolean(),
  free_shipping_number: z.number().int(),
});

export const cartCombination = z.object({
  id: z.number().int(),
  name: z.string(),
  price: price,
  /** What the goods of one set cost bought alone. */
  original_price: price,
  items: z.array(
    z.object({
      goods_id: z.number().int(),
      name: z.string(),
      ypgg: z.string(),
      number: z.number().int(),
      price: price,
      /** This goods' share of the line amount (split by their own prices). */
      amount: price,
    }),
  ),
});

export const cartGift = z.object({
  /** 1 赠 (free gift), 2 换购 (add-on at a deal price). */
  type: z.number().int(),
  total: price,
  label: z.string(),
  items: z.array(
    z.object({ goods_id: z.number().int(), name: z.string(), number: z.number().int(), price: price }),
  ),
});

/** Cart line (shown), spec section 3, plus what the server computed for it. */
export const cartLine = z.object({
  id: z.number().int(),
  is_combination: z.boolean(),
  /** Unit price in effect (ladder tier or package price). */
  price: price,
  number: z.number().int(),
  goods: cartGoods,
  ck_id: z.number().int(),
  ck_name: z.string(),
  /** 1 goods, 3 combination package. */
  type: z.number().int(),
  is_selected: z.boolean(),
  /**
   * The special price (秒杀, 每日特价) or welfare discount (福利) on the line: its label, the units
   * it priced, what it saved (part of goods_manjian_amount) and the special unit price.
   */
  special: z
    .object({
      code: z.string(),
      label: z.string(),
      units: z.number().int(),
      saving: price,
      price: price.nullable(),
    })
    .nullable(),
  gift_data: cartGift.nullable(),
  combination: cartCombination.nullable(),
  /** The full-reduction activity covering the line (its 满减 tag and group), 0 when none does. */
  goods_manjian_id: z.number().int(),
  /** unit price x number */
  amount: price,
  /** amount - the line's own reductions + gift total */
  subtotal: price,
  /** Share of the cart's full-reduction. */
  reduction_share: price,
  ladder_tier: cartLadderTier.nullable(),
  next_ladder: z.object({ number: z.number().int(), more: z.number().int(), price: yuan }).nullable(),
  /** Stepper bounds; max below min when nothing can be bought. */
  min: z.number().int(),
  max: z.number().int(),
  step: z.number().int(),
  /** not_purchasable | out_of_stock | null, and its text. */
  unselected_reason: z.enum(['not_purchasable', 'out_of_stock']).nullable(),
  unselected_text: z.string().nullable(),
  quantity_messages: z.array(z.string()),
  single_free_shipping: z.boolean(),
  /** The business-scope refusal of the line's goods (eligibility rule), or null. */
  scope_message: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartManjianTier = z.object({
  amount: yuan,
  reduction: yuan,
  /** 1 reached, 0 not. */
  status: z.union([z.literal(0), z.literal(1)]),
  gap: yuan,
});

export const cartHint = z.object({
  kind: z.enum(['full_reduction', 'free_shipping']),
  gap: yuan,
  reduction: yuan.nullable(),
  text: z.string(),
});
export type CartHint = z.infer<typeof cartHint>;

export const cartSummary = z.object({
  /** Badge: the number of lines. */
  line_count: z.number().int(),
  selectable_count: z.number().int(),
  selected_count: z.number().int(),
  selected_quantity: z.number().int(),
  all_selected: z.boolean(),
  /** Selected total: price x number - line reductions + gifts. */
  selected_total: price,
  /** Coupon-eligible amount the full-reduction tiers are measured on. */
  eligible_amount: price,
  reduction: price,
  /** selected total - reduction (shipping not included). */
  payable: price,
  free_shipping_gap: price,
  shipping_fee: yuan,
  fee_applies: z.boolean(),
});

/** Cart state, spec section 3. */
export const cartState = z.object({
  action: z.string(),
  /** visible, or pending when the eligibility rule hides prices (every price field is then null). */
  price_visibility: z.enum(['visible', 'login', 'pending']),
  /** Text shown instead of prices; empty when visible. */
  price_tip: z.string(),
  data: z.array(cartLine),
  shipping_data: z.object({
    /** Free-shipping threshold. */
    shipping_amount: yuan,
    /** Already ordered towards the threshold. */
    no_trans_order_amount: yuan,
    shipping_fee: yuan,
    gap: price,
  }),
  activity_data: z.object({
    manjians: z
      .object({ id: z.number().int(), name: z.string(), manjians: z.array(cartManjianTier) })
      .nullable(),
    /** The full-reduction activities covering a line of this cart (a line's goods_manjian_id), in priority order. */
    activities: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  filter_data: z.object({
    filters: z.number().int(),
    warehouses: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  }),
  summary: cartSummary,
  hints: z.array(cartHint),
});
export type CartState = z.infer<typeof cartState>;

export const cartTotal = z.object({ total: z.number().int() });

/**
 * One reason a selected line cannot be checked out (POST /api/cart/checkout). A buyer who may not
 * buy at all (qualifications, expired licence, disabled, contract) is refused as order creation
 * refuses it (403, 459), not with a problem list.
 */
export const checkoutProblem = z.object({
  /** Cart line id. */
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  /** control_type / control_region: a 控销 goods the buyer is outside of. */
  reason: z.enum([
    'not_purchasable',
    'out_of_stock',
    'quantity',
    'business_scope',
    'off_sale',
    'control_type',
    'control_region',
  ]),
  message: z.string(),
});
export type CheckoutProblem = z.infer<typeof checkoutProblem>;

/** 422 data of a refused checkout: the usual field errors plus the problems list. */
export const checkoutRefusal = z.object({
  errors: z.record(z.string(), z.array(z.string())),
  problems: z.array(checkoutProblem),
});

/** Accepted checkout: the lines and figures the order page (step 2) shows. */
export const checkoutData = z.object({
  ids: z.array(z.number().int()),
  lines: z.array(cartLine),
  summary: cartSummary,
  activity: z.object({ name: z.string(), reduction: yuan }).nullable(),
  shipping_fee: yuan,
  /** payable + shipping fee */
  order_amount: yuan,
});
export type CheckoutData = z.infer<typeof checkoutData>;

export const nextHintData = z.object({ hint: cartHint.nullable(), hints: z.array(cartHint) });

/** POST /api/cart and quick_add: the lines added or merged into, and the cart's line count after. */
export const cartAddResult = z.object({ ids: z.array(z.number().int()), total: z.number().int() });
/** POST /api/cart/copy: lines copied, to how many stores. */
export const cartCopyResult = z.object({ copied: z.number().int(), stores: z.number().int() });
export type CartCopyResult = z.infer<typeof cartCopyResult>;
export type CartTotal = z.infer<typeof cartTotal>;
