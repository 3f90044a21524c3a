import type { SmsTemplatePurpose } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { AppConfig, SmsConfig } from '../config';
import type { Db } from '../db/client';
import { defaultSettings } from '../db/default-settings';
import { settings } from '../db/schema';
import { AppError } from './errors';

// SMS: verification codes and notices, through the gateway SMS_PROVIDER names (config.ts):
// `log` writes them to the server log (demo and tests), `aliyun` and `tencent` send through the
// vendors' official SDKs (lib/sms-gateways.ts). The sign name and the template of each purpose
// come from 短信设置 in the console (settings row `sms`); credentials only from the environment.

/** Purposes whose message carries a verification code. */
export type SmsCodePurpose = Extract<SmsTemplatePurpose, 'register' | 'password_reset'>;
/** Purposes of the notices (the station message is written too; the SMS is extra). */
export type SmsNoticePurpose = Exclude<SmsTemplatePurpose, SmsCodePurpose>;

/**
 * A notice: its template variables (Aliyun reads them by name, Tencent in this order; README
 * "Going live" lists them per purpose) and the text the log gateway writes.
 */
export interface SmsNotice {
  params: Record<string, string>;
  text: string;
}

/**
 * A send that did not throw: the message went out, or (a notice without a template) was not
 * due. Counted in yaocai_sms_sends_total.
 */
export type SmsOutcome = 'sent' | 'skipped';

/** What the app sends (app.sms). */
export interface SmsProvider {
  /** Sends a code; a failed send throws the Chinese refusal smsFailed() after logging why. */
  sendCode(phone: string, code: string, purpose?: SmsCodePurpose): Promise<SmsOutcome>;
  /** Sends a notice; a failed send is logged and thrown (callers after a commit catch it). */
  sendNotice(purpose: SmsNoticePurpose, phone: string, notice: SmsNotice): Promise<SmsOutcome>;
}

// The vendors' gateway shape lives with the gateways (sms-gateways.ts, loaded lazily).
import type { SmsGateway } from './sms-gateways';

export type { SmsGateway, SmsSendRequest } from './sms-gateways';

/** The refusal the person sees when the gateway did not take the message. */
export const smsFailed = () => new AppError(502, '短信发送失败，请稍后重试');

/**
 * The default provider: writes the code to the server log, so registration and password reset
 * work end to end on a fresh machine. It also remembers the last code per phone (tests read it).
 */
export class LogSmsProvider implements SmsProvider {
  private readonly codes = new Map<string, string>();
  private readonly notices = new Map<string, string>();
  constructor(private readonly log: FastifyBaseLogger) {}

  async sendCode(phone: string, code: string): Promise<SmsOutcome> {
    this.codes.set(phone, code);
    this.log.info({ phone }, `SMS code ${code} sent to ${phone}`);
    return 'sent';
  }

  lastCode(phone: string): string | undefined {
    return this.codes.get(phone);
  }

  async sendNotice(_purpose: SmsNoticePurpose, phone: string, notice: SmsNotice): Promise<SmsOutcome> {
    this.notices.set(phone, notice.text);
    this.log.info({ phone }, `SMS notice sent to ${phone}: ${notice.text}`);
    return 'sent';
  }

  lastNotice(phone: string): string | undefined {
    return this.notices.get(phone);
  }
}

/** 短信设置 as stored (the defaults of a site that never saved it: no template yet). */
export async function smsSettings(db: Db): Promise<typeof defaultSettings.sms> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'sms'));
  const stored = (row?.value ?? {}) as Partial<typeof defaultSettings.sms>;
  return {
    sign_name: stored.sign_name ?? defaultSettings.sms.sign_name,
    templates: { ...defaultSettings.sms.templates, ...stored.templates },
  };
}

/**
 * A real vendor behind the settings: picks the sign name and template of the purpose and sends.
 * Every failure (no template configured, the vendor refused, the network) is logged with the
 * phone, purpose and the vendor's answer, never the code, and thrown as smsFailed().
 */
export class GatewaySmsProvider implements SmsProvider {
  constructor(
    private readonly gateway: SmsGateway,
    private readonly db: () => Db,
    private readonly defaultSignName: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async send(
    purpose: SmsTemplatePurpose,
    phone: string,
    params: Record<string, string>,
  ): Promise<SmsOutcome> {
    const configured = await smsSettings(this.db());
    const templateCode = configured.templates[purpose];
    const signName = configured.sign_name || this.defaultSignName;
    const where = { phone, purpose, provider: this.gateway.name };
    if (!templateCode) {
      // A notice without a template is one the site does not send by SMS (the station message
      // is enough); a code without one cannot reach the person.
      if (purpose !== 'register' && purpose !== 'password_reset') return 'skipped';
      this.log.error(where, `SMS not sent: no ${purpose} template in 短信设置`);
      throw smsFailed();
    }
    try {
      await this.gateway.send({ phone, signName, templateCode, params });
    } catch (error) {
      this.log.error({ ...where, templateCode, reason: (error as Error).message }, 'SMS not sent');
      throw smsFailed();
    }
    return 'sent';
  }

  sendCode(phone: string, code: string, purpose: SmsCodePurpose = 'register') {
    return this.send(purpose, phone, { code });
  }

  sendNotice(purpose: SmsNoticePurpose, phone: string, notice: SmsNotice) {
    return this.send(purpose, phone, notice.params);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider & {
      lastCode(phone: string): string | undefined;
      lastNotice(phone: string): string | undefined;
    };
  }
}

export interface SmsPluginOptions {
  /** A provider to use instead of the configured one (tests). */
  provider?: SmsProvider;
  config?: Pick<AppConfig, 'production' | 'logSmsAllowedInProduction'> & { sms: SmsConfig };
}

/**
 * Decorates app.sms. `log` under NODE_ENV=production stops the start unless ALLOW_LOG_SMS=1:
 * nobody could register, the codes being in the log only.
 */
export const smsPlugin = fp(async (app: FastifyInstance, options: SmsPluginOptions) => {
  const sms = options.config?.sms ?? { provider: 'log' };
  let provider = options.provider;
  if (!provider && sms.provider !== 'log') {
    const { gatewayOf } = await import('./sms-gateways');
    provider = new GatewaySmsProvider(gatewayOf(sms), () => app.db, sms.signName, app.log);
    app.log.info(`SMS provider: ${sms.provider}`);
  }
  if (!provider) {
    if (options.config?.production && !options.config.logSmsAllowedInProduction)
      throw new Error(
        'SMS_PROVIDER=log under NODE_ENV=production: verification codes would only reach the server log, ' +
          'so nobody could register. Set SMS_PROVIDER=aliyun or tencent with its credentials, or ALLOW_LOG_SMS=1 for a demo.',
      );
    if (options.config?.production) app.log.warn('SMS provider: log (codes go to the server log: demo only)');
    provider = new LogSmsProvider(app.log);
  }
  const chosen = provider;
  const sends = new Counter({
    name: 'yaocai_sms_sends_total',
    help: 'SMS sends by provider, purpose and result (sent, skipped: a notice without a template, failed)',
    labelNames: ['provider', 'purpose', 'result'] as const,
    // plugins/metrics.ts is registered first in app.ts; an app without it counts for nobody.
    registers: app.hasDecorator('metrics') ? [app.metrics.registry] : [],
  });
  const providerName = options.provider ? 'custom' : sms.provider;
  const counted = async (purpose: SmsTemplatePurpose, send: Promise<SmsOutcome>) => {
    try {
      const result = await send;
      sends.inc({ provider: providerName, purpose, result });
      return result;
    } catch (error) {
      sends.inc({ provider: providerName, purpose, result: 'failed' });
      throw error;
    }
  };
  app.decorate('sms', {
    sendCode: (phone: string, code: string, purpose?: SmsCodePurpose) =>
      counted(purpose ?? 'register', chosen.sendCode(phone, code, purpose)),
    sendNotice: (purpose: SmsNoticePurpose, phone: string, notice: SmsNotice) =>
      counted(purpose, chosen.sendNotice(purpose, phone, notice)),
    lastCode: (phone: string) => (chosen instanceof LogSmsProvider ? chosen.lastCode(phone) : undefined),
    lastNotice: (phone: string) => (chosen instanceof LogSmsProvider ? chosen.lastNotice(phone) : undefined),
  });
});
