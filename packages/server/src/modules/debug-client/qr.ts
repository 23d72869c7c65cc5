import QRCode from 'qrcode';

/**
 * The QR code of a client's file as an SVG data URL, as the official WireGuard apps scan it: low error correction
 * keeps a file of some 300 characters readable on a phone's screen.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
