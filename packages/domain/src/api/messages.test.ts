import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personMessages } from './messages';

describe('zod messages written for people', () => {
  z.config({ localeError: personMessages });
  const messages = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => i.message);

  it('says what is wrong without naming types or operators', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['请填写此项']);
    expect(messages(z.coerce.number(), 'abc')).toEqual(['请填写数字']);
    expect(messages(z.string().min(1), '')).toEqual(['不能为空']);
    expect(messages(z.string().min(3), 'ab')).toEqual(['至少3个字']);
    expect(messages(z.string().max(3), 'abcd')).toEqual(['最多3个字']);
    expect(messages(z.number().min(1), 0)).toEqual(['不能小于1']);
    expect(messages(z.number().positive(), 0)).toEqual(['必须大于0']);
    expect(messages(z.number().max(9), 10)).toEqual(['不能大于9']);
    expect(messages(z.array(z.number()).min(1), [])).toEqual(['至少选择1项']);
    expect(messages(z.array(z.number()).max(1), [1, 2])).toEqual(['最多1项']);
    expect(messages(z.enum(['hy', 'company']), 'zz')).toEqual(['不是可选的值']);
    expect(messages(z.iso.date(), '2025/01/01')).toEqual(['日期格式应为 YYYY-MM-DD']);
    expect(messages(z.union([z.number(), z.boolean()]), 'x')).toEqual(['格式不正确']);
  });

  it('leaves a schema its own message', () => {
    expect(messages(z.string().min(2, '请填写申请原因'), 'a')).toEqual(['请填写申请原因']);
  });
});
