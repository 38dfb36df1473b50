/**
 * Makes a screenshot PNG compact for the help guides: decodes Chromium's truecolour PNG, reduces it to a palette of
 * at most 256 colours (the most frequent colours kept exactly, as a screen's flat backgrounds, borders and brand
 * colours; the rest, mostly anti-aliased text, by median cut) and writes an indexed PNG, about a third of the size.
 * Only what Chromium writes is read: 8-bit RGB or RGBA, not interlaced. Alpha is dropped (screenshots are opaque).
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EXACT_COLOURS = 96;
const PALETTE_SIZE = 256;

interface Image {
  width: number;
  height: number;
  /** One 0xRRGGBB number per pixel. */
  pixels: Uint32Array;
}

function decode(png: Buffer): Image {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colourType === 2 ? 3 : colourType === 6 ? 4 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const corner = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - corner;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - corner)];
        predicted = a <= b && a <= c ? left : b <= c ? up : corner;
      }
      rows[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  const pixels = new Uint32Array(width * height);
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = (rows[i * channels]! << 16) | (rows[i * channels + 1]! << 8) | rows[i * channels + 2]!;
  return { width, height, pixels };
}

const channel = (colour: number, index: number) => (colour >> (16 - 8 * index)) & 0xff;

/** Median cut of `colours` (with their counts) into at most `size` averaged colours. */
function medianCut(colours: [number, number][], size: number): number[] {
  let boxes: [number, number][][] = colours.length > 0 ? [colours] : [];
  while (boxes.length < size) {
    let widest = -1;
    let widestRange = 0;
    let widestChannel = 0;
    boxes.forEach((box, index) => {
      if (box.length < 2) return;
      for (let c = 0; c < 3; c++) {
        let [low, high] = [255, 0];
        for (const [colour] of box)
          [low, high] = [Math.min(low, channel(colour, c)), Math.max(high, channel(colour, c))];
        const range = high - low;
        if (range > widestRange) [widest, widestRange, widestChannel] = [index, range, c];
      }
    });
    if (widest < 0) break;
    const box = boxes[widest]!.sort((a, b) => channel(a[0], widestChannel) - channel(b[0], widestChannel));
    const total = box.reduce((sum, [, count]) => sum + count, 0);
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      seen += box[cut - 1]![1];
      if (seen >= total / 2) break;
    }
    boxes = [...boxes.slice(0, widest), box.slice(0, cut), box.slice(cut), ...boxes.slice(widest + 1)];
  }
  return boxes.map((box) => {
    const sums = [0, 0, 0];
    let total = 0;
    for (const [colour, count] of box) {
      for (let c = 0; c < 3; c++) sums[c]! += channel(colour, c) * count;
      total += count;
    }
    const [r, g, b] = sums.map((sum) => Math.round(sum / total));
    return (r! << 16) | (g! << 8) | b!;
  });
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** The screenshot `png` as an indexed PNG of at most 256 colours. */
export function toPalettePng(png: Buffer): Buffer {
  const { width, height, pixels } = decode(png);
  const counts = new Map<number, number>();
  for (const pixel of pixels) counts.set(pixel, (counts.get(pixel) ?? 0) + 1);
  const byFrequency = [...counts].sort((a, b) => b[1] - a[1]);
  const palette =
    byFrequency.length <= PALETTE_SIZE
      ? byFrequency.map(([colour]) => colour)
      : [
          ...byFrequency.slice(0, EXACT_COLOURS).map(([colour]) => colour),
          ...medianCut(byFrequency.slice(EXACT_COLOURS), PALETTE_SIZE - EXACT_COLOURS),
        ];
  const indexOf = new Map<number, number>();
  for (const [colour] of byFrequency) {
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((entry, index) => {
      let distance = 0;
      for (let c = 0; c < 3; c++) distance += (channel(colour, c) - channel(entry, c)) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    indexOf.set(colour, best);
  }
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = indexOf.get(pixels[y * width + x]!)!;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, index) => plte.set([channel(colour, 0), channel(colour, 1), channel(colour, 2)], index * 3));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
