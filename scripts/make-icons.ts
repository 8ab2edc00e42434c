/**
 * Draws Gavel's toolbar icons (a gavel over a sounding block, on a rounded
 * square) as PNG files in public/icons. Run once after changing the drawing:
 *   node --import tsx scripts/make-icons.ts
 * The PNG encoder is the minimal one the format needs: RGBA, no filtering, zlib.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Is the point (u, v) in unit coordinates inside the rectangle centred at (cx, cy), rotated by `angle`? */
function inRotatedRect(u: number, v: number, cx: number, cy: number, w: number, h: number, angle: number): boolean {
  const dx = u - cx;
  const dy = v - cy;
  const c = Math.cos(-angle);
  const s = Math.sin(-angle);
  const rx = dx * c - dy * s;
  const ry = dx * s + dy * c;
  return Math.abs(rx) <= w / 2 && Math.abs(ry) <= h / 2;
}

const background: Rgba = [122, 30, 36, 255]; // deep red
const wood: Rgba = [244, 214, 160, 255];
const clear: Rgba = [0, 0, 0, 0];

function icon(size: number): Buffer {
  const samples = 4; // supersampling for smooth edges
  return encodePng(size, (x, y) => {
    let inside = 0;
    let woodHits = 0;
    for (let sy = 0; sy < samples; sy++) {
      for (let sx = 0; sx < samples; sx++) {
        const u = (x + (sx + 0.5) / samples) / size;
        const v = (y + (sy + 0.5) / samples) / size;
        const r = 0.18;
        const cu = Math.min(Math.max(u, r), 1 - r);
        const cv = Math.min(Math.max(v, r), 1 - r);
        if ((u - cu) ** 2 + (v - cv) ** 2 > r * r) continue;
        inside++;
        const angle = -Math.PI / 4;
        const head = inRotatedRect(u, v, 0.42, 0.4, 0.46, 0.2, angle);
        const handle = inRotatedRect(u, v, 0.62, 0.6, 0.09, 0.5, angle);
        const block = inRotatedRect(u, v, 0.5, 0.86, 0.56, 0.08, 0);
        if (head || handle || block) woodHits++;
      }
    }
    const total = samples * samples;
    if (inside === 0) return clear;
    const t = woodHits / inside;
    const mix = (i: 0 | 1 | 2): number => Math.round(background[i] * (1 - t) + wood[i] * t);
    return [mix(0), mix(1), mix(2), Math.round((255 * inside) / total)];
  });
}

mkdirSync('public/icons', { recursive: true });
for (const size of [16, 32, 48, 128]) writeFileSync(`public/icons/gavel-${size}.png`, icon(size));
console.log('wrote public/icons/gavel-{16,32,48,128}.png');
