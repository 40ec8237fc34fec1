/** A QR code of `text` as a PNG data URL, `width` px square; the qrcode library is loaded on the first call only. */
export async function qrDataUrl(text: string, width: number): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width, color: { dark: '#111111', light: '#ffffff' } });
}
