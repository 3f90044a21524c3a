/**
 * Locally drawn images (no network): goods packaging, brand logos, ad banners and QR codes as
 * SVG. Pure functions of their inputs, so responses can be cached for long.
 */

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** Splits text into lines of at most `width` units (CJK = 1, latin = 0.55). */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = (ch.codePointAt(0) ?? 0) < 0x100 ? 0.55 : 1;
    if (used + w > width && line) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, -1)}…`;
    return kept;
  }
  return lines;
}

function shade(hex: string, factor: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? Number.parseInt(m[1], 16) : 0x1f6fb2;
  const ch = (v: number) =>
    Math.max(0, Math.min(255, Math.round(factor < 0 ? v * (1 + factor) : v + (255 - v) * factor)));
  const r = ch(n >> 16);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const FONT =
  "font-family=\"'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif\"";

export interface PackagingInput {
  name: string;
  spec: string;
  manufacturer: string;
  color: string;
  rxClass: string;
  kind: string;
  approvalNo: string;
  unit: string;
}

const rxBadge = (rx: string) =>
  rx === 'rx'
    ? { text: 'Rx', fill: '#c0392b' }
    : rx === 'otc_a'
      ? { text: 'OTC', fill: '#d0021b' }
      : rx === 'otc_b'
        ? { text: 'OTC', fill: '#1e9e4a' }
        : null;

/** A packaging-style drawing: face 1 front, 2 side (approval no.), 3 back (manufacturer). */
export function packagingSvg(g: PackagingInput, face = 1): string {
  const dark = shade(g.color, -0.35);
  const light = shade(g.color, 0.85);
  const badge = rxBadge(g.rxClass);
  const nameLines = wrap(g.name, 8, 3);
  const nameSvg = nameLines
    .map(
      (l, i) =>
        `<text x="200" y="${178 + i * 40 - (nameLines.length - 1) * 20}" font-size="34" font-weight="700" fill="#1d2733" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join('');
  const kindMark =
    g.kind === 'herb' ? '中药饮片' : g.kind === 'device' ? '医疗器械' : g.kind === 'health' ? '保健食品' : '';
  const badgeSvg = badge
    ? `<rect x="300" y="34" width="70" height="34" rx="6" fill="${badge.fill}"/><text x="335" y="58" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${badge.text}</text>`
    : kindMark
      ? `<rect x="272" y="34" width="98" height="34" rx="6" fill="${dark}"/><text x="321" y="57" font-size="17" fill="#fff" text-anchor="middle">${kindMark}</text>`
      : '';
  let body: string;
  if (face === 2) {
    body = `<rect x="40" y="40" width="320" height="320" rx="14" fill="#fff" stroke="${g.color}" stroke-width="6"/>
<text x="200" y="110" font-size="26" font-weight="700" fill="${dark}" text-anchor="middle">${escapeXml(wrap(g.name, 11, 1)[0])}</text>
<text x="70" y="170" font-size="19" fill="#333">【规格】${escapeXml(wrap(g.spec, 11, 1)[0])}</text>
<text x="70" y="210" font-size="19" fill="#333">【包装】${escapeXml(g.unit)}</text>
<text x="70" y="250" font-size="17" fill="#333">${escapeXml(wrap(g.approvalNo, 15, 1)[0])}</text>
<rect x="70" y="280" width="260" height="44" fill="${light}"/>
${Array.from({ length: 30 }, (_, i) => `<rect x="${80 + i * 8}" y="286" width="${(i * 7) % 3 === 0 ? 4 : 2}" height="32" fill="#222"/>`).join('')}`;
  } else if (face === 3) {
    body = `<rect x="40" y="40" width="320" height="320" rx="14" fill="${light}" stroke="${g.color}" stroke-width="4"/>
<circle cx="200" cy="150" r="62" fill="${g.color}" opacity="0.9"/>
<text x="200" y="163" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml([...g.manufacturer][0] ?? '药')}</text>
${wrap(g.manufacturer, 13, 2)
  .map(
    (l, i) =>
      `<text x="200" y="${256 + i * 30}" font-size="21" fill="#333" text-anchor="middle">${escapeXml(l)}</text>`,
  )
  .join('')}`;
  } else {
    body = `<path d="M40 90 L90 40 L360 40 L360 310 L310 360 L40 360 Z" fill="${dark}"/>
<rect x="40" y="90" width="270" height="270" fill="#fff"/>
<path d="M40 90 L90 40 L360 40 L310 90 Z" fill="${shade(g.color, 0.25)}"/>
<path d="M310 90 L360 40 L360 310 L310 360 Z" fill="${dark}"/>
<rect x="40" y="90" width="270" height="56" fill="${g.color}"/>
<rect x="40" y="290" width="270" height="70" fill="${g.color}"/>
<text x="52" y="124" font-size="17" fill="#fff">${escapeXml(wrap(g.spec, badgeSvg ? 7.5 : 12, 1)[0])}</text>
<text x="175" y="332" font-size="16" fill="#fff" text-anchor="middle">${escapeXml(wrap(g.manufacturer, 14, 1)[0])}</text>`;
    return svg(
      400,
      400,
      `<rect width="400" height="400" fill="${light}"/>${body}
<g transform="translate(-25 40)">${nameSvg.replaceAll('x="200"', 'x="200"')}</g>${badgeSvg.replace(/x="(\d+)"/g, (_m, x) => `x="${Number(x) - 60}"`).replace(/y="(\d+)"/g, (_m, y) => `y="${Number(y) + 66}"`)}`,
    );
  }
  return svg(400, 400, `<rect width="400" height="400" fill="#f5f7fa"/>${body}${badgeSvg}`);
}

function svg(w: number, h: number, inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ${FONT}>${inner}</svg>`;
}

export function brandSvg(name: string, color: string): string {
  const dark = shade(color, -0.3);
  const lines = wrap(name, 7, 2);
  return svg(
    240,
    120,
    `<rect width="240" height="120" rx="10" fill="${color}"/><rect x="6" y="6" width="228" height="108" rx="8" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>
<circle cx="206" cy="26" r="42" fill="${dark}" opacity="0.35"/>
${lines.map((l, i) => `<text x="120" y="${(lines.length === 1 ? 72 : 56) + i * 34}" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(l)}</text>`).join('')}`,
  );
}

export function bannerSvg(
  title: string,
  subtitle: string,
  color: string,
  size: { w: number; h: number } = { w: 1200, h: 400 },
): string {
  const { w, h } = size;
  const dark = shade(color, -0.35);
  const light = shade(color, 0.3);
  const scale = h / 400;
  if (w < h) {
    const lines = wrap(title, 7, 3);
    return svg(
      w,
      h,
      `<rect width="${w}" height="${h}" fill="${dark}"/><circle cx="${w * 0.8}" cy="${h * 0.15}" r="${w * 0.5}" fill="${light}" opacity="0.35"/>
${lines.map((l, i) => `<text x="${w / 2}" y="${h * 0.3 + i * 40}" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(l)}</text>`).join('')}
${wrap(subtitle, 12, 2)
  .map(
    (l, i) =>
      `<text x="${w / 2}" y="${h * 0.3 + lines.length * 40 + 20 + i * 26}" font-size="18" fill="#fff" opacity="0.9" text-anchor="middle">${escapeXml(l)}</text>`,
  )
  .join('')}
<rect x="${w / 2 - 70}" y="${h * 0.8}" width="140" height="40" rx="20" fill="#fff"/><text x="${w / 2}" y="${h * 0.8 + 26}" font-size="18" fill="${dark}" text-anchor="middle">立即查看 ›</text>`,
    );
  }
  if (w >= h * 6) return stripSvg(title, subtitle, { w, h }, { dark, light });
  // The text column runs from 7 % of the width to the artwork at 72 %: each line's font shrinks
  // until its estimated width fits there, so a long title is never cut at the slot's edge.
  const s = Math.min(1, Math.max(h / 400, 0.6 * Math.min(1, h / 160)));
  const left = w * 0.07;
  const column = w * 0.65;
  const titleSize = fitFontSize(title, Math.round(56 * s), column);
  const subtitleSize = fitFontSize(subtitle, Math.round(28 * s), column);
  const button = h >= 200;
  const buttonPx = Math.max(MIN_TEXT_PX, Math.round(20 * s));
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.86}" cy="${h * 0.2}" r="${h * 0.55}" fill="#fff" opacity="0.08"/>
<circle cx="${w * 0.78}" cy="${h * 0.95}" r="${h * 0.35}" fill="#fff" opacity="0.1"/>
<g transform="translate(${w * 0.74} ${h * 0.32}) scale(${scale})" opacity="0.9">
<rect x="0" y="40" width="150" height="60" rx="30" fill="#fff"/><rect x="75" y="40" width="75" height="60" rx="30" fill="${shade(color, 0.6)}"/><rect x="75" y="40" width="40" height="60" fill="${shade(color, 0.6)}"/>
<rect x="40" y="130" width="110" height="110" rx="12" fill="#fff" opacity="0.85"/><path d="M80 185 h30 M95 170 v30" stroke="${color}" stroke-width="10" stroke-linecap="round"/>
</g>
<text x="${left}" y="${h * 0.45}" font-size="${titleSize}" font-weight="700" fill="#fff" data-role="title">${escapeXml(title)}</text>
<text x="${left}" y="${h * 0.62}" font-size="${subtitleSize}" fill="#fff" opacity="0.92" data-role="subtitle">${escapeXml(subtitle)}</text>${
      button
        ? `
<rect x="${left}" y="${h * 0.72}" width="${Math.max(160 * s, textWidth('立即采购 ›', buttonPx) + 24)}" height="${Math.max(44 * s, buttonPx + 12)}" rx="${Math.max(22 * s, (buttonPx + 12) / 2)}" fill="#fff"/>
<text x="${left + Math.max(160 * s, textWidth('立即采购 ›', buttonPx) + 24) / 2}" y="${h * 0.72 + 29 * s}" font-size="${buttonPx}" fill="${dark}" text-anchor="middle">立即采购 ›</text>`
        : ''
    }`,
  );
}

/** The smallest text a drawn banner uses (a 1200 x 80 strip is shown at its own size). */
export const MIN_TEXT_PX = 14;

/** Estimated width of a line: CJK full width, Latin about half. */
const textWidth = (text: string, size: number) =>
  [...text].reduce((sum, ch) => sum + ((ch.codePointAt(0) ?? 0) < 0x100 ? 0.55 : 1) * size, 0);

/**
 * A wide strip (the 1200 x 80 top ad): title, subtitle and button on one line at reading sizes
 * (the landscape layout scaled down to 80 px high drew its text at 6 to 11 px). The subtitle is
 * left out when it would run into the button.
 */
function stripSvg(
  title: string,
  subtitle: string,
  { w, h }: { w: number; h: number },
  { dark, light }: { dark: string; light: string },
): string {
  const titlePx = Math.min(30, Math.round(h * 0.38));
  const subtitlePx = Math.max(MIN_TEXT_PX, Math.round(titlePx * 0.62));
  const buttonPx = Math.max(MIN_TEXT_PX, Math.round(titlePx * 0.55));
  const left = Math.round(h * 0.6);
  const baseline = Math.round(h / 2 + titlePx * 0.35);
  const buttonW = textWidth('立即查看 ›', buttonPx) + 32;
  const buttonH = buttonPx + 16;
  const buttonX = w - left - buttonW;
  const subtitleX = left + textWidth(title, titlePx) + 28;
  const fits = subtitle && subtitleX + textWidth(subtitle, subtitlePx) < buttonX - 24;
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.7}" cy="${h * 0.1}" r="${h * 0.9}" fill="#fff" opacity="0.08"/>
<text x="${left}" y="${baseline}" font-size="${titlePx}" font-weight="700" fill="#fff">${escapeXml(title)}</text>
${fits ? `<text x="${subtitleX}" y="${baseline}" font-size="${subtitlePx}" fill="#fff" opacity="0.95">${escapeXml(subtitle)}</text>` : ''}
<rect x="${buttonX}" y="${(h - buttonH) / 2}" width="${buttonW}" height="${buttonH}" rx="${buttonH / 2}" fill="#fff"/>
<text x="${buttonX + buttonW / 2}" y="${h / 2 + buttonPx * 0.35}" font-size="${buttonPx}" font-weight="700" fill="${dark}" text-anchor="middle">立即查看 ›</text>`,
  );
}

/** Estimated width of a line in em (CJK and full-width 1, latin and digits 0.6, bold included). */
export function textUnits(text: string): number {
  let units = 0;
  for (const ch of text) units += (ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.6 : 1;
  return units;
}

/** The largest font size up to `size` at which `text` fits `width` px (never below MIN_TEXT_PX, to stay legible). */
export function fitFontSize(text: string, size: number, width: number): number {
  const units = textUnits(text);
  if (units === 0) return size;
  return Math.max(MIN_TEXT_PX, Math.min(size, Math.floor(width / units)));
}

/** A QR-looking pattern (not scannable) with a caption. */
export function qrSvg(seed: string, caption: string): string {
  let h = 2166136261;
  const cells: string[] = [];
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      h = Math.imul(h ^ (seed.charCodeAt((x + y) % seed.length) + x * 31 + y), 16777619) >>> 0;
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
      if (finder) continue;
      if (h % 2) cells.push(`<rect x="${10 + x * 8}" y="${10 + y * 8}" width="8" height="8"/>`);
    }
  }
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="56" height="56" fill="#000"/><rect x="${x + 8}" y="${y + 8}" width="40" height="40" fill="#fff"/><rect x="${x + 16}" y="${y + 16}" width="24" height="24" fill="#000"/>`;
  return svg(
    188,
    210,
    `<rect width="188" height="210" fill="#fff"/><g fill="#000">${cells.join('')}</g>${finder(10, 10)}${finder(122, 10)}${finder(10, 122)}<text x="94" y="202" font-size="13" fill="#333" text-anchor="middle">${escapeXml(caption)}</text>`,
  );
}
