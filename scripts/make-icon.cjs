// Writes build/icon.png (512x512): a blue rounded square with a white "document with lines" mark.
// No dependencies: raw RGBA rows deflated with zlib into a minimal PNG. Run: node scripts/make-icon.cjs
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { deflateSync } = require('node:zlib');

const size = 512;
const blue = [0x1f, 0x5f, 0xbf];
const white = [0xff, 0xff, 0xff];
const ink = [0x1f, 0x5f, 0xbf];

// Coverage (0..1) of pixel (x, y) by a rounded rectangle, sampled 4x4 for anti-aliased edges.
function roundedRect(x, y, left, top, right, bottom, radius) {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const px = x + (sx + 0.5) / 4;
      const py = y + (sy + 0.5) / 4;
      const dx = Math.max(left + radius - px, 0, px - (right - radius));
      const dy = Math.max(top + radius - py, 0, py - (bottom - radius));
      if (px >= left && px <= right && py >= top && py <= bottom && dx * dx + dy * dy <= radius * radius) hits++;
    }
  }
  return hits / 16;
}

const mix = (under, over, alpha) => under.map((c, i) => Math.round(c + (over[i] - c) * alpha));

const rows = [];
for (let y = 0; y < size; y++) {
  const row = Buffer.alloc(1 + size * 4); // leading 0 = no filter
  for (let x = 0; x < size; x++) {
    const bg = roundedRect(x, y, 16, 16, 496, 496, 96);
    let rgb = blue;
    const page = roundedRect(x, y, 136, 96, 376, 416, 24);
    if (page > 0) rgb = mix(rgb, white, page);
    for (const [top, right] of [
      [168, 344],
      [224, 344],
      [280, 344],
      [336, 280],
    ]) {
      const line = roundedRect(x, y, 168, top, right, top + 24, 12);
      if (line > 0) rgb = mix(rgb, ink, line);
    }
    row.set([...rgb, Math.round(bg * 255)], 1 + x * 4);
  }
  rows.push(row);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = join(__dirname, '..', 'build', 'icon.png');
mkdirSync(join(target, '..'), { recursive: true });
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
