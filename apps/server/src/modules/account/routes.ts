import {
  businessScopeData,
  buyerFilePermissions,
  contractData,
  createCodeBody,
  draftToken,
  emptyBody,
  envelope,
  forgetVerifyBody,
  idParams,
  loginBody,
  mobile,
  phoneTaken,
  qualificationInput,
  qualificationItem,
  registerCompanyBody,
  registerDdSubmitBody,
  registerDdVerifyBody,
  registerSubmitBody,
  registerVerifyBody,
  resetPasswordBody,
  signedInUser,
  switchStoreBody,
  updateUserInfoBody,
  uploadedFile,
  userBase,
} from '@yaocai/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError, notLoggedIn } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { fastSerialized } from '../../plugins/serializer';
import { buyerOnly } from '../../plugins/session';
import { cachedOperatorAccess } from '../operator/access';
import { bindRegisteredWechat, REGISTER_COOKIE, registrationOpenId } from '../wechat/service';
import { badCredentials, loginBuyer, passwordUnchanged, resetPassword, verifyForgetPhone } from './auth';
import { loadDraft } from './drafts';
import { readFileFor, storeUpload, UPLOAD_MIME_TYPES } from './files';
import { licensedStanding } from './licences';
import { updateUserInfo } from './profile';
import {
  requireApprovedCompany,
  saveRegistrationCompany,
  submitRegistration,
  submitStore,
  verifyRegistrationPhone,
} from './registration';
import { submitRenewal } from './renewal';
import { isPhoneTaken, sendSmsCode } from './sms-codes';
import {
  assertSameCompany,
  contractOf,
  qualificationsOf,
  signContract,
  userBaseForRequest,
} from './user-state';

/** httpOnly cookie carrying the registration draft token (uploads and file previews use it). */
const DRAFT_COOKIE = 'yc_reg';
const draftCookieOf = (request: FastifyRequest) => request.cookies[DRAFT_COOKIE];
const setDraftCookie = (reply: FastifyReply, token: string) =>
  reply.setCookie(DRAFT_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.cookieSecure,
    maxAge: 3600,
  });

/** GET /api/files/{id} answers the file itself (an image or a PDF), not the envelope. */
const fileBytes = z.string().meta({ format: 'binary' });

const loginLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const codeLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const uploadLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Visitor-facing account calls: SMS codes, registration, login, password reset, user/base, files. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/create_code',
    { config: codeLimit, schema: { tags: ['account'], body: createCodeBody, response: { 200: emptyBody } } },
    async (request) => {
      if (request.body.type === 'register_dd') {
        const userId = await request.buyerId();
        if (!userId) throw notLoggedIn();
        await requireApprovedCompany(app.db, userId);
      }
      if (request.body.type === 'change_phone' && !(await request.buyerId())) throw notLoggedIn();
      await sendSmsCode(request.visitorCtx(), app.sms, {
        phone: request.body.phone,
        purpose: request.body.type,
        ip: request.ip,
      });
      return ok(null, '验证码已发送');
    },
  );

  app.get(
    '/user/phone/:value',
    // Tells whether a phone has an account: limited so it cannot list the members.
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        params: z.strictObject({ value: mobile }),
        response: { 200: envelope(phoneTaken) },
      },
    },
    async (request) => ok({ exists: await isPhoneTaken(request.visitorCtx(), request.params.value) }),
  );

  app.post(
    '/register/verify',
    {
      config: codeLimit,
      schema: { tags: ['account'], body: registerVerifyBody, response: { 200: envelope(draftToken) } },
    },
    async (request, reply) => {
      const token = await verifyRegistrationPhone(request.visitorCtx(), request.body, 'register');
      setDraftCookie(reply, token);
      return ok({ token });
    },
  );

  app.post(
    '/register/company',
    { schema: { tags: ['account'], body: registerCompanyBody, response: { 200: emptyBody } } },
    async (request) => {
      const { token, ...company } = request.body;
      await saveRegistrationCompany(app.db, token, company);
      return ok(null);
    },
  );

  app.post(
    '/register/submit',
    { schema: { tags: ['account'], body: registerSubmitBody, response: { 200: envelope(signedInUser) } } },
    async (request, reply) => {
      const userId = await submitRegistration(app.db, request.body, app.clock.now());
      reply.clearCookie(DRAFT_COOKIE, { path: '/api' });
      // 微信注册: the WeChat confirmed before the registration becomes the new store's.
      const wechat = request.cookies[REGISTER_COOKIE];
      if (wechat) {
        const openId = await registrationOpenId(app.db, wechat);
        if (openId) await bindRegisteredWechat(app.db, userId, openId, { ip: request.ip });
        reply.clearCookie(REGISTER_COOKIE, { path: '/api' });
      }
      await reply.startSession('buyer', { userId, loginAt: Date.now() });
      return ok({ user_id: userId }, '注册成功，资质审核中');
    },
  );

  app.post(
    '/upload',
    { config: uploadLimit, schema: { tags: ['account'], response: { 200: envelope(uploadedFile) } } },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('file', '请选择要上传的文件');
      // A malformed multipart body (no boundary, say) makes the parser throw a plain Error.
      const part = await request.file().catch((error: { statusCode?: number }) => {
        throw error.statusCode ? error : fieldError('file', '上传的内容无法识别，请重新选择文件');
      });
      if (!part) throw fieldError('file', '请选择要上传的文件');
      const bytes = await part.toBuffer();
      const tokenField = part.fields.token as { value?: unknown } | undefined;
      const draftToken = typeof tokenField?.value === 'string' ? tokenField.value : draftCookieOf(request);
      const userId = await request.buyerId();
      if (!userId && !draftToken) throw notLoggedIn();
      if (!userId && draftToken) await loadDraft(app.db, draftToken, 'register');
      const uploader = userId ? { userId } : { draftToken: draftToken as string };
      const ctx = request.visitorCtx();
      return ok(await storeUpload(ctx, app.storage, uploader, { bytes, filename: part.filename }));
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['account'],
        params: idParams,
        produces: UPLOAD_MIME_TYPES,
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      // An operator reads buyers' files only through a role whose screens show them.
      const operatorId = (await request.loadSession('operator'))?.operatorId;
      const access = operatorId ? await cachedOperatorAccess(app.db, operatorId) : undefined;
      const operatorMayRead =
        !!access && !access.disabled && access.permissions.some((p) => buyerFilePermissions.includes(p));
      const { file, bytes } = await readFileFor(request.visitorCtx(), app.storage, request.params.id, {
        userId: await request.buyerId(),
        operatorId: operatorMayRead ? operatorId : undefined,
        draftToken: draftCookieOf(request),
      });
      // Pictures show inline; a PDF (which can carry script) is downloaded, never opened on the
      // site's origin.
      const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .send(bytes as never);
    },
  );

  app.post(
    '/user/login',
    {
      config: loginLimit,
      schema: { tags: ['account'], body: loginBody, response: { 200: envelope(signedInUser) } },
    },
    async (request, reply) => {
      const ctx = request.visitorCtx();
      const { userId, passwordHash } = await loginBuyer(ctx, app.loginAttempts, request.body);
      await reply.startSession('buyer', { userId, loginAt: Date.now() });
      if (!(await passwordUnchanged(ctx, userId, passwordHash))) {
        await reply.endSession('buyer');
        throw badCredentials();
      }
      return ok({ user_id: userId }, '登录成功');
    },
  );

  app.delete(
    '/user/logout',
    { schema: { tags: ['account'], response: { 200: emptyBody } } },
    async (_request, reply) => {
      await reply.endSession('buyer');
      return ok(null, '已安全退出');
    },
  );

  app.post(
    '/user/forget/verify',
    {
      config: codeLimit,
      schema: { tags: ['account'], body: forgetVerifyBody, response: { 200: envelope(draftToken) } },
    },
    async (request) => ok({ token: await verifyForgetPhone(request.visitorCtx(), request.body) }),
  );

  app.post(
    '/user/resetPassword',
    {
      config: loginLimit,
      schema: { tags: ['account'], body: resetPasswordBody, response: { 200: emptyBody } },
    },
    async (request, reply) => {
      const ctx = await request.viewerCtx();
      const stores = { sessions: app.sessionStore, attempts: app.loginAttempts };
      const userId = await resetPassword(ctx, stores, request.body);
      // A logged-in change keeps this browser logged in (with a fresh session id).
      if (!request.body.token && ctx.actor.kind === 'buyer')
        await reply.startSession('buyer', { userId, loginAt: Date.now() });
      return ok(null, '密码修改成功');
    },
  );

  // The header asks on every page: a compiled writer, not parse + stringify (plugins/serializer.ts).
  app.get(
    '/user/base',
    { schema: { tags: ['account'], response: { 200: fastSerialized(envelope(userBase)) } } },
    async (request) => ok(await userBaseForRequest(app, request)),
  );

  await app.register(buyerAccountRoutes);
};

/** Calls for a logged-in store. */
const buyerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);

  app.get(
    '/user/jyfw',
    { schema: { tags: ['account'], response: { 200: envelope(businessScopeData) } } },
    async (request) => ok(licensedStanding(await request.buyerCtx())),
  );

  app.get(
    '/user/zizhi',
    { schema: { tags: ['account'], response: { 200: envelope(z.array(qualificationItem)) } } },
    async (request) => ok(await qualificationsOf(app.db, request.userId)),
  );

  app.post(
    '/user/updateUserInfo',
    {
      schema: {
        tags: ['account'],
        summary: 'Contact name, a new phone (with its SMS code) and the avatar',
        body: updateUserInfoBody,
        response: { 200: envelope(z.object({ phone: z.string() })) },
      },
    },
    async (request) => {
      const saved = await updateUserInfo(await request.buyerCtx(), request.body);
      return ok(saved, '保存成功');
    },
  );

  app.post(
    '/user/zizhi',
    {
      schema: {
        tags: ['account'],
        summary: 'Upload a renewed licence: it waits in the review queue, then replaces the old one',
        body: qualificationInput,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await submitRenewal(await request.buyerCtx(), request.body), '已提交，审核通过后新证件生效'),
  );

  app.post(
    '/user/switch_store',
    { schema: { tags: ['account'], body: switchStoreBody, response: { 200: envelope(signedInUser) } } },
    async (request, reply) => {
      await assertSameCompany(app.db, request.userId, request.body.user_id);
      await reply.startSession('buyer', { userId: request.body.user_id, loginAt: Date.now() });
      return ok({ user_id: request.body.user_id }, '已切换门店');
    },
  );

  app.get(
    '/user/contract',
    { schema: { tags: ['account'], response: { 200: envelope(contractData) } } },
    async (request) => ok(await contractOf(app.db, request.userId)),
  );

  app.post(
    '/user/contract/sign',
    { schema: { tags: ['account'], response: { 200: emptyBody } } },
    async (request) => {
      await signContract(app.db, request.userId, request.visitorCtx().now);
      return ok(null, '合同签署成功');
    },
  );

  app.post(
    '/register/dd/verify',
    {
      config: codeLimit,
      schema: { tags: ['account'], body: registerDdVerifyBody, response: { 200: envelope(draftToken) } },
    },
    async (request) => {
      const owner = await requireApprovedCompany(app.db, request.userId);
      return ok({
        token: await verifyRegistrationPhone(
          await request.buyerCtx(),
          request.body,
          'register_dd',
          owner.companyId,
        ),
      });
    },
  );

  app.post(
    '/register/dd/submit',
    { schema: { tags: ['account'], body: registerDdSubmitBody, response: { 200: envelope(signedInUser) } } },
    async (request) => {
      const userId = await submitStore(app.db, request.userId, request.body);
      return ok({ user_id: userId }, '门店添加成功');
    },
  );
};
