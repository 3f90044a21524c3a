import dayjs from 'dayjs';

/** Dates of articles as buyers read them: 2026-11-20. */
export const formatDate = (value: string) =>
  dayjs(value).isValid() ? dayjs(value).format('YYYY-MM-DD') : value;
