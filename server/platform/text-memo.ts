/**
 * What was last built from each key's data, kept while that data reads the same: a hot read whose database answer
 * arrives as one text (a list's items as JSON) is parsed and mapped once per change instead of once per request,
 * and the same object is answered again, which lets the route send its serialized bytes again too
 * (`RouteOptions.reusesAnswers`). Exact by construction: a value is reused only for an identical text.
 * The least recently used keys are dropped once the kept texts pass `maxChars` in all.
 */
export class TextMemo<T> {
  private readonly entries = new Map<string, { text: string; value: T }>();
  private readonly maxChars: number;
  private chars = 0;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  get(key: string, text: string, build: () => T): T {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (entry.text === text) {
        this.entries.set(key, entry);
        return entry.value;
      }
      this.chars -= entry.text.length;
    }
    const value = build();
    if (text.length <= this.maxChars) {
      this.entries.set(key, { text, value });
      this.chars += text.length;
      for (const [oldest, kept] of this.entries) {
        if (this.chars <= this.maxChars) break;
        this.entries.delete(oldest);
        this.chars -= kept.text.length;
      }
    }
    return value;
  }

  /** Keys kept. */
  get size(): number {
    return this.entries.size;
  }
}
