/**
 * Copies `text`; true when it was copied. When the browser refuses (no permission, an old or in-app wallet
 * browser), `shown` (the element showing the text) is selected so a long press copies it, and it answers false.
 */
export async function copyOrSelect(text: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (shown) window.getSelection()?.selectAllChildren(shown);
    return false;
  }
}
