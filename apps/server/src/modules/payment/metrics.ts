import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import type { Db } from '../../db/client';
import { transferRefunds } from '../../db/schema/transfer';
import { paymentRefunds, payments } from '../../db/schema/wallet';

// Payments and refunds per channel and state, read from the database when Prometheus scrapes
// (every process answers the same figures: they are the database's, not the process's).

interface StateCount {
  channel: string;
  state: string;
  n: number;
}

/** Payment attempts by channel (balance, credit, wechat, alipay, transfer, sandbox) and status. */
export function paymentStateCounts(db: Db): Promise<StateCount[]> {
  return db
    .select({ channel: payments.provider, state: payments.status, n: count() })
    .from(payments)
    .groupBy(payments.provider, payments.status);
}

/** Refunds through a provider by channel and status, and bank-transfer refunds as `transfer`. */
export async function refundStateCounts(db: Db): Promise<StateCount[]> {
  const [online, transfer] = await Promise.all([
    db
      .select({ channel: paymentRefunds.provider, state: paymentRefunds.status, n: count() })
      .from(paymentRefunds)
      .groupBy(paymentRefunds.provider, paymentRefunds.status),
    db
      .select({ state: transferRefunds.status, n: count() })
      .from(transferRefunds)
      .groupBy(transferRefunds.status),
  ]);
  return [...online, ...transfer.map((row) => ({ channel: 'transfer', ...row }))];
}

function stateGauge(
  app: FastifyInstance,
  name: string,
  help: string,
  read: (db: Db) => Promise<StateCount[]>,
) {
  new Gauge({
    name,
    help,
    labelNames: ['channel', 'state'] as const,
    registers: [app.metrics.registry],
    async collect() {
      let rows: StateCount[];
      try {
        rows = await read(app.db);
      } catch (err) {
        // A database that does not answer must not cost the scrape the process's own metrics.
        app.log.warn({ err }, `metrics: ${name} not read`);
        this.reset();
        return;
      }
      this.reset();
      for (const row of rows) this.set({ channel: row.channel, state: row.state }, row.n);
    },
  });
}

export const paymentMetrics = fp(async (app: FastifyInstance) => {
  if (!app.metrics.enabled) return;
  stateGauge(app, 'yaocai_payments', 'Payments by channel and state (from the database)', paymentStateCounts);
  stateGauge(
    app,
    'yaocai_payment_refunds',
    'Refunds through a provider or by bank transfer, by channel and state (from the database)',
    refundStateCounts,
  );
});
