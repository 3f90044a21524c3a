import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = [number, number, number];

/** Encodes an RGB image (pixel(x, y) -> colour) as PNG; enough for generated demo pictures. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A licence-like picture: paper, a coloured frame, text-like lines and a red round seal. */
export function licenceImage(seed: number, frame: Rgb = [176, 141, 87]): Buffer {
  const width = 240;
  const height = 170;
  return encodePng(width, height, (x, y) => {
    const border = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
    if (border) return frame;
    const dx = x - 180;
    const dy = y - 120;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 24 && d < 29) return [200, 30, 30];
    if (d <= 6) return [200, 30, 30];
    const line =
      (y - 30) % 18 < 4 && y > 26 && y < 130 && x > 24 && x < 24 + ((seed * 37 + y * 13) % 120) + 60;
    if (line) return [70, 70, 70];
    return [252, 248, 236];
  });
}
