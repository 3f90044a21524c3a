import { z } from 'zod';

/** POST /api/admin/login: operator staff sign in to the console. */
export const operatorLoginBody = z.strictObject({
  username: z.string().trim().min(1, '请输入用户名').max(50),
  password: z.string().min(1, '请输入密码').max(100),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBody>;

/** GET /api/admin/me (and the login answer): the signed-in operator. */
export const operatorProfile = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type OperatorProfile = z.infer<typeof operatorProfile>;
