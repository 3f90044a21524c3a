import { beijingDateTimeText } from '@yaocai/domain';
/** Chinese names of the review states of companies and documents. */
export const reviewStatusLabels = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
  /** A licence an approved renewal took the place of. */
  replaced: '已替换',
} as const;
export const reviewStatusColors: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  replaced: 'default',
};

export const formatTime = (seconds: number) => beijingDateTimeText(seconds);
