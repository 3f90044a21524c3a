/** The query parameter WeChat's QR page comes back with (?wx=): the dialog reopens and completes. */
export const RESUME_PARAM = 'wx';
