/**
 * Text made safe to put in HTML (an element's text or a quoted attribute), with the entities React writes for
 * it, so markup built by hand matches markup React renders byte for byte (app/early-sign-in.test.ts relies on it).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
