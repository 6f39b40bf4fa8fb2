import { hex, mix, Raster, type Rgb, textWidth } from './png';
import type { Random } from './shapes';

// Real small PNG pictures for the demo fleet, drawn at runtime: avatars with initials, plates
// with the unit's number, odometer displays, tire sidewalls, signatures, banners and news images.

const PALETTE = ['#1f6feb', '#2da44e', '#bf3989', '#d4a72c', '#8250df', '#cf222e', '#0a7e8c', '#6e7781'].map(
  hex,
);
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [24, 38, 92];

export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

/** Square portrait: coloured background, a head-and-shoulders silhouette and the initials. */
export function avatar(name: string, colorIndex: number, size = 128): Buffer {
  const bg = PALETTE[colorIndex % PALETTE.length];
  const r = new Raster(size, size, mix(bg, WHITE, 0.55));
  const body = mix(bg, [0, 0, 0], 0.15);
  r.fillCircle(size / 2, size * 0.4, size * 0.2, body);
  r.fillCircle(size / 2, size * 1.02, size * 0.42, body);
  const text = initials(name);
  if (text) {
    const scale = Math.max(2, Math.floor(size / 32));
    r.fillRect(
      size * 0.5 - textWidth(text, scale) / 2 - scale * 2,
      size * 0.72,
      textWidth(text, scale) + scale * 4,
      11 * scale,
      WHITE,
    );
    r.textCentered(size / 2, size * 0.72 + 2 * scale, text, scale, bg);
  }
  return r.toPng();
}

/** Indonesian truck plate: yellow on black is for public transport; fleet trucks use white on black. */
export function platePhoto(plate: string, rnd: Random): Buffer {
  const w = 320;
  const h = 120;
  const r = new Raster(w, h, mix(hex('#9aa3ad'), hex('#5c646c'), rnd.next()));
  // bumper and plate
  r.fillRect(0, 78, w, 42, hex('#30363d'));
  r.fillRect(20, 22, w - 40, 76, hex('#101418'));
  r.fillRect(24, 26, w - 48, 68, hex('#1b1f24'));
  const scale = plate.length > 10 ? 3 : 4;
  r.textCentered(w / 2, 36, plate, scale, hex('#f0f3f6'));
  const month = String(rnd.int(1, 12)).padStart(2, '0');
  r.textCentered(w / 2, 78, `${month}.${rnd.int(26, 30)}`, 1, hex('#c9d1d9'));
  return r.toPng();
}

/** Dashboard odometer display with six digits and KM. */
export function odometerPhoto(km: number): Buffer {
  const r = new Raster(320, 160, hex('#161b22'));
  r.ring(160, 170, 120, 150, hex('#30363d'));
  r.fillRect(50, 60, 220, 52, hex('#0d1117'));
  r.fillRect(54, 64, 212, 44, hex('#1c2b1c'));
  r.text(64, 72, String(km % 1_000_000).padStart(6, '0'), 4, hex('#7ee787'));
  r.text(232, 92, 'KM', 2, hex('#7ee787'));
  r.textCentered(160, 130, 'ODO', 2, hex('#8b949e'));
  return r.toPng();
}

/** Close-up of a tire sidewall: rubber, tread blocks and the brand moulded in. */
export function tirePhoto(brand: string, serialHint: string): Buffer {
  const r = new Raster(320, 240, hex('#8c8c84'));
  r.fillCircle(160, 120, 112, hex('#1d1d1f'));
  r.ring(160, 120, 98, 112, hex('#2b2b2e'));
  for (let a = 0; a < 36; a++) {
    const t = (a / 36) * Math.PI * 2;
    r.line(
      160 + Math.cos(t) * 100,
      120 + Math.sin(t) * 100,
      160 + Math.cos(t) * 111,
      120 + Math.sin(t) * 111,
      3,
      hex('#111113'),
    );
  }
  r.fillCircle(160, 120, 52, hex('#9ea3a8'));
  r.fillCircle(160, 120, 18, hex('#5d6166'));
  for (let i = 0; i < 6; i++) {
    const t = (i / 6) * Math.PI * 2;
    r.fillCircle(160 + Math.cos(t) * 34, 120 + Math.sin(t) * 34, 5, hex('#3d4146'));
  }
  r.textCentered(160, 30, brand, 2, hex('#d0d0d0'));
  r.textCentered(160, 196, serialHint, 2, hex('#b0b0b0'));
  return r.toPng();
}

/** A handwritten-looking signature: a capital loop, a looping pen stroke of varying height and a flourish. */
export function signature(rnd: Random, width = 500, height = 350): Buffer {
  const r = new Raster(width, height, WHITE);
  const pen = mix(INK, hex('#000000'), rnd.next() * 0.5);
  const base = height * (0.5 + rnd.next() * 0.08);
  const x0 = width * (0.1 + rnd.next() * 0.06);
  // the capital: a tall tilted loop
  const cap: [number, number][] = [];
  const capH = height * (0.28 + rnd.next() * 0.1);
  for (let i = 0; i <= 80; i++) {
    const t = (i / 80) * Math.PI * 2;
    cap.push([
      x0 + 28 + Math.sin(t) * 26 + (1 - Math.cos(t)) * 6,
      base - capH / 2 - Math.cos(t) * (capH / 2),
    ]);
  }
  r.polyline(cap, 3, pen);
  // the rest of the name: loops whose height wanders like handwriting
  const pts: [number, number][] = [];
  const start = x0 + 50;
  const end = width * (0.72 + rnd.next() * 0.16);
  const loops = rnd.int(5, 9);
  const f1 = 1 + rnd.next() * 2;
  const f2 = 3 + rnd.next() * 4;
  const p1 = rnd.next() * 6;
  const steps = 320;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const w = t * loops * Math.PI * 2;
    const amp =
      height * (0.06 + 0.05 * (1 + Math.sin(t * f1 * Math.PI + p1)) + 0.03 * Math.sin(t * f2 * Math.PI));
    const x = start + (end - start) * t + Math.cos(w) * width * 0.018;
    const y = base - Math.abs(Math.sin(w / 2)) * amp * 1.6 + Math.sin(t * 5 + p1) * height * 0.025;
    pts.push([x, y]);
  }
  r.polyline(pts, 3, pen);
  // flourish underline
  const under: [number, number][] = [];
  const lift = height * (0.08 + rnd.next() * 0.06);
  for (let i = 0; i <= 60; i++) {
    const t = i / 60;
    under.push([x0 + (end - x0 + 30) * t, base + lift - Math.sin(t * Math.PI) * 14 + t * 6]);
  }
  r.polyline(under, 2, pen);
  return r.toPng();
}

/** Wide banner: diagonal gradient, a tire motif and a headline of up to two lines. */
export function bannerImage(
  lines: readonly string[],
  from: string,
  to: string,
  width = 1200,
  height = 400,
): Buffer {
  const r = new Raster(width, height);
  r.gradient(hex(from), hex(to), 'diagonal');
  const cx = width - height * 0.55;
  r.ring(cx, height / 2, height * 0.26, height * 0.4, mix(hex(to), [0, 0, 0], 0.35));
  r.ring(cx, height / 2, height * 0.12, height * 0.17, mix(hex(to), WHITE, 0.3));
  const scale = Math.max(3, Math.floor(width / 220));
  lines.forEach((line, i) => {
    r.text(Math.round(width * 0.06), Math.round(height * 0.3) + i * scale * 11, line, scale, WHITE);
  });
  r.fillRect(width * 0.06, height * 0.3 + lines.length * scale * 11 + scale * 2, width * 0.18, scale, WHITE);
  return r.toPng();
}
