import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  /** Server-side session id: revoking the session ends the token. */
  sid: string;
  uid: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid, uid: claims.uid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a well-signed, unexpired token, or null. */
  async verify(token: string, now: Date): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sid !== 'string' || typeof payload.uid !== 'number') return null;
      return { sid: payload.sid, uid: payload.uid };
    } catch {
      return null;
    }
  }
}
