import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Sends SMS verification codes and notices. Production plugs in a real gateway behind this interface. */
export interface SmsProvider {
  sendCode(phone: string, code: string): Promise<void>;
  /** A text notice (a review result ...). */
  sendNotice(phone: string, text: string): Promise<void>;
}

/**
 * The default provider: writes the code to the server log, so registration and password reset
 * work end to end on a fresh machine. It also remembers the last code per phone (tests read it).
 */
export class LogSmsProvider implements SmsProvider {
  private readonly codes = new Map<string, string>();
  constructor(private readonly log: FastifyBaseLogger) {}

  async sendCode(phone: string, code: string) {
    this.codes.set(phone, code);
    this.log.info({ phone }, `SMS code ${code} sent to ${phone}`);
  }

  lastCode(phone: string): string | undefined {
    return this.codes.get(phone);
  }

  private readonly notices = new Map<string, string>();

  async sendNotice(phone: string, text: string) {
    this.notices.set(phone, text);
    this.log.info({ phone }, `SMS notice sent to ${phone}: ${text}`);
  }

  lastNotice(phone: string): string | undefined {
    return this.notices.get(phone);
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

export const smsPlugin = fp(async (app: FastifyInstance, options: { provider?: SmsProvider }) => {
  const provider = options.provider ?? new LogSmsProvider(app.log);
  app.decorate('sms', {
    sendCode: (phone: string, code: string) => provider.sendCode(phone, code),
    sendNotice: (phone: string, text: string) => provider.sendNotice(phone, text),
    lastCode: (phone: string) => (provider instanceof LogSmsProvider ? provider.lastCode(phone) : undefined),
    lastNotice: (phone: string) =>
      provider instanceof LogSmsProvider ? provider.lastNotice(phone) : undefined,
  });
});
