/**
 * Where a value is in JSON text: the character range of the value at `path` (['questions', 2, 'rules', 0]), so
 * that a questionnaire problem can be shown in the text itself. When the path goes further than the text (a
 * property that is missing), the range of the deepest object or list found; null when the text is not JSON enough
 * to get anywhere.
 */
export function jsonRange(text: string, path: readonly (string | number)[]): [number, number] | null {
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const skipString = () => {
    i++; // the opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const readString = (): string | null => {
    const start = i;
    skipString();
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return null;
    }
  };
  const skipValue = () => {
    space();
    if (text[i] === '"') return skipString();
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0;
      while (i < text.length) {
        const char = text[i]!;
        if (char === '"') {
          skipString();
          continue;
        }
        if (char === '{' || char === '[') depth++;
        if (char === '}' || char === ']') depth--;
        i++;
        if (depth === 0) return;
      }
      return;
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  /** Moves to the start of the member or element `part` of the container at i; false when it has none. */
  const enter = (part: string | number): boolean => {
    const open = text[i];
    if (
      (open === '{' && typeof part !== 'string') ||
      (open === '[' && typeof part !== 'number') ||
      (open !== '{' && open !== '[')
    )
      return false;
    i++;
    for (let index = 0; ; index++) {
      space();
      if (text[i] === '}' || text[i] === ']' || i >= text.length) return false;
      if (open === '{') {
        if (text[i] !== '"') return false;
        const key = readString();
        space();
        if (text[i] !== ':') return false;
        i++;
        space();
        if (key === part) return true;
      } else if (index === part) {
        return true;
      }
      skipValue();
      space();
      if (text[i] === ',') i++;
      else return false;
    }
  };

  space();
  if (i >= text.length) return null;
  let container: [number, number] | null = null;
  for (const part of path) {
    const start = i;
    skipValue();
    container = [start, i];
    i = start;
    if (!enter(part)) return container;
  }
  space();
  const start = i;
  skipValue();
  return i > start ? [start, i] : container;
}
