import type { z } from 'zod';

/**
 * Zod's messages written for a person, in Chinese: what a field shows when its schema gives no
 * message of its own. Zod's bundled zh-CN locale speaks to programmers ("无效输入：期望 object，
 * 实际接收 undefined"); the server installs this map instead (plugins/envelope.ts), and every
 * message reaches a buyer beside its field name.
 */
export const personMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '请填写此项';
      return typeMessages[issue.expected] ?? '格式不正确';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少${min}个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少选择${min}项`;
      return issue.inclusive ? `不能小于${min}` : `必须大于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `最多${max}个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
      if (issue.origin === 'file') return '文件过大';
      return issue.inclusive ? `不能大于${max}` : `必须小于${max}`;
    }
    case 'invalid_format':
      return issue.format === 'date' ? '日期格式应为 YYYY-MM-DD' : '格式不正确';
    case 'not_multiple_of':
      return `须为${issue.divisor}的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    case 'invalid_value':
      return '不是可选的值';
    default:
      return '格式不正确';
  }
};

const typeMessages: Record<string, string> = {
  number: '请填写数字',
  int: '请填写整数',
  bigint: '请填写整数',
  string: '请填写文字',
  boolean: '格式不正确',
  array: '格式不正确',
  object: '格式不正确',
  date: '日期格式不正确',
};
