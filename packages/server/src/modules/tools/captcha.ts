import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.js';
import { captcha } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Image captchas kept in the database (so any API node can check them), single use, 5 minutes. */
export class Captchas {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(): Promise<{ c_id: string; svg: string; answer: string }> {
    const now = this.clock.now();
    const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f6fc' });
    const id = randomUUID();
    await this.db.delete(captcha).where(lt(captcha.expires_at, now));
    await this.db.insert(captcha).values({ id, answer: image.text.toLowerCase(), expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS) });
    return { c_id: id, svg: image.data, answer: image.text };
  }

  /** True once for the right answer (any case) before expiry; the captcha is spent whatever the outcome. */
  async check(id: string, answer: string): Promise<boolean> {
    if (!id) return false;
    const [row] = await this.db.delete(captcha).where(eq(captcha.id, id)).returning();
    if (!row || row.expires_at <= this.clock.now()) return false;
    return row.answer === answer.trim().toLowerCase();
  }
}
