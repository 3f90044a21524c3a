// The kinds of feedback a store chooses at /yjfk, apart from the zod schemas of feedback.ts so
// that a page may read them without loading zod.

export const feedbackTypes = [
  { code: 'suggestion', name: '功能建议' },
  { code: 'goods', name: '商品问题' },
  { code: 'service', name: '服务投诉' },
  { code: 'delivery', name: '物流配送' },
  { code: 'other', name: '其他' },
] as const;
export type FeedbackType = (typeof feedbackTypes)[number]['code'];
export const feedbackTypeName = (code: string) => feedbackTypes.find((t) => t.code === code)?.name ?? code;
