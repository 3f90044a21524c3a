import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, pgliteDirOf } from './config';
import type { Database } from './db/client';
import { cacheBusPlugin } from './lib/cache-bus';
import { type Clock, systemClock } from './lib/context';
import { smsPlugin } from './lib/sms';
import { accountAdminRoutes } from './modules/account/admin-routes';
import { buyersAdminRoutes } from './modules/account/buyers-admin-routes';
import { loginAttemptsPlugin } from './modules/account/login-attempts';
import { accountRoutes } from './modules/account/routes';
import { forgetUserBaseOnWrites } from './modules/account/user-state';
import { addressRoutes } from './modules/address/routes';
import { auditAdminRoutes } from './modules/audit/admin-routes';
import { cartRoutes } from './modules/cart/routes';
import { categoryAdminRoutes } from './modules/catalog/admin-category-routes';
import { catalogAdminRoutes, goodsImageRoutes } from './modules/catalog/admin-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { saleControlAdminRoutes } from './modules/catalog/sale-control-routes';
import { complianceAdminRoutes, complianceRoutes } from './modules/compliance/routes';
import { contentAdminRoutes } from './modules/content/admin-routes';
import { mediaRoutes } from './modules/content/media';
import { contentRoutes } from './modules/content/routes';
import { homeTopAd } from './modules/content/service';
import { dashboardAdminRoutes } from './modules/dashboard/routes';
import { feedbackAdminRoutes, feedbackRoutes } from './modules/feedback/routes';
import { healthRoutes } from './modules/health/routes';
import { invoiceAdminRoutes, invoiceProviderFor, invoiceRoutes } from './modules/invoice/routes';
import { itemRequestAdminRoutes, itemRequestRoutes } from './modules/item-request/routes';
import { jobsAdminRoutes } from './modules/jobs/admin-routes';
import { jobsPlugin } from './modules/jobs/plugin';
import { lotteryAdminRoutes, lotteryBuyerRoutes, lotteryRoutes } from './modules/lottery/routes';
import { memberRoutes } from './modules/member/routes';
import { messageRoutes } from './modules/message/routes';
import { openAdminRoutes } from './modules/open/admin-routes';
import { openApiPlugin } from './modules/open/plugin';
import { operatorAdminRoutes } from './modules/operator/admin-routes';
import { productionStartNotices } from './modules/operator/bootstrap';
import { orderAdminRoutes } from './modules/order/admin-routes';
import { orderRoutes } from './modules/order/routes';
import { paymentAdminRoutes } from './modules/payment/admin-routes';
import { paymentMetrics } from './modules/payment/metrics';
import { paymentRoutes } from './modules/payment/routes';
import { transferAdminRoutes } from './modules/payment/transfer/routes';
import { pointsAdminRoutes, pointsMallRoutes, pointsRoutes } from './modules/points/routes';
import { specialActivityRoutes } from './modules/promotion/activity-routes';
import { promotionAdminRoutes } from './modules/promotion/admin-routes';
import { activityPageAdminRoutes, activityPageRoutes } from './modules/promotion/pages-routes';
import { promotionPublicRoutes } from './modules/promotion/public-routes';
import {
  couponAdminRoutes,
  couponCentreRoutes,
  couponReceiveRoutes,
  promotionRoutes,
} from './modules/promotion/routes';
import { specialsAdminRoutes } from './modules/promotion/specials-admin-routes';
import { spikeAdminRoutes, spikeRoutes } from './modules/promotion/spike-routes';
import { quickBuyRoutes } from './modules/quick-buy/routes';
import { searchAdminRoutes } from './modules/search/admin-routes';
import { settingsAdminRoutes } from './modules/settings/admin-routes';
import { subscribeModules } from './modules/subscriptions';
import { walletRoutes } from './modules/wallet/routes';
import { webhookAdminRoutes } from './modules/webhooks/admin-routes';
import { webhooksPlugin } from './modules/webhooks/plugin';
import { wechatRoutes } from './modules/wechat/routes';
import { contextPlugin } from './plugins/context';
import { csrfPlugin } from './plugins/csrf';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { envelopePlugin, frameworkError } from './plugins/envelope';
import { httpPlugin } from './plugins/http';
import { metricsPlugin } from './plugins/metrics';
import { operatorAccessPlugin } from './plugins/operator-access';
import { pressurePlugin } from './plugins/pressure';
import { sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { storagePlugin } from './plugins/storage';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened database to use instead of opening one from config (tests). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The application clock (tests move time with it); the system clock by default. */
  clock?: Clock;
}

/**
 * Builds the whole application, explicitly and in order: cross-cutting plugins first, then one
 * plugin per module under /api, then the SPAs. server.ts listens; tests call app.inject.
 */
export async function buildApp({ config, database, logger, clock }: BuildAppOptions) {
  // The modules' reactions to each other's events (order.paid, order.received), once a process.
  subscribeModules();
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Forwarded headers only from the configured proxies: otherwise anyone could pick the client
    // address every per-IP limit counts by.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // The first start of an empty database migrates and loads the demo data inside the db
    // plugin; on a busy 2-core machine that can take longer than Fastify's default 10 s.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // One clock from the first plugin on: the demo data is dated by it, and every request reads it.
  const appClock = clock ?? systemClock();

  // Metrics first: its onResponse hook times every request, the shed ones included.
  await app.register(metricsPlugin, { enabled: config.metricsPort !== undefined });
  await app.register(envelopePlugin);
  await app.register(pressurePlugin, { pressure: config.pressure });
  await app.register(storagePlugin, { config: config.storage, dataDir: config.dataDir });
  await app.register(smsPlugin, { config });
  await app.register(dbPlugin, {
    database,
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : pgliteDirOf(config),
    seed: config.seedDemoData,
    clock: appClock,
  });
  await productionStartNotices(app, config);
  await app.register(sessionPlugin, {
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    secureCookie: config.cookieSecure,
  });
  forgetUserBaseOnWrites(app);
  await app.register(cacheBusPlugin, { redis: app.redis, redisPrefix: config.redisPrefix });
  await app.register(contextPlugin, { clock: appClock });
  await app.register(operatorAccessPlugin);
  await app.register(loginAttemptsPlugin, { redisPrefix: config.redisPrefix });
  await app.register(httpPlugin, { redisPrefix: config.redisPrefix });
  await app.register(csrfPlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(webhooksPlugin, { config: config.webhooks });
  // The open API before the shop's docs: each OpenAPI document collects only its own routes.
  await app.register(openApiPlugin, { ordersSettleMs: config.openOrdersSettleMs });
  await app.register(docsPlugin);

  // Modules, one plugin each, all under /api.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(accountAdminRoutes, { prefix: '/api' });
  await app.register(buyersAdminRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(goodsImageRoutes);
  await app.register(catalogAdminRoutes, { prefix: '/api' });
  await app.register(saleControlAdminRoutes, { prefix: '/api' });
  await app.register(contentAdminRoutes, { prefix: '/api' });
  await app.register(dashboardAdminRoutes, { prefix: '/api' });
  await app.register(settingsAdminRoutes, { prefix: '/api' });
  await app.register(categoryAdminRoutes, { prefix: '/api' });
  await app.register(searchAdminRoutes, { prefix: '/api' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register(feedbackAdminRoutes, { prefix: '/api' });
  await app.register(itemRequestRoutes, { prefix: '/api' });
  await app.register(itemRequestAdminRoutes, { prefix: '/api' });
  await app.register(invoiceRoutes, { prefix: '/api' });
  await app.register(lotteryRoutes, { prefix: '/api' });
  await app.register(lotteryBuyerRoutes, { prefix: '/api' });
  await app.register(lotteryAdminRoutes, { prefix: '/api' });
  await app.register(specialActivityRoutes, { prefix: '/api' });
  await app.register(specialsAdminRoutes, { prefix: '/api' });
  await app.register(pointsMallRoutes, { prefix: '/api' });
  await app.register(pointsRoutes, { prefix: '/api' });
  await app.register(pointsAdminRoutes, { prefix: '/api' });
  await app.register(invoiceAdminRoutes, { prefix: '/api', provider: invoiceProviderFor(config) });
  await app.register(paymentAdminRoutes, { prefix: '/api', channels: config.paymentChannels });
  await app.register(transferAdminRoutes, { prefix: '/api' });
  await app.register(complianceRoutes, { prefix: '/api' });
  await app.register(complianceAdminRoutes, { prefix: '/api' });
  await app.register(quickBuyRoutes, { prefix: '/api' });
  await app.register(memberRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(addressRoutes, { prefix: '/api' });
  await app.register(orderRoutes, { prefix: '/api' });
  await app.register(orderAdminRoutes, { prefix: '/api' });
  await app.register(operatorAdminRoutes, { prefix: '/api' });
  await app.register(auditAdminRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api', config });
  await app.register(wechatRoutes, { prefix: '/api', config });
  await app.register(promotionRoutes, { prefix: '/api' });
  await app.register(promotionAdminRoutes, { prefix: '/api' });
  await app.register(promotionPublicRoutes, { prefix: '/api' });
  await app.register(activityPageRoutes, { prefix: '/api' });
  await app.register(activityPageAdminRoutes, { prefix: '/api' });
  await app.register(couponCentreRoutes, { prefix: '/api' });
  await app.register(couponReceiveRoutes, { prefix: '/api' });
  await app.register(couponAdminRoutes, { prefix: '/api' });
  await app.register(spikeRoutes, { prefix: '/api' });
  await app.register(spikeAdminRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api' });
  // The background jobs come after the modules whose work they do (payment providers, SMS).
  await app.register(jobsPlugin, { config: config.jobs });
  await app.register(jobsAdminRoutes, { prefix: '/api' });
  await app.register(openAdminRoutes, { prefix: '/api' });
  await app.register(webhookAdminRoutes, { prefix: '/api' });
  await app.register(paymentMetrics);

  await app.register(spaPlugin, {
    shopDist: config.shopDist,
    adminDist: config.adminDist,
    h5Dist: config.h5Dist,
    homeTopAd: async (request) => homeTopAd(await request.viewerCtx()),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
