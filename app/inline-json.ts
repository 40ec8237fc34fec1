/**
 * A value as a JavaScript literal for an inline script of the exported HTML: JSON with every `<` escaped, so no
 * string in it can close the script element (`</script>`) or open a comment (`<!--`).
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
