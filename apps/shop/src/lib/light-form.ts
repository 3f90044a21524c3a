// The rules and moments of antd's Form (rc-field-form 2, async-validator 4) for the forms built
// with LightField, as plain functions over the form's state:
// - a field with rules is checked each time its value changes, from its first change on, and
//   every field with rules when the form is sent; each failed rule shows its message;
// - a field that names others in `dependencies` is checked again when they change, once it has
//   been changed or checked itself;
// - messages put on a field from outside (the server's 422) stay until the field is checked
//   again; a field without rules keeps them until the next ones, or a reset.

export interface Rule<V> {
  /** Fails on an empty value ('', null, undefined, an empty list). */
  required?: boolean;
  /** A text of spaces only fails too. */
  whitespace?: boolean;
  /** Text length bounds, characters counted as async-validator counts them. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** A check of the value among the others (antd's validator); runs on empty values too. */
  valid?: (value: unknown, values: V) => boolean;
  message: string;
}

export interface FieldSpec<V> {
  rules?: Rule<V>[];
  /** Fields whose change checks this one again (antd's `dependencies`). */
  dependencies?: (keyof V & string)[];
}

export type FieldSpecs<V> = { [K in keyof V & string]?: FieldSpec<V> };
export type FieldErrors<V> = { [K in keyof V & string]?: string[] };

export interface FormState<V> {
  values: V;
  errors: FieldErrors<V>;
  /** Changed by the buyer, checked, or given messages (rc-field-form's "dirty"). */
  dirty: (keyof V & string)[];
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A text's length with a surrogate pair (an emoji) as one character, as async-validator counts. */
const textLength = (text: string) => text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;

function lengthFails({ min, max }: Rule<unknown>, value: unknown): boolean {
  if (typeof value !== 'string' || (!min && !max)) return false;
  const length = textLength(value);
  return (!!min && length < min) || (!!max && length > max);
}

function fails<V>(rule: Rule<V>, value: unknown, values: V): boolean {
  if (rule.valid && !rule.valid(value, values)) return true;
  if (isEmpty(value)) return rule.required === true;
  if (rule.whitespace && typeof value === 'string' && !value.trim()) return true;
  if (rule.pattern && typeof value === 'string') {
    rule.pattern.lastIndex = 0;
    if (!rule.pattern.test(value)) return true;
  }
  return lengthFails(rule as Rule<unknown>, value);
}

/** The messages of a field's failed rules, in the rules' order. */
export function ruleMessages<V>(rules: readonly Rule<V>[], value: unknown, values: V): string[] {
  return rules.filter((rule) => fails(rule, value, values)).map((rule) => rule.message);
}

const hasRules = <V>(specs: FieldSpecs<V>, name: keyof V & string) => (specs[name]?.rules?.length ?? 0) > 0;

function checked<V>(specs: FieldSpecs<V>, state: FormState<V>, names: (keyof V & string)[]): FormState<V> {
  const errors = { ...state.errors };
  for (const name of names)
    if (hasRules(specs, name))
      errors[name] = ruleMessages(specs[name]?.rules ?? [], state.values[name], state.values);
  const checkedNames = names.filter((name) => hasRules(specs, name));
  return { ...state, errors, dirty: [...new Set([...state.dirty, ...checkedNames])] };
}

/** The buyer changed a field: it is checked (when it has rules), and its dirty dependants. */
export function changed<V, K extends keyof V & string>(
  specs: FieldSpecs<V>,
  state: FormState<V>,
  name: K,
  value: V[K],
): FormState<V> {
  const next = {
    ...state,
    values: { ...state.values, [name]: value },
    dirty: [...new Set([...state.dirty, name])],
  };
  const dependants = (Object.keys(specs) as (keyof V & string)[]).filter(
    (other) => specs[other]?.dependencies?.includes(name) && next.dirty.includes(other),
  );
  return checked(specs, next, [name, ...dependants]);
}

/** The form is sent, or some of its fields asked for (antd's validateFields): they are checked. */
export function validated<V>(
  specs: FieldSpecs<V>,
  state: FormState<V>,
  names = Object.keys(specs) as (keyof V & string)[],
): { state: FormState<V>; ok: boolean } {
  const next = checked(specs, state, names);
  const ok = names.every((name) => !hasRules(specs, name) || (next.errors[name]?.length ?? 0) === 0);
  return { state: next, ok };
}

/** Messages put on fields from outside (antd's setFields): only on the form's own fields. */
export function withErrors<V>(
  specs: FieldSpecs<V>,
  state: FormState<V>,
  errors: Record<string, readonly string[]>,
): FormState<V> {
  const own = Object.entries(errors).filter(([name]) => name in specs) as [keyof V & string, string[]][];
  if (own.length === 0) return state;
  return {
    ...state,
    errors: { ...state.errors, ...Object.fromEntries(own.map(([name, list]) => [name, [...list]])) },
    dirty: [...new Set([...state.dirty, ...own.map(([name]) => name)])],
  };
}

/** Values set by the page (antd's setFieldsValue): a field whose value changes loses its messages. */
export function withValues<V>(state: FormState<V>, values: Partial<V>): FormState<V> {
  const errors = { ...state.errors };
  for (const name of Object.keys(values) as (keyof V & string)[])
    if (!Object.is(values[name], state.values[name])) delete errors[name];
  return { ...state, values: { ...state.values, ...values }, errors };
}

export const initialState = <V>(values: V): FormState<V> => ({ values, errors: {}, dirty: [] });
