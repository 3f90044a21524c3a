import { scopeClassName } from '@yaocai/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  // The reminders job as the demo runs it (hourly, and once at start); the other jobs stay off
  // (under vitest every schedule is off unless named) so that no sweep moves this journey's orders.
  h = await startHarness({
    jobs: {
      runJobs: true,
      orderSweepSeconds: 0,
      paymentSweepSeconds: 0,
      reminderSweepSeconds: 3600,
      webhookSweepSeconds: 0,
      timeoutSeconds: 600,
    },
  });
});
afterAll(() => h?.close());

const menuTitles = async (page: Page) => page.getByTestId('admin-menu').getByRole('link').allTextContents();

/** JavaScript the server sent while `load` ran: compressed bytes per file as they travelled. */
async function javascriptSent(page: Page, load: () => Promise<void>) {
  const sizes: Promise<[string, number, string]>[] = [];
  const onResponse = (response: Awaited<ReturnType<Page['waitForResponse']>>) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => [
          url.pathname,
          s.responseBodySize,
          response.headers()['content-encoding'] ?? 'identity',
        ]),
    );
  };
  page.on('response', onResponse);
  await load();
  page.off('response', onResponse);
  const files = await Promise.all(sizes);
  return { files, total: files.reduce((sum, [, bytes]) => sum + bytes, 0) };
}

describe('operator console', () => {
  it('first load sends under 250 KB of JavaScript, compressed', async () => {
    const { page, context } = await h.newPage();
    const login = await javascriptSent(page, async () => {
      await page.goto('/admin/login');
      await page.getByTestId('admin-login-submit').waitFor();
    });
    const entry = login.files.filter(([file]) => !file.includes('LoginPage'));
    const entryBytes = entry.reduce((sum, [, bytes]) => sum + bytes, 0);
    const firstScreen = await javascriptSent(page, async () => {
      await page.getByTestId('admin-username').fill('admin');
      await page.getByTestId('admin-password').fill('Admin@123456');
      await page.getByTestId('admin-login-submit').click();
      await page.getByTestId('admin-dashboard-chart').locator('canvas').waitFor();
    });
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.info(
      `console JS sent: entry ${kb(entryBytes)} (${entry.map(([f, b, e]) => `${f.split('/').pop()} ${kb(b)} ${e}`).join(', ')}); ` +
        `login page total ${kb(login.total)}; after sign-in, the dashboard (with its chart) adds ${kb(firstScreen.total)}`,
    );
    // Every chunk worth compressing travels as the build's brotli file.
    expect(login.files.filter(([, bytes]) => bytes > 1024).every(([, , encoding]) => encoding === 'br')).toBe(
      true,
    );
    expect(login.total).toBeLessThan(250 * 1024);
    await context.close();
  });

  it('the 质管 operator approves demo buyer 13800000002; the buyer then sees prices', async () => {
    const buyer = await h.newPage();
    await h.signInBuyer(buyer.context, '13800000002');
    await buyer.page.goto('/list');
    await buyer.page.getByTestId('goods-card').first().waitFor();
    expect(await buyer.page.getByTestId('price').count()).toBe(0);

    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'zhiguan');
    expect(await menuTitles(page)).toEqual([
      '工作台',
      '订单发货',
      '含麻回执',
      '质量记录',
      '商品管理',
      '会员企业',
      '资质审核',
    ]);
    await page.getByTestId('admin-menu').getByRole('link', { name: '资质审核' }).click();
    await page.getByTestId('admin-review-queue').waitFor();
    await page.getByRole('link', { name: '康宁诊所' }).waitFor();
    await h.shot(page, 'admin-review-queue');
    await page.getByRole('link', { name: '康宁诊所' }).click();
    await page.getByTestId('admin-review-company').waitFor();
    expect(await page.getByTestId('admin-breadcrumb').textContent()).toBe('资质审核/企业资质审核');
    const documents = page.getByTestId('admin-review-document');
    expect(await documents.count()).toBe(3);
    // Each document shows its image (the demo licence pictures), number and validity.
    await page
      .locator('.ad-doc-image')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    expect(
      await page
        .locator('.ad-doc-image')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await h.shot(page, 'admin-review-company');
    // Nothing approved yet: the page says which licences a clinic still lacks.
    await page
      .getByTestId('admin-licence-gaps')
      .getByText(/缺少「医疗机构执业许可证」/)
      .waitFor();
    // The clinic's practice licence prints devices only: the reviewer unticks the drug classes
    // the clinic applied for.
    const medical = documents.filter({ hasText: '医疗机构执业许可证' });
    for (const scope of ['处方药', '非处方药', '中成药']) {
      await medical.getByTestId('admin-document-scopes').getByLabel(scope, { exact: true }).uncheck();
    }
    expect(await medical.getByTestId('admin-document-scopes').getByLabel('二类医疗器械').isChecked()).toBe(
      true,
    );
    await h.shot(page, 'admin-review-licence-scopes');
    for (let i = 0; i < 3; i++) {
      await documents.nth(i).getByTestId('admin-document-approve').click();
      await documents.nth(i).getByText('已通过').waitFor();
    }
    await page.getByTestId('admin-licence-gaps').waitFor({ state: 'detached' });
    await expect.poll(() => medical.textContent()).toContain('载明经营范围一类医疗器械、二类医疗器械');
    const decision = page.getByTestId('admin-company-decision');
    for (const scope of ['处方药', '非处方药', '中成药', '化学药制剂', '抗生素制剂']) {
      // Ticked once: the answer of the last document's decision no longer resets the boxes.
      await decision.getByLabel(scope, { exact: true }).check();
    }
    await page.getByTestId('admin-company-approve').click();
    await page.getByText('企业资质已通过，已通知买家').waitFor();
    await page.getByTestId('admin-review-company').getByText('已通过').waitFor();
    await h.shot(page, 'admin-review-approved');

    await buyer.page.reload();
    await buyer.page.getByTestId('price').first().waitFor();
    expect(await buyer.page.getByText('资质审核通过后可见').count()).toBe(0);
    await h.shot(buyer.page, 'admin-review-buyer-sees-prices');

    // The clinic holds no licence that prints 处方药: a prescription drug says why and which
    // licence would grant it; a class II device goes into the cart.
    const find = async (match: (g: { rx_class: string; scope_class: string }) => boolean) => {
      for (let p = 1; p <= 30; p++) {
        const res = await buyer.page.request.get(`/api/goods/list?page=${p}&page_size=60&in_stock=1`);
        const list = (await res.json()).data.list as {
          id: number;
          rx_class: string;
          scope_class: string;
          stock: number;
          name: string;
        }[];
        const hit = list.find(match);
        if (hit) return hit;
        if (list.length < 60) break;
      }
      throw new Error('no such goods in the demo catalogue');
    };
    const rx = await find((g) => g.rx_class === 'rx');
    const device = await find((g) => g.scope_class === 'qx2' && g.rx_class === 'none');
    await buyer.page.goto(`/list/info/${rx.id}`);
    const why = buyer.page.getByTestId('purchase-block').first();
    await expect.poll(() => why.textContent()).toBe('暂不可购买：超出经营范围');
    await expect
      .poll(() => buyer.page.getByTestId('purchase-block-detail').textContent())
      .toBe(
        '超出经营范围：需具备「处方药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
      );
    await h.shot(buyer.page, 'clinic-rx-refused');
    await buyer.page.goto(`/list/info/${device.id}`);
    await buyer.page.getByTestId('add-to-cart').first().click();
    await buyer.page.getByText('已加入购物车').first().waitFor();
    await h.shot(buyer.page, 'clinic-device-added');
    // Its licences at /zzzj: what each prints, what it may buy in.
    await buyer.page.goto('/zzzj');
    await buyer.page.getByTestId('licence-scopes').first().waitFor();
    await expect
      .poll(() => buyer.page.getByTestId('business-scope').textContent())
      .toBe('可经营范围：一类医疗器械二类医疗器械');
    await h.shot(buyer.page, 'clinic-licences');

    // The licence does print 处方药 and the drug's class after all: 质管 corrects it (更正), the
    // approved version is kept as 已更正, and the clinic buys on the correction at once.
    const rxScope = scopeClassName(rx.scope_class);
    await medical.getByTestId('admin-document-correct').click();
    const correction = page.getByTestId('admin-correction-form');
    for (const scope of ['处方药', rxScope])
      await correction.getByTestId('admin-correction-scopes').getByLabel(scope, { exact: true }).check();
    await correction.getByTestId('admin-correction-reason').fill('证件载明处方药，审核时漏勾');
    await page.getByTestId('admin-correction-submit').click();
    await page.getByText('证件已更正，买家即按更正后的证件采购').waitFor();
    await correction.waitFor({ state: 'hidden' });
    await medical.first().getByTestId('admin-document-superseded').waitFor();
    expect(await documents.count()).toBe(4);
    await expect.poll(() => documents.last().textContent()).toContain('更正原因证件载明处方药，审核时漏勾');
    await h.shot(page, 'admin-review-corrected');
    await context.close();

    await buyer.page.reload();
    await buyer.page
      .getByTestId('licence-corrected')
      .getByText('已由质管更正：证件载明处方药，审核时漏勾')
      .waitFor();
    expect(await buyer.page.getByTestId('business-scope').textContent()).toContain('处方药');
    await h.shot(buyer.page, 'clinic-licences-corrected');
    await buyer.page.goto(`/list/info/${rx.id}`);
    await buyer.page.getByTestId('add-to-cart').first().click();
    await buyer.page.getByText('已加入购物车').first().waitFor();
    await buyer.context.close();
  });

  it('a 运营 operator has no qualification queue: not in the menu, 403 by address', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'yunying');
    expect(await menuTitles(page)).not.toContain('资质审核');
    await page.goto('/admin/qualifications');
    await page.getByTestId('admin-forbidden').waitFor();
    expect(await page.getByTestId('admin-forbidden').textContent()).toContain('您没有「资质审核」权限');
    await h.shot(page, 'admin-forbidden');
    await context.close();
  });

  it('the audit screen shows the approval; the other screens render', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'admin');
    expect(await menuTitles(page)).toEqual([
      '工作台',
      '订单发货',
      '售后处理',
      '含麻回执',
      '质量记录',
      '发票管理',
      '渠道对账',
      '对公转账',
      '退款待办',
      '商品管理',
      '控销管理',
      '搜索同义词',
      '搜索词统计',
      '满减活动',
      '促销活动',
      '优惠券',
      '抽奖活动',
      '活动页',
      '每日特价',
      '福利折扣',
      '满额返现',
      '活动预览',
      '秒杀活动',
      '积分商城',
      '内容管理',
      '分类管理',
      '站点设置',
      '会员企业',
      '资质审核',
      '意见反馈',
      '品种求购',
      '账期额度',
      '操作员与角色',
      '审计日志',
      '后台任务',
      '开放接口',
      'Webhook',
    ]);
    await page.getByTestId('admin-dashboard-chart').locator('canvas').waitFor();
    await h.shot(page, 'admin-dashboard');
    // The demo orders of the last 30 days are counted; each to-do opens its queue.
    const recent = page.locator('.ant-statistic', { hasText: '近30天支付订单' });
    expect(Number(await recent.locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('admin-dashboard').getByRole('row').count()).toBeGreaterThan(1);
    await page.getByTestId('admin-todo-receipts').click();
    await page.getByTestId('admin-receipts').waitFor();
    await page.getByTestId('admin-menu').getByRole('link', { name: '工作台' }).click();
    await page.getByTestId('admin-todo-qualifications').click();
    await page.getByTestId('admin-review-queue').waitFor();
    await page.getByTestId('admin-menu').getByRole('link', { name: '订单发货' }).click();
    await page.getByTestId('admin-orders').waitFor();
    await h.shot(page, 'admin-orders');
    await page.getByTestId('admin-menu').getByRole('link', { name: '审计日志' }).click();
    await page.getByTestId('admin-audit').waitFor();
    const approval = page.locator('tr', { hasText: '企业资质审核' });
    await approval.waitFor();
    expect(await approval.textContent()).toContain('zhiguan');
    expect(await approval.textContent()).toContain('"qualification_status":"approved"');
    await h.shot(page, 'admin-audit');

    // 后台任务: the embedded database's one process runs the jobs; the reminders ran at start.
    await page.getByTestId('admin-menu').getByRole('link', { name: '后台任务' }).click();
    const jobs = page.getByTestId('admin-jobs');
    await jobs.getByText('内置数据库：任务由本服务进程定时执行。').waitFor();
    for (const title of [
      '超时未付订单取消',
      '自动确认收货',
      '证照与优惠券到期提醒',
      '积分年度过期',
      '渠道退款结果查询',
    ])
      await jobs.getByRole('row', { name: new RegExp(title) }).waitFor();
    await jobs.getByRole('row', { name: /证照与优惠券到期提醒\s*每 1 小时\s*成功/ }).waitFor();
    await h.shot(page, 'admin-jobs');

    await page.getByTestId('admin-menu').getByRole('link', { name: '操作员与角色' }).click();
    await page.getByTestId('admin-operators').getByText('zhiguan').waitFor();
    await h.shot(page, 'admin-operators');

    await page.getByTestId('admin-menu').getByRole('link', { name: '账期额度' }).click();
    const search = page.getByPlaceholder('手机号 / 门店名称 / 企业名称');
    await search.fill('13800000001');
    await search.press('Enter');
    await page.getByText('13800000001').first().waitFor();
    await h.shot(page, 'admin-credit');

    for (const [menu, testId, shot] of [
      ['售后处理', 'admin-after-sales', 'admin-after-sales'],
      ['含麻回执', 'admin-receipts', 'admin-receipts'],
      ['质量记录', 'admin-records', 'admin-records-admin'],
      ['Webhook', 'admin-webhooks', 'admin-webhooks'],
    ]) {
      await page.getByTestId('admin-menu').getByRole('link', { name: menu }).click();
      await page.getByTestId(testId).waitFor();
      await h.shot(page, shot);
    }
    // 系统 → Webhook: a subscription made here shows its signing secret once, then its row.
    await page.getByRole('button', { name: '新建订阅' }).click();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel('接收地址').fill('https://erp.example.com/yaocai/webhook');
    await form.getByLabel('订单已支付').check();
    await form.getByLabel('说明').fill('ERP 订单同步');
    await page.getByRole('button', { name: '创 建' }).click();
    const secret = page.getByTestId('webhook-secret');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/whsec_/);
    await h.shot(page, 'admin-webhook-secret');
    await page.getByRole('button', { name: '我已保存' }).click();
    await page.getByTestId('admin-webhooks').getByText('ERP 订单同步').waitFor();
    await page.getByRole('button', { name: '投递记录' }).click();
    await page.getByTestId('webhook-deliveries').waitFor();
    await h.shot(page, 'admin-webhook-deliveries');
    await context.close();
  });
});
