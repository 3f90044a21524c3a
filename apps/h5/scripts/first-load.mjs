// First-load JavaScript (and CSS) of each mobile screen on the wire, from the build's manifest:
// the entry's static imports plus the screen's chunk and its static imports, each file counted
// once, compressed as the server sends it (brotli quality 11, gzip level 9: vite-precompress).
// Run after `npm run build -w apps/h5`: `node apps/h5/scripts/first-load.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The budgets of issue 35 (KB on the wire): home, list and detail 150, any screen 200. */
const screens = {
  'src/features/home/HomePage.tsx': ['首页', 150],
  'src/features/catalog/ListPage.tsx': ['列表', 150],
  'src/features/catalog/DetailPage.tsx': ['详情', 150],
  'src/features/catalog/CategoryPage.tsx': ['分类', 200],
  'src/features/catalog/SearchPage.tsx': ['搜索', 200],
  'src/features/cart/CartPage.tsx': ['购物车', 200],
  'src/features/account/MinePage.tsx': ['我的', 200],
  'src/features/account/LoginPage.tsx': ['登录', 200],
  'src/features/order/CheckoutPage.tsx': ['确认订单', 200],
  'src/features/order/PayPage.tsx': ['支付', 200],
  'src/features/order/OrdersPage.tsx': ['订单列表', 200],
  'src/features/order/OrderDetailPage.tsx': ['订单详情', 200],
  'src/features/member/WalletPage.tsx': ['余额', 200],
  'src/features/member/CouponsPage.tsx': ['优惠券', 200],
  'src/features/member/FavoritesPage.tsx': ['收藏', 200],
  'src/features/member/LicencesPage.tsx': ['资质证件', 200],
  'src/features/member/AddressesPage.tsx': ['收货地址', 200],
  'src/features/member/AddressFormPage.tsx': ['编辑地址', 200],
  'src/features/account/RegisterPage.tsx': ['注册', 200],
  'src/features/account/ForgetPage.tsx': ['找回密码', 200],
  'src/features/message/MessagesPage.tsx': ['消息', 200],
  'src/features/order/AfterSaleApplyPage.tsx': ['申请售后', 200],
  'src/features/order/AfterSaleDetailPage.tsx': ['售后详情', 200],
  'src/features/promotion/CouponCentrePage.tsx': ['领券中心', 200],
  'src/features/promotion/LotteryPage.tsx': ['幸运抽奖', 200],
  'src/features/promotion/PrizesPage.tsx': ['我的奖品', 200],
  'src/features/points/PointsPage.tsx': ['我的积分', 200],
  'src/features/points/PointsMallPage.tsx': ['积分商城', 200],
};

function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const sizes = new Map();
function wire(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.set(file, {
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gz: gzipSync(bytes, { level: 9 }).length,
    });
  }
  return sizes.get(file);
}

// The chunk each module ended in (vite.config.ts chunkOfModule): small screens are merged into
// other chunks, and home into the entry, so a screen is found by its chunk's manifest key.
const chunkOf = JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-of.json'), 'utf8'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
function manifestKeyOf(module) {
  const key = keyOfFile.get(chunkOf[module]);
  if (!key) throw new Error(`no chunk holds ${module}`);
  return key;
}

const kb = (n) => (n / 1024).toFixed(1);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
console.log('| screen | JS br KB | JS gz KB | CSS br KB | budget KB |');
console.log('|---|---|---|---|---|');
for (const [key, [name, budget]] of Object.entries(screens)) {
  const files = closure(manifestKeyOf(key), closure(entry));
  let jsBr = 0;
  let jsGz = 0;
  let cssBr = 0;
  for (const file of files) {
    const { br, gz } = wire(file);
    if (file.endsWith('.js')) {
      jsBr += br;
      jsGz += gz;
    } else cssBr += br;
  }
  const over = jsGz / 1024 > budget;
  failed ||= over;
  console.log(`| ${name} | ${kb(jsBr)} | ${kb(jsGz)} | ${kb(cssBr)} | ${budget}${over ? ' (over)' : ''} |`);
}
process.exit(failed ? 1 : 0);
