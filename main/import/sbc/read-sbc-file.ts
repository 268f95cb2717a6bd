import type { BridgeResponse } from '../../../shared/bridge.js';

/**
 * The window's "read this SBC": 200 with the reading, 422 with the reason the PDF was refused. The
 * reader (and pdf.js with it) loads on first use, not when the app starts.
 */
export async function readSbcFile(pdfBase64: string): Promise<BridgeResponse> {
  const { readSbc, SbcRefusal } = await import('./read-sbc.js');
  try {
    return { status: 200, body: await readSbc(new Uint8Array(Buffer.from(pdfBase64, 'base64'))) };
  } catch (error) {
    if (error instanceof SbcRefusal) return { status: 422, body: { detail: `This file cannot be read as an SBC: ${error.message}.` } };
    throw error;
  }
}
