import type { Browser } from 'playwright-core';

/**
 * Real image files for the upload journeys, drawn on a canvas in Chromium and encoded as PNG:
 * a photo of a damaged carton (after-sales evidence) and a stamped delivery receipt (含麻回执).
 */
export async function drawPng(browser: Browser, kind: 'damaged-carton' | 'signed-receipt'): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate((what) => {
      const canvas = document.createElement('canvas');
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      const font = '"Noto Sans CJK SC", "Noto Serif CJK SC", sans-serif';
      if (what === 'damaged-carton') {
        canvas.width = 320;
        canvas.height = 240;
        g.fillStyle = '#d9d4cc';
        g.fillRect(0, 0, 320, 240);
        g.fillStyle = '#c8a06a'; // the carton, with a crushed corner
        g.beginPath();
        g.moveTo(50, 60);
        g.lineTo(270, 60);
        g.lineTo(270, 150);
        g.lineTo(230, 200);
        g.lineTo(50, 200);
        g.closePath();
        g.fill();
        g.strokeStyle = '#7a5a30';
        g.lineWidth = 3;
        g.stroke();
        g.beginPath();
        g.moveTo(270, 150);
        g.lineTo(245, 160);
        g.lineTo(230, 200);
        g.stroke();
        g.fillStyle = '#ffffff';
        g.fillRect(70, 85, 130, 40);
        g.fillStyle = '#1f6fb2';
        g.font = `bold 20px ${font}`;
        g.fillText('药品外箱', 92, 113);
        g.fillStyle = '#b00020';
        g.font = `16px ${font}`;
        g.fillText('破损处', 200, 225);
      } else {
        canvas.width = 360;
        canvas.height = 480;
        g.fillStyle = '#ffffff';
        g.fillRect(0, 0, 360, 480);
        g.fillStyle = '#222222';
        g.font = `bold 24px ${font}`;
        g.fillText('药品签收回执', 108, 50);
        g.font = `15px ${font}`;
        const rows = [
          '收货单位：仁心大药房连锁有限公司',
          '品名：含麻黄碱类复方制剂',
          '数量：按随货同行单',
          '签收人：张敏',
        ];
        rows.forEach((row, i) => {
          g.fillText(row, 30, 110 + i * 40);
        });
        g.strokeStyle = '#cc0000'; // the company seal
        g.lineWidth = 4;
        g.beginPath();
        g.arc(250, 370, 60, 0, Math.PI * 2);
        g.stroke();
        g.fillStyle = '#cc0000';
        g.font = `bold 18px ${font}`;
        g.fillText('收货专用章', 205, 377);
      }
      return canvas.toDataURL('image/png');
    }, kind);
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}

/** A text file with an image's name: the server must refuse it by its content. */
export const textPosingAsPng = {
  name: '回执.png',
  mimeType: 'image/png',
  buffer: Buffer.from('这不是图片，只是一个改了扩展名的文本文件。\n'),
};
