import { describe, expect, it } from 'vitest';
import {
  changed,
  type FieldSpecs,
  initialState,
  ruleMessages,
  validated,
  withErrors,
  withValues,
} from './light-form';

// antd's Form (rc-field-form, async-validator) with the same rules, values and moments.
interface Values {
  name: string;
  quantity: number | null;
  password: string;
  confirm: string;
  remark: string;
}
const specs: FieldSpecs<Values> = {
  name: {
    rules: [
      { required: true, whitespace: true, message: '请输入联系人' },
      { min: 2, max: 20, message: '联系人为2-20个字' },
    ],
  },
  quantity: { rules: [{ required: true, message: '请填写求购数量' }] },
  password: { rules: [{ required: true, message: '请输入新密码' }] },
  confirm: {
    dependencies: ['password'],
    rules: [
      { required: true, message: '请再次输入新密码' },
      { valid: (value, values) => !value || value === values.password, message: '两次输入的密码不一致' },
    ],
  },
  remark: {},
};
const start = () => initialState<Values>({ name: '', quantity: 1, password: '', confirm: '', remark: '' });

describe('rules, as async-validator applies them', () => {
  const name = specs.name?.rules ?? [];
  const none = start().values;
  it('required: empty and (with whitespace) blank text fail; the other rules skip empty values', () => {
    expect(ruleMessages(name, '', none)).toEqual(['请输入联系人']);
    expect(ruleMessages(name, undefined, none)).toEqual(['请输入联系人']);
    // A blank of one space is not empty to the length rule: both messages show, as antd's.
    expect(ruleMessages(name, ' ', none)).toEqual(['请输入联系人', '联系人为2-20个字']);
    expect(ruleMessages(name, '周', none)).toEqual(['联系人为2-20个字']);
    expect(ruleMessages(name, '周店长', none)).toEqual([]);
  });
  it('counts an emoji as one character and a number as present', () => {
    expect(ruleMessages(name, '😀', none)).toEqual(['联系人为2-20个字']);
    expect(ruleMessages(specs.quantity?.rules ?? [], 0, none)).toEqual([]);
    expect(ruleMessages(specs.quantity?.rules ?? [], null, none)).toEqual(['请填写求购数量']);
  });
  it('patterns test non-empty text only, from its start each time', () => {
    const rules = [{ pattern: /^1[3-9]\d{9}$/g, message: '请输入正确的手机号' }];
    expect(ruleMessages(rules, '', none)).toEqual([]);
    expect(ruleMessages(rules, '13912345678', none)).toEqual([]);
    expect(ruleMessages(rules, '13912345678', none)).toEqual([]);
    expect(ruleMessages(rules, '1391234', none)).toEqual(['请输入正确的手机号']);
  });
});

describe('moments, as antd Form shows messages', () => {
  it('checks a field with rules on each change, from the first; a field without rules never', () => {
    let state = changed(specs, start(), 'name', '周');
    expect(state.errors.name).toEqual(['联系人为2-20个字']);
    state = changed(specs, state, 'name', '周店长');
    expect(state.errors.name).toEqual([]);
    // The server's message under a field without rules stays while it is edited.
    state = withErrors(specs, state, { remark: ['备注过长'], photo_ids: ['图片不正确'] });
    state = changed(specs, state, 'remark', '短一点');
    expect(state.errors.remark).toEqual(['备注过长']);
    expect(state.errors).not.toHaveProperty('photo_ids');
  });
  it('checks every field with rules when sent, and passes only when none fails', () => {
    const sent = validated(specs, start());
    expect(sent.ok).toBe(false);
    expect(sent.state.errors).toEqual({
      name: ['请输入联系人'],
      quantity: [],
      password: ['请输入新密码'],
      confirm: ['请再次输入新密码'],
    });
    const filled = { name: '周店长', quantity: 3, password: 'abc12345', confirm: 'abc12345', remark: '' };
    expect(validated(specs, withValues(start(), filled)).ok).toBe(true);
  });
  it('checks some fields only when asked (the phone before an SMS code)', () => {
    const { state, ok } = validated(specs, start(), ['name']);
    expect(ok).toBe(false);
    expect(Object.keys(state.errors)).toEqual(['name']);
  });
  it('checks a dependant again when what it depends on changes, once it is dirty', () => {
    let state = changed(specs, start(), 'password', 'abc12345');
    expect(state.errors.confirm).toBeUndefined();
    state = changed(specs, state, 'confirm', 'abc12345');
    expect(state.errors.confirm).toEqual([]);
    state = changed(specs, state, 'password', 'abc123456');
    expect(state.errors.confirm).toEqual(['两次输入的密码不一致']);
  });
  it('drops the messages of a field whose value the page sets', () => {
    let state = withErrors(specs, start(), { name: ['联系人已存在'] });
    state = withValues(state, { name: '李四', quantity: 1 });
    expect(state.errors.name).toBeUndefined();
  });
});
